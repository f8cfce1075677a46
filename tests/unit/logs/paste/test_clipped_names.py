"""A value before a clipped or plural name in prose (`roughly ~60% accept rate`, `gives ~1.5
acceptance lengths`): one approximate figure each, the convention unknown; a range or a goal
before the value is no record, and a tool named only before a change's own figures ('I've used
the vLLM integration before ... With this PR, ...') is no attribution."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


def _figures(read: Read, text: str) -> list[tuple[float | None, float | None, float | None]]:
    return [(r.printed_length, r.accept_length, r.printed_rate) for r in read(text).records]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("With two draft tokens I see roughly ~60% accept rate overall.\n", [(None, None, 0.6)]),
        ("The 3-token setting gives ~1.7 acceptance lengths on my prompts.\n", [(1.7, None, None)]),
        ("Our run printed 2.4 accept lengths after warmup.\n", [(2.4, None, None)]),
    ],
)
def test_clipped_and_plural_names_read(read: Read, text: str, want: list[object]) -> None:
    assert _figures(read, text) == want


@pytest.mark.parametrize(
    "text",
    [
        "We hope to reach 60% accept rate with the new drafter.\n",
        "The goal is 2.5 acceptance lengths for this model.\n",
        "A target of 70% accept rate is what we aim at.\n",
        "Between 50 and 60% accept rate depending on the prompt.\n",
        "Anywhere from 1.5-2.0 acceptance lengths.\n",
        "At least 2.1 acceptance lengths on code.\n",
        "Other configurations give lower acceptance lengths.\n",
    ],
)
def test_goals_ranges_and_bounds_are_no_record(read: Read, text: str) -> None:
    assert _figures(read, text) == []


def test_tool_named_before_the_change_is_not_its_engine(read: Read) -> None:
    text = (
        "I've used the vLLM integration before and it looked fine. With this PR, the 2-token "
        "setting gives ~1.5 acceptance lengths.\n"
    )
    recs = read(text).records
    assert [(r.printed_length, r.accept_length, r.tool) for r in recs] == [(1.5, None, "unknown")]


def test_tool_in_the_figures_sentence_still_counts(read: Read) -> None:
    text = "With this PR, vLLM prints a mean acceptance length of 2.31 on the bench.\n"
    recs = read(text).records
    assert [r.tool for r in recs] == ["vllm"]
