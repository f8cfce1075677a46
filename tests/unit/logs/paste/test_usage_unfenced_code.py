"""A usage section's Python pasted without a fence, and a note setting the tool apart from the
figures (usage_named.py): a card's figures, then 'Usage with <tool>' over `from <tool> import
...` and its statements, then perhaps 'Note: the <tool> build samples drafts greedily ... The
acceptance figures reported above were measured with <something else>.' The tool is where a
reader may run the model: no tool, the convention undecided, the printed lengths kept. A note
saying the figures were measured with the tool, a note with no such sentence, a measuring
sentence not pointing above, or code over an output line naming acceptance keep the tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import usage_named as U
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# (the tool's spelling, its name in the reader, its Python import and the engine's class)
_TOOLS = {
    "vLLM": ("vllm", "from vllm import LLM, SamplingParams", "LLM"),
    "SGLang": ("sglang", "import sglang as sgl", "sgl.Engine"),
}
_TITLES = st.sampled_from(["Usage with {tool}", "How to run with {tool}", "Usage ({tool})"])
_FIGURES = st.sampled_from(
    [
        "| Split | Mean acceptance length |\n|---|---|\n| chat | {a} |\n| code | {b} |",
        "With {s} draft steps the head reaches an average acceptance length of {a} (chat) and "
        "{b} (code).",
        "Acceptance length (mean) at k = {s}:\n\nSplit Greedy Sampled\nheadA {a} {b}",
    ]
)
_ASIDES = st.sampled_from(
    [
        "The current {tool} release samples draft tokens greedily at any temperature, which "
        "may understate acceptance when sampling.",
        "The {tool} build we point to verifies drafts greedily, so acceptance can look lower "
        "there.",
    ]
)
_OTHERWISE = st.sampled_from(
    [
        "The acceptance figures reported above were measured with exact rejection sampling.",
        "All figures above were computed by our own evaluation harness.",
        "The numbers above were obtained with a reference sampler of our own.",
    ]
)


def _code(tool: str, s: int, gap: bool, comment: bool) -> list[str]:
    _, imp, engine = _TOOLS[tool]
    lines = [imp, *([""] if gap else []), f"llm = {engine}("]
    lines += ['    model="org/base-model",', "    speculative_config={"]
    lines += [
        '        "method": "eagle3",',
        f'        "num_speculative_tokens": {s},',
        "    },",
        ")",
    ]
    lines += [""] if gap else []
    lines += ["# one prompt, greedy"] if comment else []
    lines += ['out = llm.generate(["Say hello."])']
    return lines


def _card(figure: str, title: str, tool: str, s: int, a: str, b: str, code: list[str]) -> str:
    head = [figure.format(s=s, a=a, b=b), "", title.format(tool=tool), ""]
    return "\n".join([*head, *code]) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    figure=_FIGURES,
    title=_TITLES,
    tool=st.sampled_from(sorted(_TOOLS)),
    s=st.integers(5, 8),
    a=st.integers(140, 399),
    b=st.integers(140, 399),
    gap=st.booleans(),
    comment=st.booleans(),
    note=st.booleans(),
    aside=_ASIDES,
    otherwise=_OTHERWISE,
    opener=st.sampled_from(["Note:", "**Note:**", "Caveat:"]),
)
def test_unfenced_usage_code_and_a_note_set_apart_decide_nothing(
    read: Read,
    figure: str,
    title: str,
    tool: str,
    s: int,
    a: int,
    b: int,
    gap: bool,
    comment: bool,
    note: bool,
    aside: str,
    otherwise: str,
    opener: str,
) -> None:
    text = _card(
        figure, title, tool, s, f"{a / 100:.2f}", f"{b / 100:.2f}", _code(tool, s, gap, comment)
    )
    if note:
        text += f"\n{opener} {aside.format(tool=tool)} {otherwise}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [a / 100, b / 100]
    assert all(r.tool == "unknown" and r.accept_length is None for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from(sorted(_TOOLS)),
    aside=_ASIDES,
    s=st.integers(5, 8),
    near=st.sampled_from(
        [
            # (the figures measured with the tool itself)
            "The acceptance figures reported above were measured with {tool} 0.{v}.",
            # (no sentence saying the figures were measured otherwise)
            "A fix is on its way upstream.",
            # (a measuring sentence not pointing at the figures above)
            "Acceptance is measured with exact rejection sampling in release 0.{v}.",
        ]
    ),
    v=st.integers(5, 12),
)
def test_a_note_not_setting_the_tool_apart_keeps_it(
    tool: str, aside: str, s: int, near: str, v: int
) -> None:
    figure = "Acceptance length at {s} steps: {a} and {b}."
    text = _card(figure, "Usage with {tool}", tool, s, "2.41", "2.10", _code(tool, s, True, False))
    text += f"\nNote: {aside.format(tool=tool)} {near.format(tool=tool, v=v)}\n"
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, _TOOLS[tool][0])


@settings(max_examples=examples(30), deadline=None)
@given(tool=st.sampled_from(sorted(_TOOLS)), s=st.integers(5, 8), v=st.integers(140, 399))
def test_code_over_an_acceptance_line_is_the_run(tool: str, s: int, v: int) -> None:
    # (the code's printout below it, in its section: the run that printed the figure)
    code = [*_code(tool, s, False, False), "print(out)", f"mean acceptance length: {v / 100:.2f}"]
    text = _card("Our head, {s} steps.", "Usage with {tool}", tool, s, "", "", code)
    lines = list(enumerate(text.split("\n"), 1))
    assert not U.only_in_usage(lines, _TOOLS[tool][0])
