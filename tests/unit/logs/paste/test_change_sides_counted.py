"""A table cell of a change whose sides print two counts and their share in brackets
('412/500 (82.40%) → 430/500 (86.00%)') under an acceptance column: each side is its share, a run
each (before, after), as a change of plain shares is read. A bracketed share that is not the
counts' quotient leaves the cell unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import change_table
from tests.unit.logs.paste.pipeline import Read

_ARROW = st.sampled_from([" → ", " -> ", "→", " => "])


def _side(acc: int, total: int) -> str:
    return f"{acc}/{total} ({100 * acc / total:.2f}%)"


def _table(cells: list[str]) -> str:
    return change_table("draft acceptance rate (old → new)", cells)


@settings(max_examples=examples(40), deadline=None)
@given(
    arrow=_ARROW,
    runs=st.lists(
        st.tuples(st.integers(200, 2000), st.integers(10, 95), st.integers(10, 95)),
        min_size=1,
        max_size=3,
    ),
)
def test_each_side_is_a_run(read: Read, arrow: str, runs: list[tuple[int, int, int]]) -> None:
    cells, want = [], []
    for total, p1, p2 in runs:
        a, b = total * p1 // 100, total * p2 // 100
        cells.append(_side(a, total) + arrow + _side(b, total))
        want += [round(100 * a / total, 2) / 100, round(100 * b / total, 2) / 100]
    got = read(_table(cells)).records
    assert [r.printed_rate for r in got] == [pytest.approx(w) for w in want]


def test_negative_control_share_not_the_quotient() -> None:
    # 300/600 is 50%, not 60%: the bracket is something else, the cell is not read
    got = read_paste(_table(["300/600 (60.00%) → 320/600 (53.33%)"])).records
    assert not any(r.printed_rate == pytest.approx(0.6) for r in got)
