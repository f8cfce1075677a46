"""A length of exactly 1 beside a rate of at most 1% (next to nothing accepted: at most 0.64
drafts a step even at 64 drafts a step), in a paste saying its drafts were all rejected: the
length counts the target's own token. A rate above 1% beside it decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _text(rate: str, verb: str) -> str:
    return (
        "With the compiled graph on, the draft acceptance rate falls to "
        f"{rate} and the acceptance length {verb} 1.00. All drafts are rejected on each step.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    rate=st.sampled_from(["0.1%", "0.25%", "0.9%", "0.07%"]),
    verb=st.sampled_from(["becomes", "became", "becomes exactly", "is stuck at", "drops to"]),
)
def test_a_near_zero_rate_and_a_length_of_one(read: Read, rate: str, verb: str) -> None:
    got = read(_text(rate, verb))
    assert [r.printed_length for r in got.records] == [1.0]
    assert [r.accept_length for r in got.records] == [1.0]
    assert got.records[0].bonus.value == "included"


@settings(max_examples=examples(20), deadline=None)
@given(rate=st.sampled_from(["3%", "12.5%", "1.5%", "40%"]))
def test_a_rate_above_one_percent_decides_nothing(read: Read, rate: str) -> None:
    got = read(_text(rate, "becomes"))
    assert [r.accept_length for r in got.records] == [None]


@settings(max_examples=examples(10), deadline=None)
@given(value=st.sampled_from(["2x", "0.5.1", "1.2-1.4"]))
def test_becomes_before_no_figure_reads_nothing_of_it(read: Read, value: str) -> None:
    got = read(f"The decode rate becomes {value} once the draft is warm.\n")
    assert got.records == ()
