"""A mean of accepted tokens a step written in the user's own words ('2.7 accepted tokens/step',
'accepted ~2.7 tokens per round', in a sentence or in a table's cell) beside a tool the paste
names: the tool is kept, but its convention for its printed length does not decide the figure
(the words leave the target's own token unsaid). The tool's own length names ('accept length',
'mean acceptance length') keep its convention; an identity of the paste's figures still
decides."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOOLS = [("SGLang", "sglang"), ("vLLM", "vllm"), ("sglang", "sglang")]
_PHRASES = [
    "{v} accepted tokens/step",
    "~{v} accepted tokens per step",
    "{v} accepted tokens per round",
    "{v} avg accepted tokens per iteration",
    "accepted ~{v} tokens per step",
]


def _sentence(tool: str, phrase: str) -> str:
    return f"Served with {tool} on two cards: 41 tok/s at batch 1, {phrase} on the chat prompts.\n"


def _cell(tool: str, phrase: str) -> str:
    return (
        f"Runs served by {tool} 0.9 on one card.\n\n"
        "| workload | notes |\n|---|---|\n"
        f"| chat-short | 41 tok/s mean, ITL ~25 ms per verify step, {phrase} |\n"
        "| prefill-4k | cold 4,100 tok in 1.9 s |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_TOOLS),
    st.sampled_from(_PHRASES),
    st.integers(140, 690),
    st.booleans(),
)
def test_accepted_tokens_beside_a_tool_stay_undecided(
    read: Read, tool: tuple[str, str], phrase: str, hundredths: int, in_table: bool
) -> None:
    v = f"{hundredths / 100:.2f}"
    text = (_cell if in_table else _sentence)(tool[0], phrase.format(v=v))
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(v)], text
    assert recs[0].accept_length is None, text
    assert recs[0].bonus.value == "unknown", text
    assert recs[0].tool == tool[1], text


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(_TOOLS),
    st.sampled_from(["accept length {v}", "mean acceptance length {v}", "accept length is {v}"]),
    st.integers(140, 690),
    st.booleans(),
)
def test_the_tools_own_length_name_keeps_its_convention(
    read: Read, tool: tuple[str, str], phrase: str, hundredths: int, in_table: bool
) -> None:
    v = f"{hundredths / 100:.2f}"
    text = (_cell if in_table else _sentence)(tool[0], phrase.format(v=v))
    recs = read(text).records
    assert [r.accept_length for r in recs] == [float(v)], text
    assert recs[0].bonus.value == "included", text


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(_TOOLS), st.integers(140, 690))
def test_an_identity_still_decides(read: Read, tool: tuple[str, str], hundredths: int) -> None:
    v = hundredths / 100
    phrase = f"{v:.2f} accepted tokens/step ({v - 1:.2f} accepted drafts per step)"
    recs = read(_sentence(tool[0], phrase)).records
    assert [r.accept_length for r in recs] == [v]
