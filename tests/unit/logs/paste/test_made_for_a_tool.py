"""A tool named as what a model is made for ('a draft trained to accelerate org/m-7B with
speculative decoding in vLLM', 'built for serving with SGLang'): where the model is meant to run,
not what printed a card's figures (tools.without_origins, ``_PURPOSE``): no tool's convention
decides them. A tool said to have measured them, or a purpose of another kind ('optimized for
throughput on SGLang'), keeps its attribution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PHRASES = [
    "trained to accelerate acme/Base-7B.1 with speculative decoding in {tool}",
    "built for serving in {tool}",
    "designed for use with {tool}",
    "distilled to speed up decoding of acme/Base-9B on {tool}",
]
_TOOLS = {"vLLM": "vllm", "SGLang": "sglang"}


@settings(max_examples=examples(40), deadline=None)
@given(
    phrase=st.sampled_from(_PHRASES),
    tool=st.sampled_from(sorted(_TOOLS)),
    tenths=st.integers(15, 59),
)
def test_the_tool_a_model_is_made_for_decides_nothing(
    read: Read, phrase: str, tool: str, tenths: int
) -> None:
    text = (
        f"A small draft model {phrase.format(tool=tool)}. It drafts 7 tokens a step "
        f"(mean acceptance length {tenths / 10} on average).\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(tenths / 10)
    assert r.accept_length is None
    assert T.tools_named(T.without_origins(text)) == []


@pytest.mark.parametrize(
    "text",
    [
        # measured on the tool: its figure
        "A small draft model. Measured on vLLM 0.11 the mean acceptance length is 3.1.\n",
        # a purpose of another kind: the tool still named
        "A small draft model optimized for throughput on vLLM, mean acceptance length 3.1.\n",
    ],
)
def test_a_tool_that_measured_keeps_it(read: Read, text: str) -> None:
    assert "vllm" in T.tools_named(T.without_origins(text))
    (r,) = read(text).records
    assert r.tool == "vllm"
