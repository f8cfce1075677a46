"""'always' before a figure's value says what a run keeps printing ('the acceptance rate will
always be 100%', 'is always 0%'): a measurement; an expectation ('should always be', 'would
always be ... if') or a meaning ('always means') is none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "After the upgrade, with a draft model and speculative decoding on, "


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["the acceptance rate", "draft acceptance", "the accept rate"]),
    verb=st.sampled_from(["will always be", "is always", "was always", "is always around"]),
    pct=st.integers(0, 100),
    tail=st.sampled_from([".", ", whatever the prompt.", " on every run."]),
)
def test_always_before_the_value_is_a_measurement(
    name: str, verb: str, pct: int, tail: str
) -> None:
    (r,) = read_paste(f"{_LEAD}{name} {verb} {pct}%{tail}\n").records
    # (a rate of exactly 0% is no draft accepted: a length of 1; never 'around 0%')
    zero = pct == 0 and "around" not in verb
    assert r.printed_rate == pct / 100 and r.accept_length == (1.0 if zero else None)


def test_negative_controls_an_expectation_is_no_measurement() -> None:
    for words in (
        "the acceptance rate should always be 100% with the target as its own draft.",
        "the acceptance rate would always be 100% if the draft were the target.",
        "the acceptance rate must always be 100% for greedy self-drafting.",
        "the acceptance rate will be 70% if the draft is good.",
        "an acceptance rate of 80% always means the draft is fine.",
        # a law, with its condition after the value
        "the acceptance rate will always be 100% if the draft is the target itself.",
        "the acceptance rate is always 100% when the draft equals the target.",
    ):
        assert read_paste(_LEAD + words + "\n").records == (), words
