"""A table that restates an engine's line field by field (each row a field of the line, as
the line prints it: '| `Accepted` | `31 tokens` |' under 'Accepted: 31 tokens, ...'): the
line's run told again, no record of its own; the line scanner's record stays."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples


def _line(acc: int, dra: int) -> str:
    return (
        f"SpecDecoding metrics: Mean acceptance length: {1 + acc / dra:.2f}, "
        f"Accepted throughput: 2.00 tokens/s, Drafted throughput: 4.00 tokens/s, "
        f"Accepted: {acc} tokens, Drafted: {dra} tokens, "
        f"Per-position acceptance rate: {acc / dra:.3f}, "
        f"Avg Draft acceptance rate: {100 * acc / dra:.1f}%"
    )


def _table(acc: int, dra: int) -> str:
    return (
        "| Field | Value | What it means |\n| --- | ---: | --- |\n"
        f"| `Mean acceptance length` | `{1 + acc / dra:.2f}` | tokens a verify step moves on |\n"
        f"| `Accepted` | `{acc} tokens` | drafts the target kept |\n"
        f"| `Drafted` | `{dra} tokens` | drafts proposed |\n"
    )


def _read(text: str) -> tuple[int, int]:
    result = run_logs(["-"], LogsOptions(workers=1), stdin=io.BytesIO(text.encode()))
    pasted = sum(len(reading.records) for _, reading in result.pastes)
    return result.report.files[0].records, pasted


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(min_value=5, max_value=90), st.integers(min_value=100, max_value=400))
def test_a_table_restating_the_line_is_no_second_record(acc: int, dra: int) -> None:
    text = (
        "## The raw line\n\n```text\n" + _line(acc, dra) + "\n```\n\n"
        "One draft token a step (num_speculative_tokens 1).\n\n## Fields\n\n" + _table(acc, dra)
    )
    assert _read(text) == (1, 0)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=5, max_value=90),
    st.integers(min_value=100, max_value=400),
    st.integers(min_value=1, max_value=4),
)
def test_a_table_of_another_run_stays_a_record(acc: int, dra: int, more: int) -> None:
    """Another accepted count (a second run beside the line): two runs, two records."""
    text = "```text\n" + _line(acc, dra) + "\n```\n\nThe next run:\n\n" + _table(acc + more, dra)
    assert _read(text) == (1, 1)
