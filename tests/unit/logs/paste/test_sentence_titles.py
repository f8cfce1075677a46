"""A sentence right above a table naming the table's figure first, then how it was measured
(perhaps after a short label, ending with '.' or ':') titles the table: one record per cell, in
row order, the tool the sentence names deciding the convention; a sentence stating something
about the figure, or naming no figure first, titles nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADER = ["prompt set", "baseline draft", "new draft (3 ep)", "long-run draft (9 ep)"]
_ROWS = [
    ["Chat", "1.51", "**2.04** (+35%)", "2.87"],
    ["Code", "1.77", "**2.39** (+35%)", "3.66"],
]
_CELLS = [1.51, 2.04, 2.87, 1.77, 2.39, 3.66]


def _paste(title: str) -> str:
    return "Training converged after 3 epochs.\n\n" + title + "\n\n" + pipe_table(_HEADER, _ROWS)


@pytest.mark.parametrize(
    "title",
    [
        "**Results**: acceptance length measured with SGLang's bench_serving, greedy, n=40 per set.",
        "Eval: accept length reported by SGLang at temperature 0, 40 prompts each.",
        "Acceptance length measured by serving each draft in SGLang, greedy:",
    ],
)
def test_a_sentence_naming_the_figure_then_how_titles_the_table(read: Read, title: str) -> None:
    got = read(_paste(title)).records
    assert [r.printed_length for r in got] == _CELLS
    assert all(r.tool == "sglang" for r in got)
    assert [r.accept_length for r in got] == _CELLS  # SGLang's accept length counts the bonus


def test_without_a_tool_the_convention_stays_unknown() -> None:
    got = read_paste(
        _paste("Evaluation: acceptance length measured on 40 prompts per set.")
    ).records
    assert [r.printed_length for r in got] == _CELLS
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "title",
    [
        # a statement about the figure, not a title
        "Acceptance length on the new draft is much higher than expected.",
        # a figure named after other words: the sentence is about something else
        "We served every draft with SGLang and measured the acceptance length.",
        # the label names a figure of its own
        "Throughput: acceptance length measured with SGLang, greedy.",
        # no acceptance figure at all
        "Evaluation: latency measured with SGLang, greedy, n=40 per set.",
    ],
)
def test_other_sentences_title_nothing(title: str) -> None:
    assert read_paste(_paste(title)).records == ()


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(["acceptance length", "accept length", "mean acceptance length"]),
    st.sampled_from(["measured", "reported", "obtained"]),
    st.sampled_from([".", ":"]),
    st.lists(st.integers(min_value=105, max_value=590), min_size=4, max_size=4),
)
def test_sentence_titles_read_every_cell(name: str, verb: str, stop: str, cents: list[int]) -> None:
    vals = [f"{c / 100:.2f}" for c in cents]
    text = f"**Evaluation**: {name} {verb} with SGLang on two sets, greedy{stop}\n\n" + pipe_table(
        ["set", "draft A", "draft B"], [["Chat", *vals[:2]], ["Code", *vals[2:]]]
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(v) for v in vals]
    assert all(r.tool == "sglang" for r in got)
