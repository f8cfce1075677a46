"""A per-position table whose position 0 is the target's own token (position_zero.py): every
row's position 0 exactly 1 and its length the sum of all its positions, so the length counts the
bonus token. A row whose position 0 is below 1, or whose sum misses, decides nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEAD = ["backend", "token 0", "token 1", "token 2", "token 3", "accept length"]
_TITLE = (
    "Per-position acceptance rate, the chain collapsing after the first draft on one backend:\n\n"
)


def _row(name: str, first: str, drafts: list[float], length: float | None = None) -> list[str]:
    total = float(first) + sum(round(d, 3) for d in drafts)
    return [
        name,
        first,
        *(f"{d:.3f}" for d in drafts),
        f"{total if length is None else length:.2f}",
    ]


@settings(max_examples=examples(20), deadline=None)
@given(
    a=st.lists(st.integers(50, 999), min_size=3, max_size=3),
    b=st.lists(st.integers(50, 999), min_size=3, max_size=3),
)
def test_position_zero_in_the_sum(read: Read, a: list[int], b: list[int]) -> None:
    ra = sorted((x / 1000 for x in a), reverse=True)
    rb = sorted((x / 1000 for x in b), reverse=True)
    rows = [_row("fused_kv (before)", "1.00", ra), _row("triton", "1.00", rb)]
    got = read(_TITLE + pipe_table(_HEAD, rows)).records
    assert [r.accept_length for r in got] == pytest.approx([float(rows[0][-1]), float(rows[1][-1])])
    assert all(r.bonus.value == "included" for r in got)


def test_the_example_of_the_rule_table(read: Read) -> None:
    rows = [
        ["paged_attn", "1.00", "0.812", "0.455", "0.130", "2.40"],
        ["flash", "100%", "93.5%", "70.0%", "41.5%", "3.05"],
    ]
    got = read(_TITLE + pipe_table(["kernel", "pos 0", "pos 1", "pos 2", "pos 3", "acc len"], rows))
    assert [r.accept_length for r in got.records] == pytest.approx([2.40, 3.05])


@pytest.mark.parametrize(
    "rows",
    [
        # a position 0 below 1: a draft's position, not the target's token
        [
            ["a", "0.98", "0.894", "0.223", "0.054", "2.15"],
            ["b", "1.00", "0.999", "0.710", "0.333", "3.04"],
        ],
        # a sum that misses its length
        [
            ["a", "1.00", "0.894", "0.223", "0.054", "2.40"],
            ["b", "1.00", "0.999", "0.710", "0.333", "3.04"],
        ],
        # an approximate cell
        [
            ["a", "1.00", "~0.89", "0.223", "0.054", "2.17"],
            ["b", "1.00", "0.999", "0.710", "0.333", "3.04"],
        ],
    ],
)
def test_one_row_off_decides_nothing(read: Read, rows: list[list[str]]) -> None:
    got = read(_TITLE + pipe_table(_HEAD, rows)).records
    assert got and all(r.accept_length is None for r in got)


def test_positions_from_one_are_not_this_rule(read: Read) -> None:
    # position 1 = 1.00 is a draft always accepted: 1 + sum would be the length, never the sum
    head = ["backend", "token 1", "token 2", "token 3", "accept length"]
    rows = [["a", "1.00", "0.894", "0.223", "2.12"], ["b", "1.00", "0.710", "0.333", "2.04"]]
    got = read(_TITLE + pipe_table(head, rows)).records
    assert all(r.bonus.rule.find("position 0 = 1") < 0 for r in got)
