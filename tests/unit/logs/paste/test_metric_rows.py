"""A table of metrics as rows (metric_rows.py): a tool named in one row's label is that row's,
never another row's figure; a paragraph naming the tool still attributes its sentences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_TOOLS = st.sampled_from(["SGLang", "vLLM", "TensorRT-LLM"])
_THIRD = st.sampled_from(["", "Source", "Notes", "Reference"])
_NAMES = st.sampled_from(["Live accept length", "Mean acceptance length", "Accept length"])


def _table(rows: list[tuple[str, str, str]], third: str, piped: bool) -> str:
    head = ["Metric", "Value"] + ([third] if third else [])
    if piped:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(r[: len(head)]) + " |" for r in rows]
    else:
        out = [" ".join(head)] + [" ".join(r[: len(head)]) for r in rows]
    return "\n".join(out) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=_TOOLS,
    third=_THIRD,
    name=_NAMES,
    piped=st.booleans(),
    tool_first=st.booleans(),
    length=st.integers(120, 480),
    speedup=st.integers(110, 290),
)
def test_a_tool_in_another_rows_label_decides_no_figure(
    read, tool: str, third: str, name: str, piped: bool, tool_first: bool, length: int, speedup: int
) -> None:
    own = (f"{name}", f"{length / 100:.2f}", "notes/3")
    other = (f"{tool} batched serving speedup", f"{speedup / 100:.2f}x", "notes/4")
    rows = [other, own] if tool_first else [own, other]
    text = "Draft head, headline numbers\n\n" + _table(rows, third, piped)
    got = [r for r in read(text).records if r.printed_length == length / 100]
    assert len(got) == 1
    assert got[0].tool == "unknown"
    assert got[0].accept_length is None


@settings(max_examples=examples(20), deadline=None)
@given(tool=_TOOLS, length=st.integers(120, 480), speedup=st.integers(110, 290))
def test_negative_control_a_paragraph_naming_the_tool_still_attributes(
    read, tool: str, length: int, speedup: int
) -> None:
    text = (
        f"We served the draft with {tool} and saw a {speedup / 100:.2f}x speedup.\n"
        f"Accept length was {length / 100:.2f} on the chat set.\n"
    )
    got = [r for r in read(text).records if r.printed_length == length / 100]
    assert len(got) == 1
    assert got[0].tool == tool.lower().replace("tensorrt-llm", "trtllm")


def test_negative_control_a_header_naming_the_tool_attributes_every_row(read) -> None:
    text = "SGLang headline numbers\n\nMetric Value\nServing speedup 1.84x\nAccept length 3.10\n"
    got = [r for r in read(text).records if r.printed_length == 3.10]
    assert len(got) == 1
    assert got[0].tool == "sglang"
