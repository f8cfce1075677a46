"""vLLM V0's 'Speculative metrics:' line quoted or cut short in a paste naming no tool
('Speculative metrics: Draft acceptance rate: 0.512, System efficiency: 0.377, Number of
speculative tokens: 3, Number of acc' at the paste's end): its own fields, in its own words and
order, name vLLM (reader._V0_FIELDS). Another tool named in the paste, or a line of those
words in another order or without the efficiency, names none by this rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PREFIXES = st.sampled_from(
    ["INFO 03-14 09:12:55 metrics.py:351] ", "INFO 11-02 17:40:03 metrics.py:477] "]
)
_CUTS = st.sampled_from(
    [
        ", Number of speculative tokens: {k}, Number of acc",
        ", Number of speculative tokens: {k}, Num",
    ]
)


def _paste(prefix: str, rate: float, eff: float, cut: str, k: int, named: str = "") -> str:
    return (
        f"Running the benchmark with the n-gram proposer{named}, k = {k}.\n\n"
        "```\n"
        f"{prefix}Speculative metrics: Draft acceptance rate: {rate:.3f}, "
        f"System efficiency: {eff:.3f}" + cut.format(k=k) + "\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    prefix=_PREFIXES,
    cut=_CUTS,
    k=st.integers(2, 6),
    rate=st.floats(0.3, 0.9),
    eff=st.floats(0.3, 0.9),
)
def test_a_cut_v0_line_names_vllm(
    read: Read, prefix: str, cut: str, k: int, rate: float, eff: float
) -> None:
    got = read(_paste(prefix, rate, eff, cut, k)).records
    assert got and all(r.tool == "vllm" for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(k=st.integers(2, 6), other=st.sampled_from(["SGLang", "llama.cpp", "TensorRT-LLM"]))
def test_negative_control_another_tool_named_is_not_overruled(
    read: Read, k: int, other: str
) -> None:
    text = _paste("", 0.61, 0.42, ", Number of speculative tokens: {k}, Number of acc", k, "")
    text = f"Numbers from our {other} port of the proposer.\n\n" + text
    assert all(r.tool != "vllm" for r in read(text).records)


def test_negative_control_other_words_name_no_tool(read: Read) -> None:
    text = (
        "Running the benchmark with the n-gram proposer, k = 4.\n\n"
        "System efficiency: 0.420, Draft acceptance rate: 0.610, speculative tokens: 4\n"
    )
    assert all(r.tool == "unknown" for r in read(text).records)
