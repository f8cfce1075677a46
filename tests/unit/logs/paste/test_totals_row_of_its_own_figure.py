"""A transposed table (metrics as rows, runs as columns) whose row named as the run's totals
('Overall accept rate', 'Pooled acceptance rate') is the only row of its figure: it is the
column's run's figure, one record per column with the other rows' figures (a length and its
rate together). A totals row beside a per-request row of the same figure ('Mean acceptance
length' over 'Token-weighted acceptance length') stays a record of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_TOTALS = ["Overall accept rate", "Overall acceptance rate", "Pooled acceptance rate"]
_LENGTHS = ["Avg. accept length", "Mean acceptance length", "Average acceptance length"]


@settings(max_examples=examples(50), deadline=None)
@given(
    totals=st.sampled_from(_TOTALS),
    length=st.sampled_from(_LENGTHS),
    runs=st.lists(
        st.tuples(st.integers(1500, 6000), st.integers(2000, 8000)), min_size=1, max_size=3
    ),
    other=st.booleans(),
    delta=st.booleans(),
)
def test_the_totals_row_joins_the_columns_run(
    totals: str, length: str, runs: list[tuple[int, int]], other: bool, delta: bool
) -> None:
    header = ["Metric"] + [f"ckpt-{i}" for i in range(len(runs))] + (["Δ"] if delta else [])
    rows = [
        [length] + [f"{a / 1000:.4f}" for a, _ in runs] + (["+0.1"] if delta else []),
        [totals] + [f"{b / 10000:.4f}" for _, b in runs] + (["+0.01"] if delta else []),
    ]
    if other:
        rows.append(["Conf. abs. error"] + ["0.0500" for _ in runs] + (["-0.001"] if delta else []))
    got = read_paste(pipe_table(header, rows)).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [
        (a / 1000, round(b / 10000, 4)) for a, b in runs
    ]


def test_negative_control_a_totals_row_beside_the_same_figure_stays_its_own() -> None:
    rows = [
        ["Mean acceptance length", "2.61", "2.95"],
        ["Token-weighted acceptance length", "2.74", "3.10"],
    ]
    got = read_paste(pipe_table(["Metric", "run-a", "run-b"], rows)).records
    assert sorted(r.printed_length or 0 for r in got) == [2.61, 2.74, 2.95, 3.10]
