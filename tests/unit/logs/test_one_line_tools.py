"""A one-line layout's spelling ("Accept length: 1.70") names its tool only when nothing above it
says otherwise: through the whole pipeline (line scanner, claim check, structure readers), as
a user runs it."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.cli import run_cli
from tests.support.examples import examples

# (the line as the tool prints it, the tool's engine, the version the line scanner names)
LAYOUTS = (
    ("Accept length:                           {v}", "sglang", "sglang bench_serving"),
    ("acc_length: {v} ", "sglang", "sglang bench_one_batch_server"),
    ("Average Accept length: {v}", "sglang", "specforge benchmark"),
    ("mean acceptance length: {v}", "vllm", "vllm spec_decode.py"),
    ("Acceptance rate (%):                     {v}", "vllm", "vllm bench serve"),
)
OTHER_TOOLS = {
    "sglang": ("TensorRT-LLM", "llama.cpp", "MLX", "vLLM", "FastDeploy", "HF transformers"),
    "vllm": ("SGLang", "TensorRT-LLM", "llama.cpp", "MLX", "FastDeploy", "HF transformers"),
}
OWN_NAME = {"sglang": "SGLang", "vllm": "vLLM"}
OWN_HARNESS = (
    "Numbers from my custom harness",
    "Our DIY eval",
    "my own script prints",
    "Output of our eval script",
    "homemade loop, results",
)
NEGATIONS = ("not {t}", "unlike {t}", "instead of {t}", "this is not the {t} script")
WRAPS = ("{h}:", "## {h}", "**{h}**", "{h}, from the client side:", "> {h}:")


def _read(text: str) -> dict[str, object]:
    r = run_cli(["logs", "-", "--json"], input=text)
    assert r.exit_code in (0, 1), r.stderr
    doc: dict[str, object] = json.loads(r.stdout)
    return doc


def _versions(doc: dict[str, object]) -> set[str]:
    summary = doc["summary"]
    assert isinstance(summary, dict)
    return {v for eng in summary.values() for v in eng["versions"]}


def _paste_tools(doc: dict[str, object]) -> list[str]:
    pastes = doc.get("pastes") or []
    assert isinstance(pastes, list)
    return [rec["tool"] for p in pastes for rec in p["records"]]


_VALUE = st.sampled_from(("1.70", "2.37", "3.18", "2.000"))


@settings(max_examples=examples(30), deadline=None)
@given(
    layout=st.sampled_from(LAYOUTS),
    value=_VALUE,
    wrap=st.sampled_from(WRAPS),
    kind=st.sampled_from(("other", "own", "negated")),
    pick=st.integers(0, 100),
    gap=st.integers(0, 2),
)
def test_a_heading_that_contradicts_the_spelling_wins(
    layout: tuple[str, str, str], value: str, wrap: str, kind: str, pick: int, gap: int
) -> None:
    line, engine, version = layout
    if kind == "other":
        others = OTHER_TOOLS[engine]
        heading = f"{others[pick % len(others)]} run"
    elif kind == "own":
        heading = OWN_HARNESS[pick % len(OWN_HARNESS)]
    else:
        heading = NEGATIONS[pick % len(NEGATIONS)].format(t=OWN_NAME[engine]).capitalize()
    text = wrap.format(h=heading) + "\n" + "\n" * gap + line.format(v=value) + "\n"
    doc = _read(text)
    # the line scanner claims nothing: the record, if any, is the structure readers', whose
    # tool is the one named or unknown, never the layout's by its spelling
    assert version not in _versions(doc), text
    assert doc["engines"] == [], text
    if kind == "own":
        assert set(_paste_tools(doc)) <= {"unknown", "transformers"}, text


@settings(max_examples=examples(20), deadline=None)
@given(
    layout=st.sampled_from(LAYOUTS),
    value=_VALUE,
    wrap=st.sampled_from(WRAPS),
    heading=st.sampled_from(("", "Results", "{t} results", "Ran the {t} benchmark", "{t}")),
)
def test_the_spelling_names_its_tool_when_nothing_contradicts_it(
    layout: tuple[str, str, str], value: str, wrap: str, heading: str
) -> None:
    """Positive controls: no heading, a neutral one, or one naming the tool itself."""
    line, engine, version = layout
    top = wrap.format(h=heading.format(t=OWN_NAME[engine])) + "\n" if heading else ""
    doc = _read(top + line.format(v=value) + "\n")
    assert _versions(doc) == {version}, top
    assert "pastes" not in doc


@settings(max_examples=examples(10), deadline=None)
@given(
    heading=st.sampled_from(("Our TensorRT-LLM run:", "My own harness, unlike SGLang:", "MLX")),
    value=_VALUE,
)
def test_the_tools_own_lines_before_it_decide(heading: str, value: str) -> None:
    """bench_serving's `Concurrency:` line just before `Accept length:` is SGLang's layout
    whatever a heading above says; bench_one_batch_server's throughput lines and vllm bench
    serve's `Speculative Decoding` banner likewise."""
    serving = (
        f"{heading}\n============ Serving Benchmark Result ============\n"
        f"Concurrency:                             3.91\n"
        f"Accept length:                           {value}\n"
    )
    assert _versions(_read(serving)) == {"sglang bench_serving"}
    one_batch = f"{heading}\nbatch size: 1\noutput throughput: 91.17 token/s\nacc_length: {value}\n"
    assert _versions(_read(one_batch)) == {"sglang bench_one_batch_server"}
    newer = f"{heading}\nlast_ttft: 0.12 s\nlast generation throughput: 91.02 tok/s\nacc_length: {value} \n"
    assert _versions(_read(newer)) == {"sglang bench_one_batch_server"}
    bench_serve = (
        f"{heading}\n---------------Speculative Decoding---------------\n"
        f"Acceptance rate (%):                     {value}\n"
        f"Acceptance length:                       2.52\nDrafts:                                  1500\n"
    )
    assert _versions(_read(bench_serve)) == {"vllm bench serve"}


