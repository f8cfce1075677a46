"""A table header naming a figure for one turn of a conversation with the turn first ('Turn-2
accept length', 'turn 1 AL'): the figure's column, as with the turn after the name. A turn
before another measure, a turn alone, or a turn with no number stay as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["AL", "accept length", "Acceptance Length", "acc len", "mean AL"]),
    turn=st.sampled_from(["Turn{}", "turn {}", "Turn-{}", "turn_{}", "TURN {}"]),
    number=st.integers(1, 12),
    pad=st.sampled_from(["", " ", "  "]),
    values=st.lists(st.integers(110, 480), min_size=2, max_size=5),
)
def test_a_length_after_its_turn_is_read(
    read: Read, name: str, turn: str, number: int, pad: str, values: list[int]
) -> None:
    head = f"|{pad}users{pad}|{pad}tok/s{pad}|{pad}{turn.format(number)} {name}{pad}|"
    body = "".join(f"| {2**i} | {300 + i} | {v / 100:.2f} |\n" for i, v in enumerate(values))
    text = f"Speculative decoding on a chat set.\n\n{head}\n|---:|---:|---:|\n{body}"
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for v in values]


@settings(max_examples=examples(30), deadline=None)
@given(
    turn=st.sampled_from(["Turn-{}", "turn {}"]),
    number=st.integers(1, 9),
    labels=st.sampled_from([("cap on", "cap off"), ("tuned", "stock"), ("new", "old")]),
    values=st.lists(
        st.tuples(st.integers(150, 520), st.integers(150, 520)), min_size=2, max_size=4
    ),
)
def test_a_turn_first_pair_header_gives_two_runs_a_cell(
    read: Read,
    turn: str,
    number: int,
    labels: tuple[str, str],
    values: list[tuple[int, int]],
) -> None:
    head = f"| users | {turn.format(number)} accept length, {labels[0]} / {labels[1]} |"
    body = "".join(
        f"| {2**i} | {a / 100:.3f} / {b / 100:.3f} |\n" for i, (a, b) in enumerate(values)
    )
    text = f"{head}\n|---:|---:|\n{body}"
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for pair in values for v in pair]


@pytest.mark.parametrize(
    "header",
    ["turn 2", "turn 2 speedup", "Turn-1 tok/s", "turns 2 AL", "turn 123 AL", "2 turn AL"],
)
def test_other_turn_first_headers_name_no_length(header: str) -> None:
    assert C.key(header).metric is None


def test_a_speedup_after_its_turn_gives_no_record() -> None:
    text = (
        "Speculative decoding on a chat set.\n\n| drafter | Turn-1 speedup | Turn-2 speedup |\n"
        "|---|---|---|\n| d0 | 1.42 | 1.61 |\n| d1 | 1.30 | 1.55 |\n"
    )
    assert read_paste(text).records == ()
