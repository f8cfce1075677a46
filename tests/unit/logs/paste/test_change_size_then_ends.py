"""A figure's change told by its size first and its two ends in a bracket after it ('the
acceptance rate only drops 4% (from 72% to 68%)'): the two ends are two runs' figures, two
records, as 'drops from 72% to 68%' is. A bracket of another measure's ends ('throughput drops
4% (from 72 to 68 tok/s)') gives none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance rate", "Draft acceptance", "The acceptance rate"]),
    adverb=st.sampled_from(["", "only ", "just ", "slightly "]),
    verb=st.sampled_from(["drops", "falls", "rises", "improves", "dropped"]),
    size=st.sampled_from(["{d}%", "{d} pp", "by {d} points", "{d} points"]),
    a=st.integers(20, 95),
    b=st.integers(20, 95),
)
def test_the_two_ends_in_the_bracket_are_two_runs(
    name: str, adverb: str, verb: str, size: str, a: int, b: int
) -> None:
    if a == b:
        b = a - 1
    said = size.format(d=abs(a - b))
    text = f"Int8 drafts.\n\n- {name} {adverb}{verb} {said} (from {a}% to {b}%)\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([a / 100, b / 100])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["Throughput", "Decode speed", "Latency"]),
    a=st.integers(20, 95),
    b=st.integers(20, 95),
)
def test_another_measures_bracket_is_no_record(name: str, a: int, b: int) -> None:
    text = f"Int8 drafts, acceptance unchanged.\n\n- {name} drops 5% (from {a} to {b} tok/s)\n"
    assert read_paste(text).records == ()
