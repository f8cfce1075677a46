"""What a thing typically gives, said in the present (`the MTP head typically yields about
0.7 acceptance`), is a generic claim, no run (typical_yield.py): the clause from the adverb on
is not read. The same verb said of the case shown (`in this run`, `we`) or without the adverb
is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ADVERB = st.sampled_from(["typically", "usually", "generally", "normally", "commonly"])
_VERB = st.sampled_from(["yields", "gives", "achieves", "delivers", "reaches", "gets"])
_SUBJECT = st.sampled_from(["This drafter", "The library", "A two-layer head", "It"])
_BETWEEN = st.sampled_from(["", "about ", "roughly ", "a 1.8x speedup at ", "~"])


@settings(max_examples=examples(30), deadline=None)
@given(subject=_SUBJECT, adverb=_ADVERB, verb=_VERB, between=_BETWEEN, v=st.integers(20, 95))
def test_a_typical_yield_is_no_record(
    read: Read, subject: str, adverb: str, verb: str, between: str, v: int
) -> None:
    text = f"{subject} {adverb} {verb} {between}{v}% draft acceptance on chat prompts.\n"
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(adverb=_ADVERB, verb=_VERB, v=st.integers(150, 390))
def test_a_typical_length_is_no_record(read: Read, adverb: str, verb: str, v: int) -> None:
    text = f"On code the head {adverb} {verb} {v / 100:.2f} accept length.\n"
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["In this run the drafter", "We saw that it", "Here the head"]),
    adverb=_ADVERB,
    verb=_VERB,
    v=st.integers(20, 95),
)
def test_the_case_shown_is_read(read: Read, lead: str, adverb: str, verb: str, v: int) -> None:
    text = f"{lead} {adverb} {verb} {v}% draft acceptance.\n"
    rates = [r.printed_rate for r in read(text).records]
    assert rates == [v / 100], text


@settings(max_examples=examples(30), deadline=None)
@given(verb=_VERB, v=st.integers(20, 95))
def test_without_the_adverb_is_read(read: Read, verb: str, v: int) -> None:
    text = f"This run {verb} {v}% draft acceptance.\n"
    rates = [r.printed_rate for r in read(text).records]
    assert rates == [v / 100], text
