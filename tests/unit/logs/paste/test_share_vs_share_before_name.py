"""Two shares compared by 'vs' before one noun of acceptance (interpret._PCT_BEFORE_VS): the
share before 'vs' is the first run's figure too, so a length told beside it pairs with it, never
with the other run's share; a share of something else before 'vs' is not read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NOUNS = st.sampled_from(["acceptance", "draft acceptance", "MTP acceptance", "accept rate"])
_VS = st.sampled_from(["vs", "vs.", "versus"])
_MARKS = st.sampled_from(["", "~", "≈"])


@settings(max_examples=examples(30), deadline=None)
@given(
    noun=_NOUNS,
    vs=_VS,
    mark=_MARKS,
    a=st.integers(30, 60),
    b=st.integers(61, 90),
)
def test_both_shares_before_the_noun_are_read(
    read, noun: str, vs: str, mark: str, a: int, b: int
) -> None:
    text = f"Speculative decoding on two rigs.\n\nThe runs gave {a}% {vs} {mark}{b}% {noun}.\n"
    rates = sorted(r.printed_rate for r in read(text).records)
    assert rates == pytest.approx(sorted([a / 100, b / 100]))


@settings(max_examples=examples(20), deadline=None)
@given(a=st.integers(30, 60), b=st.integers(61, 90), length=st.integers(150, 300))
def test_the_length_pairs_with_the_first_share(read, a: int, b: int, length: int) -> None:
    ln = length / 100
    text = (
        "Speculative decoding on two rigs.\n\n"
        f"Mine gave accept length {ln:.2f} ({a}% vs ~{b}% draft acceptance).\n"
    )
    recs = read(text).records
    with_len = [r for r in recs if r.printed_length is not None]
    assert [r.printed_rate for r in with_len] == pytest.approx([a / 100])


def test_a_share_of_another_measure_before_vs_is_not_read(read) -> None:
    text = "Speculative decoding on two rigs.\n\nGPU busy 57% of the time vs 74% acceptance.\n"
    assert [r.printed_rate for r in read(text).records] == pytest.approx([0.74])
