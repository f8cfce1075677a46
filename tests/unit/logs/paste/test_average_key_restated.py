"""An exact closing line keyed by the statistic alone ('**Mean**: 64.2% acceptance') printing,
at its precision, the one cell of a metrics-as-rows table whose row is named that average
('| Mean acceptance rate | 64.2% | n/a |'): the table's figure told again, one record (the
table's). Another value, a row not named an average, or a key that is no statistic leave two."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(row_name: str, cell: str, key: str, said: str, mark: str) -> str:
    return (
        "### Summary\n\n"
        "| Metric | With drafts | Plain |\n"
        "|---|---|---|\n"
        f"| {mark}{row_name}{mark} | {mark}{cell}{mark} | n/a |\n"
        "| Speedup | 2.1x | 1.0x |\n\n"
        "Per-run figures were collected over twelve prompts.\n\n"
        f"{mark}{key}{mark}: {said} acceptance, 2.1x speedup\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(300, 950),
    stat=st.sampled_from(["Average", "Mean", "Overall", "Avg"]),
    key=st.sampled_from(["Average", "Mean", "Overall"]),
    mark=st.sampled_from(["", "**"]),
)
def test_an_average_key_restates_the_average_row(
    read: Read, tenths: int, stat: str, key: str, mark: str
) -> None:
    value = f"{tenths / 10:.1f}%"
    got = read(_paste(f"{stat} Acceptance Rate", value, key, value, mark)).records
    assert [r.printed_rate for r in got] == pytest.approx([tenths / 1000])
    assert "table" in got[0].structure


@settings(max_examples=examples(20), deadline=None)
@given(tenths=st.integers(300, 940), step=st.integers(1, 5))
def test_negative_control_another_value_is_its_own_run(tenths: int, step: int) -> None:
    cell, said = f"{tenths / 10:.1f}%", f"{(tenths + step) / 10:.1f}%"
    got = read_paste(_paste("Average Acceptance Rate", cell, "Average", said, "**")).records
    assert len(got) == 2


def test_negative_control_a_row_not_named_an_average_keeps_two() -> None:
    got = read_paste(_paste("Acceptance Rate", "71.5%", "Average", "71.5%", "")).records
    assert len(got) == 2


def test_negative_control_a_key_that_is_no_statistic_keeps_two() -> None:
    got = read_paste(_paste("Average Acceptance Rate", "71.5%", "Prompt 4", "71.5%", "")).records
    assert len(got) == 2
