"""Cells of a change ('3.19→4.00', also '->', '=>', '⟶': a run before and a run after) in a
column named as what a step accepts ('accept/step', 'accepts per round'): each side is its own
record, in order. The column's values taken side by side decide its convention as any series
does (``interpret.accepted_series``): one below 1 and one above 1 prove accepted drafts per
step, each value 1 + it; otherwise each side is a length of unknown convention. Arrows in a
label, a column of signed changes and arrows in a speed column are no records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_ARROWS = st.sampled_from(["→", " → ", "->", " -> ", "=>", "⟶"])
_NAMES = st.sampled_from(["accept/step", "accept / step", "accepts per step", "accept/round"])


def _table(name: str, cells: list[str]) -> str:
    rows = [[f"w{i}", f"{50 + i}.4", c, f"{80 + i}.1"] for i, c in enumerate(cells)]
    return "Drafter bootstrap, before → after:\n\n" + pipe_table(
        ["regime", "tok/s", name, "vs flag-off"], rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    arrow=_ARROWS,
    pairs=st.lists(st.tuples(st.integers(101, 600), st.integers(101, 600)), min_size=1, max_size=4),
    low=st.integers(40, 96),
)
def test_a_value_below_one_among_arrow_cells_proves_accepted_drafts(
    name: str, arrow: str, pairs: list[tuple[int, int]], low: int
) -> None:
    # one side of the last row below 1 (0.40 - 0.96), every other value above 1
    pairs = [*pairs, (low + 10, low)]
    cells = [f"{a / 100:.2f}{arrow}{b / 100:.2f}" for a, b in pairs]
    got = read_paste(_table(name, cells)).records
    printed = [x / 100 for pair in pairs for x in pair]
    assert [r.printed_length for r in got] == printed
    assert [r.accept_length for r in got] == [round(1 + x, 2) for x in printed]
    assert all(r.bonus.value == "excluded" for r in got)


def test_the_bootstrap_table() -> None:
    text = _table("accept/step", ["3.19→4.00", "3.59→4.54", "4.78→5.33", "1.02→0.95"])
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [4.19, 5.0, 4.59, 5.54, 5.78, 6.33, 2.02, 1.95]
    assert [r.first_line for r in got] == [5, 5, 6, 6, 7, 7, 8, 8]


@settings(max_examples=examples(25), deadline=None)
@given(
    arrow=_ARROWS,
    pairs=st.lists(st.tuples(st.integers(110, 600), st.integers(110, 600)), min_size=1, max_size=4),
)
def test_values_above_one_alone_decide_nothing(arrow: str, pairs: list[tuple[int, int]]) -> None:
    cells = [f"{a / 100:.2f}{arrow}{b / 100:.2f}" for a, b in pairs]
    got = read_paste(_table("accept/step", cells)).records
    assert [r.printed_length for r in got] == [x / 100 for pair in pairs for x in pair]
    assert all(r.accept_length is None for r in got)


def test_negative_control_arrows_in_a_label() -> None:
    text = "Drafter quantised:\n\n" + pipe_table(
        ["quant", "accept/step", "tok/s"],
        [["fp16→int4", "2.31", "52.3"], ["bf16→int8", "2.05", "47.9"]],
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.31, 2.05]
    assert all(r.accept_length is None for r in got)
    assert ("quant", "fp16→int4") in got[0].labels


def test_negative_control_a_delta_column() -> None:
    text = "Bootstrap gain:\n\n" + pipe_table(
        ["regime", "tok/s", "Δ accept/step"],
        [["code", "56.8", "+0.8"], ["chat", "61.2", "-0.3"], ["math", "60.0", "+1.3"]],
    )
    assert read_paste(text).records == ()


def test_negative_control_arrows_in_a_speed_column() -> None:
    text = "Drafter bootstrap:\n\n" + pipe_table(
        ["regime", "tok/s", "accept/step"],
        [["code", "56.8→62.5", "2.93"], ["chat", "0.91→1.20", "2.10"]],
    )
    got = read_paste(text).records
    # the speeds are no records (0.91 → 1.20 proves nothing); the one column's values are
    assert [r.printed_length for r in got] == [2.93, 2.1]
    assert all(r.accept_length is None for r in got)
