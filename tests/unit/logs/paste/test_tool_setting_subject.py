"""A tool named in a paste only as the subject of a verb bounding one of its own settings by
the setting's identifier ('- SGLang clamps max_running_requests at 48 here.') tells how the
tool scheduled the run, in a caveat: it is no printer of the block's figures, and no
convention of its own decides them. A tool said to have served or printed the figures, or
named beside them otherwise, keeps its reading."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.unit.logs.paste.pipeline import Read

_TOOLS = st.sampled_from([("vLLM", "vllm"), ("SGLang", "sglang")])
_VERBS = st.sampled_from(["caps", "clamps", "limits", "restricts"])
_SETTINGS = st.sampled_from(
    ["max_num_seqs", "max_running_requests", "chunked_prefill_size", "`--max-model-len`"]
)


def _note(tool: str, verb: str, setting: str, v: str) -> str:
    return (
        "Notes on the long-context run, read before comparing:\n"
        f"- With the default budget, {tool} {verb} {setting} at 1024 on this card.\n"
        "- Memory stayed at 71% of the card all along.\n"
        f"- Acceptance length is {v} on the summary prompts.\n"
    )


@settings(max_examples=30, deadline=None)
@given(tool=_TOOLS, verb=_VERBS, setting=_SETTINGS, v=st.integers(120, 390))
def test_a_tool_bounding_a_setting_decides_no_convention(
    read: Read, tool: tuple[str, str], verb: str, setting: str, v: int
) -> None:
    ((r,),) = [read(_note(tool[0], verb, setting, f"{v / 100:.2f}")).records]
    assert r.printed_length == v / 100
    assert r.accept_length is None  # (no tool's printing decides the bonus)
    assert T.setting_subjects(_note(tool[0], verb, setting, "2.00")) == {tool[1]}


@settings(max_examples=30, deadline=None)
@given(tool=_TOOLS, v=st.integers(120, 390))
def test_a_tool_serving_the_run_keeps_its_convention(
    read: Read, tool: tuple[str, str], v: int
) -> None:
    text = (
        f"Served with {tool[0]}; it caps max_num_seqs at 1024.\n"
        f"- Acceptance length is {v / 100:.2f} on the summary prompts.\n"
    )
    ((r,),) = [read(text).records]
    assert r.tool == tool[1]
    assert T.setting_subjects(text) == set()


def test_a_verb_without_a_setting_identifier_is_no_caveat() -> None:
    assert T.setting_subjects("vLLM caps the batch at 1024.") == set()
    assert T.setting_subjects("vLLM limits max_num_seqs to 8.") == {"vllm"}
