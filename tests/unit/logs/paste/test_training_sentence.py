"""A figure stated as a training's outcome loses its tool (reader._of_training) only where the
sentence printing the figure says so ('during training the accept rate reached 71%'); a later
sentence of the same line musing on a training ('... converged on it during training') leaves
the record the tool the paste names."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "Served with vllm serve on one card, draft head attached, batch one.\n\n"
_MUSINGS = [
    "Maybe the authors aimed at that rate during training.",
    "I guess it was tuned for that in training (a guess).",
    "Perhaps the head stalls in training around there.",
]


@settings(max_examples=examples(30), deadline=None)
@given(musing=st.sampled_from(_MUSINGS), rate=st.integers(400, 899))
def test_a_later_sentence_on_training_keeps_the_tool(read: Read, musing: str, rate: int) -> None:
    text = _HEAD + f"Acceptance rate on the chat set was {rate / 10:.1f}%. {musing}\n"
    (rec,) = read(text).records
    assert rec.tool == "vllm"


@settings(max_examples=examples(30), deadline=None)
@given(rate=st.integers(400, 899))
def test_the_figure_s_own_training_sentence_drops_the_tool(read: Read, rate: int) -> None:
    text = _HEAD + f"During training the acceptance rate on the chat set was {rate / 10:.1f}%.\n"
    (rec,) = read(text).records
    assert rec.tool == "unknown"
