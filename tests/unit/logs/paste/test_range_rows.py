"""A table row whose acceptance cell prints a range ('0.52–0.61', '40-48%', '2.2-2.7'): the
row's run was measured, but no one figure of it is printed. The row is a record stating no
length and no rate, the range kept in its cells and its note; a range the figure cannot be
(a rate above 1 without '%', a percentage under a length) is none (interpret.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.cells import span
from tests.support.examples import examples
from tests.support.pastes import pipe_table, render_table


def test_range_row_is_a_record_of_no_figure() -> None:
    text = pipe_table(
        ["draft head", "accept rate", "accept length"],
        [["head-a", "0.64", "2.71"], ["head-b", "0.52–0.61", "2.2–2.5"]],
    )
    recs = read_paste(text).records
    assert [(r.printed_length, r.printed_rate) for r in recs] == [(2.71, 0.64), (None, None)]
    ranged = recs[1]
    assert ranged.accept_length is None and ranged.accept_rate is None
    assert ("accept rate", "0.52–0.61") in ranged.fields
    assert any("range (0.52–0.61)" in n for n in ranged.notes)


def test_percentage_range_under_a_rate() -> None:
    text = pipe_table(["k", "TTFT", "mean acceptance"], [["3", "88 ms", "40-48%"]])
    recs = read_paste(text).records
    assert len(recs) == 1 and recs[0].printed_rate is None and recs[0].accept_length is None


def test_a_single_value_row_is_read_as_before() -> None:
    text = pipe_table(["draft head", "accept rate"], [["head-a", "0.64"], ["head-b", "—"]])
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


def test_a_tilde_range_row_is_a_record_of_no_figure() -> None:
    # the CJK way of writing a range ('2.2~2.5'): a run measured, no one figure printed
    text = pipe_table(
        ["drafts", "code t/s", "accept_len"], [["2", "48.0", "1.30~1.42"], ["4", "51.5", "1.57"]]
    )
    recs = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in recs] == [(None, None), (1.57, None)]
    # an approximate single value ('~1.42') is still a value, never a range
    one = read_paste(pipe_table(["drafts", "accept_len"], [["2", "~1.42"]])).records
    assert [r.printed_length for r in one] == [1.42]


def test_ranges_the_figure_cannot_be_are_none() -> None:
    # a 'rate' above 1 without '%', a percentage under a length: no figure of that name
    assert not read_paste(pipe_table(["run", "accept rate"], [["a", "12-18"]])).records
    assert not read_paste(pipe_table(["run", "accept length"], [["a", "40-60%"]])).records


def test_a_range_under_no_acceptance_name_is_none() -> None:
    text = pipe_table(["run", "tok/s", "latency"], [["a", "80-95", "1.2-1.4 s"]])
    assert not read_paste(text).records


def test_span_reads_ranges_only() -> None:
    assert span("0.36–0.47") is not None and span("**45-53%**") is not None
    assert span("~2.4 to 2.9") is not None
    assert span("1.30~1.42") is not None and span("1.30～1.42") is not None
    assert span("~1.42") is None and span("1.42~") is None and span("1.42~1.30") is None
    for cell in ("0.47", "0.47 - 0.36", "45%-53", "2024-05-01", "n/m", "—", "2.1 (1.9-2.3)"):
        assert span(cell) is None, cell


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(["markdown", "aligned", "csv", "box"]),
    st.integers(20, 70),
    st.integers(1, 20),
    st.sampled_from(["-", "–", " to "]),
)
def test_a_rate_range_row_is_one_record_of_no_figure(
    layout: str, lo: int, width: int, dash: str
) -> None:
    cell = f"{lo}{dash}{lo + width}%"
    text = render_table(
        layout, ["draft head", "acceptance rate"], [["head-a", "55.0%"], ["head-b", cell]]
    )
    recs = read_paste(text).records
    assert [r.printed_rate for r in recs] == [0.55, None]
    assert all(r.accept_length is None for r in recs)


def test_adjoining_ranges_are_a_histograms_bins() -> None:
    text = pipe_table(
        ["accept rate", "requests"], [["0.0-0.2", "4"], ["0.2-0.4", "9"], ["0.4-0.6", "17"]]
    )
    assert not read_paste(text).records
    text = pipe_table(["run", "acceptance"], [["a", "30-39%"], ["b", "40-49%"]])
    assert not read_paste(text).records


@settings(max_examples=examples(25), deadline=None)
@given(
    lo=st.integers(15, 30),
    width=st.integers(1, 8),
    rate_lo=st.integers(40, 80),
    hedge=st.sampled_from(["", "~"]),
    others=st.integers(0, 2),
)
def test_a_transposed_tables_column_of_ranges_is_one_record_of_no_figure(
    lo: int, width: int, rate_lo: int, hedge: str, others: int
) -> None:
    # metrics as rows, runs as columns: the run whose acceptance rows print ranges was
    # measured, no one figure of it printed (the row rule, a column read the same way)
    rows = [["Decode speed", "~9 tok/s", "~17 tok/s"]] + [
        [f"Setting {i}", f"{i + 3}", f"{i + 4}"] for i in range(others)
    ]
    rows += [
        ["Mean acceptance length", "—", f"{lo / 10:.1f}-{(lo + width) / 10:.1f}"],
        ["Draft acceptance rate", "—", f"{hedge}{rate_lo}-{rate_lo + 9}%"],
    ]
    text = "My summary\n\n" + pipe_table(["Metric", "Plain", "With drafts"], rows)
    (r,) = read_paste(text).records
    assert (r.printed_length, r.printed_rate, r.accept_length) == (None, None, None)
    assert dict(r.labels).get("column") == "With drafts"
    assert len([n for n in r.notes if "printed as a range" in n]) == 2


def test_a_transposed_tables_ranges_of_no_acceptance_row_are_none() -> None:
    text = "My summary\n\n" + pipe_table(
        ["Metric", "Plain", "With drafts"],
        [["Decode speed", "9-10 tok/s", "17-19 tok/s"], ["Latency", "—", "1.2-1.4 s"]],
    )
    assert not read_paste(text).records
    # a single value beside a range: that figure is read, the range noted
    text = "My summary\n\n" + pipe_table(
        ["Metric", "Plain", "With drafts"],
        [["Mean acceptance length", "—", "2.61"], ["Draft acceptance rate", "—", "70-78%"]],
    )
    (r,) = read_paste(text).records
    assert (r.printed_length, r.printed_rate) == (2.61, None)
