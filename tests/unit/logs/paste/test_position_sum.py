"""A per-step figure with its run's per-position rates in a bracket after it ('averages 1.52
(per-position acceptance 0.74 / 0.49 / 0.29)', Japanese '平均 1.52 (深度別の受理 ...)'): a chain's
per-position rates are the shares of the steps accepting each position, so their sum is the
accepted drafts a step. The figure equal to the sum (and not to 1 + it) leaves the bonus out
(length 1 + it); equal to 1 + the sum, it counts it. One record with the rates. Rising rates, a
sum giving neither, a bracket naming no positions, or no acceptance named: nothing decided."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATES = st.lists(st.integers(5, 95), min_size=2, max_size=5).map(
    lambda xs: sorted(xs, reverse=True)
)


@settings(max_examples=examples(25), deadline=None)
@given(
    rates=_RATES,
    plus_one=st.booleans(),
    sep=st.sampled_from([" / ", "/", ", "]),
    pct=st.booleans(),
    shape=st.sampled_from(
        [
            "With n_draft={k} the measured acceptance averages {x} ({name} {lst}).",
            "Acceptance in the last run: mean {x} ({name}: {lst}), good enough for now.",
            "実測受理は n_draft={k} のとき平均 {x} ({name} {lst})。",
        ]
    ),
    name=st.sampled_from(
        [
            "per-position acceptance",
            "per-depth",
            "by draft position",
            "深度別の連鎖受理",
            "位置別の受理",
        ]
    ),
)
def test_figure_with_its_position_rates(
    read: Read, rates: list[int], plus_one: bool, sep: str, pct: bool, shape: str, name: str
) -> None:
    total = sum(rates) / 100
    x = f"{total + (1 if plus_one else 0):.2f}"
    # (rates whose running products, read as conditional rates, also give the figure within the
    # printed rounding decide nothing: [39, 39, 39, 36, 9] sum to 1.62, and 1 + their products'
    # sum is 1.625; the evidence rule declines both, as it should)
    prods, acc = 0.0, 1.0
    for r in rates:
        acc *= r / 100
        prods += acc
    tol = 0.005 * (len(rates) + 1) + 1e-9
    assume(all(abs(float(x) - v) > tol for v in (prods, 1 + prods)))
    lst = sep.join(f"{r}%" if pct else f"{r / 100:.2f}" for r in rates)
    text = "Notes\n\n" + shape.format(k=len(rates), x=x, name=name, lst=lst) + "\n"
    recs = read(text).records
    assert len(recs) == 1
    (r,) = recs
    assert r.first_line == 3
    assert r.printed_length == pytest.approx(float(x))
    assert r.accept_length == pytest.approx(1 + total)
    assert r.per_position == pytest.approx(tuple(v / 100 for v in rates))


@pytest.mark.parametrize(
    "text",
    [
        # the sum gives neither the figure nor the figure - 1
        "Measured acceptance averages 1.90 (per-position 0.69 / 0.43 / 0.26).\n",
        # rising: no chain's positions
        "Measured acceptance averages 1.38 (per-position 0.26 / 0.43 / 0.69).\n",
        # a bracket naming no positions (three runs' rates)
        "Measured acceptance averages 1.38 (runs 0.69 / 0.43 / 0.26).\n",
        # no acceptance named: a latency's split by position
        "The verify step takes 1.38 ms (per-position 0.69 / 0.43 / 0.26).\n",
    ],
)
def test_nothing_decided(read: Read, text: str) -> None:
    assert all(r.accept_length is None for r in read(text).records)
