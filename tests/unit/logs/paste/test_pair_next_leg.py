"""A figure's value after its name and a separator ('Mean acceptance length: 1.10'), then later in
the same sentence a clause of where it went with no name of its own (', recovering to ~2.6',
', declining to 41%'): the figure's next value, a second record; the clause may wrap onto the
next line of a list item. A condition ('if it recovers to'), a new subject, or another measure's
unit after the value is no next value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ["recovering to", "climbing back to", "dropping to", "declining to", "then rising to"]


@settings(max_examples=examples(40), deadline=None)
@given(
    first=st.integers(100, 190),
    later=st.integers(200, 390),
    verb=st.sampled_from(_VERBS),
    middle=st.sampled_from(["", " on the slow request", " (3 drafted, 0 kept) at first"]),
    hedge=st.sampled_from(["", "~", "about "]),
    wrap=st.booleans(),
)
def test_the_next_leg_is_a_second_record(
    read: Read, first: int, later: int, verb: str, middle: str, hedge: str, wrap: bool
) -> None:
    a, b = round(first / 100, 2), round(later / 100, 1)
    head = f"2. Now and then `Mean acceptance length: {a:.2f}`{middle}"
    tail = f"{verb} {hedge}{b:.1f} once the queue drains."
    text = f"1. Slow step.\n{head},\n   {tail}\n" if wrap else f"{head}, {tail}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [a, b]


@settings(max_examples=examples(20), deadline=None)
@given(
    first=st.integers(100, 190),
    later=st.integers(200, 390),
    clause=st.sampled_from(
        [
            "and if it recovers to {b} we ship",
            "while throughput climbing to {b} tok/s",
            "the batch size going to {b}",
            "recovering to {b} tok/s",
        ]
    ),
)
def test_no_next_leg(read: Read, first: int, later: int, clause: str) -> None:
    a, b = round(first / 100, 2), round(later / 100, 1)
    text = f"Mean acceptance length: {a:.2f} on the slow request, {clause.format(b=b)}.\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [a]
