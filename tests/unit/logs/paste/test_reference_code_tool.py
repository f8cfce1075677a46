"""A tool named only as the code the paste's own engine is brought in line with, ported from or
modelled on (`make our draft head's forward pass in line with SGLang's reference`, `ported from
vLLM's proposer`) is a reference, not what ran: the figures' tool stays unknown and the tool's
conventions decide nothing (reader._POINTER). Where the tool also ran (its server launched, its
name on the figure's own line) it decides as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(["SGLang", "vLLM", "llama.cpp", "TensorRT-LLM"]),
    lead=st.sampled_from(
        [
            "Patch: bring our MTP head's forward pass in line with {t}'s reference.",
            "The proposer was ported from {t}'s implementation last week.",
            "Our drafter is a port of {t}'s EAGLE code, trimmed to one layer.",
            "The verify loop is modelled on {t}'s scheduler.",
        ]
    ),
    v=st.integers(150, 450),
)
def test_a_tool_named_only_as_reference_code_decides_nothing(
    read: Read, tool: str, lead: str, v: int
) -> None:
    text = (
        lead.format(t=tool)
        + "\n\nResults on 12 prompts:\n"
        + pipe_table(["batch", "accept length"], [["1", f"{v / 100:.2f}"]])
    )
    (r,) = read(text).records
    assert r.tool == "unknown"
    assert r.accept_length is None


def test_negative_control_a_tool_that_ran_still_decides(read: Read) -> None:
    table = pipe_table(["batch", "accept length"], [["1", "2.63"]])
    text = (
        "Patch: bring the kernel in line with upstream.\n\nServed with SGLang, 12 prompts:\n"
        + table
    )
    (r,) = read(text).records
    assert r.tool == "sglang"
    assert r.accept_length == 2.63
