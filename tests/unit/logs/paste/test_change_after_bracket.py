"""A figure's value, its own bracket (its counts, a note), then its earlier value after `up
from` / `down from`: two records, the figure now and before the change, as without the bracket.
A bracket followed by no earlier value (`down from last week`) or by another measure's value
(`up from 1.3x`) gives the one record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_KEY = st.sampled_from(["**Acceptance rate:**", "Draft acceptance:", "Accept rate (chat set):"])
_WORD = st.sampled_from(["up from", "down from", "rising from", "falling from"])
_BRACKET = st.sampled_from(["({a}/{d} draft tokens accepted)", "({a}/{d})", "(greedy, n=40)"])


@settings(max_examples=examples(25), deadline=None)
@given(
    key=_KEY,
    word=_WORD,
    bracket=_BRACKET,
    d=st.integers(400, 9000),
    share=st.integers(5, 95),
    before=st.integers(101, 9899),
)
def test_the_earlier_value_after_the_bracket(
    read, key: str, word: str, bracket: str, d: int, share: int, before: int
) -> None:
    a = d * share // 100
    now = f"{100 * a / d:.2f}%"
    text = f"{key} {now} {bracket.format(a=a, d=d)}, {word} {before / 100:.2f}% before the patch.\n"
    rates = sorted(round(r.printed_rate or -1, 4) for r in read(text).records)
    # (the share as printed, two decimals of a percent: 428/640 prints 66.88%)
    assert rates == sorted([round(float(now[:-1]) / 100, 4), round(before / 10000, 4)])


@settings(max_examples=examples(25), deadline=None)
@given(
    key=_KEY,
    word=_WORD,
    d=st.integers(400, 9000),
    share=st.integers(5, 95),
    tail=st.sampled_from(["last week", "1.30x before", "the old build"]),
)
def test_no_earlier_value_gives_one_record(
    read, key: str, word: str, d: int, share: int, tail: str
) -> None:
    a = d * share // 100
    text = f"{key} {100 * a / d:.2f}% ({a}/{d}), {word} {tail}.\n"
    recs = read(text).records
    printed = round(float(f"{100 * a / d:.2f}") / 100, 4)  # (as printed: 66.88% of 428/640)
    assert [round(r.printed_rate or -1, 4) for r in recs] == [printed]
