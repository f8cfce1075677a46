"""What each verify step emits, said with the step as the subject ('Each decode step generates
~2.7 tokens instead of 1'): in a paste that speaks of speculative decoding, tokens per step, the
target's own token counted. What a step drafts, proposes or accepts, a paste naming no
speculation, and a count already per something stay as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    step=st.sampled_from(["decode step", "verify step", "step", "forward pass", "round"]),
    verb=st.sampled_from(["generates", "produces", "emits", "commits", "yields"]),
    hedge=st.sampled_from(["", "~", "about ", "on average "]),
    hundredths=st.integers(120, 690),
    tail=st.sampled_from([" instead of 1", " rather than one", "", " on the chat set"]),
)
def test_tokens_each_step_emits_are_tokens_per_step(
    read: Read, step: str, verb: str, hedge: str, hundredths: int, tail: str
) -> None:
    v = hundredths / 100
    text = (
        "## Why the draft model helps\n\n"
        f"- Each {step} {verb} {hedge}{v:.2f} tokens{tail}\n"
        "- Speculative decoding keeps the target's output\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, v)]
    assert got[0].bonus.value == "included"


@pytest.mark.parametrize(
    "text",
    [
        # what a step drafts or accepts: another count
        "With the draft model, each step drafts 4.00 tokens and accepts 2.70 tokens.\n",
        "With the draft model, each step proposes 4.00 tokens.\n",
        # no speculation named anywhere: a plain decoder's step
        "Each decode step generates 3.46 tokens instead of 1 with the parallel decoder.\n",
    ],
)
def test_other_counts_of_a_step_are_no_tokens_per_step(text: str) -> None:
    assert read_paste(text).records == ()
