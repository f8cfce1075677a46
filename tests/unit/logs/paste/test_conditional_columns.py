"""Columns of conditional rates named by their position ('cond 0', 'cond1', 'conditional 2',
'cond AR 3') beside an acceptance column: per-position rates, so the identity with the
length (1 + the sum of the rates' running products) decides the bonus. Columns named by no
position word ('cfg 1', 'run 2') stay unread, and a length that fits neither identity decides
nothing."""

from __future__ import annotations

from itertools import accumulate
from operator import mul

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.pastes import pipe_table

_SPELLINGS = ["cond{}", "cond {}", "Cond {}", "conditional {}", "cond AR {}", "cond_ar{}"]


def _rows(draw_rates: list[list[float]], length: list[str]) -> list[list[str]]:
    return [
        [f"setting {i}", *(f"{r:.2f}" for r in rates), ln]
        for i, (rates, ln) in enumerate(zip(draw_rates, length, strict=True))
    ]


def _length(rates: list[float]) -> float:
    return 1 + sum(accumulate(rates, mul))


@settings(max_examples=30, deadline=None)
@given(
    spelling=st.sampled_from(_SPELLINGS),
    first=st.sampled_from([0, 1]),
    rates=st.lists(
        st.lists(st.integers(55, 92).map(lambda x: x / 100), min_size=3, max_size=4),
        min_size=2,
        max_size=3,
    )
    # rows of one width, no two the same: two identical runs are one run told twice
    .filter(lambda rs: len({len(r) for r in rs}) == 1 and len({tuple(r) for r in rs}) == len(rs))
    # and some row's length apart from the plain sum of its rates (the bonus-excluded reading
    # of rates as marginal ones): where every row fits both readings, neither decides
    .filter(lambda rs: any(abs(sum(r) - _length(r)) > 0.03 for r in rs)),
)
def test_conditional_columns_decide_the_bonus(
    spelling: str, first: int, rates: list[list[float]]
) -> None:
    n = len(rates[0])
    header = ["Run", *(spelling.format(first + i) for i in range(n)), "mean AL"]
    lengths = [f"{_length(r):.3f}" for r in rates]
    text = "Greedy, four drafts a step:\n\n" + pipe_table(header, _rows(rates, lengths))
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([float(x) for x in lengths])
    assert all(r.bonus.value == INCLUDED for r in got)
    assert got[0].accept_length == pytest.approx(float(lengths[0]))


def test_the_positions_come_back_as_marginal_rates() -> None:
    rates = [0.9, 0.8, 0.7]
    header = ["Run", "cond0", "cond1", "cond2", "mean AL"]
    rows = [["a", "0.90", "0.80", "0.70", f"{_length(rates):.3f}"]]
    rows.append(["b", "0.85", "0.75", "0.65", f"{_length([0.85, 0.75, 0.65]):.3f}"])
    got = read_paste("Run results:\n\n" + pipe_table(header, rows)).records
    assert got[0].per_position == pytest.approx((0.9, 0.72, 0.504))
    assert "running products" in got[0].bonus.rule


@pytest.mark.parametrize("spelling", ["cfg {}", "run {}", "second{}", "condition"])
def test_columns_named_by_no_position_stay_unread(spelling: str) -> None:
    header = ["Run", *(spelling.format(i) for i in range(3)), "mean AL"]
    rows = [["a", "0.90", "0.80", "0.70", "3.124"], ["b", "0.85", "0.75", "0.65", "2.900"]]
    got = read_paste("Run results:\n\n" + pipe_table(header, rows)).records
    assert all(not r.per_position for r in got)
    assert all(r.bonus.value == UNKNOWN for r in got)


def test_a_length_fitting_neither_identity_decides_nothing() -> None:
    # running products 0.9 + 0.72 + 0.504 = 2.124, plain sum 2.4: 3.70 fits neither reading
    header = ["Run", "cond 1", "cond 2", "cond 3", "mean AL"]
    rows = [["a", "0.90", "0.80", "0.70", "3.70"], ["b", "0.90", "0.80", "0.70", "3.75"]]
    got = read_paste("Run results:\n\n" + pipe_table(header, rows)).records
    assert all(r.bonus.value == UNKNOWN for r in got)
