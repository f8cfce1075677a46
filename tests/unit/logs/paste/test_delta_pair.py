"""Two columns named only by a column of their differences ('| Prompt | Base | Tuned | Δaccept |'
over '| a | 8% | 21% | +13pp |'): where the differences are, in every row, the later column minus
the earlier (or the reverse) within the printed rounding, both columns are the acceptance figure
the differences name, one record a cell (row by row), the rate alone, no length
(``delta_pair.py``). Nothing where the identity fails in any row, or where the differences name
no acceptance figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_DELTA_NAMES = st.sampled_from(
    ["Δaccept", "Δ accept rate", "accept diff", "acceptance gain", "Δ acceptance", "accept Δ"]
)
_UNITS = st.sampled_from(["pp", " pp", "pts", "%"])


def _table(delta: str, rows: list[tuple[int, int]], unit: str, time: bool = True) -> str:
    body = []
    for i, (a, b) in enumerate(rows):
        d = f"{b - a:+d}{unit}"
        body.append([f"prompt {i}", f"{a}%", f"{b}%", d, *([f"{(i % 3) - 1:+d}%"] if time else [])])
    head = ["Prompt", "Base draft", "Tuned draft", delta, *(["Δtime"] if time else [])]
    return "Drafter fine-tune on our data:\n\n" + pipe_table(head, body)


_ROWS = st.lists(
    st.tuples(st.integers(1, 60), st.integers(1, 60)).filter(lambda p: p[0] != p[1]),
    min_size=2,
    max_size=5,
)


@settings(max_examples=examples(30), deadline=None)
@given(delta=_DELTA_NAMES, rows=_ROWS, unit=_UNITS, time=st.booleans())
def test_the_differences_name_both_columns(
    delta: str, rows: list[tuple[int, int]], unit: str, time: bool
) -> None:
    got = read_paste(_table(delta, rows, unit, time)).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 100) for pair in rows for x in pair]
    assert all(r.accept_length is None and r.printed_length is None for r in got)
    assert [r.first_line for r in got] == [5 + i for i in range(len(rows)) for _ in (0, 1)]
    assert all(any(n.startswith("identity: the ") for n in r.notes) for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(delta=_DELTA_NAMES, rows=_ROWS, wrong=st.integers(0, 4), by=st.integers(2, 9))
def test_negative_control_one_row_off(
    delta: str, rows: list[tuple[int, int]], wrong: int, by: int
) -> None:
    text = _table(delta, rows, "pp")
    # one row's difference off by more than its rounding
    lines = text.split("\n")
    i = 4 + wrong % len(rows)
    cells = lines[i].split(" | ")
    a, b = rows[wrong % len(rows)]
    cells[3] = f"{b - a + by:+d}pp"
    lines[i] = " | ".join(cells)
    assert read_paste("\n".join(lines)).records == ()


def test_the_fine_tune_table() -> None:
    text = "## Fine-tuned drafter: +13pp acceptance\n\n" + pipe_table(
        ["Query", "Pretrained", "Fine-tuned", "Δaccept", "Δtime"],
        [
            ["list logs", "8%", "21%", "+13pp", "-11%"],
            ["find tests", "3%", "23%", "+20pp", "-25%"],
            ["sort by size", "13%", "25%", "+12pp", "-7%"],
        ],
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([0.08, 0.21, 0.03, 0.23, 0.13, 0.25])
    assert [dict(r.labels)["column"] for r in got] == ["Pretrained", "Fine-tuned"] * 3


def test_negative_control_a_difference_of_no_two_columns() -> None:
    text = "Drafter fine-tune:\n\n" + pipe_table(
        ["Prompt", "Base draft", "Tuned draft", "Δaccept"],
        [["a", "8%", "21%", "+9pp"], ["b", "3%", "23%", "+4pp"]],
    )
    assert read_paste(text).records == ()


def test_negative_control_a_time_difference_alone() -> None:
    text = "Drafter fine-tune, acceptance not measured:\n\n" + pipe_table(
        ["Prompt", "Base draft", "Tuned draft", "Δtime"],
        [["a", "8%", "21%", "+13%"], ["b", "3%", "23%", "+20%"]],
    )
    assert read_paste(text).records == ()


def test_negative_control_a_bare_diff_column() -> None:
    # any measure's difference holds as well: a bare 'diff' names no acceptance figure
    text = "Speculative decoding, draft fine-tune:\n\n" + pipe_table(
        ["Prompt", "Base", "Tuned", "diff"],
        [["a", "40.1", "52.3", "+12.2"], ["b", "38.0", "47.5", "+9.5"]],
    )
    assert read_paste(text).records == ()
