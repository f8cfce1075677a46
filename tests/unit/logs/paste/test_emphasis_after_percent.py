"""A percentage followed by emphasis opening a bracket (`12.50% *(mean accept: 0.125)*`) keeps its
`%`: the `*` opens the emphasis, it multiplies nothing (a formula's `0.6 * (k - 1)` or
`0.6 * k` stays no value)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.interpret import pairs
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    hundredths=st.integers(1, 9999),
    aside=st.sampled_from(["*(mean accept: 0.125)*", "*(of 400 drafts)*", "_(window)_ *(est.)*"]),
    key=st.sampled_from(["* **Acceptance rate:**", "draft acceptance:", "accept_rate ="]),
)
def test_a_percentage_before_emphasis_keeps_its_sign(hundredths: int, aside: str, key: str) -> None:
    line = f"{key} {hundredths / 100:.2f}% {aside}"
    got = [(v.number, v.percent) for k, v, *_ in pairs(line) if k.metric == "accept_rate"]
    assert got[0] == (pytest.approx(hundredths / 100), True)


@pytest.mark.parametrize(
    "line",
    ["acceptance rate: 0.6 * (k - 1)", "acceptance rate: 0.6 * k", "acceptance rate: 0.6 *k*"],
)
def test_negative_control_a_formula_stays_no_value(line: str) -> None:
    assert not any(k.metric == "accept_rate" for k, *_ in pairs(line))
