"""A per-position acceptance column printing one number a row ('measured
per_position_acceptance' over 0.2902) beside computed columns (interpret._by_cells): one rate
record a row, no length (the positions a step drafts are unsaid)."""

from __future__ import annotations

import pytest

from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def test_one_rate_a_row(read: Read) -> None:
    text = pipe_table(
        [
            "Temperature",
            "`expected_sum_min`",
            "`expected_sum_prod`",
            "measured `per_position_acceptance`",
        ],
        [["0.6", "0.3120", "0.3004", "0.3188"], ["1.2", "0.2211", "0.1390", "0.2307"]],
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([0.3188, 0.2307])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    ("head", "cells"),
    [
        ("per-position rates", ["0.3188", "0.2307"]),  # several rates named: a list's column
        ("per_position_acceptance", ["[0.71, 0.45]", "[0.66, 0.40]"]),  # lists: positions
    ],
)
def test_lists_stay_positions(read: Read, head: str, cells: list[str]) -> None:
    got = read(pipe_table(["run", head], [["a", cells[0]], ["b", cells[1]]])).records
    assert all(r.printed_rate is None for r in got)
