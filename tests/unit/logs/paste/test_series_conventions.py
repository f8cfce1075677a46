"""Conventions a series proves by one of its values: a length above the draft tokens per step
the paste states counts the bonus token, whatever the column is called ('acceptance'), and the
column follows it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


def _ab(setup: str, off: str, on: str, name: str = "acceptance") -> str:
    return f"Two arms, {setup}, identical apart from the flag:\n\n" + pipe_table(
        ["", "TPOT", name, "step"],
        [["off", "41.2 ms", off, "120.1 ms"], ["on", "38.9 ms", on, "116.4 ms"]],
    )


def test_a_column_above_the_stated_k_counts_the_bonus_under_any_name() -> None:
    got = read_paste(_ab("MTP k=3", "2.918", "3.015")).records
    assert [r.accept_length for r in got] == [2.918, 3.015]
    assert got[1].bonus.rule.startswith("value: a length above the draft tokens per step")
    assert got[0].bonus.rule.startswith("the paste's other lengths of this name")


@pytest.mark.parametrize(
    "setup",
    [
        "MTP k=4",  # every length below k: nothing proven
        "MTP k=3 on one arm and k=4 on the other",  # several k
        "MTP on",  # no k
    ],
)
def test_negative_control_no_length_above_one_stated_k(setup: str) -> None:
    got = read_paste(_ab(setup, "2.918", "3.015")).records
    assert got and all(r.accept_length is None for r in got)


def test_negative_control_another_column_does_not_follow() -> None:
    text = "Runs with MTP k=3:\n\n" + pipe_table(
        ["run", "acceptance", "draft acceptance length"],
        [["a", "3.40", "2.10"], ["b", "3.10", "1.95"]],
    )
    got = {(r.printed_length, r.accept_length) for r in read_paste(text).records}
    assert (3.4, 3.4) in got and (3.1, 3.1) in got
    assert all(al is None for pl, al in got if pl is not None and pl < 3)


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 6),
    over=st.integers(1, 90),
    under=st.integers(0, 90),
)
def test_generated_above_k_columns(k: int, over: int, under: int) -> None:
    high = f"{k + over / 100:.2f}"
    low = f"{k - under / 100:.2f}"
    got = read_paste(_ab(f"MTP k={k}", low, high)).records
    assert [r.accept_length for r in got] == [float(low), float(high)]
