"""A cell `P% of slots` (`of draft slots`, `of the drafted slots`) under a draft acceptance rate
column: a step's draft slots are its draft tokens, so the share is the rate P, one record a row,
no length. The same cell under a column naming no acceptance (`slot use`), or a share of
something else (`of the time`, `of the cycle`), stays no rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.cell_phrases import rate_of_drafts
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=25, deadline=None)
@given(
    rates=st.lists(st.integers(min_value=2, max_value=97), min_size=1, max_size=4),
    spelling=st.sampled_from(
        ["{p}% of slots", "{p}% of draft slots", "{p} % of the drafted slots"]
    ),
    column=st.sampled_from(["Draft accept rate", "acceptance rate", "Accept rate"]),
)
def test_slot_share_under_an_acceptance_rate_is_the_rate(
    read: Read, rates: list[int], spelling: str, column: str
) -> None:
    labels = ["chat", "essays", "tables", "code"]
    rows = [[labels[i], f"{40 + i}.5 tok/s", spelling.format(p=p)] for i, p in enumerate(rates)]
    text = "Speculative decoding by prompt kind\n\n" + pipe_table(
        ["Workload", "MTP on", column], rows
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(p / 100) for p in rates]
    assert all(r.accept_length is None for r in got)


def test_slot_share_under_another_column_is_no_rate(read: Read) -> None:
    rows = [["chat", "41.5 tok/s", "66% of slots"], ["code", "52.0 tok/s", "31% of slots"]]
    text = "Speculative decoding by prompt kind\n\n" + pipe_table(
        ["Workload", "MTP on", "slot use"], rows
    )
    assert list(read(text).records) == []


@pytest.mark.parametrize(
    "cell", ["66% of the time", "40% of the cycle", "50% of slots busy", "of slots"]
)
def test_other_shares_are_no_rate(cell: str) -> None:
    assert rate_of_drafts(cell) is None


@pytest.mark.parametrize(("cell", "want"), [("66% of slots", 0.66), ("8% of draft slots", 0.08)])
def test_slot_share_phrase(cell: str, want: float) -> None:
    got = rate_of_drafts(cell)
    assert got is not None and got.percent and got.number == pytest.approx(want * 100)
