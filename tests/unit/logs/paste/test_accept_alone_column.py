"""A table column named 'Accept' alone, perhaps qualified in a bracket ('Accept (code)'), over
shares (every value a fraction with decimals, or every one a percentage; dashes for cells left
empty), under lines calling the figure acceptance, is the acceptance rate (interpret.grid,
cells.ACCEPT_ALONE); one draft a step said of the runs makes the length 1 + rate. Counts,
values past 1 without '%', fractions mixed with percentages, or fractions under no line naming
acceptance (an accuracy as often: test_draft_accept_fractions) are no rate by this rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.integers(310, 940), min_size=2, max_size=4),
    pct=st.booleans(),
    qual=st.sampled_from(["", " (code)", " (chat set)"]),
    one=st.booleans(),
)
def test_shares_under_accept_alone(
    read: Read, rates: list[int], pct: bool, qual: str, one: bool
) -> None:
    cells = [f"{r / 10:.1f}%" if pct else f"{r / 1000:.3f}" for r in rates]
    rows = "\n".join(f"| draft-{i} | {c} | 12{i} |" for i, c in enumerate(cells))
    lead = "Acceptance is measured on two prompt sets"
    lead += ", served with `num_speculative_tokens=1`.\n\n" if one else ".\n\n"
    text = f"{lead}| Draft | Accept{qual} | tok/s |\n|---|---|---|\n{rows}\n"
    recs = read(text).records
    assert [r.printed_rate for r in recs] == pytest.approx([r / 1000 for r in rates])
    if one:
        assert [r.accept_length for r in recs] == pytest.approx([1 + r / 1000 for r in rates])


@pytest.mark.parametrize(
    "cells",
    [
        ("12", "40"),  # counts
        ("1.8", "2.4"),  # past 1 without '%'
        ("0.61", "58%"),  # two forms
    ],
)
def test_other_cells_are_no_rate(read: Read, cells: tuple[str, str]) -> None:
    text = (
        "Acceptance is measured on two prompt sets.\n\n| Draft | Accept | tok/s |\n|---|---|---|\n"
        f"| a | {cells[0]} | 120 |\n| b | {cells[1]} | 130 |\n"
    )
    assert all(r.printed_rate is None for r in read(text).records)


def test_fractions_under_no_acceptance_line_are_no_rate(read: Read) -> None:
    text = "| Draft | Accept | tok/s |\n|---|---|---|\n| a | 0.712 | 120 |\n| b | 0.655 | 131 |\n"
    assert all(r.printed_rate is None for r in read(text).records)
