"""The accumulator's sums are exact: whatever the values, their order and the batches."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.summary import UNIT_BITS, exact_sums, ratio
from tests.support.examples import examples

_VALUES = st.lists(
    st.one_of(
        st.floats(1.0, 4.0),  # accept lengths: few binary exponents
        st.floats(0.0, 1e9),  # throughputs, rates, tiny values, subnormals
    ),
    min_size=1,
    max_size=60,
)


# values within a few binary exponents and weights below 2**20 (printed accept lengths, rates,
# drafted tokens per interval): the int64 path; the others: the bincount path
_NARROW = st.lists(st.floats(0.5, 100.0), min_size=1, max_size=60)


@settings(deadline=None, max_examples=examples(150))
@given(st.one_of(_VALUES, _NARROW), st.sampled_from([2**50, 2**20 - 1]), st.data())
def test_sums_are_the_exact_rational_sums(
    values: list[float], wmax: int, data: st.DataObject
) -> None:
    x = np.array(values)
    w = np.array(data.draw(st.lists(st.integers(0, wmax), min_size=len(x), max_size=len(x))))
    groups = np.array(data.draw(st.lists(st.integers(0, 3), min_size=len(x), max_size=len(x))))

    def sums(*args: object, **kw: object) -> list[Fraction]:  # units of 2**-UNIT_BITS, as rationals
        return [Fraction(u, 1 << UNIT_BITS) for u in exact_sums(*args, **kw)]  # type: ignore[arg-type]

    assert sums(x) == [sum(map(Fraction, values), Fraction(0))]
    assert sums(x, w) == [
        sum((Fraction(v) * int(k) for v, k in zip(values, w.tolist(), strict=True)), Fraction(0))
    ]
    by_group = sums(x, groups=groups, ngroups=4)
    for g in range(4):
        assert by_group[g] == sum(
            (Fraction(v) for v, h in zip(values, groups.tolist(), strict=True) if h == g),
            Fraction(0),
        )
    # any order, any split into batches: the same sum
    perm = np.array(data.draw(st.permutations(range(len(x)))), np.int64)
    cut = data.draw(st.integers(0, len(x)))
    y = x[perm]
    assert exact_sums(y[:cut])[0] + exact_sums(y[cut:])[0] == exact_sums(x)[0]


@settings(deadline=None, max_examples=examples(100))
@given(st.integers(0, 2**1300), st.integers(1, 2**40))
def test_ratio_is_the_correctly_rounded_quotient(units: int, n: int) -> None:
    assert ratio(units, n) == float(Fraction(units, n << UNIT_BITS))
