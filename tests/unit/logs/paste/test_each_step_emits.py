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


@settings(max_examples=examples(40), deadline=None)
@given(
    speedup=st.integers(120, 690),
    other=st.integers(120, 690),
    shape=st.sampled_from(["parent", "same line", "sibling"]),
    times=st.sampled_from(["x", "×", " x"]),
    hedge=st.sampled_from(["", "~", "about "]),
)
def test_a_speedup_told_again_as_tokens_a_step_is_no_figure(
    read: Read, speedup: int, other: int, shape: str, times: str, hedge: str
) -> None:
    """A step's tokens equal, digit for digit, to a speedup on the line or the line above
    ('2.40x faster' over '- each decode step generates ~2.40 tokens'): the speedup told again,
    no record; another figure beside the speedup is read as before."""

    def text(t: int) -> str:
        s, v = f"{speedup / 100:.2f}{times}", f"{hedge}{t / 100:.2f}"
        step = f"each decode step generates {v} tokens instead of 1"
        body = {
            "parent": f"1. **Throughput**: {s} overall speedup\n   - E{step[1:]}",
            "same line": f"- {s} faster: {step}",
            "sibling": f"- Speedup: {s}\n- E{step[1:]}",
        }[shape]
        return f"## Speculative decoding with a small draft\n\n{body}\n"

    assert read(text(speedup)).records == ()
    if other != speedup:
        got = read(text(other)).records
        assert [(r.printed_length, r.accept_length) for r in got] == [(other / 100,) * 2]


def test_a_speedup_further_up_or_at_other_digits_leaves_it_read() -> None:
    for text in (
        # the speedup two lines above, a paragraph of its own
        "## Speculative decoding\n\nOverall 2.40x faster.\n\n- Each round emits 2.40 tokens\n",
        # the same value at other digits
        "## Speculative decoding\n\n- 2.4x faster\n- Each round emits 2.40 tokens\n",
    ):
        assert [r.printed_length for r in read_paste(text).records] == [2.4], text
