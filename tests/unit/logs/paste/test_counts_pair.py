"""Two runs' counts after one verb of acceptance (`counts_pair.py`): `accepted 1 of 4 drafts on
the old build and 4 of 4 on the new one` is two runs, each an accepted count of its drafted (a
rate each; none accepted of any is a length of 1, the target's token alone). A second count of
another thing (`and 2 of 5 tests failed`), a first count naming no noun, or more accepted than
drafted read no second run."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NOUNS = st.sampled_from(["drafts", "draft tokens", "drafted tokens", "tokens"])
_FIRST_WHEN = st.sampled_from(
    ["", " before the patch", " on the old build", " with the stock head"]
)
_JOIN = st.sampled_from([" and", ", and", " but", ", but", " while", " vs"])
_SECOND_WHEN = st.sampled_from(["", " afterwards", " after it", " on the new build", " later"])
_END = st.sampled_from([".", ", as expected.", " (one seed).", ""])


@st.composite
def _counts(draw: st.DrawFn) -> tuple[int, int, int, int]:
    b, d = draw(st.integers(1, 60)), draw(st.integers(1, 60))
    a, c = draw(st.integers(0, b)), draw(st.integers(0, d))
    # (the same counts twice on one line are one run told twice, read once)
    assume((a, b) != (c, d))
    return a, b, c, d


@settings(max_examples=examples(60), deadline=None)
@given(
    counts=_counts(),
    noun=_NOUNS,
    first_when=_FIRST_WHEN,
    join=_JOIN,
    repeat_noun=st.booleans(),
    second_when=_SECOND_WHEN,
    end=_END,
)
def test_two_counts_after_one_verb_are_two_runs(
    read: Read,
    counts: tuple[int, int, int, int],
    noun: str,
    first_when: str,
    join: str,
    repeat_noun: bool,
    second_when: str,
    end: str,
) -> None:
    a, b, c, d = counts
    again = f" {noun}" if repeat_noun else ""
    text = (
        "Checked on our serving engine with speculative decoding on.\n\n"
        f"The replayed requests accepted {a} of {b} {noun}{first_when}{join} "
        f"{c} of {d}{again}{second_when}{end}\n"
    )
    got = read(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(a, b), (c, d)]
    assert [r.printed_rate for r in got] == [None, None]
    assert [r.accept_rate for r in got] == [
        pytest.approx(a / b, abs=1e-6),
        pytest.approx(c / d, abs=1e-6),
    ]
    if a == 0:
        assert got[0].accept_length == 1.0


@settings(max_examples=examples(30), deadline=None)
@given(
    counts=_counts(),
    other=st.sampled_from(["tests failed", "prompts timed out", "cases passed", "requests"]),
)
def test_negative_control_a_second_count_of_another_thing_is_no_run(
    read: Read, counts: tuple[int, int, int, int], other: str
) -> None:
    a, b, c, d = counts
    text = f"With speculative decoding on, it accepted {a} of {b} drafts and {c} of {d} {other}.\n"
    got = read(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(a, b)]


def test_negative_control_no_noun_counts_nothing(read: Read) -> None:
    text = "With speculative decoding on, it accepted 2 of 4 before the patch and 4 of 4 after.\n"
    assert len(read(text).records) <= 1
    assert all(r.drafted_tokens != 4 or r.accepted_tokens != 4 for r in read(text).records)


def test_negative_control_more_accepted_than_drafted(read: Read) -> None:
    text = "With speculative decoding on, it accepted 2 of 4 drafts before and 6 of 4 after.\n"
    got = read(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(2, 4)]
