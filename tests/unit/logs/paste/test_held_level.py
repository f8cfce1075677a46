"""A figure said to hold steady, its level in a bracket after it (held_level.py): one record;
two values in the bracket, a change word, a number among the bracket's words or another
measure are not read so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = st.sampled_from(["acceptance", "draft acceptance", "acceptance rate"])
_HELD = st.sampled_from(["flat", "unchanged", "stayed steady", "remained stable"])
_WORDS = st.sampled_from(["", " on both arms", " across all runs", " both sides"])
_MARKS = st.sampled_from(["", "~", "≈"])


@settings(max_examples=examples(30), deadline=None)
@given(name=_NAMES, held=_HELD, words=_WORDS, mark=_MARKS, x=st.integers(20, 95))
def test_the_bracketed_level_is_one_record(
    read, name: str, held: str, words: str, mark: str, x: int
) -> None:
    text = (
        "Draft vocabulary A/B on two nodes.\n\n"
        f"Decode went up 12%, {name} {held} ({mark}{x / 100:.2f}{words}) - the gain is the draft's cost.\n"
    )
    assert [r.printed_rate for r in read(text).records] == pytest.approx([x / 100])


@pytest.mark.parametrize(
    "line",
    [
        "Decode went up 12%, acceptance flat (0.61 vs 0.63) overall.",  # two values
        "Decode went up 12%, acceptance dropped (0.41) overall.",  # a change word
        "Decode went up 12%, acceptance flat (0.50 on 3 nodes) overall.",  # a number in words
        "Decode went up 12%, speedup flat (1.40 on both arms) overall.",  # another measure
    ],
)
def test_near_misses_are_not_read_as_a_held_level(read, line: str) -> None:
    text = f"Draft vocabulary A/B on two nodes.\n\n{line}\n"
    assert not read(text).records
