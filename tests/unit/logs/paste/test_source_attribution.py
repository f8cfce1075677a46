"""A tool's conventions decide a figure only where the paste names the tool as where the
figures came from: not in the title of a section below them ('Usage with vLLM'), nor as the
origin of a feature ('a scheduler added in SGLang 0.5')."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_TOOLS = [("vLLM", "vllm"), ("SGLang", "sglang")]
_NEXT_SECTION = [
    "Usage with {t}",
    "## Run with {t}",
    "Serving with {t}",
    "**Deploying with {t}**",
    "How to run it on {t}",
    "Quick start ({t})",
]


def _table(values: list[float]) -> str:
    rows = [[f"draft-{i}", f"{v:.2f}"] for i, v in enumerate(values)]
    return "Mean acceptance length on MT-bench:\n" + pipe_table(
        ["checkpoint", "accept length"], rows
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    title=st.sampled_from(_NEXT_SECTION),
    values=st.lists(st.integers(150, 480), min_size=1, max_size=4),
    blank=st.booleans(),
)
def test_a_tool_named_in_a_section_below_the_figures_decides_nothing(
    tool: tuple[str, str], title: str, values: list[int], blank: bool
) -> None:
    lengths = [v / 100 for v in values]
    text = _table(lengths) + ("\n" if blank else "") + title.format(t=tool[0]) + "\n"
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == lengths
    assert all(r.accept_length is None for r in got.records)
    assert all(r.bonus.value == "unknown" for r in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    said=st.sampled_from(
        ["Numbers measured on {t} 0.11.", "Results are from {t}.", "Benchmarked with our {t} fork."]
    ),
    values=st.lists(st.integers(150, 480), min_size=1, max_size=4),
)
def test_negative_control_a_line_below_saying_what_measured_them_decides(
    tool: tuple[str, str], said: str, values: list[int]
) -> None:
    lengths = [v / 100 for v in values]
    got = read_paste(_table(lengths) + said.format(t=tool[0]) + "\n")
    assert {r.tool for r in got.records} == {tool[1]}
    assert [r.accept_length for r in got.records] == lengths


def test_negative_control_a_title_above_naming_the_tool_decides() -> None:
    got = read_paste("SGLang results\n" + _table([2.41, 3.05]))
    assert [r.accept_length for r in got.records] == [2.41, 3.05]
    assert {r.tool for r in got.records} == {"sglang"}


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from(_TOOLS),
    origin=st.sampled_from(
        [
            "a scheduler that landed in {t} 0.5",
            "which was added in {t} 0.9",
            "shipped since {t} 0.5",
            "supported natively in {t}",
        ]
    ),
    v=st.integers(150, 480),
)
def test_a_tool_named_as_a_features_origin_decides_nothing(
    tool: tuple[str, str], origin: str, v: int
) -> None:
    text = (
        f"We turned on chunked prefill, {origin.format(t=tool[0])}, and enabled the MTP draft.\n"
        f"With a 3-token draft window the average acceptance length was {v / 100:.2f} tokens.\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [v / 100]
    assert got.records[0].accept_length is None
    assert got.records[0].tool == "unknown"


def test_negative_control_the_tool_said_to_have_run_decides() -> None:
    got = read_paste(
        "We served the model with SGLang and enabled the MTP draft.\n"
        "With a 3-token draft window the average acceptance length was 2.18 tokens.\n"
    )
    assert [r.accept_length for r in got.records] == [2.18]
    assert got.records[0].tool == "sglang"


def test_a_mention_left_out_never_picks_one_of_several_tools() -> None:
    # the block names two tools (a trainer, an engine): nothing decides; leaving out the line
    # below the table does not make the one above it decide
    text = "EAGLE3 draft on SpecForge\n" + _table([2.41]) + "Trained with SGLang and SpecForge.\n"
    got = read_paste(text)
    assert [r.accept_length for r in got.records] == [None]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Benchmark: `sglang/benchmark/mtbench/bench_sglang_eagle.py`, 40 questions.",
            "Ran `python3 bench_sglang_eagle.py --num-questions 40 --parallel 1` on the server.",
        ]
    ),
    values=st.lists(st.integers(150, 480), min_size=1, max_size=3),
)
def test_sglangs_own_benchmark_script_named_decides(lead: str, values: list[float]) -> None:
    # the script prints the server's accept length (output tokens over verify steps): bonus in
    plain = read_paste("My EAGLE draft, served locally.\n\n" + _table([v / 100 for v in values]))
    assert all(r.accept_length is None for r in plain.records)  # control: nothing decides
    got = read_paste(f"{lead}\n\n" + _table([v / 100 for v in values]))
    assert [r.accept_length for r in got.records] == [round(v / 100, 2) for v in values]
    assert {r.tool for r in got.records} == {"sglang"}


def test_sglangs_benchmark_script_compared_with_another_decides_nothing() -> None:
    got = read_paste(
        "Numbers from our own harness vs bench_sglang_eagle.py, on an EAGLE draft.\n\n"
        + _table([2.41, 3.02])
    )
    assert all(r.accept_length is None for r in got.records)
