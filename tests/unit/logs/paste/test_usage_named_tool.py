"""A tool named only to say how to run the model (usage_named.py): a card's figure, then 'You can
use this draft in <tool> with:' (or 'To run it with <tool>:', 'It can be integrated with
<tool>') and the launch command. The tool is where a reader may run the model, not where the
figure was measured: no tool, the convention undecided, the printed length kept. A sentence
saying the figure was measured with the tool keeps the tool's convention."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import usage_named as U
from tests.support.examples import examples

_TOOLS = {
    "SGLang": ("sglang", "python3 -m sglang.launch_server \\"),
    "vLLM": ("vllm", "vllm serve org/base-model \\"),
}
_USAGE = st.sampled_from(
    [
        "You can use this draft head in {tool} with the following command:",
        "To run it with {tool}:",
        "The head can be integrated with {tool} as below.",
        "Users can also serve the model with {tool} like this:",
    ]
)
_FIGURE = st.sampled_from(
    [
        "With {s} steps and {d} draft tokens the head achieves an acceptance length of {v}.",
        "Our draft reaches an average acceptance length of {v} ({s} steps, {d} draft tokens).",
    ]
)


def _card(figure: str, usage: str, tool: str, s: int, d: int, v: str, fence: bool) -> str:
    cmd = [_TOOLS[tool][1], f"  --speculative-num-steps {s} \\", f"  --port 3{s}000"]
    if fence:
        cmd = ["```bash", *cmd, "```"]
    lines = [
        "This head was trained for a chat model on two public sets.",
        figure.format(s=s, d=d, v=v),
        usage.format(tool=tool),
        *cmd,
    ]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    figure=_FIGURE,
    usage=_USAGE,
    tool=st.sampled_from(sorted(_TOOLS)),
    s=st.integers(3, 6),
    d=st.integers(4, 9),
    v=st.integers(140, 299),
    fence=st.booleans(),
)
def test_a_tool_named_only_for_usage_decides_nothing(
    figure: str, usage: str, tool: str, s: int, d: int, v: int, fence: bool
) -> None:
    text = _card(figure, usage, tool, s, d, f"{v / 100:.2f}", fence)
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [v / 100]
    assert recs[0].accept_length is None
    assert recs[0].tool == "unknown"


@settings(max_examples=examples(20), deadline=None)
@given(
    measured=st.sampled_from(
        [
            "We measured it with {tool} using the command below:",
            "The figures were benchmarked on {tool}:",
            "To reproduce the acceptance length with {tool}, run:",
        ]
    ),
    tool=st.sampled_from(sorted(_TOOLS)),
    fence=st.booleans(),
)
def test_a_measuring_sentence_is_no_usage(measured: str, tool: str, fence: bool) -> None:
    text = _card("It reaches an acceptance length of {v}.", measured, tool, 3, 4, "2.45", fence)
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, _TOOLS[tool][0])


@settings(max_examples=examples(20), deadline=None)
@given(
    usage=_USAGE,
    tool=st.sampled_from(sorted(_TOOLS)),
    where=st.sampled_from(["title", "after"]),
)
def test_a_tool_named_elsewhere_too_stays(usage: str, tool: str, where: str) -> None:
    text = _card("The head achieves an acceptance length of {v}.", usage, tool, 3, 4, "2.45", False)
    other = f"Measured on a {tool} server with 8 cards."
    text = f"{other}\n{text}" if where == "title" else f"{text}\n{other}\n"
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, _TOOLS[tool][0])


@settings(max_examples=examples(30), deadline=None)
@given(tool=st.sampled_from(sorted(_TOOLS)), v=st.integers(140, 299))
def test_a_tool_before_the_usage_verb_is_no_usage(tool: str, v: int) -> None:
    # ('SGLang users can run it ...': the tool the subject of the sentence, not where to run)
    text = f"{tool} users can run it as below.\nIt gets an acceptance length of {v / 100:.2f}.\n"
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, _TOOLS[tool][0])


@settings(max_examples=examples(30), deadline=None)
@given(fence=st.booleans(), blank=st.booleans(), v=st.integers(140, 299))
def test_a_command_over_its_printout_is_the_run(fence: bool, blank: bool, v: int) -> None:
    cmd = ["python3 -m sglang.launch_server --port 30000"]
    if fence:
        cmd = ["```", *cmd, "```"]
    text = "\n".join(
        [
            "You can run it with SGLang:",
            *([""] if blank else []),
            *cmd,
            f"Decode batch. accept len: {v / 100:.2f}, gen throughput (token/s): 88.0",
        ]
    )
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, "sglang")
