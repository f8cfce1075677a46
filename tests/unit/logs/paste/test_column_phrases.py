"""A table whose columns are different tools' runs and whose cells are phrases ('52-61 tok/s
(mean ~57, AL ~2.9)'): each cell read on its own with its column's tool. A column whose header
names no tool, beside the one whose header names the block's tool, takes no tool and no
convention; a range under an acceptance name is a record of no figure; a range of another
measure is none; a line below quoting the table's figure is no second record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ENGINES = [
    ("vLLM 0.11 (TP 2)", "vllm"),
    ("SGLang main", "sglang"),
    ("llama.cpp b6100", "llamacpp"),
]
_OWN = ["our fork, block 8", "Hydra draft (FP8 KV)", "home-made server 2.1"]
_LENGTH_NAMES = ["AL ~{v}", "AL {v}", "accept len {v}", "mean acceptance length {v}"]


def _table(own: str, engine: str, own_first: bool, rows: list[tuple[str, str, str]]) -> str:
    cols = [own, engine] if own_first else [engine, own]
    lines = [
        "Short results from last night.",
        "",
        "## Decode speed, one card, batch 1",
        "",
        f"| Task | {cols[0]} | {cols[1]} |",
        "|---|---|---|",
    ]
    for task, own_cell, engine_cell in rows:
        a, b = (own_cell, engine_cell) if own_first else (engine_cell, own_cell)
        lines.append(f"| {task} | {a} | {b} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_ENGINES),
    st.sampled_from(_OWN),
    st.booleans(),
    st.sampled_from(_LENGTH_NAMES),
    st.lists(st.integers(130, 690), min_size=1, max_size=3),
    st.booleans(),
)
def test_own_column_takes_no_engine(
    read: Read,
    engine: tuple[str, str],
    own: str,
    own_first: bool,
    name: str,
    hundredths: list[int],
    with_range: bool,
) -> None:
    lengths = [h / 100 for h in hundredths]
    rows = []
    for i, v in enumerate(lengths):
        own_cell = f"{40 + i}-{48 + i} tok/s (mean ~{44 + i}, {name.format(v=f'{v:.2f}')})"
        engine_cell = (
            f"{55 + i} tok/s (AL 2.1–2.6 MTP)" if with_range and i == 0 else f"{55 + i} tok/s"
        )
        rows.append((f"task-{i}", own_cell, engine_cell))
    recs = read(_table(own, engine[0], own_first, rows)).records
    own_recs = [r for r in recs if r.printed_length is not None]
    assert [r.printed_length for r in own_recs] == lengths
    assert all(r.tool == "unknown" and r.accept_length is None for r in own_recs)
    spans = [r for r in recs if r.printed_length is None]
    if with_range:
        # the engine's column: a range under the length's name, a record of no figure
        assert len(spans) == 1 and spans[0].tool == engine[1]
        assert spans[0].printed_rate is None
    else:
        assert spans == []


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(_ENGINES), st.sampled_from(_OWN), st.integers(130, 690))
def test_a_line_below_restating_the_table_is_no_record(
    read: Read, engine: tuple[str, str], own: str, h: int
) -> None:
    v = f"{h / 100:.2f}"
    text = _table(own, engine[0], True, [("chat", f"41 tok/s (mean ~40, AL ~{v})", "52 tok/s")])
    text += f"\n## Still open\n\n- draft under-trained: chat AL ~{v}, slower than the other\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(v)]


@settings(max_examples=examples(15), deadline=None)
@given(st.sampled_from(_ENGINES), st.sampled_from(_OWN), st.integers(130, 690))
def test_engine_named_above_keeps_both_columns(
    read: Read, engine: tuple[str, str], own: str, h: int
) -> None:
    # the heading names the engine too: a column naming none may be its run as well
    v = f"{h / 100:.2f}"
    text = _table(own, engine[0], True, [("chat", f"41 tok/s (mean ~40, AL ~{v})", "52 tok/s")])
    text = text.replace(
        "## Decode speed", f"## Decode speed, every run served by {engine[0].split()[0]}"
    )
    recs = read(text).records
    assert [r.tool for r in recs] == [engine[1]]


def test_a_range_of_another_measure_is_no_record(read: Read) -> None:
    text = _table("our fork", "vLLM 0.11", True, [("chat", "40-48 tok/s (mean ~44)", "55 tok/s")])
    assert read(text).records == ()


def test_headers_naming_no_engine_are_not_this_reader(read: Read) -> None:
    # no column names an engine: the block's reading as before (the paste's one tool)
    text = _table(
        "draft A", "draft B", True, [("chat", "41 tok/s (mean ~40, AL ~2.40)", "52 tok/s")]
    )
    text = "Served with vLLM.\n\n" + text
    recs = read(text).records
    assert [(r.printed_length, r.tool) for r in recs] == [(2.4, "vllm")]
