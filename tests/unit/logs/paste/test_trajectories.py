"""A trajectory over time in prose (arrival.py): where a figure started and where it went,
`AL starts at ~3.07, smoothly regresses to ~2.8 over hours`, `acceptance was stable at ~61% for
three weeks, then dropped to ~36%`: two measured values, two records (start and end), the
approximate values kept. The later legs name no figure of their own: a new subject, another
measure, a modal, a hedge of likelihood, a condition or a range is no leg."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Serving a 70B target with an EAGLE-3 draft (4 draft tokens), async scheduling on.\n\n"

_LENGTH_NAMES = ["AL", "the acceptance length", "mean accept length", "the accepted length"]
_RATE_NAMES = ["the acceptance rate", "draft acceptance", "MTP acceptance"]
_STARTS = [
    "starts at",
    "started at",
    "began at",
    "was stable at",
    "is stable at",
    "remained steady at",
    "stayed flat around",
    "has been stable at",
]
_LEGS = [
    "regresses to",
    "smoothly regresses to",
    "then dropped to",
    "and slowly degrades to",
    "but eventually fell to",
    "then climbs to",
    "gradually settles at",
    "then deteriorated to",
]
_TAILS = ["", " over hours", " after the restart", " from 6/16 through 7/8", " for the first day"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    start=st.sampled_from(_STARTS),
    leg=st.sampled_from(_LEGS),
    tail=st.sampled_from(_TAILS),
    hedge=st.sampled_from(["", "~", "about ", "roughly "]),
    a=st.integers(150, 480),
    b=st.integers(110, 470),
)
def test_a_length_trajectory_is_two_records(
    read: Read, name: str, start: str, leg: str, tail: str, hedge: str, a: int, b: int
) -> None:
    text = (
        f"{_LEAD}1. Model A: {name} {start} {hedge}{a / 100:.2f}{tail}, "
        f"{leg} {hedge}{b / 100:.2f} later on.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)]
    assert all(r.accept_length is None for r in got)  # no tool, no identity


@settings(max_examples=examples(25), deadline=None)
@given(
    name=st.sampled_from(_RATE_NAMES),
    start=st.sampled_from(_STARTS),
    leg=st.sampled_from(_LEGS),
    a=st.integers(20, 95),
    b=st.integers(5, 90),
)
def test_a_rate_trajectory_is_two_records(
    read: Read, name: str, start: str, leg: str, a: int, b: int
) -> None:
    text = f"{_LEAD}On the nightly run {name} {start} ~{a}% for weeks, {leg} ~{b}% on 2026-07-08.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)]


def test_the_example_of_the_issue_reads_start_and_end() -> None:
    text = (
        f"{_LEAD}Observations:\n\n"
        "1. Model A (BF16 KV, batch_size=2): AL starts at ~3.07, smoothly regresses to ~2.8 "
        "over hours.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.07, 2.8]


@pytest.mark.parametrize(
    "sentence",
    [
        # a goal, a hypothetical
        "the acceptance length should reach 3.0 after tuning",
        "the acceptance length would drop to 2.0 with a longer context",
        "if AL starts at 3.1 and then falls to 2.0, the alert fires",
        # a definition: where the figure starts at its floor or a whole count
        "the acceptance length starts at 1 and grows by one per accepted token",
        "by definition the accept length starts at 1.0 and each accepted draft adds one",
        "the acceptance rate begins at 0 for the first request",
        "the acceptance rate begins at 0% and is updated per step",
        # a range: no record
        "the acceptance rate stayed between 60% and 70%",
        "the acceptance rate was stable at 60-70% all week",
        "the acceptance length starts at 2.5 to 3.0 depending on the prompt",
    ],
)
def test_no_record_for_a_goal_a_hypothetical_or_a_range(sentence: str) -> None:
    assert read_paste(f"{_LEAD}With the draft on, {sentence}.\n").records == (), sentence


@pytest.mark.parametrize(
    "sentence",
    [
        # a new subject, another measure, a hedge of likelihood, a modal: one record only
        "AL starts at 3.10, then the batch size grows to 8",
        "AL starts at 3.10, throughput drops to 40",
        "AL starts at 3.10 and falls to 40 tok/s",
        "AL starts at 3.10 and likely drops to 2.50 under load",
        "AL starts at 3.10 and should climb to 3.50",
        # a rate's leg after a length is another figure
        "AL starts at 3.10, then drops to 40%",
    ],
)
def test_a_leg_that_is_no_later_value_of_the_figure_is_not_read(sentence: str) -> None:
    got = read_paste(f"{_LEAD}On the code set {sentence}.\n").records
    assert [r.printed_length for r in got] == [3.1], sentence
