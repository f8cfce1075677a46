"""A length whose name says it counts the target's token ('mean acceptance length including
target'), decided by the run's counts, belongs to the paste's length series: a later bare
'mean acceptance length' of the same tool that nothing decided (no tool named: the paste's own) follows it (reader._length_name,
_one_name_one_way). Where nothing decided the first, the later one stays undecided."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(steps: int, acc: int, first: str, later: float) -> str:
    return (
        "Our own harness, MTP head, three drafts a step.\n\nSummary:\n\n"
        f"- verify steps: `{steps}`\n- accepted draft tokens: `{acc}`\n"
        f"- {first}: `{1 + acc / steps:.6f}`\n\n"
        f"The slowest prompt had only `{later:.3f}` mean acceptance length.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(200, 900),
    per=st.integers(120, 280),
    later=st.integers(1100, 2500),
    first=st.sampled_from(
        [
            "mean acceptance length including target",
            "mean acceptance length (incl. the target token)",
        ]
    ),
)
def test_a_later_bare_length_follows(
    read: Read, steps: int, per: int, later: int, first: str
) -> None:
    acc = steps * per // 100
    # (a later length equal to the first is that run told again: one record, not this shape)
    assume(abs(later / 1000 - (1 + acc / steps)) > 0.005)
    got = read(_paste(steps, acc, first, later / 1000)).records
    assert [r.accept_length for r in got] == [
        pytest.approx(1 + acc / steps, abs=1e-6),
        pytest.approx(later / 1000),
    ]


def test_without_the_counts_the_later_stays_undecided(read: Read) -> None:
    text = (
        "Our own harness, MTP head, three drafts a step.\n\nSummary:\n\n"
        "- mean acceptance length including target: `2.510000`\n\n"
        "The slowest prompt had only `1.874` mean acceptance length.\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [pytest.approx(2.51), None]
