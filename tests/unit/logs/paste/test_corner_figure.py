"""A small grid naming its figure in the corner cell alone ('| accept length | tree draft |
chain draft |' over '| t=0.0 | 2.31 | 1.84 |'): the corner is the table's title, the other
header cells and the first column its configurations; one record per cell, labelled by both."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def test_the_corner_names_every_cell(read: Read) -> None:
    text = "EAGLE on my 7B model, MT-Bench:\n\n" + pipe_table(
        ["accept length", "tree draft", "chain draft"],
        [["t=0.0", "2.31", "1.84"], ["t=1.0", "1.95", "1.62"]],
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [2.31, 1.84, 1.95, 1.62]
    assert [dict(r.labels)["column"] for r in recs] == ["tree draft", "chain draft"] * 2
    assert [dict(r.labels)["row"] for r in recs] == ["t=0.0", "t=0.0", "t=1.0", "t=1.0"]
    # nothing decides the convention
    assert all(r.accept_length is None for r in recs)


def test_a_first_column_of_numbers_is_the_corners_own_column() -> None:
    text = pipe_table(["accept length", "draft A"], [["2.10", "41"], ["2.40", "35"]])
    recs = read_paste(text).records
    assert all("row" not in dict(r.labels) for r in recs)
    assert 41.0 not in [r.printed_length for r in recs]


def test_a_rate_in_the_corner() -> None:
    text = pipe_table(["acceptance rate", "draft A", "draft B"], [["chat", "61%", "55%"]])
    assert [r.printed_rate for r in read_paste(text).records] == [0.61, 0.55]


@pytest.mark.parametrize(
    ("header", "rows"),
    [
        # a histogram: bins and counts, no configurations
        (["acceptance rate", "requests"], [["0-10%", "5"], ["10-20%", "12"]]),
        # another measure beside it
        (["accept length", "throughput"], [["t=0.0", "41.2"]]),
        # the corner names no acceptance figure
        (["model", "tree draft", "chain draft"], [["t=0.0", "2.31", "1.84"]]),
        # cells that are not numbers
        (["accept length", "tree draft"], [["t=0.0", "n/a"]]),
    ],
)
def test_negative_controls(header: list[str], rows: list[list[str]]) -> None:
    assert read_paste(pipe_table(header, rows)).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    corner=st.sampled_from(
        ["accept length", "acc len", "τ", "Accept Length", "mean acceptance length"]
    ),
    vals=st.lists(st.integers(105, 590), min_size=4, max_size=4),
)
def test_corner_spellings(corner: str, vals: list[int]) -> None:
    cells = [f"{v / 100:.2f}" for v in vals]
    text = pipe_table([corner, "tree", "chain"], [["greedy", *cells[:2]], ["sampled", *cells[2:]]])
    assert [r.printed_length for r in read_paste(text).records] == [float(c) for c in cells]
