"""An accepted count over its drafts in a run of `key=value` pairs, the next pair's key right
after it ('verifies=6 accepted=0/6 misses=6'): the word after the count opens the next key, no
noun of the count, so the count reads as accepted of drafted (interpret.keyvalue). A noun after
the count ('12/15 testers') still leaves it unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = st.sampled_from(
    [
        "lookup-draft: req {r} stopped (low acceptance: ",
        "draft stats: ",
        "spec-pld | ",
    ]
)
_NEXT_KEYS = st.sampled_from(["misses", "rejected", "miss_count", "fallbacks", "skips"])


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=_LEADS,
    nxt=_NEXT_KEYS,
    n=st.integers(4, 40),
    r=st.integers(1, 9),
    sep=st.sampled_from(["=", ": "]),
    before=st.booleans(),
)
def test_a_zero_count_over_drafts_before_a_key_is_read(
    read: Read, lead: str, nxt: str, n: int, r: int, sep: str, before: bool
) -> None:
    head = f"verifies{sep}{n} " if before else ""
    line = lead.format(r=r) + f"{head}accepted{sep}0/{n} {nxt}{sep}{n}"
    line += ")" if "(" in lead else ""
    got = read("Speculative run of the lookup drafter.\n\n" + line + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens, r.accept_length) for r in got] == [(0, n, 1.0)]


@settings(max_examples=examples(30), deadline=None)
@given(nxt=_NEXT_KEYS, n=st.integers(10, 40), a=st.integers(1, 9))
def test_a_count_over_drafts_before_a_key_is_read(read: Read, nxt: str, n: int, a: int) -> None:
    line = f"draft stats: accepted={a}/{n} {nxt}={n - a}"
    got = read("Speculative run of the lookup drafter.\n\n" + line + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(a, n)]


@settings(max_examples=examples(20), deadline=None)
@given(noun=st.sampled_from(["testers", "reviewers", "students"]), n=st.integers(10, 40))
def test_negative_control_a_noun_after_the_count_is_unread(read: Read, noun: str, n: int) -> None:
    line = f"Speculative run of the lookup drafter.\n\ndraft stats: accepted=3/{n} {noun}\n"
    assert read(line).records == ()
