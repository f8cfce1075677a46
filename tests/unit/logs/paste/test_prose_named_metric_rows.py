"""A table of metrics as rows whose acceptance row the prose restates (`prose_named_column.py`):
its columns are runs, never a column the prose names acceptance, so each run's cell stays a
record of its own (before, the restated cell's column was renamed `acceptance rate` and the
table read as runs by rows: the other runs' cells were lost). A table of runs by rows, its first
cells naming no figure, still has its unnamed column of percentages named by the prose."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_CORNERS = st.sampled_from(["Metric", "Measure", "Quantity", "What"])
_RUNS = st.lists(
    st.sampled_from(
        ["Strict equality", "Lenient", "Greedy", "Sampled", "Old build", "Patched", "Plain verify"]
    ),
    min_size=2,
    max_size=4,
    unique=True,
)
_RATE_NAMES = st.sampled_from(
    ["Acceptance rate", "Draft acceptance", "Accept rate", "acceptance", "**Acceptance rate**"]
)
# a percentage of one decimal or none, in tenths of a percent (2.0% to 97.5%)
_TENTHS = st.lists(st.integers(20, 975), min_size=4, max_size=4, unique=True)


def _pct(tenths: int, whole: bool) -> str:
    return f"{tenths // 10}%" if whole else f"{tenths / 10:.1f}%"


def _metric_table(corner: str, runs: list[str], name: str, cells: list[str]) -> str:
    head = "| " + " | ".join([corner, *runs]) + " |"
    rule = "|" + "---|" * (len(runs) + 1)
    return f"{head}\n{rule}\n| {name} | " + " | ".join(cells) + " |\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    corner=_CORNERS,
    runs=_RUNS,
    name=_RATE_NAMES,
    tenths=_TENTHS,
    whole=st.lists(st.booleans(), min_size=4, max_size=4),
    marked=st.lists(st.booleans(), min_size=4, max_size=4),
    told=st.integers(0, 3),
    prose_first=st.booleans(),
)
def test_each_run_of_a_restated_metric_row_is_a_record(
    corner: str,
    runs: list[str],
    name: str,
    tenths: list[int],
    whole: list[bool],
    marked: list[bool],
    told: int,
    prose_first: bool,
) -> None:
    n = len(runs)
    assume(told < n)
    values = [(t // 10) * 10 if w else t for t, w in zip(tenths, whole, strict=True)][:n]
    assume(len(set(values)) == n)  # (a prose value equal to two cells names no one run)
    # (nor one two cells give within its printed rounding: '~3%' beside 2.5% and 3%)
    half = 5 if whole[told] else 0
    assume(all(abs(v - values[told]) > half for j, v in enumerate(values) if j != told))
    printed = [_pct(v, w) for v, w in zip(values, whole, strict=False)]
    cells = [("~" if m else "") + p for m, p in zip(marked, printed, strict=False)]
    # the prose restates one cell, approximately, naming its run in words
    prose = f"- At temperature 0.7: ~{printed[told]} acceptance with {runs[told].lower()}\n"
    table = _metric_table(corner, runs, name, cells)
    text = f"{prose}\n{table}" if prose_first else f"{table}\n{prose}"
    recs = read_paste(text).records
    rows = [r for r in recs if r.kind == "table_row"]
    assert [r.printed_rate for r in rows] == pytest.approx([v / 1000 for v in values])
    assert [dict(r.labels).get("column") for r in rows] == runs
    # (the prose rounds one run's cell: told once, no record of its own)
    assert len(recs) == n


def _runs_table(column: str, labels: list[str], cells: list[str]) -> str:
    rows = "".join(f"| {lab} | {c} |\n" for lab, c in zip(labels, cells, strict=True))
    return f"| Setup | {column} |\n|---|---|\n{rows}"


@settings(max_examples=examples(30), deadline=None)
@given(
    labels=_RUNS,
    column=st.sampled_from(["Head per-draft", "MTP (mean)", "drafter"]),
    tenths=_TENTHS,
    told=st.integers(0, 3),
)
def test_a_column_of_runs_by_rows_is_still_named_by_the_prose(
    labels: list[str], column: str, tenths: list[int], told: int
) -> None:
    assume(told < len(labels))
    values = [t // 10 for t in tenths][: len(labels)]
    assume(len(set(values)) == len(values))
    text = _runs_table(column, labels, [f"{v}%" for v in values])
    text += f"\nWith acceptance of {values[told]}% it pays.\n"
    rows = [r for r in read_paste(text).records if r.kind == "table_row"]
    assert [r.printed_rate for r in rows] == pytest.approx([v / 100 for v in values])


def test_through_the_pipeline(read: Read) -> None:
    text = "- at temp 0.8: ~6% acceptance with strict equality\n\n" + _metric_table(
        "Metric", ["Strict equality", "Lenient"], "Acceptance rate", ["~6%", "88.5%"]
    )
    got = sorted(r.printed_rate for r in read(text).records if r.printed_rate is not None)
    assert got == pytest.approx([0.06, 0.885])
