"""A sweep over k whose rate rises as k grows (`interpret._k_rates_rise`): drafts accepted over
drafts made by a chain of k never rise with k (a further draft is accepted only after those
before it), so such a rate is some other one (per token verified, a paper's alpha) and 1 + k x
rate is no length for the rows of k > 1; the row of k = 1 keeps 1 + rate (one draft a step,
either rate). Rows told apart by more than k (two methods) are compared within their own kind."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _sweep(header: str, rates: list[float]) -> str:
    rows = [[str(k), f"{30 + 3 * k}.0", f"{r:.1f}%"] for k, r in enumerate(rates, start=1)]
    return "## Draft length sweep\n\n" + pipe_table([header, "tok/s", "Acceptance Rate"], rows)


def _lengths(text: str, read: Read = read_paste) -> list[float | None]:
    return [r.accept_length for r in read(text).records]


@pytest.mark.parametrize("header", ["γ", "num_speculative_tokens"])
def test_rising_rates_give_no_length_past_one(read: Read, header: str) -> None:
    got = _lengths(_sweep(header, [74.0, 70.5, 71.8, 73.2]), read)
    assert got[0] == pytest.approx(1.74)
    assert got[1:] == [None, None, None]


@pytest.mark.parametrize("header", ["γ", "num_speculative_tokens"])
def test_falling_rates_keep_one_plus_k_rate(header: str) -> None:
    got = _lengths(_sweep(header, [80.0, 66.0, 55.0, 47.0]))
    assert got == pytest.approx([1.8, 2.32, 2.65, 2.88])


def test_a_rise_across_two_methods_is_no_rise() -> None:
    # each method's rate falls with k; the second method's rates sit above the first's
    text = "## Sweep\n\n" + pipe_table(
        ["Config", "Acceptance Rate"],
        [
            ["small draft k=2", "52.0%"],
            ["small draft k=4", "40.0%"],
            ["large draft k=2", "81.0%"],
            ["large draft k=4", "70.0%"],
        ],
    )
    assert _lengths(text) == pytest.approx([2.04, 2.6, 2.62, 3.8])


def test_a_rise_within_one_method_beside_another() -> None:
    text = "## Sweep\n\n" + pipe_table(
        ["Config", "Acceptance Rate"],
        [
            ["small draft k=2", "52.0%"],
            ["small draft k=4", "58.0%"],
            ["large draft k=2", "81.0%"],
            ["large draft k=4", "70.0%"],
        ],
    )
    assert _lengths(text) == pytest.approx([None, None, 2.62, 3.8])


@settings(max_examples=examples(40), deadline=None)
@given(
    start=st.integers(min_value=550, max_value=850),
    steps=st.lists(st.integers(min_value=-60, max_value=60), min_size=3, max_size=6),
)
def test_any_rise_past_the_rounding_drops_the_lengths(start: int, steps: list[int]) -> None:
    rates = [start / 10]
    for s in steps:
        rates.append(min(max(rates[-1] + s / 10, 5.0), 99.0))
    got = _lengths(_sweep("γ", rates))
    rise = any(b > a + 0.1 for i, a in enumerate(rates) for b in rates[i + 1 :])
    assert got[0] == pytest.approx(1 + round(rates[0], 1) / 100)
    if rise:
        assert got[1:] == [None] * (len(rates) - 1)
    else:
        want = [1 + k * round(r, 1) / 100 for k, r in enumerate(rates, start=1)]
        assert got == pytest.approx(want)
