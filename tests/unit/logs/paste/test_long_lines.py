"""Lines no sentence holds: hundreds of figures in one line. A line of more than
``MAX_LINE_FIGURES`` figures is shown as not read (no record, one unread block naming it); below
that, prose and key-value lines are read as before, in time linear in their figures (a list of
numbers once took exponential time in one pattern, and several per-record passes took time
quadratic in a line's figures)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.reader import MAX_BLOCK_LINES, MAX_LINE_FIGURES
from tests.support.examples import examples

_JOINS = [", ", " / ", " -> ", " ", "; "]


@pytest.mark.timeout(60)
def test_a_sentence_listing_many_rates_is_read_in_linear_time() -> None:
    # a list of 80 two-digit shares: with an ambiguous number pattern this never finished
    rates = ", ".join(f"{(i % 80) + 10}%" for i in range(80))
    reading = read_paste(f"The mean acceptance rate was {rates} across the runs.\n")
    assert len(reading.records) <= 1


@pytest.mark.timeout(120)
def test_a_line_of_figures_under_the_cap_is_read() -> None:
    n = MAX_LINE_FIGURES - 6
    line = "accept len " + " -> ".join(f"{i % 3 + 1}.{i % 10}" for i in range(n))
    reading = read_paste(line + "\n")
    assert reading.records
    assert not any("more than" in u.reason for u in reading.unread)


@settings(max_examples=examples(20), deadline=None)
@given(
    n=st.integers(MAX_LINE_FIGURES + 1, 3 * MAX_LINE_FIGURES),
    join=st.sampled_from(_JOINS),
    name=st.sampled_from(["accept len", "acceptance rate:", "Mean acceptance length ="]),
    pct=st.booleans(),
)
def test_a_line_of_more_figures_is_shown_unread(n: int, join: str, name: str, pct: bool) -> None:
    vals = join.join(f"{i % 90 + 5}%" if pct else f"{i % 3 + 1}.{i % 10}" for i in range(n))
    text = f"Results of the sweep\n\n{name} {vals}\n\nMean acceptance length: 2.41\n"
    reading = read_paste(text)
    over = [u for u in reading.unread if f"more than {MAX_LINE_FIGURES} figures" in u.reason]
    assert [(u.first_line, u.last_line) for u in over] == [(3, 3)]
    assert len(over[0].lines[0]) <= 201  # shown cut, not the whole line
    assert all(r.first_line != 3 for r in reading.records)
    # the paste's other lines are read as before
    assert [r.printed_length for r in reading.records] == [2.41]


def test_a_block_too_long_to_read_is_shown_unread() -> None:
    # more lines than a block is read for, none blank: shown with its reason, never dropped
    # silently; the blocks around it are read
    lines = "".join(
        f"- run {i}: accept length {1 + i % 200 / 100:.2f}\n" for i in range(MAX_BLOCK_LINES + 1)
    )
    reading = read_paste(
        "Mean acceptance length: 2.41\n\n" + lines + "\nMean acceptance length: 2.53\n"
    )
    long = [u for u in reading.unread if f"more than {MAX_BLOCK_LINES:,} lines" in u.reason]
    assert [(u.first_line, u.last_line) for u in long] == [(3, MAX_BLOCK_LINES + 3)]
    assert long[0].lines[0] == "- run 0: accept length 1.00"
    assert [r.printed_length for r in reading.records] == [2.41, 2.53]


def test_a_long_block_without_acceptance_words_is_not_shown() -> None:
    lines = "".join(f"- run {i}: throughput {100 + i} tok/s\n" for i in range(MAX_BLOCK_LINES + 1))
    reading = read_paste("Mean acceptance length: 2.41\n\n" + lines)
    assert not any("more than" in u.reason for u in reading.unread)
    assert [r.printed_length for r in reading.records] == [2.41]
