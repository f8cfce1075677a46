"""A figure's value told near the ceiling printed after it ('accept length near the ceiling of
3.46 out of 4'): the value is the measurement, the ceiling its bound (near_ceiling.py). The
value as the ceiling itself ('near the ceiling of 3.9'), a value above the ceiling after it,
or another measure's name stay unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["accept length", "mean acceptance length", "average accept length", "acceptance length"]
_NEAR = ["near the ceiling", "close to the maximum", "just below its cap", "near its limit"]
_JOIN = ["of", "at"]
_OUT = [" out of ", " of ", "/"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    near=st.sampled_from(_NEAR),
    join=st.sampled_from(_JOIN),
    out=st.sampled_from(_OUT),
    ceiling=st.integers(3, 8),
    below=st.integers(5, 90),
)
def test_the_value_near_its_ceiling_is_read(
    name: str, near: str, join: str, out: str, ceiling: int, below: int
) -> None:
    v = round(ceiling - below / 100, 2)
    text = f"The tuned drafter holds up well, with {name} {near} {join} {v:.2f}{out}{ceiling}.0.\n"
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [pytest.approx(v)]


@pytest.mark.parametrize(
    "text",
    [
        # the value is the ceiling: a bound
        "The tuned drafter holds up well, with accept length near the ceiling of 3.90.\n",
        # a value above the ceiling after it
        "The tuned drafter holds up well, with accept length near the ceiling of 4.20 out of 4.\n",
        # another measure
        "The tuned drafter holds up well, with throughput near the ceiling of 91.5 out of 100.\n",
    ],
)
def test_negative_control_nothing_read(read: Read, text: str) -> None:
    assert not read(text).records
