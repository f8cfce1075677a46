"""An engine named only as the origin of a technique the paste's own program borrowed (`the
TensorRT-LLM MTP policy`, `vLLM's acceptance heuristic`, `an SGLang-style scheduler`, `as vLLM
does`, `borrowed from the A/B playbook`: owned._TECHNIQUE, owned._LISTED) names no tool of the
paste's figures: they are the unnamed program's (tool unknown, no convention). The engine named
before its run or its printer, or plainly, still is the tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_ENGINES = {
    "vLLM": "vllm",
    "vllm": "vllm",
    "SGLang": "sglang",
    "sglang": "sglang",
    "TensorRT-LLM": "trtllm",
    "TRT-LLM": "trtllm",
}
_NOUNS = ["policy", "playbook", "heuristic", "scheme", "trick", "kernel", "approach"]
_MODIFIERS = ["", " MTP", " acceptance", " draft-side", " lenient verify"]


def _paste(mention: str, before: str, after: str, space: str) -> str:
    return (
        "Round two of our own Rust engine, on one edge board.\n\n"
        f"1. **Looser verify inside reasoning**{space}- {mention}: inside the reasoning span a draft"
        f" in the top candidates is kept. Mean acceptance length {before} -> {after}.\n"
    )


def _pair(a: int, b: int) -> tuple[str, str]:
    return f"{a / 100:.2f}", f"{b / 100:.2f}"


@settings(max_examples=examples(40), deadline=None)
@given(
    engine=st.sampled_from(sorted(_ENGINES)),
    article=st.sampled_from(["the ", "", "a "]),
    possessive=st.sampled_from(["", "'s"]),
    modifier=st.sampled_from(_MODIFIERS),
    noun=st.sampled_from(_NOUNS),
    a=st.integers(150, 400),
    b=st.integers(401, 700),
    space=st.sampled_from([" ", "  "]),
)
def test_an_engine_named_as_a_techniques_origin_is_no_tool(
    read,
    engine: str,
    article: str,
    possessive: str,
    modifier: str,
    noun: str,
    a: int,
    b: int,
    space: str,
) -> None:
    before, after = _pair(a, b)
    mention = f"{article}{engine}{possessive}{modifier} {noun}"
    got = read(_paste(mention, before, after, space)).records
    assert [r.printed_length for r in got] == [a / 100, b / 100]
    assert {r.tool for r in got} == {"unknown"}
    assert [r.accept_length for r in got] == [None, None]


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=st.sampled_from(sorted(_ENGINES)),
    shape=st.sampled_from(
        [
            "{e}-style",
            "{e} style",
            "{e}-like",
            "as {e} does",
            "like {e} does",
            "inspired by {e}",
            "à la {e}",
        ]
    ),
    a=st.integers(150, 400),
    b=st.integers(401, 700),
)
def test_an_engine_named_as_a_style_is_no_tool(
    read, engine: str, shape: str, a: int, b: int
) -> None:
    before, after = _pair(a, b)
    got = read(_paste(shape.format(e=engine), before, after, " ")).records
    assert [r.printed_length for r in got] == [a / 100, b / 100]
    assert {r.tool for r in got} == {"unknown"}


@settings(max_examples=examples(30), deadline=None)
@given(
    engines=st.lists(st.sampled_from(sorted(_ENGINES)), min_size=2, max_size=3, unique=True),
    sep=st.sampled_from(["/", ", ", " and ", " / ", " & "]),
    verb=st.sampled_from(["borrowed from the", "ported from", "adapted from the"]),
    tail=st.sampled_from([" playbook", " playbooks", ""]),
    a=st.integers(150, 400),
    b=st.integers(401, 700),
)
def test_engines_listed_as_a_source_are_no_tools(
    read, engines: list[str], sep: str, verb: str, tail: str, a: int, b: int
) -> None:
    before, after = _pair(a, b)
    text = (
        f"Follow-up round ({verb} {sep.join(engines)}{tail}, measured on our board).\n\n"
        + _paste("our relaxed verify", before, after, " ")
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [a / 100, b / 100]
    assert {r.tool for r in got} == {"unknown"}


@settings(max_examples=examples(30), deadline=None)
@given(
    # ('TRT-LLM' alone marks no tool: tools._MARKS)
    engine=st.sampled_from(sorted(set(_ENGINES) - {"TRT-LLM"})),
    shape=st.sampled_from(
        [
            "the {e} EAGLE run",
            "{e} printed",
            "served by {e}",
            "the {e} server run",
            "{e}'s benchmark policy",
            "the {e} measured policy",
            # ('like this': the way it was run, no style)
            "run with {e} like this",
        ]
    ),
    a=st.integers(150, 400),
    b=st.integers(401, 700),
)
def test_an_engine_named_as_the_run_still_names_the_tool(
    read, engine: str, shape: str, a: int, b: int
) -> None:
    before, after = _pair(a, b)
    got = read(_paste(shape.format(e=engine), before, after, " ")).records
    assert [r.printed_length for r in got] == [a / 100, b / 100]
    assert {r.tool for r in got} == {_ENGINES[engine]}
