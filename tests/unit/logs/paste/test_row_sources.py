"""Table rows led by their source (`sfllm: Qwen3-4B + EAGLE3`, `SGLang: Qwen3-4B + EAGLE3`): a
tool named in one row's label is that row's tool only; a row led by an unknown program or fork
gets no tool's conventions (interpret._row_sources). One source in every row changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FORKS = ["myfork", "fastspec", "turbo-infer", "acme_rt"]
_ENGINES = {"SGLang": "sglang", "vLLM": "vllm"}


def _table(rows: list[tuple[str, str]]) -> str:
    body = "\n".join(
        f"| {src}: Llama-3-8B + EAGLE3 ({i}) | {v} |" for i, (src, v) in enumerate(rows)
    )
    return "| Model | Acc len |\n| --- | ---: |\n" + body + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    fork=st.sampled_from(_FORKS),
    engine=st.sampled_from(sorted(_ENGINES)),
    values=st.lists(st.integers(150, 480), min_size=3, max_size=3),
    engine_at=st.integers(0, 2),
)
def test_a_row_label_tool_is_that_rows_only(
    read: Read, fork: str, engine: str, values: list[int], engine_at: int
) -> None:
    rows = [(fork, f"{v / 100:.2f}") for v in values]
    rows[engine_at] = (engine, rows[engine_at][1])
    got = read(_table(rows)).records
    assert [r.printed_length for r in got] == [float(v) for _, v in rows]
    for i, r in enumerate(got):
        if i == engine_at:
            assert r.tool == _ENGINES[engine] and r.accept_length == r.printed_length
        else:
            # never the engine's convention for another program's row
            assert r.tool == "unknown" and r.accept_length is None


def test_two_engines_each_their_own(read: Read) -> None:
    got = read(_table([("SGLang", "2.41"), ("vLLM", "2.37")])).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 2.41), ("vllm", 2.37)]


@pytest.mark.parametrize("lead", ["SGLang", "Run"])
def test_one_source_in_every_row_changes_nothing(read: Read, lead: str) -> None:
    text = "Numbers from SGLang's bench_serving:\n\n" + _table([(lead, "2.41"), (lead, "2.37")])
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 2.41), ("sglang", 2.37)]
