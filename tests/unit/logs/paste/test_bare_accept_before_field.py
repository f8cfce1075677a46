"""A bare 'accept' key with '=' or ':' (`avg_accept=1.52`, `mean_accept: 0.48`) followed on its
line by the next field's key (`skipped=12`, `idle: 3`) is read as at the line's end: a fraction a
rate, a decimal from 1 to 16 a length of unknown convention. A word after the value that is no
key (`accept: 2.5 tokens`, `accept=2.5 tokens/step`) stays its unit: no bare figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.interpret import pairs
from specdiag.core.logs.paste.model import UNKNOWN
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(20, 5000),
    rate=st.integers(300, 9900),
    length=st.integers(105, 480),
    name=st.sampled_from(["avg_accept", "mean_accept", "median_accept"]),
    sep=st.sampled_from(["=", ": "]),
    after=st.sampled_from(["skipped=12", "idle_steps=40 gated=7", "stalls: 3"]),
    wrapped=st.booleans(),
)
def test_a_bare_accept_length_before_another_field(
    steps: int, rate: int, length: int, name: str, sep: str, after: str, wrapped: bool
) -> None:
    gap = "\n" if wrapped else " "
    line = (
        f"rounds={steps} acceptance_rate={rate / 100:.2f}% {name}{sep}{length / 100:.2f}"
        f"{gap}{after}"
    )
    got = read_paste("counter dump:\n\n```\n" + line + "\n```\n").records
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(length / 100)
    assert got[0].printed_rate == pytest.approx(rate / 10000)
    assert got[0].accept_length is None and got[0].bonus.value == UNKNOWN


@pytest.mark.parametrize(
    "line", ["accept: 2.5 tokens", "accept=2.5 tokens/step", "avg_accept=1.7 draft tokens"]
)
def test_negative_control_a_unit_after_the_value(line: str) -> None:
    assert [k.metric for k, *_ in pairs(line)] == []
