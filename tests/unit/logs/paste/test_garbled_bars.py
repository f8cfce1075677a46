"""A pipe table whose page garbled some cell bars into ` ^ ` or ` & `, its delimiter row intact:
the rows short of the delimiter's cells whose carets and ampersands, read as bars, give exactly
its count are read with the bars restored (garbled_bars.py), in a table with a caret among them.
A table with ampersands alone (`Q & A`), a row whose restored count is off, or a row already
full stays as written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.garbled_bars import restored
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = ["Task", "Draft k", "Base tok/s", "Spec tok/s", "Spec accept rate"]


def _garble(cells: list[str], where: list[int], marks: list[str]) -> str:
    """A pipe row of ``cells`` whose bars after the cells at ``where`` are ``marks``."""
    out = "| " + cells[0]
    for i, c in enumerate(cells[1:]):
        out += (f" {marks[where.index(i)]} " if i in where else " | ") + c
    return out + " |"


@settings(max_examples=examples(50), deadline=None)
@given(
    rates=st.lists(st.integers(300, 990), min_size=2, max_size=4),
    data=st.data(),
)
def test_restored_bars_read_the_table(read: Read, rates: list[int], data: st.DataObject) -> None:
    lines = []
    head_where = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    lines.append(_garble(_HEAD, head_where, ["^"] * len(head_where)))
    lines.append("|---|---:|---:|---:|---:|")
    for i, r in enumerate(rates):
        cells = [f"task{i}", "3", "40.2", "61.7", f"{r / 10:.1f}%"]
        where = data.draw(st.lists(st.integers(0, 3), max_size=2, unique=True))
        marks = data.draw(st.lists(st.sampled_from(["^", "&"]), min_size=2, max_size=2))
        lines.append(_garble(cells, where, marks))
    text = "## Speed summary\n" + "\n".join(lines) + "\n"
    got = [r.printed_rate for r in read(text).records]
    assert got == [pytest.approx(r / 1000) for r in rates]


def test_the_rows_restored() -> None:
    raw = ["| Task ^ k | Rate |", "|---|---|---|", "| chat & 2 | 71.0% |", "| code | 3 | 64.0% |"]
    assert restored(raw, "\n".join(raw)) == [
        "| Task | k | Rate |",
        "|---|---|---|",
        "| chat | 2 | 71.0% |",
        "| code | 3 | 64.0% |",
    ]


@pytest.mark.parametrize(
    "raw",
    [
        # ampersands alone: a cell's words ('Q & A'), no caret's evidence
        ["| Task | k | Rate |", "|---|---|---|", "| Q & A | 71.0% |"],
        # the restored count is off (two marks for one missing bar)
        ["| Task ^ k | Rate |", "|---|---|---|", "| a ^ b ^ c | 71.0% |"],
        # the row already has the delimiter's cells: a caret inside a cell
        ["| Task | k | Rate |", "|---|---|---|", "| x ^ y | 2 | 71.0% |"],
        # no delimiter row: no count to restore to
        ["| Task ^ k | Rate |", "| chat ^ 2 | 71.0% |"],
        # a caret glued to its words (an exponent) is no bar
        ["| Task | Rate |", "|---|---|---|", "| 2^3 | 71.0% |"],
    ],
)
def test_near_misses_stay_as_written(raw: list[str]) -> None:
    assert restored(raw, "\n".join(raw)) == raw


def test_a_title_line_above_is_no_header() -> None:
    raw = ["Speed ^ summary", "|---|---|", "| chat | 71.0% |"]
    assert restored(raw, "\n".join(raw)) == raw
