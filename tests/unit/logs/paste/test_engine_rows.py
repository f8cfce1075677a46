"""A table whose first column names each row's engine ('| Engine | ... |' over '| vLLM | ... |'
and '| SGLang | ... |') and whose other cells are phrases ('median mean accept length 1.93'):
each phrase cell read on its own with its row's tool, so that tool's conventions decide. A
row naming no known tool takes none; a table of figures alone, a first column of another
name, or rows all of one tool are left to the readers before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_COLUMNS = ["Engine", "Framework", "Backend", "Tool"]
_VLLM = ["vLLM", "vLLM 0.19 nightly", "**vLLM**"]
_SGLANG = ["SGLang", "SGLang 0.5.9", "`sglang`"]
_VLLM_PHRASES = [
    "mean acceptance length `{v}`, draft acceptance `{p}%`",
    "median draft acceptance {p}%, median mean accept length {v}",
]
_SGLANG_PHRASES = ["accept len about `{v}`", "accept length ~{v} in steady state"]


def _table(column: str, rows: list[tuple[str, str]], sglang_first: bool) -> str:
    lines = [
        "## Two servers, same target and draft",
        "",
        f"| {column} | Decode speed | Acceptance (steady) | Remarks |",
        "|---|---:|---|---|",
    ]
    body = [
        f"| {name} | `{300 + i * 41}.5 tok/s` | {cell} | 16 x 512 tokens, clean |"
        for i, (name, cell) in enumerate(rows)
    ]
    lines.extend(reversed(body) if sglang_first else body)
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_COLUMNS),
    st.sampled_from(_VLLM),
    st.sampled_from(_SGLANG),
    st.sampled_from(_VLLM_PHRASES),
    st.sampled_from(_SGLANG_PHRASES),
    st.integers(150, 390),
    st.integers(150, 390),
    st.integers(30, 90),
    st.booleans(),
)
def test_each_row_takes_its_engine(
    read: Read,
    column: str,
    vllm: str,
    sglang: str,
    vllm_phrase: str,
    sglang_phrase: str,
    v_hundredths: int,
    s_hundredths: int,
    pct: int,
    sglang_first: bool,
) -> None:
    v, s = v_hundredths / 100, s_hundredths / 100
    rows = [
        (vllm, vllm_phrase.format(v=f"{v:.2f}", p=f"{pct}.25")),
        (sglang, sglang_phrase.format(v=f"{s:.2f}")),
    ]
    recs = read(_table(column, rows, sglang_first)).records
    got = sorted((r.tool, r.printed_length, r.accept_length) for r in recs)
    assert got == sorted([("vllm", v, v), ("sglang", s, s)])
    assert all(r.tool_rule == f"the row's {column.lower()} column" for r in recs)


@settings(max_examples=examples(15), deadline=None)
@given(
    st.sampled_from(_COLUMNS),
    st.integers(150, 390).filter(lambda h: h not in (205, 240)),  # (the other rows' values)
    st.booleans(),
)
def test_a_row_naming_no_tool_takes_none(
    read: Read, column: str, hundredths: int, sglang_first: bool
) -> None:
    v = hundredths / 100
    rows = [
        ("vLLM", "median mean accept length 2.05"),
        ("SGLang", "accept len about 2.40"),
        ("our fork", f"accept len about {v:.2f}"),
    ]
    recs = read(_table(column, rows, sglang_first)).records
    own = [r for r in recs if r.printed_length == v]
    assert own and all(r.tool == "unknown" and r.accept_length is None for r in own)


def test_another_first_column_is_not_this_reader(read: Read) -> None:
    # the first column names a configuration, not the engine: the block names two tools, no
    # row's tool decides
    rows = [("vLLM", "median mean accept length 2.05"), ("SGLang", "accept len about 2.40")]
    recs = read(_table("Setup", rows, False)).records
    assert all(r.tool == "unknown" and r.accept_length is None for r in recs)


def test_rows_of_one_engine_are_not_this_reader(read: Read) -> None:
    # both rows name vLLM: no rows of different tools' runs, the readers before decide
    rows = [
        ("vLLM 0.18", "median mean accept length 2.05"),
        ("vLLM 0.19", "mean accept length 2.31"),
    ]
    recs = read(_table("Engine", rows, False)).records
    assert not any(r.tool_rule.startswith("the row's") for r in recs)
