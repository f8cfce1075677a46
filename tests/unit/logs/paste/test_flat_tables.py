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
