"""A statistic of accepted tokens written after its value ('2.42 mean accepted tokens'), and a
second run's share after the first's basis ('4.8% accepted/proposed for A and 3.3% for B')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(110, 480), stat=st.sampled_from(["mean", "average", "avg"]))
def test_a_value_before_mean_accepted_tokens_is_a_length(v: int, stat: str) -> None:
    text = f"- Result with the n-gram drafter on a 7B target: 1.9x, {v / 100:.2f} {stat} accepted tokens.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100]
    assert got[0].accept_length is None  # whether the bonus is counted is not said


def test_negative_control_a_value_before_bare_accepted_tokens_is_no_length() -> None:
    text = "- Result with the n-gram drafter on a 7B target: 1.9x, 2.42 accepted tokens.\n"
    assert [r.printed_length for r in read_paste(text).records if r.printed_length] == []


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(100, 900), b=st.integers(100, 900), basis=st.sampled_from(["proposed", "drafted"])
)
def test_a_second_share_after_the_firsts_basis_is_another_run(a: int, b: int, basis: str) -> None:
    text = (
        "Suffix-cache drafts were accepted more often than random ones, but acceptance was only "
        f"{a / 100:.2f}% accepted/{basis} for window 2 and {b / 100:.2f}% for window 1.\n"
    )
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == pytest.approx([a / 10000, b / 10000])


def test_negative_control_a_whole_number_after_the_basis_is_no_second_share() -> None:
    text = (
        "Suffix-cache drafts: acceptance was only 4.10% accepted/proposed for window 2 and 3 "
        "for window 1.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == pytest.approx([0.041])
