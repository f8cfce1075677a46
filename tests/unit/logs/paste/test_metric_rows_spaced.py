"""A table of metrics as rows copied with single spaces: a header opening on `Metric` (or
`Measure`) whose configuration names cannot be told apart, over rows of a label and as many
figure cells each (a number, perhaps a unit and a bracket after it): put back as a pipe table
of unnamed columns, read one record a column. Rows of different counts, a word between two
figures that is no unit, a header of another first cell, or no acceptance row read no column."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_UNITS = ["", " tokens/step", " tok/forward", " tokens"]
_OTHER = [
    ("Output throughput", " tok/s"),
    ("Mean TPOT", " ms"),
    ("Peak memory", " GB"),
    ("Requests done", ""),
]


@st.composite
def _table(draw: st.DrawFn) -> tuple[str, list[float]]:
    k = draw(st.integers(2, 4))
    head = draw(st.sampled_from(["Metric", "Metrics", "Measure"]))
    names = " ".join(
        draw(st.sampled_from(["Base FP8", "Tuned int4 v2", "Chain-k5", "Ours"])) for _ in range(k)
    )
    unit = draw(st.sampled_from(_UNITS))
    lengths = [draw(st.integers(130, 690)) / 100 for _ in range(k)]
    rows = [
        f"{label} " + " ".join(f"{draw(st.integers(10, 999)) / 10}{u}" for _ in range(k))
        for label, u in draw(st.lists(st.sampled_from(_OTHER), min_size=1, max_size=3, unique=True))
    ]
    note = draw(st.sampled_from(["", " (median of three)", " (1 run)"]))
    at = draw(st.integers(0, len(rows)))
    rows.insert(at, "Accept length " + " ".join(f"{v:.2f}{unit}" for v in lengths))
    rows.append(
        "Output tokens " + " ".join(f"{draw(st.integers(100, 999))}{note}" for _ in range(k))
    )
    return f"{head} {names}\n" + "\n".join(rows) + "\n", lengths


@settings(max_examples=examples(60), deadline=None)
@given(table=_table())
def test_each_column_is_a_record(table: tuple[str, list[float]]) -> None:
    text, lengths = table
    got = read_paste("Results on one node.\n\n" + text).records
    assert [r.printed_length for r in got] == lengths
    assert [dict(r.labels).get("column") for r in got] == [
        f"column {i + 1}" for i in range(len(lengths))
    ]


def test_negative_control_rows_of_different_counts() -> None:
    text = "Metric Base Tuned\nAccept length 2.10 2.40\nMean TPOT 9.1 ms\n"
    got = read_paste(text).records
    assert all(dict(r.labels).get("column") is None for r in got)


def test_negative_control_a_word_between_figures_is_no_cell() -> None:
    text = "Metric Base Tuned\nAccept length 2.10 on chat 2.40\nMean TPOT 9.1 ms 8.7 ms\n"
    got = read_paste(text).records
    assert all(dict(r.labels).get("column") is None for r in got)


def test_negative_control_no_acceptance_row_reads_nothing() -> None:
    text = "Metric Base Tuned\nOutput throughput 120.5 tok/s 131.0 tok/s\nMean TPOT 9.1 ms 8.7 ms\n"
    assert read_paste(text).records == ()


def test_the_example_of_the_docs() -> None:
    text = (
        "Metric Stock head Tuned head v2\n"
        "Mean TPOT 11.2 ms 9.8 ms\n"
        "Accept length 3.12 tokens/step 3.47 tokens/step\n"
    )
    got = read_paste(text).records
    assert [(dict(r.labels)["column"], r.printed_length) for r in got] == [
        ("column 1", 3.12),
        ("column 2", 3.47),
    ]
