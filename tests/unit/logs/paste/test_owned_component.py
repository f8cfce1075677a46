"""An engine named only as the owner of a component of its own (`vLLM's PagedAttention`,
`SGLang的RadixAttention技术`, `vLLMのChunkedPrefill`: owned.py) names no tool of the paste's
figures: a figure elsewhere in the paste is the unnamed run's (tool unknown, its convention
not the engine's). The engine before a speculation component or a printer of its own
(`vLLM's EagleProposer`, `SGLang's MetricsLogger`) or named plainly still is the tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_ENGINES = ["vLLM", "SGLang", "vllm", "sglang"]
_COMPONENTS = ["PagedAttention", "RadixAttention", "ChunkedPrefill", "PrefixCache", "KvOffload"]
_MARKS = ["'s ", "’s ", "的", "の"]


def _paste(mention: str, length: str) -> str:
    return (
        "Serving overview\n"
        f"Among current optimisations, {mention} saves memory and gives 2-3x throughput.\n"
        "Our model card\n"
        f"- decoding: a one-layer draft head reaches a mean acceptance length of {length}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=st.sampled_from(_ENGINES),
    mark=st.sampled_from(_MARKS),
    component=st.sampled_from(_COMPONENTS),
    tail=st.sampled_from(["", " technique", "技术"]),
    length=st.integers(150, 450),
)
def test_an_engine_owning_another_component_is_no_tool_of_the_figures(
    read, engine: str, mark: str, component: str, tail: str, length: int
) -> None:
    got = read(_paste(f"{engine}{mark}{component}{tail}", f"{length / 100:.2f}")).records
    assert [r.printed_length for r in got] == [length / 100]
    assert [r.tool for r in got] == ["unknown"]
    assert [r.accept_length for r in got] == [None]


@settings(max_examples=examples(20), deadline=None)
@given(
    engine=st.sampled_from(["vLLM", "vllm"]),
    mention=st.sampled_from(
        ["{e}'s EagleProposer", "{e}'s SpecDecodeWorker", "{e}的MetricsLogger", "{e}", "{e} 0.11"]
    ),
    length=st.integers(150, 450),
)
def test_an_engine_before_its_speculation_or_printer_still_names_the_tool(
    read, engine: str, mention: str, length: int
) -> None:
    got = read(_paste(mention.format(e=engine), f"{length / 100:.2f}")).records
    assert [r.printed_length for r in got] == [length / 100]
    assert [r.tool for r in got] == ["vllm"]
