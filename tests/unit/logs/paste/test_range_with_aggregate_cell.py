"""A table cell printing a range of one figure with its aggregate in brackets after it
(`cells._range_centre`: `0.41-0.92 (0.77)`, `38%–90% (mean 71%)`): the bracket is the figure
measured over the runs the range spreads over, one record; an aggregate outside the range or of
another kind than the range's is no such cell."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_DASHES = st.sampled_from(["-", "–", " - ", " to "])
_STATS = st.sampled_from(["", "mean ", "aggregate ", "avg: "])


def _table(cell: str, head: str = "Acceptance") -> str:
    return (
        f"| GPU | Base tok/s | Spec tok/s | k | {head} |\n"
        "|---|---|---|---|---|\n"
        f"| card-x 24GB | 31.2 | 50.7 | 3 | {cell} |\n"
    )


@settings(max_examples=40, deadline=None)
@given(
    lo=st.integers(20, 50),
    mid=st.integers(1, 30),
    hi=st.integers(1, 19),  # (the range's top at most 0.99: '0.100' would be 0.1)
    dash=_DASHES,
    stat=_STATS,
    pct=st.booleans(),
)
def test_the_bracket_after_a_range_is_the_aggregate(
    lo: int, mid: int, hi: int, dash: str, stat: str, pct: bool
) -> None:
    c, h = lo + mid, lo + mid + hi
    cell = f"{lo}%{dash}{h}% ({stat}{c}%)" if pct else f"0.{lo}{dash}0.{h} ({stat}0.{c})"
    assert [r.printed_rate for r in read_paste(_table(cell)).records] == pytest.approx([c / 100])


def test_a_length_range_with_its_aggregate(read: Read) -> None:
    got = read(_table("2.05-2.95 (2.48)", "Mean accept length")).records
    assert [r.printed_length for r in got] == [2.48]


@pytest.mark.parametrize(
    "cell",
    [
        "0.41-0.82 (0.91)",  # the bracket outside the range
        "0.41-0.82 (0.31)",
        "41%-82% (0.66)",  # a fraction after a range of percentages
        "0.41-0.82 (66%)",
        "0.41-0.82 (n=12)",  # a count of runs, no figure
    ],
)
def test_a_bracket_that_is_no_aggregate_gives_no_figure(cell: str) -> None:
    assert all(
        r.printed_rate is None and r.printed_length is None
        for r in read_paste(_table(cell)).records
    )
