"""A table header naming a length for one turn of a conversation ('AL Turn1', 'accept length
turn 2'): the length's column, as '(turn 1)' in brackets is. A turn alone, another measure per
turn, or a length's name with another word after it stay as they were."""

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
    name=st.sampled_from(["AL", "accept length", "Acceptance Length", "acc len"]),
    turn=st.sampled_from(["Turn{}", "turn {}", "Turn-{}", "turn_{}"]),
    values=st.lists(
        st.tuples(st.integers(110, 480), st.integers(110, 480)), min_size=2, max_size=4
    ),
)
def test_a_length_per_turn_is_read_column_by_column(
    read: Read, name: str, turn: str, values: list[tuple[int, int]]
) -> None:
    head = f"| drafter | {name} {turn.format(1)} | {name} {turn.format(2)} |"
    body = "".join(f"| d{i} | {a / 100:.2f} | {b / 100:.2f} |\n" for i, (a, b) in enumerate(values))
    text = f"Speculative decoding on a two-turn chat set.\n\n{head}\n|---|---|---|\n{body}"
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for pair in values for v in pair]


@pytest.mark.parametrize("header", ["turn 1", "speedup turn 1", "AL turn", "AL chat 1"])
def test_other_headers_per_turn_name_no_length(header: str) -> None:
    assert C.key(header).metric is None


def test_a_speedup_per_turn_gives_no_record() -> None:
    text = (
        "Speculative decoding on a chat set.\n\n| drafter | speedup Turn1 | speedup Turn2 |\n"
        "|---|---|---|\n| d0 | 1.42 | 1.61 |\n| d1 | 1.30 | 1.55 |\n"
    )
    assert read_paste(text).records == ()
