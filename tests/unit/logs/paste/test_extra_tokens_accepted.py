"""A verb of accepting, a decimal and `extra tokens` per a step (`accepts 0.92 extra tokens per
round`): the tokens a step keeps beyond the one the target emits on its own, its accepted
drafts, so the length is one more. A draft that proposes or drafts extra tokens sets its k (no
record), and a whole number or a value without the verb is left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_UNITS = [
    "tokens/step",
    "tokens per step",
    "tokens per verify step",
    "tokens/round",
    "tokens/cycle",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    verb=st.sampled_from(["accepts", "accepts about", "accepts on average", "is accepting"]),
    mark=st.sampled_from(["", "~", "**"]),
    unit=st.sampled_from(_UNITS),
    draft=st.booleans(),
    value=st.integers(20, 590),
)
def test_extra_tokens_accepted_are_drafts(
    verb: str, mark: str, unit: str, draft: bool, value: int
) -> None:
    v = value / 100
    shown = f"**{v:.2f}**" if mark == "**" else f"{mark}{v:.2f}"
    noun = "extra draft " + unit if draft else "extra " + unit
    text = f"On the int4 target the speculative head {verb} {shown} {noun}.\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, round(1 + v, 6))]


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(["proposes", "drafts", "guesses", "adds"]),
    unit=st.sampled_from(_UNITS),
    value=st.integers(20, 590),
)
def test_negative_control_other_verbs_read_no_accepted_drafts(
    verb: str, unit: str, value: int
) -> None:
    text = f"With speculative decoding the head {verb} {value / 100:.2f} extra {unit}.\n"
    assert all(r.accept_length is None for r in read_paste(text).records)


def test_negative_control_a_whole_number_is_no_mean() -> None:
    text = "With speculative decoding it accepts 2 extra tokens per step at most.\n"
    assert read_paste(text).records == ()


def test_the_example_of_the_docs() -> None:
    got = read_paste("On the quantized target the speculator accepts 0.92 extra tokens/round.\n")
    assert [(r.printed_length, r.accept_length) for r in got.records] == [(0.92, 1.92)]
