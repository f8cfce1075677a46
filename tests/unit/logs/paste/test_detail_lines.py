"""A table cell that is a value and its figure's name (`2.10 accepted tokens/round` under
`Acceptance`) is that figure; a line of one run's details below the table (`- small: 2.10
accepted tokens/round, 1.10 accepted drafts/round, ...`) restating exactly one row, labelled by a
word of that row's label, is that row told again: the line goes, its identity decides the row's
convention, and the column's other rows under the same name follow."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_TABLE = (
    "## Results\n\n"
    "| Target | Mode | tok/s | Acceptance |\n"
    "| --- | --- | ---: | --- |\n"
    "| org/small-it | plain | 10.1 | n/a |\n"
    "| org/small-it | drafter | 14.2 | {a} accepted tokens/round |\n"
    "| org/large-it | plain | 50.3 | n/a |\n"
    "| org/large-it | drafter | 61.0 | {b} accepted tokens/round |\n"
)
_DETAIL = (
    "\nPer-run details:\n\n"
    "- {lab}: {a} accepted tokens/round, {d} accepted drafts/round, 55.0% of drafted, "
    "avg draft 2.00 over 90 rounds.\n"
)


def test_cells_named_by_their_words(read: Read) -> None:
    got = read(_TABLE.format(a="2.10", b="1.90")).records
    assert [(r.first_line, r.printed_length, r.accept_length) for r in got] == [
        (6, 2.1, None),
        (8, 1.9, None),
    ]


def test_a_detail_line_decides_its_row_and_the_column(read: Read) -> None:
    text = _TABLE.format(a="2.10", b="1.90") + _DETAIL.format(lab="small", a="2.10", d="1.10")
    got = read(text).records
    assert [(r.first_line, r.accept_length) for r in got] == [(6, 2.1), (8, 1.9)]


def test_a_line_naming_no_row_stays_its_own_run(read: Read) -> None:
    # ('medium' labels no row: a run of its own, the rows undecided)
    text = _TABLE.format(a="2.10", b="1.90") + _DETAIL.format(lab="medium", a="2.10", d="1.10")
    got = read(text).records
    assert [(r.first_line, r.accept_length) for r in got] == [(6, None), (8, None), (12, 2.1)]


def test_a_line_of_another_value_stays_its_own_run(read: Read) -> None:
    text = _TABLE.format(a="2.10", b="1.90") + _DETAIL.format(lab="small", a="2.20", d="1.20")
    got = read(text).records
    assert len(got) == 3 and got[0].accept_length is None


def test_a_cell_of_more_words_is_not_read(read: Read) -> None:
    # (a value, its name and a condition: not the cell's figure alone)
    text = _TABLE.format(a="2.10", b="1.90").replace("tokens/round |", "tokens/round once warm |")
    assert read(text).records == ()


@given(a=st.integers(min_value=110, max_value=500), b=st.integers(min_value=110, max_value=500))
def test_any_detailed_row(read: Read, a: int, b: int) -> None:
    sa, sb, sd = f"{a / 100:.2f}", f"{b / 100:.2f}", f"{a / 100 - 1:.2f}"
    got = read(_TABLE.format(a=sa, b=sb) + _DETAIL.format(lab="small", a=sa, d=sd)).records
    assert [r.accept_length for r in got] == [round(a / 100, 2), round(b / 100, 2)]
