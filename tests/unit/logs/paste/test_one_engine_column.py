"""A table of metrics as rows one of whose run columns names an engine, the others none, both
ways (our own text):

- `| Metric | Our stack | Borrowed vLLM recipe |`: the columns compare setups, so the engine
  is the named column's alone; a column naming none gets no tool, and no engine's convention
  decides its length (before, the engine the header named was the whole block's);
- two columns naming two engines keep each its own (as before); a table whose one run column
  names the engine alone keeps it, and so do columns naming the same engine.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ENGINES = [("vLLM", "vllm"), ("SGLang", "sglang"), ("llama.cpp", "llamacpp")]


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=st.sampled_from(_ENGINES),
    place=st.integers(1, 2),
    mine=st.integers(150, 290),
    theirs=st.integers(300, 450),
    own=st.sampled_from(["Our stack", "This repo (custom kernels)", "Fork build"]),
)
def test_the_named_column_alone_takes_the_engine(
    read: Read, engine: tuple[str, str], place: int, mine: int, theirs: int, own: str
) -> None:
    shown, tool = engine
    header = ["Metric", own, f"Reference {shown} recipe"]
    vals = ["", f"{mine / 100:.2f}", f"{theirs / 100:.2f}"]
    if place == 1:
        header[1], header[2] = header[2], header[1]
        vals[1], vals[2] = vals[2], vals[1]
    text = "Same weights on both setups.\n\n" + pipe_table(
        header,
        [["Quality", "71.0", "88.5"], ["Mean acceptance length", vals[1], vals[2]]],
    )
    got = {r.printed_length: r for r in read(text).records}
    assert set(got) == {mine / 100, theirs / 100}
    assert got[theirs / 100].tool == tool
    assert got[theirs / 100].accept_length == theirs / 100
    assert got[mine / 100].tool == "unknown"
    assert got[mine / 100].accept_length is None


def test_two_engines_keep_their_own(read: Read) -> None:
    text = pipe_table(
        ["Metric", "vLLM run", "SGLang run"],
        [["Quality", "71.0", "88.5"], ["Mean acceptance length", "2.41", "3.02"]],
    )
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("vllm", 2.41), ("sglang", 3.02)]


def test_one_run_column_alone_keeps_its_engine(read: Read) -> None:
    text = pipe_table(
        ["Metric", "vLLM run"], [["Quality", "71.0"], ["Mean acceptance length", "2.41"]]
    )
    assert [(r.tool, r.accept_length) for r in read(text).records] == [("vllm", 2.41)]


def test_columns_naming_the_same_engine_keep_it(read: Read) -> None:
    text = pipe_table(
        ["Metric", "vLLM main", "vLLM + patch"],
        [["Quality", "71.0", "88.5"], ["Mean acceptance length", "2.41", "3.02"]],
    )
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("vllm", 2.41), ("vllm", 3.02)]
