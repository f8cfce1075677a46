"""A rate printed as a share of one right before the noun 'acceptance' ('0.74 acceptance',
'(60,000 tokens, 0.81 MTP acceptance)') is that run's acceptance rate, as '74% acceptance' is."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(10, 99),
    digits=st.sampled_from([2, 3]),
    name=st.sampled_from(["acceptance", "MTP acceptance", "draft acceptance rate"]),
    shape=st.sampled_from(
        [
            "The draft head still fits ({tokens} tokens, {v} {name}).",
            "Our quantized build ran at {v} {name} on the chat prompts.",
        ]
    ),
)
def test_a_fraction_before_acceptance_is_the_rate(
    rate: int, digits: int, name: str, shape: str
) -> None:
    v = f"0.{rate:02d}" if digits == 2 else f"0.{rate:02d}7"
    text = shape.format(tokens="64,000", v=v, name=name) + "\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [float(v)]
    assert got[0].accept_length is None  # a rate alone: no length


def test_negative_control_a_threshold_or_a_count_after_the_fraction_is_no_rate() -> None:
    for text in (
        "Set a 0.70 acceptance threshold for the gate.\n",
        "At >= 0.70 acceptance the draft pays off.\n",
        "The gate needs 0.60 acceptance rate to help.\n",
        "The run reached 0.712 accepted tokens.\n",
    ):
        assert read_paste(text).records == (), text


def test_negative_control_a_whole_number_before_acceptance_is_no_rate() -> None:
    assert read_paste("We ran 3 acceptance tests on the build.\n").records == ()


def test_the_fraction_pattern_is_linear_on_a_long_line() -> None:
    line = "0.12 " * 1000 + ".5 1 acceptance, " * 200 + "0.1,.9 %-3 " * 900
    best = 1.0
    for _ in range(3):  # (the best of three: a loaded machine's pauses aside)
        t = time.perf_counter()
        list(I._PCT_FIRST.finditer(line))
        best = min(best, time.perf_counter() - t)
    assert best < 0.05
