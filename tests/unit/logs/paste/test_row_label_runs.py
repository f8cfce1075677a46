"""A tool named only as one row's label in a table above the block ('| vLLM 0.9, older
baseline | 71.0% |' beside '| our branch | 72.4% |') is one of the runs compared there: the
figures of the table below are not that tool's printing, so its convention is not applied. A
tool named in the block itself, or labelling every row above, still counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.row_labels import row_label_runs
from tests.support.examples import examples

_TOOLS = st.sampled_from([("SGLang", "sglang"), ("vLLM", "vllm")])


def _paste(label: str, ours: str, col: str, value: int, tool_in_block: str = "") -> str:
    return (
        "| Quality check | Score |\n| --- | ---: |\n"
        f"| {ours} | 71.4% |\n| {label} | 70.9% |\n\n"
        f"| Workload{tool_in_block} | tok/s | {col} |\n| --- | ---: | ---: |\n"
        f"| chat | 4120.5 | {value / 100:.2f} |\n| code | 3988.1 | {value / 100 + 0.3:.2f} |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=_TOOLS,
    tail=st.sampled_from([", earlier baseline", " 0.5 reference", " (no drafting)"]),
    ours=st.sampled_from(["This branch", "our build `abc1234`", "patched"]),
    col=st.sampled_from(["Acclen", "Accept length", "AL"]),
    value=st.integers(150, 390),
)
def test_a_row_label_above_names_no_printer(
    tool: tuple[str, str], tail: str, ours: str, col: str, value: int
) -> None:
    got = read_paste(_paste(tool[0] + tail, ours, col, value)).records
    assert [r.printed_length for r in got] == [value / 100, round(value / 100 + 0.3, 2)]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(tool=_TOOLS, value=st.integers(150, 390))
def test_a_tool_named_in_the_block_still_counts(tool: tuple[str, str], value: int) -> None:
    text = _paste(tool[0] + " baseline", "This branch", "Accept length", value, f" ({tool[0]})")
    got = read_paste(text).records
    assert got and all(r.tool == tool[1] for r in got)


def test_rows_all_labelled_by_tools_or_none_are_no_row_label_runs() -> None:
    assert row_label_runs("| SGLang | 1.0 |\n| vLLM | 2.0 |\n") == set()
    assert row_label_runs("| ours | 1.0 |\n| theirs | 2.0 |\n") == set()
    assert row_label_runs("| ours | 1.0 |\n| SGLang ref | 2.0 |\n") == {"sglang"}
    # named again outside the label: no longer only a run's label
    assert row_label_runs("served by SGLang\n| ours | 1.0 |\n| SGLang ref | 2.0 |\n") == set()
