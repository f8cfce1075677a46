"""A goal word before a figure's name (`Target acceptance rate: 70%`, `the golden AL 2.78`,
`expected accept length of 3.0`, `reference AL 2.9`, `黄金接受长度 2.78`): a value set, pinned
or aimed at, no measurement and no record; a measured value on the same line (`target 70%, got
62%`) is the run's, read under the figure's name."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import thresholds as TH
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _figures(text: str, read: Read = read_paste) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read(text).records]


@pytest.mark.parametrize(
    "text",
    [
        "Target acceptance rate: 70%\n",
        "Expected accept length: 3.0\n",
        "We pin the golden AL 2.78 for the throughput runs; eval keeps real verification.\n",
        "Updated the recipe with the committed thinking-on golden AL 2.78 for throughput.\n",
        "The recipe now uses the pinned acceptance length of 3.1 so the sweep is deterministic.\n",
        "Our reference AL is 2.9 for this draft.\n",
        "吞吐量测试采用已提交的 thinking-on 黄金接受长度 2.78,eval-only 保留真实校验。\n",
        "我们的目标接受率是 70%。\n",
        "- goal acceptance rate: 65%\n- desired accept length: 3.5\n",
        "A 4x smaller draft hits the sweet spot of ~70% acceptance with EAGLE.\n",
        "The ideal acceptance rate is 80% for EAGLE drafts.\n",
        "Target: acceptance at 70%\n",
        "**Goal:** accept length of 3.2 on chat\n",
    ],
)
def test_goal_figures_are_no_record(read: Read, text: str) -> None:
    assert _figures(text, read) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Target acceptance rate: 70%, got 62%.\n", [(None, 0.62)]),
        ("Target AL 3.0 but we measured 2.71 on MT-Bench.\n", [(2.71, None)]),
        ("Our reference AL is 2.9 and we got 2.7 on our prompts.\n", [(2.7, None)]),
        ("The run hit AL 2.91 against an expected AL of 3.2.\n", [(2.91, None)]),
        ("Acceptance rate: 62% (target 70%)\n", [(None, 0.62)]),
        ("Target: acceptance at 70%, measured 64%.\n", [(None, 0.64)]),
    ],
)
def test_measured_value_beside_a_goal_is_read(
    text: str, want: list[tuple[float | None, float | None]]
) -> None:
    got = _figures(text)
    assert [(a, pytest.approx(b) if b else b) for a, b in got] == want


@pytest.mark.parametrize(
    "text",
    [
        # the target model is no goal
        "The target model acceptance rate was 62% with the 1B draft.\n",
        # 'expected' as a comment on a measurement, not before the figure's name
        "As expected, AL 2.9 on MT-Bench with k=4.\n",
        # a plain measurement
        "Acceptance length: 2.78 on GSM8K.\n",
        "Under ideal conditions we got 80% acceptance with our EAGLE draft.\n",
        "Our EAGLE draft at the sweet spot k=3: acceptance 71%.\n",
        # a key naming the target model, then a run's figure
        "Target: Qwen3-8B, acceptance 71%.\n",
    ],
)
def test_negative_controls_stay_records(text: str) -> None:
    assert len(_figures(text)) == 1


def test_golden_column_header_is_no_length() -> None:
    assert C.key("golden AL").metric is None
    assert C.key("pinned accept length").metric is None
    assert C.key("MT-bench AL").metric == C.LENGTH


_GOALS = ("target", "expected", "golden", "pinned", "goal", "desired")
_NAMES = ("AL", "acceptance rate", "accept length", "acceptance length", "acc len", "τ")


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_GOALS),
    st.sampled_from(_NAMES),
    st.sampled_from(("{} {}", "{} {}:", "the {} {} of", "{} {} is")),
    st.floats(min_value=1.2, max_value=6.0),
    st.booleans(),
)
def test_generated_goal_spans_blanked(
    goal: str, name: str, form: str, value: float, measured: bool
) -> None:
    v = f"{value:.2f}"
    line = form.format(goal, name) + f" {v}"
    got = f"{value + 0.31:.2f}"
    if measured:
        line += f", measured {got}"
    out = TH.blank(line)
    assert len(out) == len(line)
    assert v not in out.split()  # the goal's value is gone
    if measured:
        assert got in out and name in out  # the run's value stays, under the figure's name


# one family of goal words (vocab.GOAL_WORDS) before a figure's name and before a value printed
# ahead of its name: 'golden', 'desired', 'intended', '目标' before the value now drop it too
@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("The golden 2.78 AL is what the recipe pins; the sweep measured 2.31 AL.\n", [2.31]),
        ("Our desired 70% acceptance rate was not reached.\n", []),
        ("The intended 3.0 accept length assumes greedy drafts.\n", []),
        ("目标 2.5 接受长度\n", []),
        ("We hope to reach 60% accept rate with the new drafter.\n", []),
        # the target model is no goal; a verb of wanting away from the value keeps it
        ("The target model got 2.41 accept length on gsm8k.\n", [2.41]),
        ("We want to know why 45% acceptance rate shows up on code.\n", [0.45]),
    ],
)
def test_a_goal_word_before_the_value(text: str, kept: list[float]) -> None:
    got = [r.printed_length or r.printed_rate for r in read_paste(text).records]
    assert got == pytest.approx(kept)


_TABLE_ROWS = pipe_table(
    ["Config", "Acceptance rate", "Mean accept length"], [["ours", "66%", "2.4"]]
)
_TABLE_COLUMNS = pipe_table(
    ["Metric", "Plain", "With drafts"],
    [["Acceptance rate", "—", "61-70%"], ["Mean accept length", "—", "2.3-2.9"]],
)


@pytest.mark.parametrize("table", [_TABLE_ROWS, _TABLE_COLUMNS])
@pytest.mark.parametrize(
    "headings",
    [
        "## Expected results\n\n",
        "## Projected numbers\n\n### first build\n\n",
        "## Throughput expectations\n\n### stage one (half done)\n\n",
        "## 性能预期 (what we hope for)\n\n### 当前版本\n\n",
        "### Stage two: goals\n\n",
    ],
)
def test_a_table_in_a_section_of_expected_figures_is_no_record(table: str, headings: str) -> None:
    assert not read_paste(headings + table).records


@pytest.mark.parametrize(
    "headings",
    [
        "# Decoding is slower than expected on my card\n\n",
        "## Goals\n\nFaster decoding.\n\n## Results\n\n",
        "## 目标模型测试结果\n\n",
        "## Expected vs measured on the long prompt set, second run\n\n",
    ],
)
def test_a_table_under_a_heading_only_using_the_word_is_read(headings: str) -> None:
    got = read_paste(headings + _TABLE_ROWS).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [(0.66, 2.4)]
