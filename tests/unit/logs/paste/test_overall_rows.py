"""A table of items by configurations under a title naming its one figure, whose last row alone
is that figure's name after a summary word ('Overall AL', 'Mean τ'): the row is the items'
overall, so every cell is the title's figure (one record per cell, row order), never the last
row read alone as a metric row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ITEMS = ["Chat", "Code", "Math", "Retrieval", "Translation"]


def _paste(title: str, last: str, vals: list[list[str]]) -> str:
    rows = [[item, *v] for item, v in zip(_ITEMS, vals[:-1], strict=False)]
    rows.append([last, *vals[-1]])
    return title + "\n\n" + pipe_table(["Category", "draft-a (t=1)", "draft-a (t=0)"], rows)


_VALS = [["3.9120", "4.4410"], ["4.2002", "4.9013"], ["2.8114", "3.5206"], ["3.6412", "4.2876"]]


@pytest.mark.parametrize(
    ("title", "last"),
    [
        ("Acceptance length measured on our category bench:", "Overall AL"),
        ("### Acceptance length by category", "Average acceptance length"),
        ("Mean accept length across categories:", "Mean AL"),
    ],
)
def test_an_overall_row_named_by_the_titles_figure_is_one_more_row(
    read: Read, title: str, last: str
) -> None:
    got = read(_paste(title, last, _VALS)).records
    assert [r.printed_length for r in got] == [float(x) for row in _VALS for x in row]
    assert all(r.accept_length is None for r in got)  # no tool, no identity: unknown
    assert [r.summary_row for r in got][-2:] == [True, True]


def test_an_overall_row_of_another_figure_is_not_the_titles() -> None:
    """Negative control: the title names the acceptance rate, the last row the length: the
    table is not one figure; its items are not read as lengths."""
    got = read_paste(_paste("Acceptance rate on our category bench:", "Overall AL", _VALS)).records
    assert [r.printed_length for r in got] == [3.6412, 4.2876]  # the row of its own figure


def test_a_metric_row_that_is_no_summary_stays_a_metric_row() -> None:
    """Negative control: the last row is the figure's name alone (no summary word): it may be
    a row of its own figure, and the other rows are not made lengths."""
    got = read_paste(_paste("Acceptance length on our bench:", "AL", _VALS)).records
    assert [r.printed_length for r in got] == [3.6412, 4.2876]


@settings(max_examples=examples(25), deadline=None)
@given(
    st.integers(min_value=2, max_value=5),
    st.sampled_from(["Overall AL", "Avg acceptance length", "Overall accept length"]),
    st.lists(st.integers(min_value=1100, max_value=6900), min_size=12, max_size=12),
)
def test_every_cell_of_an_items_table_with_its_overall(
    n_items: int, last: str, tenk: list[int]
) -> None:
    vals = [[f"{tenk[2 * i] / 1000:.3f}", f"{tenk[2 * i + 1] / 1000:.3f}"] for i in range(6)]
    text = _paste("Acceptance length on the category bench:", last, vals[: n_items + 1])
    got = read_paste(text).records
    want = [float(x) for row in vals[:n_items] for x in row] + [float(x) for x in vals[n_items]]
    assert [r.printed_length for r in got] == want
    assert all(r.accept_length is None for r in got)
