"""A figure's name, words saying where it was taken, then a bracket of its values alone
(bracket_values.py): one record a value; two values (an interval), a bracket after the figure's
own value, mixed kinds or another measure's name between are not read as runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = st.sampled_from(["Mean acceptance", "Average accept length", "The acceptance length"])
_MIDS = st.sampled_from(
    [
        " is the same on both heads at each context ",
        " holds across the contexts ",
        " per prompt set ",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    mid=_MIDS,
    vals=st.lists(st.integers(200, 700), min_size=3, max_size=7, unique=True),
)
def test_each_bracketed_value_is_a_record(read, name: str, mid: str, vals: list[int]) -> None:
    listed = ", ".join(f"{v / 100:.2f}" for v in vals)
    text = f"Speculative decoding with a block drafter.\n\n{name}{mid}({listed}).\n"
    got = sorted(r.printed_length for r in read(text).records)
    assert got == pytest.approx(sorted(v / 100 for v in vals))


@settings(max_examples=examples(20), deadline=None)
@given(vals=st.lists(st.integers(40, 95), min_size=3, max_size=6))
def test_shares_in_the_bracket_are_rates(read, vals: list[int]) -> None:
    listed = ", ".join(f"{v}%" for v in vals)
    text = f"Speculative decoding with a block drafter.\n\nDraft acceptance per task ({listed}).\n"
    got = sorted(r.printed_rate for r in read(text).records)
    assert got == pytest.approx(sorted(v / 100 for v in vals))


@pytest.mark.parametrize(
    "line",
    [
        "Mean acceptance length sits in the interval (2.10, 2.90).",  # two values
        "Mean acceptance length across runs (2.10, 55%, 2.90).",  # mixed kinds
        "Mean acceptance length and speedup per context (2.10, 2.40, 2.90).",  # other measure
    ],
)
def test_near_misses_give_no_runs(read, line: str) -> None:
    text = f"Speculative decoding with a block drafter.\n\n{line}\n"
    assert len(read(text).records) <= 1


def test_a_bracket_after_the_figures_own_value_is_its_spread(read) -> None:
    text = (
        "Speculative decoding with a block drafter.\n\n"
        "Mean acceptance length 2.50 over seeds (2.10, 2.40, 2.90).\n"
    )
    assert [r.printed_length for r in read(text).records] == pytest.approx([2.5])
