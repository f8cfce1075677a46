"""Parallel sentences of one figure ('Branch A gets AL 2.61. Branch B gets 2.58.'): the second
sentence's bare value after the same verb is the same figure of its own run; a tool named only
as such a sentence's subject is that run, never the printer of the first figure; the lines of
a previous markdown section (a command above the heading) do not title the block."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _got(read: Read, text: str) -> list[tuple[float | None, float | None, float | None, str]]:
    return [(r.printed_length, r.accept_length, r.printed_rate, r.tool) for r in read(text).records]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "Results\n\nThe fused head gets AL 2.61. The plain head gets 2.58 (within noise).\n",
            [(2.61, None, None, "unknown"), (2.58, None, None, "unknown")],
        ),
        (
            "Notes\n\nChat gets AL 2.40. Code gets 2.52. Math gets about 2.57.\n",
            [
                (2.4, None, None, "unknown"),
                (2.52, None, None, "unknown"),
                (2.57, None, None, "unknown"),
            ],
        ),
    ],
)
def test_the_next_sentence_carries_the_figure(read: Read, text: str, want: list[object]) -> None:
    assert _got(read, text) == want


@pytest.mark.parametrize(
    "text",
    [
        # another verb: not said of the same figure
        "Results\n\nThe fused head gets AL 2.61. The plain head needs 2.58 GB.\n",
        # a unit after the value: another measure
        "Results\n\nThe fused head gets AL 2.61. The plain head gets 2.58 tok/s.\n",
        # a goal or a condition as the subject
        "Results\n\nThe fused head gets AL 2.61. We hope the plain head gets 2.80.\n",
        "Results\n\nThe fused head gets AL 2.61. If the plain head gets 2.80, fine.\n",
        # another measure as the subject
        "Results\n\nThe fused head gets AL 2.61. Its throughput gets 2.58.\n",
        # a value of another kind (a percentage after a length)
        "Results\n\nThe fused head gets AL 2.61. The plain head gets 58%.\n",
    ],
)
def test_no_carried_figure(read: Read, text: str) -> None:
    assert [r.printed_length for r in read(text).records] == [2.61]
    assert all(r.printed_rate is None for r in read(text).records)


@given(
    a=st.integers(min_value=110, max_value=900),
    b=st.integers(min_value=110, max_value=900),
    verb=st.sampled_from(["gets", "reached", "achieves", "showed"]),
)
def test_parallel_lengths_any_values(read: Read, a: int, b: int, verb: str) -> None:
    text = f"Results\n\nOur branch {verb} AL {a / 100:.2f}. The old branch {verb} {b / 100:.2f}.\n"
    assert [r.printed_length for r in read(text).records] == [a / 100, b / 100]


def test_a_tool_as_the_other_run_is_not_the_printer(read: Read) -> None:
    text = "## Bench\n\nOur branch gets AL 2.61. SGLang gets 2.58 (noise at this size).\n"
    assert _got(read, text) == [(2.61, None, None, "unknown"), (2.58, None, None, "unknown")]


def test_a_tool_with_its_own_figure_name_still_prints(read: Read) -> None:
    text = "## Bench\n\nSGLang gets an accept length of 2.58 on the chat set.\n"
    assert _got(read, text) == [(2.58, 2.58, None, "sglang")]


def test_a_command_of_the_previous_section_titles_nothing(read: Read) -> None:
    text = (
        "## How we ran it\n\n```\nvllm bench serve --model m --num-prompts 40\n```\n\n"
        "## Result\n\nOur branch gets AL 2.61. SGLang gets 2.58 (noise).\n"
    )
    assert [(r.printed_length, r.accept_length) for r in read(text).records] == [
        (2.61, None),
        (2.58, None),
    ]


def test_a_tool_named_in_the_section_still_titles(read: Read) -> None:
    text = "## Result\n\nMeasured with vLLM 0.11:\n\nOur branch gets AL 2.61.\n"
    assert _got(read, text) == [(2.61, 2.61, None, "vllm")]


def test_an_arrival_name_stops_at_a_sentence_end(read: Read) -> None:
    text = "Results\n\nRun one reached an acceptance rate of 64%. Run two reached 61%.\n"
    assert [r.printed_rate for r in read(text).records][:1] == [0.64]
