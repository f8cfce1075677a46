"""SpecForge named by its benchmark's result file (tools.py): bench_eagle3.py writes, per
benchmark and per config, a ``metrics`` list of its ``BenchmarkMetrics`` dataclass as ``asdict``
gives it; one object holding the dataclass's first six fields in their order (``latency``,
``output_throughput``, ``accept_length``, ``accuracy``, ``num_questions``,
``num_valid_predictions``) is that file's, in JSON or as Python prints the dict, whole or cut
off after those keys. Its accept length is completion tokens / verify steps of the SGLang server
it drives: bonus included, the length as printed. The keys in another order, another name among
them, a fork's per-request lengths in the object or the keys split over two objects name no
tool, and their length stays of unknown convention."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.unit.logs.paste.pipeline import Read

_KEYS = (
    "latency",
    "output_throughput",
    "accept_length",
    "accuracy",
    "num_questions",
    "num_valid_predictions",
)
_BENCHES = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=10).map(lambda s: s + "x")
_LENGTHS = st.floats(1.05, 6.5).map(lambda x: round(x, 6))
_LEADS = ["", "Results of the run:\n", "## Draft v2 eval\n\n"]


def _metrics(length: float, questions: int, accuracy: float | None, latency: float) -> dict:
    return {
        "latency": latency,
        "output_throughput": round(questions * 180.0 / latency, 4),
        "accept_length": length,
        "accuracy": accuracy,
        "num_questions": questions,
        "num_valid_predictions": questions if accuracy is None else questions - 1,
        "categorical_performance": None,
    }


def _render(doc: object, python: bool, indent: int | None) -> str:
    return repr(doc) if python else json.dumps(doc, indent=indent)


@given(
    bench=_BENCHES,
    lengths=st.lists(_LENGTHS, min_size=1, max_size=3),
    questions=st.integers(10, 500),
    accuracy=st.none() | st.floats(0.0, 1.0).map(lambda x: round(x, 3)),
    latency=st.floats(1.0, 900.0).map(lambda x: round(x, 5)),
    steps=st.none() | st.integers(1, 8),
    indent=st.sampled_from([None, 2, 4]),
    python=st.booleans(),
    cut=st.booleans(),
    lead=st.sampled_from(_LEADS),
)
def test_the_result_file_names_specforge_bonus_included(
    read: Read,
    bench: str,
    lengths: list[float],
    questions: int,
    accuracy: float | None,
    latency: float,
    steps: int | None,
    indent: int | None,
    python: bool,
    cut: bool,
    lead: str,
) -> None:
    cut = cut and indent is not None and not python
    if cut:
        # (one run, a pretty-printed paste cut short after its keys, as a quoted excerpt may
        # end; a body cut off after whole runs is read to its last whole object, as before)
        lengths = lengths[:1]
    runs = [
        {
            "batch_size": 1,
            "steps": steps,
            "topk": None if steps is None else 1,
            "num_draft_tokens": None if steps is None else steps + 1,
            "metrics": [_metrics(length, questions, accuracy, latency)],
            "num_samples": questions,
        }
        for length in lengths
    ]
    body = _render({"model": "org/head-a", bench: runs}, python, indent)
    if cut:
        body = body[: body.rindex("num_valid_predictions") + len("num_valid_predictions") + 6]
    text = f"{lead}```\n{body}\n```\n"
    assert "specforge" in T.tools_named(text)
    got = read(text).records
    assert [(r.tool, r.printed_length, r.accept_length) for r in got] == [
        ("specforge", length, length) for length in lengths
    ]


@given(
    length=_LENGTHS,
    order=st.permutations(_KEYS).filter(lambda p: tuple(p) != _KEYS),
    indent=st.sampled_from([None, 2]),
)
def test_the_keys_in_another_order_name_no_tool(
    read: Read, length: float, order: list[str], indent: int | None
) -> None:
    m = _metrics(length, 80, None, 20.0)
    text = "```\n" + json.dumps({k: m[k] for k in order}, indent=indent) + "\n```\n"
    assert "specforge" not in T.tools_named(text)
    assert [(r.tool, r.accept_length) for r in read(text).records] == [("unknown", None)]


@given(
    length=_LENGTHS,
    renamed=st.sampled_from(_KEYS[:2] + _KEYS[3:]),
    other=st.sampled_from(["throughput", "tokens_per_s", "num_requests", "score", "acc"]),
    indent=st.sampled_from([None, 2]),
)
def test_another_name_among_the_keys_names_no_tool(
    read: Read, length: float, renamed: str, other: str, indent: int | None
) -> None:
    m = _metrics(length, 80, 0.5, 20.0)
    doc = {(other if k == renamed else k): v for k, v in m.items()}
    text = "```\n" + json.dumps(doc, indent=indent) + "\n```\n"
    assert "specforge" not in T.tools_named(text)
    assert [(r.tool, r.accept_length) for r in read(text).records] == [("unknown", None)]


@given(length=_LENGTHS, indent=st.sampled_from([None, 2, 4]))
def test_a_fork_with_per_request_lengths_names_no_tool(
    read: Read, length: float, indent: int | None
) -> None:
    m = _metrics(length, 80, None, 20.0)
    m["per_request_accept_length"] = [round(length - 0.5, 3), round(length + 0.5, 3)]
    text = "```\n" + json.dumps(m, indent=indent) + "\n```\n"
    assert "specforge" not in T.tools_named(text)
    assert [(r.tool, r.accept_length) for r in read(text).records] == [("unknown", None)]


def test_the_keys_in_two_objects_name_no_tool() -> None:
    text = (
        '{"speed": {"latency": 3.5, "output_throughput": 91.2, "accept_length": 2.4}, '
        '"quality": {"accuracy": null, "num_questions": 12, "num_valid_predictions": 12}}'
    )
    assert T.tools_named(text) == []
    # (the word alone in prose is no object of the file)
    assert T.tools_named("the accept_length, accuracy and num_valid_predictions fields") == []
