"""A decimal above 16 and below 100 printed without '%' right before 'acceptance rate' ('at
58.3 acceptance rate') is that run's rate as a percentage: no share of one and no count of
tokens a step is so large. Values of 16 or less, the bare noun without 'rate',
and a target or a threshold named after the rate are no such rate."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(170, 999),
    shape=st.sampled_from(
        [
            "Second card alone: 141.2 tok/s median with {v} acceptance rate\n",
            "The offloaded arm held {v} acceptance rate over three prompts.\n",
            "- bigger quant, longer context: 63.0 tok/s at {v} acceptance rate\n",
        ]
    ),
)
def test_a_plain_decimal_above_16_before_the_rate_is_a_percentage(tenths: int, shape: str) -> None:
    v = f"{tenths / 10:.1f}"
    got = read_paste(shape.format(v=v)).records
    assert [round(r.printed_rate or 0, 6) for r in got] == [round(float(v) / 100, 6)]
    assert got[0].accept_length is None


def test_near_misses_read_nothing() -> None:
    for text in (
        "Second card alone: 141 tok/s median with 12.5 acceptance rate\n",  # 16 or less
        "Second card alone: 141 tok/s median with 58.3 acceptance\n",  # no 'rate'
        "We kept the 55.0 acceptance rate threshold from the last sweep.\n",  # a threshold
        "Our 70.5 acceptance rate target was never met.\n",  # a target
        "Second card alone: 141 tok/s median, 58.3 accepted tokens per request\n",  # a count
    ):
        assert read_paste(text).records == (), text


def test_the_pattern_stays_linear_on_a_long_line() -> None:
    line = "58.3 " * 1000 + "17.25 acceptance " * 300 + "99.9 acceptance rat " * 300
    best = 1.0
    for _ in range(3):
        t = time.perf_counter()
        list(I._PCT_FIRST.finditer(line))
        best = min(best, time.perf_counter() - t)
    assert best < 0.05
