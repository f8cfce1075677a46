"""Per-position rates beside a per-step figure (evidence._by_positions): the figure equal to the
sum of the rates' running products (r0 + r0*r1 + r0*r1*r2) and not to their plain sum proves
the rates conditional (each given the position before accepted) and the figure the accepted
drafts per step (1 + it the accept length); 1 + that sum, a length with the bonus token."""

from __future__ import annotations

from itertools import accumulate
from operator import mul

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

# 0.91 + 0.91*0.82 + 0.91*0.82*0.73 = 2.2009 (running products); plain sum 2.46
_RATES = ["0.91", "0.82", "0.73"]
_RATES_B = ["0.95", "0.85", "0.75"]  # 0.95 + 0.8075 + 0.605625 = 2.3631; plain sum 2.55


def _table(name: str, a: str, b: str) -> str:
    return "Results, 3 draft tokens a step:\n\n" + pipe_table(
        ["Draft", "Pos 1", "Pos 2", "Pos 3", name],
        [["small head", *_RATES, a], ["tuned head", *_RATES_B, b]],
    )


def test_accepted_equal_to_the_running_products(read: Read) -> None:
    got = read(_table("AvgAccepted", "2.20", "2.36")).records
    assert [r.printed_length for r in got] == pytest.approx([2.20, 2.36])
    assert [r.accept_length for r in got] == pytest.approx([3.20, 3.36])
    assert all(r.bonus.value == EXCLUDED for r in got)
    assert "running products" in got[0].bonus.rule
    # the rates come back as the marginal ones they prove: P(position i accepted)
    assert got[0].per_position == pytest.approx((0.91, 0.7462, 0.544726))


def test_a_length_equal_to_one_plus_the_running_products(read: Read) -> None:
    got = read(_table("Accept length", "3.20", "3.36")).records
    assert [r.accept_length for r in got] == pytest.approx([3.20, 3.36])
    assert all(r.bonus.value == INCLUDED for r in got)


def test_the_plain_sum_still_reads_marginal_rates() -> None:
    got = read_paste(_table("AvgAccepted", "2.46", "2.55")).records
    assert [r.accept_length for r in got] == pytest.approx([3.46, 3.55])
    assert got[0].per_position == pytest.approx((0.91, 0.82, 0.73))
    assert "running products" not in got[0].bonus.rule


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("2.32", "2.45"),  # between the two sums: neither identity holds
        ("1.80", "2.00"),  # below both
    ],
)
def test_no_identity_decides_nothing(a: str, b: str) -> None:
    got = read_paste(_table("AvgAccepted", a, b)).records
    assert got and all(r.accept_length is None for r in got)


def test_one_position_has_no_chain() -> None:
    text = pipe_table(["Draft", "Pos 1", "AvgAccepted"], [["small head", "0.91", "0.91"]])
    got = read_paste(text).records
    assert all("running products" not in r.bonus.rule for r in got)


@settings(max_examples=examples(60), deadline=None)
@given(
    rates=st.lists(st.integers(30, 99).filter(lambda x: x % 10 != 0), min_size=2, max_size=6),
    with_bonus=st.booleans(),
)
def test_generated_conditional_rates(rates: list[int], with_bonus: bool) -> None:
    cond = [r / 100 for r in rates]
    running = sum(accumulate(cond, mul))
    plain = sum(cond)
    printed = round(running + (1 if with_bonus else 0), 2)
    name = "Accept length" if with_bonus else "AvgAccepted"
    text = pipe_table(
        ["Draft", *[f"Pos {i + 1}" for i in range(len(cond))], name],
        [["head", *[f"{c:.2f}" for c in cond], f"{printed:.2f}"]],
    )
    (r,) = read_paste(text).records
    expected = printed if with_bonus else printed + 1
    # never a false length: decided, it is the running products' reading
    assert r.accept_length is None or r.accept_length == pytest.approx(expected)
    n = len(cond)
    ptol, ctol = 0.005 + n * 0.005, 0.005 + 0.005 * n * (n + 1) / 2
    if plain - running > ptol + ctol + 0.01 and abs(1 + running - plain) > ptol + 0.01:
        # the readings far apart: the chain decides
        assert r.accept_length == pytest.approx(expected)


def test_a_rate_printed_with_a_trailing_zero_keeps_its_rounding() -> None:
    # '0.70' is rounded to the hundredth as printed, not to the tenth its float reads back as:
    # 1 + 0.70 + 0.49 + 0.294 = 2.484 is 0.08 from 2.40, far outside that rounding
    text = "".join(
        f"Acceptance rate at token {i}: {v}\n" for i, v in enumerate(["0.70", "0.70", "0.60"])
    )
    (r,) = read_paste(text + "Mean acceptance length: 2.40\n").records
    assert r.per_position == pytest.approx((0.70, 0.70, 0.60))
    assert "running products" not in r.bonus.rule
