"""A transposed table's column of figures expected or aimed at (`interpret._planned_column`):
a column headed `Expected (k=2)`, `Projected`, `Target`, `Goal`, `预期` holds what a run should
reach, no run's figure: no record of it, the measured columns beside it still read. A column
naming a target model (`Large target`) is a configuration, read as before."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read


def _table(column: str, cell: str) -> str:
    return (
        "### Benchmarks\n\n"
        f"| Metric | Measured | {column} |\n|---|---|---|\n"
        f"| Decode speed | 41.0 tok/s | 45-50 tok/s |\n"
        f"| Acceptance rate | 66.0% | {cell} |\n"
    )


def _columns(text: str, read: Read = read_paste) -> list[tuple[str, float | None]]:
    return [(dict(r.labels)["column"], r.printed_rate) for r in read(text).records]


@pytest.mark.parametrize("column", ["Expected (k=2)", "Projected", "Target", "Goal", "预期"])
@pytest.mark.parametrize("cell", ["75%", "70-80%"])
def test_a_planned_column_gives_no_record(read: Read, column: str, cell: str) -> None:
    assert _columns(_table(column, cell), read) == [("Measured", pytest.approx(0.66))]


@pytest.mark.parametrize("column", ["Large target", "Run 2", "Measured again"])
def test_other_columns_are_read(column: str) -> None:
    got = _columns(_table(column, "75%"))
    assert got == [("Measured", pytest.approx(0.66)), (column, pytest.approx(0.75))]
