"""No draft accepted: whatever the verify steps were, each emitted the target's own token
alone, so the accept length is exactly 1 (bonus included) even where the steps are not printed.
A rate printed as 0% is rounded (0.4% prints so) and proves nothing of the kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    drafted=st.integers(1, 200_000),
    form=st.sampled_from(
        [
            "the spec decode counters say Accepted: 0 tokens, Drafted: {d} tokens",
            "draft stats: accepted=0 drafted={d}",
            "after warm-up, 0 of {d} draft tokens accepted",
        ]
    ),
    tail=st.sampled_from(["", " and the draft looks broken"]),
)
def test_no_draft_accepted_is_a_length_of_one(drafted: int, form: str, tail: str) -> None:
    text = "MTP head on, speculative decoding enabled.\n" + form.format(d=drafted) + tail + "\n"
    (r,) = read_paste(text).records
    assert r.accepted_tokens == 0 and r.drafted_tokens == drafted
    assert r.accept_length == 1.0 and r.bonus.value == "included"
    assert r.bonus.rule.startswith("computed: 0 of")


def test_negative_controls_a_rounded_zero_or_some_accepted() -> None:
    for line in (
        # a rate rounded to 0: not a count of none
        "speculative decoding on: draft acceptance rate 0.0%",
        "speculative decoding on: draft acceptance rate 0%",
        # some accepted, steps unknown: no length
        "speculative decoding on: Accepted: 3 tokens, Drafted: 40 tokens",
    ):
        got = read_paste(line + "\n").records
        assert got and all(r.accept_length is None for r in got), line
    # nothing drafted: nothing measured
    got = read_paste("speculative decoding on: Accepted: 0 tokens, Drafted: 0 tokens\n").records
    assert all(r.accept_length is None for r in got)
