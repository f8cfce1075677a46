"""A rate printed before a noun that names one draft position ('88% position-0 acceptance', '0.71
pos 1 acceptance rate'): that position's rate, never the run's (as 'acceptance at position 0 was
88%' and '88% acceptance at position 0' read, interpret._PCT_FIRST); so no rate and no length of
the run, and a draft count beside it (`k=2`) computes nothing. A later sentence's plain rate at its
own count is read as before. Near misses: a span of positions ('position 1+') is no one position
(nothing, as before); a rate whose noun names no position is the run's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["With `k=2` and", "Head v3 on the chat set gave", "- tuned drafter (depth 3):"]
_POSITIONS = ["position-{p}", "position {p}", "pos {p}", "pos-{p}", "pos_{p}"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    where=st.sampled_from(_POSITIONS),
    pos=st.integers(0, 1),
    share=st.integers(31, 97),
    noun=st.sampled_from(["acceptance", "acceptance rate"]),
    approx=st.sampled_from(["", "~"]),
)
def test_a_rate_before_a_noun_naming_a_position_is_no_run_rate(
    read: Read, lead: str, where: str, pos: int, share: int, noun: str, approx: str
) -> None:
    text = f"{lead} {approx}{share}% {where.format(p=pos)} {noun}: fine on long prompts.\n"
    got = read(text).records
    assert got, text  # (before: no record)
    assert all(r.printed_rate is None and r.accept_rate is None for r in got)
    assert all(r.printed_length is None and r.accept_length is None for r in got)
    if pos == 0:
        assert [r.per_position for r in got] == [(share / 100,)]


def test_a_later_plain_rate_keeps_its_own_count(read: Read) -> None:
    text = (
        "With `num_speculative_tokens=2` and 88% position-0 acceptance the link was slow. "
        "`num_speculative_tokens=1` ran slower still at 91.5% acceptance.\n"
    )
    got = read(text).records
    assert [r.per_position for r in got] == [(0.88,), ()]
    assert [r.accept_length for r in got] == [None, 1.915]


def test_a_span_or_no_position_reads_as_before(read: Read) -> None:
    assert not read("Head v3 shows 64% position 1+ acceptance.\n").records
    got = read("At k=2 we measured 64% acceptance on chat.\n").records
    assert [r.printed_rate for r in got] == [0.64]
