"""A table a web page copied one cell a line ('| name |' opening a row, 'cell |' lines) whose
row ends on a cell without its bar, the bar alone on the next line ('+0.42' over '|'): that
cell is the row's last, the row put back on one line. A line without a bar followed by
anything but a lone bar ends the row before it, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import text as TX
from tests.support.examples import examples

_WORD = st.text(alphabet="abcdefghij", min_size=1, max_size=8)


@settings(max_examples=examples(30), deadline=None)
@given(
    rows=st.lists(st.lists(_WORD, min_size=3, max_size=3), min_size=1, max_size=4),
    head=st.lists(_WORD, min_size=3, max_size=3),
)
def test_a_last_cell_with_its_bar_on_the_next_line_closes_the_row(
    rows: list[list[str]], head: list[str]
) -> None:
    lines = []
    for cells in [head, *rows]:
        lines += [f"| {cells[0]} |", f"{cells[1]} |", cells[2], "|"]
    got = [t for _, t in TX.prepare("\n".join(lines) + "\n") if t]
    assert got[0] == "| " + " | ".join(head) + " |"
    assert got[2:] == ["| " + " | ".join(r) + " |" for r in rows]


def test_negative_control_a_bare_line_before_other_text_is_no_cell() -> None:
    text = "| alpha |\nbeta |\ngamma |\n| delta |\nepsilon |\nzeta |\nclosing words\nmore\n"
    got = [t for _, t in TX.prepare(text)]
    assert "closing words" in got and "more" in got
