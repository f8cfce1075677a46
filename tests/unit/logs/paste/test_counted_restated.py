"""A run's figure printed with its counts ('acceptance_rate=41.5% (83/200)'), then stated again
alone further down ('Bad: 41.5% acceptance means the head ...'): the second is a mention of the
first, no record of its own (reader._counted_figure), as a sentence repeating a table's figure
is. Another value stays a record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(accepted: int, drafted: int, below: str) -> str:
    return (
        "draft: first end-to-end measurement with the speculative loop\n\n"
        "First numbers on the test box (8 prompts x 40 tokens, gamma=1):\n"
        "  matched=true (8/8)\n"
        f"  acceptance_rate={100 * accepted / drafted:.1f}% ({accepted}/{drafted})\n"
        "  speedup_e2e=0.91x\n\n"
        "Good: the plumbing is correct and the outputs match the baseline.\n\n"
        f"{below}\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(drafted=st.integers(100, 400), share=st.integers(5, 80))
def test_the_counted_figure_stated_again_is_no_record(read: Read, drafted: int, share: int) -> None:
    accepted = drafted * share // 100
    pct = f"{100 * accepted / drafted:.1f}%"
    below = f"Bad: {pct} acceptance means the head does not match the target yet."
    got = read(_paste(accepted, drafted, below)).records
    assert len(got) == 1
    assert got[0].accepted_tokens == accepted


def test_another_value_stays_a_record(read: Read) -> None:
    below = "Bad: 12.0% acceptance on the second box means the head does not match yet."
    got = read(_paste(30, 100, below)).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.3), pytest.approx(0.12)]
