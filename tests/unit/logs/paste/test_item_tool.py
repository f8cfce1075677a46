"""A figure of one list item naming exactly one tool, in a list whose items name several
('- the vLLM build got 2.6 accept length', '- SGLang is being rebuilt'): that tool's run, its
convention left undecided (the user's words, no engine's line). An item naming two tools, one
only after a contrast, or none keeps no tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOOLS = [("vLLM", "vllm"), ("SGLang", "sglang"), ("sglang", "sglang"), ("llama.cpp", "llamacpp")]
_MARKS = ["- ", "* ", "1. "]
_FIGURES = [
    ("reached {v} accept length", "length"),
    ("(draft at {v} accept length)", "length"),
    ("achieving accept rate {r}", "rate"),
]
_OTHER_ITEMS = [
    "**Long context**: {o} still slow past 64k, a fix is in review",
    "{o} release notes mention a new scheduler",
]


def _list(mark: str, tool: str, other: str, figure: str, first: bool) -> str:
    items = [
        f"**Patch landed** for the {tool} MTP path; rebuilt image, {figure}, 140 tok/s",
        _OTHER_ITEMS[0].format(o=other),
        _OTHER_ITEMS[1].format(o=other),
    ]
    if not first:
        items = items[1:] + items[:1]
    return "# Notes of the day\n\n## Highlights\n" + "".join(f"{mark}{t}\n" for t in items)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_TOOLS),
    st.sampled_from(_TOOLS),
    st.sampled_from(_MARKS),
    st.sampled_from(_FIGURES),
    st.integers(150, 390),
    st.booleans(),
)
def test_the_items_one_tool(
    read: Read,
    tool: tuple[str, str],
    other: tuple[str, str],
    mark: str,
    figure: tuple[str, str],
    hundredths: int,
    first: bool,
) -> None:
    if other[1] == tool[1]:
        other = ("vLLM", "vllm") if tool[1] != "vllm" else ("SGLang", "sglang")
    v = hundredths / 100
    text = _list(mark, tool[0], other[0], figure[0].format(v=f"{v:.2f}", r=f"{v / 4:.2f}"), first)
    recs = read(text).records
    assert len(recs) == 1
    (r,) = recs
    assert r.tool == tool[1]
    assert r.accept_length is None  # the tool only: no engine's convention for the user's words


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(_MARKS), st.integers(150, 390))
def test_an_item_naming_two_tools_takes_none(read: Read, mark: str, hundredths: int) -> None:
    v = hundredths / 100
    text = _list(mark, "vLLM", "SGLang", f"reached {v:.2f} accept length", True)
    text = text.replace("for the vLLM MTP path", "for the vLLM and SGLang MTP paths")
    recs = read(text).records
    assert [r.tool for r in recs] == ["unknown"]


def test_an_item_naming_its_tool_after_a_contrast_takes_none(read: Read) -> None:
    text = _list("- ", "our fork (unlike vLLM)", "SGLang", "reached 2.61 accept length", True)
    recs = read(text).records
    assert [r.tool for r in recs] == ["unknown"]


def test_an_item_naming_no_tool_takes_none(read: Read) -> None:
    text = _list("- ", "home-grown", "SGLang", "reached 2.61 accept length", True)
    text = text.replace("release notes", "and vLLM release notes")
    recs = read(text).records
    assert [r.tool for r in recs] == ["unknown"]
