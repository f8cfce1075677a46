"""A share with the counts it divides (`30/31 (97%)`, checked) counts as a percentage where an
acceptance column's cells must be percentages (`interpret._by_cells`): a `Draft Accept` column
of such cells and percentages is the drafts' acceptance rate; its fractions are read as before.
A bare `Accept` still needs a title (it may be an accuracy). Counts alone, values past 1 without
`%` or counts that do not give their share are no rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_HEADS = st.sampled_from(["Draft Accept", "draft accept", "Draft-Accept", "Draft Accept (code)"])


def _table(head: str, cells: list[str]) -> str:
    rows = "".join(
        f"| run-{i} | {60 - 3 * i}.4 | {c} | clean |\n" for i, c in enumerate(["—", *cells])
    )
    return f"| Setup | Tok/s | {head} | Output |\n|---|---|---|---|\n{rows}"


@settings(max_examples=40, deadline=None)
@given(
    head=_HEADS,
    shares=st.lists(st.integers(5, 99), min_size=2, max_size=4),
    form=st.sampled_from(["pct", "frac", "counts"]),
)
def test_a_draft_accept_column_of_shares_is_the_rate(
    head: str, shares: list[int], form: str
) -> None:
    if form == "pct":
        cells = [f"~{s}%" for s in shares]
    elif form == "frac":
        cells = [f"0.{s:02d}" for s in shares]
    else:
        cells = [f"{s}/100 ({s}%)" for s in shares]
    got = [r.printed_rate for r in read_paste(_table(head, cells)).records]
    assert got == pytest.approx([s / 100 for s in shares])


def test_counts_with_their_share_under_draft_accept(read: Read) -> None:
    got = read(_table("Draft Accept", ["30/31 (97%)", "~78%"])).records
    assert [r.printed_rate for r in got] == pytest.approx([0.97, 0.78])


@pytest.mark.parametrize(
    "cells",
    [
        ["12", "15"],  # counts alone
        ["1.8", "2.4"],  # values past 1 without '%'
        ["30/31 (55%)", "~78%"],  # counts that do not give their share
    ],
)
def test_no_shares_under_draft_accept_are_no_rate(cells: list[str]) -> None:
    assert [
        r.printed_rate for r in read_paste(_table("Draft Accept", cells)).records if r.printed_rate
    ] == []


def test_a_bare_accept_column_still_needs_a_title(read: Read) -> None:
    assert read(_table("Accept", ["0.81", "0.77"])).records == ()