@settings(max_examples=examples(15), deadline=None)
@given(
    layout=st.sampled_from(LAYOUTS[:4]),
    steps=st.sampled_from((100, 200, 400, 500, 1000)),
    quarter=st.integers(1, 12),
    excluded=st.booleans(),
)
def test_counts_above_decide_before_the_spelling(
    layout: tuple[str, str, str], steps: int, quarter: int, excluded: bool
) -> None:
    """The paste's own counts above the line are evidence the structure readers weigh: the
    convention comes from 1 + accepted / steps, never from the spelling's tool."""
    line, _, version = layout
    accepted = steps * quarter // 4
    per_step = accepted / steps
    printed = per_step if excluded else 1 + per_step
    text = f"accepted: {accepted}\nverify steps: {steps}\n{line.format(v=f'{printed:.2f}')}\n"
    doc = _read(text)
    assert version not in _versions(doc), text
    pastes = doc["pastes"]
    assert isinstance(pastes, list)
    (rec,) = pastes[0]["records"]
    assert rec["accept_length"] is not None, text
    assert abs(rec["accept_length"] - (1 + per_step)) < 0.006, text


def test_specforges_spelling_is_exact() -> None:
    """SpecForge prints `Average Accept length:` after `Average Output throughput:`; the same
    words in another case are many research scripts' own, with their own conventions."""
    spec = "Average Output throughput: 41.960 token/s\nAverage Accept length: 2.195\n"
    assert _versions(_read("## Results (MLX port)\n" + spec)) == {"specforge benchmark"}
    for line in ("Average accept length: 2.195", "average accept length: 2.195"):
        doc = _read(line + "\n")
        assert doc["engines"] == [], line


def test_a_negative_control_yields_no_record() -> None:
    """A line that only resembles a layout (no number) under a contradicting heading: nothing."""
    doc = _read("Our TensorRT-LLM run:\nAccept length: n/a\n")
    assert doc["engines"] == [] and not _paste_tools(doc)


@settings(max_examples=examples(10), deadline=None)
@given(iterations=st.integers(20, 400), quarter=st.integers(4, 12))
def test_a_count_of_iterations_above_is_the_pastes_own(iterations: int, quarter: int) -> None:
    """A block counting the target's iterations (`Total iteration number:`, OpenVINO GenAI's
    samples) above `Accept length:` is another tool's summary, not bench_serving's: the
    structure readers read it (SGLang's spelling names no tool there)."""
    generated = iterations * quarter // 4
    text = (
        "TARGET\n"
        f"  Num generated token: {generated} tokens\n"
        f"  Total iteration number: {iterations}\n"
        f"  Accept length: {generated / iterations:.2f}\n"
    )
    doc = _read(text)
    assert "sglang bench_serving" not in _versions(doc), text
    assert set(_paste_tools(doc)) == {"unknown"}, text
