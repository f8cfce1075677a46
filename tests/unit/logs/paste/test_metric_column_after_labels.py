"""A table whose column of each row's figure ('Metric') comes after label columns ('| Task |
Metric | Baseline | Ours | Δ |'): read as the transposed tables are (metrics as rows, each
numeric column a configuration's run, a signed column a comparison), in a pipe table or one a
web page copied one cell a line, its last cell's closing bar wrapped onto a line of its own.
An acceptance figure named in two rows (two tasks' runs per column) is left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_NAMES = ["Average Acceptance Length", "Mean accept length", "Acceptance rate"]


def _broken(header: list[str], rows: list[list[str]]) -> str:
    """The table as a web page copies it: one cell a line, the last cell's bar on its own."""
    out = []
    for cells in [header, *rows]:
        out.append(f"| {cells[0]} |")
        out += [f"{c} |" for c in cells[1:-1]]
        out += [cells[-1], "|"]
    return "\n".join(out) + "\n"


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    base=st.integers(150, 600),
    ours=st.integers(150, 600),
    metric=st.sampled_from(["Metric", "metric", "Metrics", "Measure"]),
    other=st.booleans(),
    broken=st.booleans(),
)
def test_the_metric_column_after_a_label_column(
    name: str, base: int, ours: int, metric: str, other: bool, broken: bool
) -> None:
    rate = name.endswith("rate")
    fmt = (lambda v: f"{v / 10:.1f}%") if rate else (lambda v: f"{v / 100:.2f}")
    header = ["Task", metric, "Baseline", "Ours", "Δ"]
    rows = [["math-set", name, fmt(base), fmt(ours), f"{(ours - base) / 100:+.2f}"]]
    if other:
        rows.append(["math-set", "Peak memory (GB)", "40.0", "43.5", "+3.5"])
    text = "Key results\n" + (_broken(header, rows) if broken else pipe_table(header, rows))
    got = read_paste(text).records
    vals = [r.printed_rate if rate else r.printed_length for r in got]
    want = [base / 1000, ours / 1000] if rate else [base / 100, ours / 100]
    assert [round(v or 0, 4) for v in vals] == [round(v, 4) for v in want]


def test_negative_control_a_figure_in_two_rows_is_not_read_as_one_run_a_column() -> None:
    rows = [
        ["set-a", "Accept length", "2.40", "2.90"],
        ["set-b", "Accept length", "2.10", "2.60"],
    ]
    assert not read_paste(pipe_table(["Task", "Metric", "Baseline", "Ours"], rows)).records
