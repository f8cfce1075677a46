"""A sentence saying which engine the run is (tools.identified, read as tools.measured_with): 'this
is the **vLLM stack** — vLLM 0.12 with ..., not llama.cpp', 'these runs are on the SGLang
engine'. In a paste naming two tools, the one the sentence says the run is decides the table's
tool, as 'Benchmarked with vLLM' does. A negation, a question, a condition, a possessive or a
stack trace after the name, or no word for the software (stack, engine, backend, runtime,
server, build) say nothing of the run: the tool stays undecided."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOOLS = {"vLLM": "vllm", "SGLang": "sglang", "llama.cpp": "llamacpp"}
_SUBJECTS = [
    "this is the",
    "these runs are on the",
    "it's the",
    "this row is the",
    "these are all the",
]
_NOUNS = ["stack", "engine", "backend", "runtime", "build", "server"]
_MARKUP = ["", "**", "`"]


def _said(subject: str, name: str, version: str, noun: str, mark: str) -> str:
    core = f"{name}{version} {noun}"
    return f"{subject} {mark}{core}{mark}"


def _paste(said: str, other: str, rates: list[int], above: bool) -> str:
    rows = [f"| box-{i} | {40 + i}.5 | {rate / 100:.2f} |" for i, rate in enumerate(rates)]
    table = ["| Side | Decode tok/s | Acceptance |", "|---|---|---|", *rows]
    note = (
        f"Engine note: {said}, with our own quantised weights, not {other}. I can move it to "
        f"a separate section if you want to keep the main table {other}-only."
    )
    lines = ["Paired A/B on one card, only the speculative flag flipped between serves.", ""]
    lines += [note, "", *table] if above else [*table, "", note]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from(sorted(_TOOLS)),
    other=st.sampled_from(sorted(_TOOLS)),
    subject=st.sampled_from(_SUBJECTS),
    version=st.sampled_from(["", " 0.11", " 0.12.1"]),
    noun=st.sampled_from(_NOUNS),
    mark=st.sampled_from(_MARKUP),
    rates=st.lists(st.integers(5, 95), min_size=1, max_size=3),
    above=st.booleans(),
)
def test_the_engine_the_sentence_names_is_the_tables(
    read: Read,
    tool: str,
    other: str,
    subject: str,
    version: str,
    noun: str,
    mark: str,
    rates: list[int],
    above: bool,
) -> None:
    assume(tool != other)
    text = _paste(_said(subject, tool, version, noun, mark), other, rates, above)
    got = read(text).records
    assert [r.printed_rate for r in got] == [v / 100 for v in rates]
    assert {r.tool for r in got} == {_TOOLS[tool]}


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from(sorted(_TOOLS)),
    other=st.sampled_from(sorted(_TOOLS)),
    miss=st.sampled_from(
        [
            "this is not the {t} stack",  # a negation
            "is this the {t} engine? I was not sure",  # a question
            "if this is the {t} build",  # a condition
            "maybe this is the {t} runtime",  # a hedge
            "this is the {t} stack's default",  # a possessive: the tool's, not the run
            "this is the {t} stack trace we hit earlier",  # a trace
            "this is the {t} way of counting",  # no word for the software
            "this is the {t} and {o} stack",  # two tools
        ]
    ),
    rates=st.lists(st.integers(5, 95), min_size=1, max_size=3),
    above=st.booleans(),
)
def test_near_misses_decide_no_tool(
    read: Read, tool: str, other: str, miss: str, rates: list[int], above: bool
) -> None:
    assume(tool != other)
    text = _paste(miss.format(t=tool, o=other), other, rates, above)
    got = read(text).records
    assert [r.printed_rate for r in got] == [v / 100 for v in rates]
    assert all(r.tool == "unknown" for r in got)
