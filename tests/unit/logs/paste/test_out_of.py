"""A figure's value written 'A out of B' (cells.value, interpret's _OVER): whole counts are A
accepted of B drafted, the rate A / B, never A as a percentage, at a sentence's end too; a
decimal out of a whole is a mean out of its most, as 'x / max' is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples

_FORMS = st.sampled_from(
    [
        "The draft acceptance rate was {a} out of {b}.",
        "Accept rate at {a} out of {b} drafts on the chat prompts.",
        "Acceptance rate: {a} out of {b}",
        "draft acceptance: {a} of {b}.",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(form=_FORMS, b=st.integers(20, 5000), share=st.integers(1, 99))
def test_whole_counts_out_of_are_the_rate(read, form: str, b: int, share: int) -> None:
    a = b * share // 100
    if a == 0:
        a = 1
    text = "Speculative decoding with an EAGLE draft.\n\n" + form.format(a=a, b=b) + "\n"
    rates = [r.printed_rate for r in read(text).records]
    assert rates == [pytest.approx(a / b)]


def test_a_mean_out_of_its_most() -> None:
    v = C.value("2.93 out of 4")
    assert v is not None and v.number == 2.93 and v.max == 4.0
    # 'of' after a decimal adds nothing; words after 'out of' are no value
    v = C.value("2.93 of 4")
    assert v is not None and v.max is None
    assert C.value("41 out of fifty") is None


def test_a_sentences_mean_out_of_its_most(read) -> None:
    text = "Speculative decoding with an EAGLE draft.\n\nThe accept length was 2.93 out of 4.\n"
    (r,) = read(text).records
    assert (r.printed_length, r.max_length) == (2.93, 4.0)


def test_negative_control_a_decimal_after_of_is_no_count(read) -> None:
    text = "Speculative decoding with an EAGLE draft.\n\nThe acceptance rate was 41 out of 50.5 tokens.\n"
    assert all(r.printed_rate != pytest.approx(41 / 50.5) for r in read(text).records)
