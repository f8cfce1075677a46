"""A value followed by 'emitted tokens' per step as its unit ('3.47 emitted tokens/step',
'2.9 tokens emitted per round'): what a step emits, the target's own token among them, as
'tokens/step' is: the length, bonus included. Emitted tokens with no step after them (a count,
or a speed per second) are no length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    unit=st.sampled_from(
        [
            "emitted tokens/step",
            "tokens emitted per step",
            "emitted tokens per verify step",
            "emitted tokens/verify",
        ]
    ),
    milli=st.integers(1050, 7900),
    lead=st.sampled_from(["- arm B: ", "The patched build reached ", "Run 4 gave **"]),
)
def test_emitted_per_step_is_the_length(read: Read, unit: str, milli: int, lead: str) -> None:
    close = "**" if lead.endswith("**") else ""
    text = f"Speculative decoding, draft depth 6.\n\n{lead}{milli / 1000:.3f}{close} {unit}.\n"
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(milli / 1000, milli / 1000)]


@settings(max_examples=examples(20), deadline=None)
@given(
    unit=st.sampled_from(["emitted tokens", "emitted tokens/s", "tokens emitted per second"]),
    milli=st.integers(1050, 7900),
)
def test_emitted_without_a_step_is_no_length(read: Read, unit: str, milli: int) -> None:
    text = f"Speculative decoding, draft depth 6.\n\n- arm B: {milli / 1000:.3f} {unit}.\n"
    assert read(text).records == ()
