"""A kernel family named after TensorRT-LLM ('trtllm-gen', FlashInfer's generated attention
kernels; 'trtllm_mla' / 'trtllm_mha', SGLang's attention backends) names no tool: a figure
beside it is not TensorRT-LLM's run and takes none of its conventions. TensorRT-LLM named as
itself ('TensorRT-LLM', 'trtllm-serve', 'trtllm-bench') still is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_KERNELS = ["`trtllm-gen`", "trtllm-gen", "TRTLLM_GEN", "trtllm_gen", "`trtllm_mla`"]
_TOOL = ["TensorRT-LLM", "trtllm-serve", "trtllm-bench", "TRTLLM"]


def _paste(name: str, pct: int) -> str:
    return (
        "### Attention backends tried on the new card\n\n"
        f"The fp8 path falls back to {name} kernels, which mask no positions inside the verify "
        f"window; the draft acceptance rate measured {pct}.5% over the chat prompts.\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(st.sampled_from(_KERNELS), st.integers(10, 80))
def test_a_kernel_name_is_no_tool(read: Read, name: str, pct: int) -> None:
    recs = read(_paste(name, pct)).records
    assert [r.printed_rate for r in recs] == [float(f"{pct}.5") / 100]
    assert all(r.tool == "unknown" for r in recs)


@settings(max_examples=examples(10), deadline=None)
@given(st.sampled_from(_TOOL))
def test_the_tool_by_its_own_names(name: str) -> None:
    assert T.tools_named(f"served with {name} 1.1 on one node") == ["trtllm"]
