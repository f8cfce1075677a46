"""A metrics-as-rows table with an empty corner cell ('| | run a | run b |') whose first rows
under the rule print ranges ('accept length | 1.5–2.1 | 2.9–3.3'): those rows are the metrics'
rows of figures, never a second header row of column names (a spanning title over names below
the rule is), so each column is a run measured with no one figure printed, one record a run.
A row of ranges under a first cell naming no acceptance figure (prompt-length buckets) is still
read as column names."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _range(lo: int, width: int, dash: str, bold: bool, pct: bool) -> str:
    if pct:
        text = f"{lo}{dash}{lo + width}%"
    else:
        text = f"{1 + lo / 50:.2f}{dash}{1 + (lo + width) / 50:.2f}"
    return f"**{text}**" if bold else text


@settings(max_examples=examples(60), deadline=None)
@given(
    runs=st.integers(2, 4),
    name=st.sampled_from(
        ["accept length", "Acceptance rate", "mean accept len", "draft acceptance"]
    ),
    lo=st.integers(20, 60),
    width=st.integers(3, 30),
    dash=st.sampled_from(["-", "–", "—"]),
    bold=st.booleans(),
    extra=st.booleans(),
)
def test_range_rows_under_an_empty_corner_are_runs(
    runs: int, name: str, lo: int, width: int, dash: str, bold: bool, extra: bool
) -> None:
    rate = "rate" in name.lower() or name == "draft acceptance"
    head = ["", *[f"setup-{i}" for i in range(runs)]]
    rows = [[name, *[_range(lo + 5 * i, width, dash, bold and i == 0, rate) for i in range(runs)]]]
    # the other figure's row of ranges below it (a length under a rate, a rate under a length)
    other = "accept length" if rate else "accept rate"
    rows.append([other, *[_range(lo + 4 * i, width, dash, False, not rate) for i in range(runs)]])
    if extra:
        rows.append(["decode", *[f"{10 + i}.5 tok/s" for i in range(runs)]])
    recs = read_paste(pipe_table(head, rows)).records
    assert len(recs) == runs
    assert all(r.printed_length is None and r.printed_rate is None for r in recs)
    assert all(r.accept_length is None and r.accept_rate is None for r in recs)


def test_the_shape_through_the_pipeline(read: Read) -> None:
    text = pipe_table(
        ["", "old draft", "new draft"],
        [["accept length", "1.41–1.88", "2.95–3.40"], ["accept rate", "0.10–0.22", "0.41–0.47"]],
    )
    recs = read(text).records
    assert len(recs) == 2 and all(r.printed_length is None for r in recs)


def test_negative_control_bucket_names_below_a_spanning_title_stay_a_header() -> None:
    # a spanning title row over a row of prompt-length buckets (ranges, but under no acceptance
    # figure's name): column names, the rows below them the figures
    text = "\n".join(
        [
            "| | accept length | |",
            "|---|---|---|",
            "| prompt tokens | 0-512 | 512-2048 |",
            "| draft-a | 2.41 | 2.18 |",
            "| draft-b | 2.77 | 2.52 |",
        ]
    )
    got = sorted(r.printed_length for r in read_paste(text + "\n").records)
    assert got == [2.18, 2.41, 2.52, 2.77]
