"""A sentence stating a run's figure above the line that prints it with its counts (a summary
first, then the log) is that run said first, no run of its own (reader.py, `_not_said_before`):
the same rule as a figure restated below its counted line. Near misses: another value, a
figure stated below no counted run, a figure with counts of its own."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _paste(said: int, acc: int, drafted: int) -> str:
    share = round(100 * acc / drafted)
    return (
        f"**Short version: the head holds up, {said}% acceptance on the long prompt.**\n"
        "\n"
        "Run details: one GPU, greedy, 128 new tokens.\n"
        "\n"
        f"Log: `draft acceptance {share}% ({acc}/{drafted})`\n"
    )


@given(drafted=st.integers(60, 900), pct=st.integers(20, 90))
def test_the_summary_above_the_counted_line_is_that_run(read: Read, drafted: int, pct: int) -> None:
    acc = drafted * pct // 100
    share = round(100 * acc / drafted)
    got = read(_paste(share, acc, drafted)).records
    assert [(r.first_line, r.accepted_tokens) for r in got] == [(5, acc)]


@given(drafted=st.integers(60, 900), pct=st.integers(20, 80))
def test_another_value_above_is_another_run(read: Read, drafted: int, pct: int) -> None:
    acc = drafted * pct // 100
    share = round(100 * acc / drafted)
    got = read(_paste(share + 7, acc, drafted)).records
    assert [r.first_line for r in got] == [1, 5]


def test_a_figure_below_the_counted_run_was_already_a_mention(read: Read) -> None:
    text = "Log: `draft acceptance 40% (40/100)`\n\nSo the head reaches 40% acceptance.\n"
    assert [r.first_line for r in read(text).records] == [1]


def test_two_counted_runs_stay_two(read: Read) -> None:
    text = "Log A: `draft acceptance 40% (40/100)`\n\nLog B: `draft acceptance 40% (80/200)`\n"
    assert [r.first_line for r in read(text).records] == [1, 3]
