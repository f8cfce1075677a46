"""A markdown pipe table a web page flattened into one line ('|Task|tok/s|Accept Rate| |:-|:-|:-|
|chat|41.2|62.9%| ...'): split back into its header, delimiter and rows (flat_table.py) and read
as the table it was, one record per row; the prose around it stays prose. A prose figure that
rounds exactly one of its cells at fewer decimals ('even at 42% acceptance') is that row named
again, no run of its own (restated_row.py). A line with one row only, or a delimiter with no
header of as many cells before it, is left as it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.flat_table import split
from tests.support.examples import examples

_TASKS = ["Math", "Poetry", "Code generation", "Science", "Translation", "Summaries"]


def _flat(rates: list[int], delim: str = ":-") -> str:
    head = "|Task|Baseline (t/s)|Draft (t/s)|Accept Rate|"
    rule = "|" + "|".join([delim] * 4) + "|"
    rows = [f"|{_TASKS[i]}|57.{i}|8{i}.5|{r / 10:.1f}%|" for i, r in enumerate(rates)]
    return " ".join([head, rule, *rows])


@settings(max_examples=examples(25), deadline=None)
@given(
    rates=st.lists(st.integers(300, 900), min_size=2, max_size=len(_TASKS)),
    delim=st.sampled_from([":-", "---", ":--:", " --- "]),
    tail=st.sampled_from(["", " That is all for now.", " Speedups were good."]),
)
def test_a_flattened_table_reads_one_record_per_row(
    rates: list[int], delim: str, tail: str
) -> None:
    text = (
        "I ran a llama.cpp fork with a small draft model, --draft-max 8. # Results "
        + _flat(rates, delim)
        + tail
        + "\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate * 1000) for r in got if r.printed_rate is not None] == rates
    assert len(got) == len(rates)
    assert all(r.accept_length is None for r in got)  # (no k, no counts: no length)


def test_the_split_keeps_the_text_around_the_table() -> None:
    line = (7, "Setup first. |a|b| |:-|:-| |x|1| |y|2| And after.")
    assert split(line) == [
        (7, "Setup first."),
        (7, ""),
        (7, "|a|b|"),
        (7, "|:-|:-|"),
        (7, "|x|1|"),
        (7, "|y|2|"),
        (7, ""),
        (7, "And after."),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "|a|b| |:-|:-|",  # (a header and its delimiter, no row)
        "just |:-|:-| some dashes",  # (no header before the delimiter)
        "| a | | b | c |",  # (an empty cell, no delimiter)
    ],
)
def test_lines_that_are_no_flattened_table_stay(text: str) -> None:
    assert split((1, text)) == [(1, text)]


def test_a_coarser_prose_figure_rounding_one_row_is_that_row() -> None:
    text = (
        "Draft model on a llama.cpp fork. "
        + _flat([629, 441, 422])
        + " Even at 42% acceptance rate, speculative decoding is still +10% faster.\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate * 1000) for r in got if r.printed_rate] == [629, 441, 422]
    assert any("restated" in n for n in got[2].notes)


@pytest.mark.parametrize(
    "claim",
    [
        "Even at 44% acceptance rate, speculative decoding is still +10% faster.",  # (rounds two cells: 44.1, 43.8)
        "Even at 51% acceptance rate, speculative decoding is still +10% faster.",  # (rounds none)
    ],
)
def test_other_prose_figures_stay_their_own(claim: str) -> None:
    text = "Draft model on a llama.cpp fork. " + _flat([629, 441, 438, 422]) + f" {claim}\n"
    assert len(read_paste(text).records) == 5


@settings(max_examples=examples(30), deadline=None)
@given(
    vals=st.lists(st.integers(1200, 3900), min_size=2, max_size=5),
    metric=st.sampled_from(["Average Acceptance Length", "Mean accept length"]),
    gap=st.booleans(),
)
def test_a_table_copied_with_single_spaces_is_read(vals: list[int], metric: str, gap: bool) -> None:
    # a model card's HTML table copied as text: header words, then 'label words figure' rows
    rows = "\n".join(f"Set{chr(65 + i)} (Kind {i}) {v / 1000:.3f}" for i, v in enumerate(vals))
    text = f"Our draft, k=2.\n{chr(10) if gap else ''}Benchmark {metric}\n{rows}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 1000 for v in vals]
    assert [r.labels[0][1] for r in got] == [
        f"Set{chr(65 + i)} (Kind {i})" for i in range(len(vals))
    ]


def test_a_spaced_table_of_several_figure_columns() -> None:
    # the first word heads the labels, the next one a column each, the rest the last column
    text = (
        "Drafting 4 tokens a step.\n\nWorkload Requests Acceptance Mean accepted length (max 5)\n"
        "SetA 120 60.00% 3.400\nSetB 200K 40 40.00% 2.600\nTotal 1,160 50.00% 3.000\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.4, 2.6, 3.0]
    assert [r.labels[0][1] for r in got] == ["SetA", "SetB 200K", "Total"]
    assert all(r.accept_length == r.printed_length for r in got)


@pytest.mark.parametrize(
    "text",
    [
        # no acceptance named near it: another measure's table
        "Benchmark Throughput\nSetA 12.5\nSetB 13.1\n",
        # one row only
        "Benchmark Mean accept length\nSetA 2.41\n",
        # whole numbers only: counts, no measured figure
        "Benchmark Accepted tokens\nSetA 120\nSetB 131\n",
        # a key's values in a row ('Rate: ...'), a metrics page's lines: no table's rows
        "Acceptance by position\nSlot: 1 2 3\nRate: 0.61 0.33 0.12\n",
        "accept counters\nspec:accepted_total{run=1} 120.0\nspec:drafted_total{run=1} 300.0\n",
        # sentences ending on a figure, under prose: no header of a table
        "The accept length we saw was fine overall.\nOn the first set it came to 2.41\nOn the next set it came to 2.56\n",
    ],
)
def test_negative_controls_no_spaced_table(text: str) -> None:
    assert all(r.kind != "table_row" for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(1, 400),
    share=st.integers(0, 100),
    key=st.sampled_from(["Accepted draft tokens", "Number of accepted tokens", "accepted"]),
    sep=st.sampled_from([": ", " = ", ":"]),
)
def test_a_key_value_line_over_is_lines_is_no_header(
    steps: int, share: int, key: str, sep: str
) -> None:
    # 'Key: N' then 'name is figure' lines: a key-value run, its first line no table's header
    # (a key's figure is no column's name), read as one run, never split into a grid
    accepted = steps * share // 100
    length = round(1 + accepted / steps, 2)
    text = (
        f"draft run on our box\n{key}{sep}{accepted}\nMean acceptance length is {length:.2f}\n"
        f"acceptance rate is {accepted / steps * 100:.1f}%\nNumber of draft proposals: {steps}\n"
    )
    (r,) = read_paste(text).records
    assert r.kind != "table_row" and "table" not in r.structure, text
    assert (r.printed_length, r.accepted_tokens, r.steps) == (length, accepted, steps), text
    # the same figures under a header of column names are a spaced table's rows
    table = "Benchmark Mean acceptance length\nSetA 1.50\nSetB 2.25\n"
    got = read_paste(table).records
    assert [g.printed_length for g in got] == [1.5, 2.25]
