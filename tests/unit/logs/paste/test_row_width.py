"""A table's width column ('Width', 'Block size'): where every row's length is 1 + rate x
(width - 1) within its printed rounding (two rows or more, two widths or more), the block holds
the target's token and width - 1 drafts and the length counts the bonus token (drafts.py).
A row failing the identity, one width only, or a tree's width beside its depth (the identity
fails) decide nothing."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.pastes import pipe_table


def _paste(width: str, rows: list[list[str]]) -> str:
    table = pipe_table(["Drafter", width, "acc_len", "accept rate", "decode speedup"], rows)
    return f"## Results\n\nqwen3-8b, gsm8k, 8 prompts.\n\n{table}\n"


_ROWS = [
    ["eagle", "4", "2.614", "0.538", "1.41x"],  # 1 + 3 x 0.538 = 2.614
    ["dflash", "16", "5.950", "0.330", "1.12x"],  # 1 + 15 x 0.330 = 5.950
]


@pytest.mark.parametrize("width", ["Width", "Block size", "block_size", "Draft block size"])
def test_identity_in_every_row_counts_the_bonus(width: str) -> None:
    recs = read_paste(_paste(width, _ROWS)).records
    assert [r.bonus.value for r in recs] == [INCLUDED, INCLUDED]
    assert [r.accept_length for r in recs] == [2.614, 5.95]


def test_one_row_failing_decides_nothing() -> None:
    rows = [*_ROWS, ["medusa", "8", "3.400", "0.550", "1.20x"]]  # 1 + 7 x 0.55 = 4.85
    recs = read_paste(_paste("Width", rows)).records
    assert all(r.bonus.value == UNKNOWN for r in recs)


def test_one_width_only_decides_nothing() -> None:
    rows = [["eagle", "4", "2.614", "0.538", "1.41x"], ["eagle-b", "4", "2.200", "0.400", "1x"]]
    recs = read_paste(_paste("Width", rows)).records
    assert all(r.bonus.value == UNKNOWN for r in recs)


def test_tree_width_beside_depth_fails_the_identity() -> None:
    # a tree 8 wide and 4 deep: 1 + 0.6 x 4 = 3.4 tokens a step, not 1 + 0.6 x 7
    rows = [["eagle", "8", "3.400", "0.600", "1.5x"], ["eagle", "10", "3.000", "0.500", "1.4x"]]
    recs = read_paste(_paste("Tree width", rows)).records
    assert all(r.bonus.value == UNKNOWN for r in recs)
