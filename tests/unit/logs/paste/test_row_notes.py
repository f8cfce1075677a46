"""A row of an aligned-column table with a trailing annotation ('3.02   <- best', '2.81  ← last',
'2.77   # rerun'): the annotation is no cell, and the row is a record like the others
(tables.py). A note that holds the row's only figure leaves the row as it was: no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import printed_lengths

_HEAD = "step     val loss    accept_len"


def _paste(rows: list[str]) -> str:
    body = "\n".join(rows)
    return f"Eval on 64 held-out prompts, greedy.\n\n```\n{_HEAD}\n{body}\n```\n"


def test_arrow_and_comment_notes_are_no_cells() -> None:
    rows = [
        " 1000     2.41        2.87",
        " 2000     2.10        3.02   <- best",
        " 3000     1.95        2.95   ← dips, -2.3%",
        " 4000     1.88        2.81   # rerun with seed 7",
    ]
    assert printed_lengths(_paste(rows)) == [2.87, 3.02, 2.95, 2.81]


def test_rows_without_notes_unchanged() -> None:
    rows = [" 1000     2.41        2.87", " 2000     2.10        3.02"]
    assert printed_lengths(_paste(rows)) == [2.87, 3.02]


def test_note_holding_the_only_figure_is_no_record() -> None:
    rows = [
        " 1000     2.41        2.87",
        " 2000     -           -      <- 3.1 in the paper",
    ]
    assert printed_lengths(_paste(rows)) == [2.87]


_NOTES = st.sampled_from(["<- peak", "<-- final", "← best", "# note", "<- last, -4.1%", "⟵ here"])


@settings(max_examples=examples(25), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(150, 480), st.one_of(st.none(), _NOTES)),
        min_size=2,
        max_size=6,
    )
)
def test_every_row_read_whatever_its_note(rows: list[tuple[int, str | None]]) -> None:
    lines = [
        f" {1000 * (i + 1):>5}    {3.0 - i * 0.1:.2f}        {v / 100:.2f}"
        + (f"   {n}" if n else "")
        for i, (v, n) in enumerate(rows)
    ]
    assert printed_lengths(_paste(lines)) == [v / 100 for v, _ in rows]
