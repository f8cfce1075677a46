"""A plain line right above a table naming one acceptance figure and nothing else ('Acceptance
lengths', a heading copied from a web page without its markup) titles the table like a
markdown heading; a plain line naming another measure ('Throughput', 'Use cases') names none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADER = ["Workload", "k=1", "k=2", "k=3"]
_ROWS = [["Chat", "1.74", "2.31", "2.66"], ["Code", "1.88", "2.62", "3.14"]]


def _paste(title: str, blank: bool = False) -> str:
    return (
        "Draft: an EAGLE-3 head, temperature 0.\n\n"
        + title
        + "\n"
        + ("\n" if blank else "")
        + pipe_table(_HEADER, _ROWS)
    )


def test_a_plain_title_names_the_table_figure(read: Read) -> None:
    recs = read(_paste("Acceptance lengths")).records
    assert [r.printed_length for r in recs] == [1.74, 2.31, 2.66, 1.88, 2.62, 3.14]
    # the k=1 column's lengths above 1 count the bonus; the table is one figure printed one way
    assert [r.accept_length for r in recs] == [1.74, 2.31, 2.66, 1.88, 2.62, 3.14]


def test_a_plain_title_in_its_own_paragraph() -> None:
    recs = read_paste(_paste("Mean acceptance length", blank=True)).records
    assert [r.printed_length for r in recs] == [1.74, 2.31, 2.66, 1.88, 2.62, 3.14]


@pytest.mark.parametrize(
    "title",
    [
        "Throughput",
        "Use cases",
        "Evaluations",
        # a sentence naming the figure is no title (more than the figure's name)
        "The acceptance lengths below were measured on my laptop with a tiny model",
        # the bare word 'acceptance' is too loose a title
        "Acceptance",
    ],
)
def test_a_plain_line_naming_no_acceptance_figure_alone_titles_nothing(title: str) -> None:
    assert read_paste(_paste(title)).records == ()


def test_a_table_of_another_measure_under_a_plain_line_and_a_second_table() -> None:
    # a plain title over one table titles that table only
    text = "Acceptance lengths\nUse cases\n" + pipe_table(
        ["Use case", "Samples"], [["Chat", "80"], ["Code", "164"]]
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(
        ["Acceptance lengths", "Acceptance Length", "Mean acceptance length", "Accept length"]
    ),
    vals=st.lists(st.integers(110, 480), min_size=3, max_size=3),
)
def test_plain_titles_read_every_cell(title: str, vals: list[int]) -> None:
    cells = [f"{v / 100:.2f}" for v in vals]
    text = (
        title + "\n" + pipe_table(["Dataset", "draft A", "draft B", "draft C"], [["gsm8k", *cells]])
    )
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [float(c) for c in cells]
    # no k stated and no tool: the convention stays unknown
    assert all(r.accept_length is None for r in recs)


def test_a_plain_title_over_numbers_its_figure_cannot_be() -> None:
    # speeds under a plain 'Acceptance length' line: no length is 40 tokens a step
    text = "Acceptance length\n" + pipe_table(
        ["Workload", "draft A", "draft B"], [["Chat", "40.2", "44.9"]]
    )
    assert read_paste(text).records == ()
