"""Per-position rates in a bracket after a sentence naming the acceptance at the draft positions,
with the run's length printed after them ('Acceptance holds up at all three draft positions
(0.79 / 0.58 / 0.41, mean length 2.78)'): one record with the list and the printed length. The
per-position identity decides the bonus: 1 + the sum of the rates equal to the length within
its rounding counts it (and the sum alone equal to it leaves it out); any other length stays
undecided. A list rising, or not one value per position the sentence counts, is no list of
positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


@settings(max_examples=examples(25), deadline=None)
@given(
    rates=st.lists(st.integers(50, 950), min_size=2, max_size=5).map(
        lambda xs: sorted(xs, reverse=True)
    ),
    sep=st.sampled_from([" / ", "/", ", "]),
    lead=st.sampled_from(["1. ", "- ", ""]),
    counted=st.booleans(),
    name=st.sampled_from(["mean length", "mean acceptance length", "AL"]),
)
def test_bracket_list_with_its_length(
    rates: list[int], sep: str, lead: str, counted: bool, name: str
) -> None:
    listed = sep.join(f"{r / 1000:.3f}" for r in rates)
    length = 1 + sum(rates) / 1000
    many = f"all {_WORDS[len(rates)]} " if counted else "the "
    text = (
        "Notes from the MTP run.\n\n"
        f"{lead}Acceptance holds up at {many}draft positions under greedy sampling "
        f"({listed}, {name} {length:.2f}), so the defaults stay.\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    (r,) = got
    assert r.first_line == 3
    assert r.per_position == pytest.approx(tuple(x / 1000 for x in rates))
    assert r.printed_length == pytest.approx(round(length, 2))
    assert r.accept_length == pytest.approx(round(length, 2))  # 1 + sum: bonus included


def test_length_the_rates_do_not_give_is_undecided() -> None:
    text = "Acceptance at the draft positions (0.80 / 0.60 / 0.40, mean length 3.50).\n"
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx((0.8, 0.6, 0.4))
    assert r.printed_length == pytest.approx(3.5)
    assert r.accept_length is None


def test_rates_alone() -> None:
    (r,) = read_paste("Acceptance looks fine at the draft positions (0.81, 0.62, 0.40).\n").records
    assert r.per_position == pytest.approx((0.81, 0.62, 0.40))
    assert r.printed_length is None and r.accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        # rising: not a chain's positions
        "Acceptance at the draft positions (0.40 / 0.62 / 0.81, mean length 2.83).\n",
        # four positions counted, three values
        "Acceptance at all four draft positions (0.80 / 0.60 / 0.40, mean length 2.80).\n",
        # no acceptance named: a bracket of other figures
        "Latency at the three draft positions (0.80 / 0.60 / 0.40 ms).\n",
    ],
)
def test_no_list_of_positions(text: str) -> None:
    got = read_paste(text).records
    assert all(r.per_position == () for r in got)
    assert all(r.accept_length is None for r in got)
