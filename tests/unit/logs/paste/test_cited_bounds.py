"""A bound before a value (vocab.BOUND_WORDS): a verb of going beyond (`crosses`, `exceeds`,
`tops`, `surpasses`, `breaks`) or `north of` / `upwards of` before a share says the figure is
beyond it, no record; a value reached (`reached`, `hit`) is a measurement and stays one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BEYOND = [
    "crosses",
    "crossed",
    "crosses the",
    "exceeds",
    "exceeded",
    "tops",
    "topped",
    "surpasses",
    "surpassed the",
    "breaks",
    "broke",
    "is north of",
    "runs upwards of",
    "is in excess of",
]
_REACHED = ["reached", "hit", "sits at", "topped out at", "came in at"]
_SUBJECTS = [
    "Our MTP head",
    "The EAGLE-3 draft",
    "DeepSeek-V3's native multi-token prediction",
    "Speculative decoding with the 1B draft",
]
_TAILS = ["acceptance on chat traffic.", "acceptance rate in real serving.", "acceptance."]


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_SUBJECTS),
    st.sampled_from(_BEYOND),
    st.integers(min_value=40, max_value=95),
    st.sampled_from(_TAILS),
)
def test_a_value_gone_beyond_is_no_record(
    read: Read, subject: str, verb: str, v: int, tail: str
) -> None:
    text = f"{subject} {verb} {v}% {tail}\n"
    assert read(text).records == (), text


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_SUBJECTS),
    st.sampled_from(_REACHED),
    st.integers(min_value=40, max_value=95),
    st.sampled_from(_TAILS),
)
def test_a_value_reached_is_a_record(
    read: Read, subject: str, verb: str, v: int, tail: str
) -> None:
    text = f"{subject} {verb} {v}% {tail}\n"
    recs = read(text).records
    assert len(recs) == 1, text
    assert recs[0].printed_rate == pytest.approx(v / 100)


def test_a_cited_bound_in_a_blog_paragraph(read: Read) -> None:
    text = (
        "Acceptance decides whether speculative decoding pays. One team measured a 21.3% cost\n"
        "cut with vLLM speculative decoding, while a native multi-token prediction head\n"
        "surpasses 80% acceptance and a 1.7x throughput multiplier in real serving.\n"
    )
    assert read(text).records == ()


def test_the_same_paragraph_with_a_value_hit_is_read(read: Read) -> None:
    text = (
        "Acceptance decides whether speculative decoding pays. One team measured a 21.3% cost\n"
        "cut with vLLM speculative decoding, while a native multi-token prediction head\n"
        "hit 80% acceptance and a 1.7x throughput multiplier in real serving.\n"
    )
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].printed_rate == pytest.approx(0.8)
