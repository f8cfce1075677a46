"""A per-position acceptance named with the positions in brackets ('accept (per position)',
'Zed accept [per draft position]', after a tool's name too): a list of rates per draft
position, one record a row, no length (the positions' convention is not told); a row printing
one value under it beside rows listing several is a rate of that run, no length. Not for a
name of another measure ('speedup accept (per position)') nor a rate's basis ('per token')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "header",
    [
        "accept (per position)",
        "Zed accept (per position)",
        "acceptance rate [per draft position]",
        "MTP accept (by position)",
    ],
)
def test_bracketed_positions_name_a_per_position_figure(header: str) -> None:
    assert C.key(header).metric == C.PER_POSITION


@pytest.mark.parametrize(
    "header", ["speedup accept (per position)", "accept (per token)", "tokens (per position)"]
)
def test_negative_control_other_measure_or_basis(header: str) -> None:
    assert C.key(header).metric != C.PER_POSITION


def _rows(one: str) -> list[list[str]]:
    return [
        ["engine-a", "q5", "40.0", one],
        ["engine-b", "int8", "50.0", "71% / 45%"],
        ["engine-b", "int4", "52.0", "70% / 44% / 21%"],
    ]


def test_rows_of_lists_and_one_value(read: Read) -> None:
    head = ["Engine", "Quant", "tok/s", "Zed accept (per position)"]
    got = read(pipe_table(head, _rows("~51%"))).records
    assert len(got) == 3
    assert all(r.accept_length is None and r.printed_length is None for r in got)
    assert got[0].printed_rate == pytest.approx(0.51)
    assert list(got[2].per_position) == pytest.approx([0.70, 0.44, 0.21])


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=1, max_value=100))
def test_any_single_value_is_a_rate_without_length(read: Read, pct: int) -> None:
    # (0% is the run accepting nothing: one token a step, a length of 1 by its own rule)
    head = ["Engine", "Quant", "tok/s", "accept (per position)"]
    got = read(pipe_table(head, _rows(f"{pct}%"))).records
    assert got[0].printed_rate == pytest.approx(pct / 100)
    assert got[0].accept_length is None


def test_negative_control_single_value_above_one_is_no_rate(read: Read) -> None:
    head = ["Engine", "Quant", "tok/s", "accept (per position)"]
    got = read(pipe_table(head, _rows("2.4"))).records
    assert all(r.printed_rate != 2.4 and r.accept_length is None for r in got)
