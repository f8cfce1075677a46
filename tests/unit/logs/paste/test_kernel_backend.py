"""An engine named as the kernel backend an operation is routed through inside the server
('routing attention through the TensorRT-LLM backend', 'the trtllm MLA kernels'): a library the
server calls, not the server that ran, so it attributes no figure; a harness's backend ('with
the vLLM backend') still names its engine."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ENGINES = [("TensorRT-LLM", "trtllm"), ("trtllm", "trtllm"), ("vLLM", "vllm")]
_SHAPES = [
    "routing the attention through the {e} backend on Blackwell",
    "the decode path goes via {e} kernels",
    "with the {e} MLA backend picked by default",
    "the {e} attention kernels are used for prefill",
]


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_ENGINES), st.sampled_from(_SHAPES))
def test_a_kernel_backend_names_no_tool(engine: tuple[str, str], shape: str) -> None:
    assert T.tools_named(shape.format(e=engine[0])) == []


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(_ENGINES),
    st.sampled_from(
        [
            "lm-eval with the {e} backend",
            "served by {e} on two cards",
            "{e} prints the acceptance length",
            "the {e} backend of our harness",
        ]
    ),
)
def test_other_mentions_still_name_it(engine: tuple[str, str], shape: str) -> None:
    assert T.tools_named(shape.format(e=engine[0])) == [engine[1]]


def test_the_figures_take_no_tool_from_a_kernel_backend(read: Read) -> None:
    text = (
        "### Notes\n"
        "- MTP speculative decoding: accept length 2.70 on the chat prompts.\n"
        "- The KV cache defaults to fp8, routing attention through the TensorRT-LLM backend.\n"
    )
    recs = read(text).records
    assert [(r.printed_length, r.tool) for r in recs] == [(2.7, "unknown")]
