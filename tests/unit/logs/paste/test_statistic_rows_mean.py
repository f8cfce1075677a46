"""A table under a title naming its one figure whose rows are labelled by statistics of it
(minimum, median, maximum, percentiles, the mean): the figure over one set of runs, the mean
row its value (one record), the others its spread (no record); a row of another figure's
statistic ('Mean draft length') is none either. Rows labelled by anything else (datasets), two
mean rows, or no statistic of the spread beside the mean leave the table read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SPREAD = ["Minimum", "Min", "Median", "Maximum", "Max", "p90", "P99", "Std dev"]


def _cell(x: int, style: str) -> str:
    if style == "pct":
        return f"{x / 10:.1f}%"
    if style == "both":
        return f"{x / 1000:.3f} ({x / 10:.1f}%)"
    return f"{x / 1000:.3f}"


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(
        [
            "### Draft acceptance rate over all requests",
            "Acceptance rate across the 40 prompts:",
            "### Draft-Akzeptanzrate über alle Requests",
        ]
    ),
    spread=st.lists(st.sampled_from(_SPREAD), min_size=1, max_size=3, unique=True),
    mean_word=st.sampled_from(["Mean", "Average", "avg"]),
    at=st.integers(0, 3),
    values=st.lists(st.integers(500, 990), min_size=4, max_size=4),
    style=st.sampled_from(["frac", "pct", "both"]),
    bold=st.booleans(),
    other=st.booleans(),
)
def test_the_mean_row_is_the_record(
    read: Read,
    title: str,
    spread: list[str],
    mean_word: str,
    at: int,
    values: list[int],
    style: str,
    bold: bool,
    other: bool,
) -> None:
    if "Akzeptanz" in title and mean_word == "avg":
        mean_word = "Durchschnitt"  # (German words read as English where German names the figure)
    labels = list(spread)
    labels.insert(min(at, len(labels)), mean_word)
    b = "**" if bold else ""
    rows = [f"| {b}{lab}{b} | {_cell(v, style)} |" for lab, v in zip(labels, values, strict=False)]
    if other:
        rows.append(f"| {b}Mean draft length{b} | ~4.0 tokens |")
    text = "\n".join([title, "| Statistic | Value |", "|---|---|", *rows]) + "\n"
    got = read(text).records
    mean = values[labels.index(mean_word)]
    assert [round(r.printed_rate or -1, 4) for r in got] == [mean / 1000], text
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    labels=st.sampled_from(
        [
            ["chat", "code", "math"],  # runs, no statistics
            ["Mean", "Average", "Median"],  # two means
            ["Mean", "chat", "code"],  # a mean with no spread beside it
        ]
    ),
    values=st.lists(st.integers(500, 990), min_size=3, max_size=3),
)
def test_rows_of_runs_stay_records(read: Read, labels: list[str], values: list[int]) -> None:
    rows = [f"| {lab} | {v / 1000:.3f} |" for lab, v in zip(labels, values, strict=True)]
    text = "\n".join(["### Draft acceptance rate", "| Run | Value |", "|---|---|", *rows]) + "\n"
    got = read(text).records
    assert len(got) == 3, text
