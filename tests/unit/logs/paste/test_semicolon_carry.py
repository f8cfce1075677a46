"""An acceptance name carried along clauses joined by semicolons (semicolon_carry.py):
`chat reaches ~58% acceptance; summaries ~40%; tool calls ~12%` is three records, the later
clauses named by the first. A clause naming another measure, a value followed by words, a value
of another kind or a list joined by commas carries nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.semicolon_carry import rewrite
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Weekly digest of the draft-head sweep on the shared rig.\n\n"
_LABELS = ["chat", "retrieval answers", "tool calls", "SQL generation"]


@settings(max_examples=examples(30), deadline=None)
@given(
    percents=st.lists(st.integers(3, 97), min_size=2, max_size=4, unique=True),
    name=st.sampled_from(["acceptance", "acceptance rate", "draft acceptance"]),
    verb=st.sampled_from(["reaches ", "sees ", "gets ", ""]),
    mark=st.sampled_from(["~", "", "≈"]),
    bracket=st.booleans(),
    bullet=st.sampled_from(["", "- **Sweep**: "]),
    tail=st.sampled_from([".", ". Benchmark your own workload.", ""]),
)
def test_later_clauses_take_the_first_clauses_name(
    read: Read,
    percents: list[int],
    name: str,
    verb: str,
    mark: str,
    bracket: bool,
    bullet: str,
    tail: str,
) -> None:
    clauses = []
    for i, p in enumerate(percents):
        clause = f"{_LABELS[i]} {verb if i == 0 else ''}{mark}{p}%"
        if i == 0:
            clause += f" {name}"
        if bracket:
            clause += f" ({1 + i / 5:.1f}x vs plain decoding)"
        clauses.append(clause)
    text = f"{_LEAD}{bullet}{'; '.join(clauses)}{tail}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([p / 100 for p in percents])
    assert all(r.accept_length is None for r in got)


def test_lengths_carry_alike() -> None:
    text = f"{_LEAD}Chat reaches 2.9 accept length; summaries 2.3; tool calls 1.6.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.9, 2.3, 1.6]


@pytest.mark.parametrize(
    "line",
    [
        "Chat reaches ~58% acceptance; throughput 40%; tool calls 12%.",  # another measure
        "Chat reaches ~58% acceptance; cache hit 40%.",
        "Chat reaches ~58% acceptance; 40% of requests were short.",  # no label
        "Chat reaches ~58% acceptance; summaries 40% of the time.",  # words after the value
        "Chat reaches ~58% acceptance; summaries 2.3.",  # a value of another kind
        "Chat reaches 2.9 accept length; summaries 0.4.",
        "Chat reaches ~58% acceptance, summaries 40%, tool calls 12%.",  # commas
        "Chat reaches ~58% speedup; summaries 40%.",  # no acceptance name
        "Chat reaches ~58% acceptance; run 3 40%.",  # a label holding a number
        "Chat reaches ~58% acceptance; up from 41%.",  # a change's other end
        "Chat reaches ~58% acceptance; target 70%.",
        "Chat reaches ~58% acceptance; vs 44% on the old head.",
    ],
)
def test_nothing_carried(line: str) -> None:
    assert rewrite(line) == line


def test_another_measure_is_no_record() -> None:
    got = read_paste(f"{_LEAD}Chat reaches ~58% acceptance; throughput 40%.\n").records
    assert [r.printed_rate for r in got] == [0.58]
