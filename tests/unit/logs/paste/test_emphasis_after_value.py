"""A word emphasised with single stars right after a figure (`2.40 *during* the warm-up`) is
markup, not a product: the figure is read as a value (interpret._FORMULA_AFTER). A star that
multiplies (`2.40 * k`, an emphasised symbol with an operator after it: `2.40 *k* +
1`, a lone symbol `2.40 *k*`) keeps the figure the first term of a formula, no value. And a record turns a second run's
rate-named length away without taking on its name's silence (evidence.Figures.put): the
record's own figure keeps its tool's convention."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORDS = ["while", "during", "after warm-up", "before the restart", "only"]
_KEYS = ["acceptance length was", "acceptance length:", "the mean acceptance length is"]


@settings(max_examples=examples(25), deadline=None)
@given(
    key=st.sampled_from(_KEYS),
    word=st.sampled_from(_WORDS),
    hundredths=st.integers(120, 590),
)
def test_emphasised_word_after_value_is_markup(
    read: Read, key: str, word: str, hundredths: int
) -> None:
    v = f"{hundredths // 100}.{hundredths % 100:02d}"
    line = f"Speculative decoding on; {key} {v} *{word}* the batch ran.\n"
    got = [r for r in read(line).records if r.printed_length is not None]
    assert [r.printed_length for r in got] == [pytest.approx(float(v))]


@pytest.mark.parametrize(
    "line",
    [
        "Speculative decoding on; acceptance length is 2.40 * k for this draft.",
        "Speculative decoding on; acceptance length is 2.40 *k + 1 for this draft.",
        "Speculative decoding on; acceptance length is 2.40 *k* + 1 for this draft.",
        "Speculative decoding on; acceptance length is 2.40 *k*/2 for this draft.",
        "Speculative decoding on; acceptance length is 2.40 *k* for this draft.",  # a symbol
    ],
)
def test_multiplying_star_stays_a_formula(read: Read, line: str) -> None:
    got = read(line + "\n").records
    assert all(r.printed_length != pytest.approx(2.4) for r in got)


@settings(max_examples=examples(15), deadline=None)
@given(tenths=st.integers(15, 29), other=st.integers(31, 45))
def test_turned_away_rate_named_length_leaves_the_tool_convention(
    read: Read, tenths: int, other: int
) -> None:
    a, b = f"{tenths / 10:.1f}", f"{other / 10:.2f}"
    text = (
        "vLLM serve notes:\n"
        f"2. Mean acceptance length: 1.00 (drafts 4, accepts 0) at first, recovering to ~{a}"
        " later. Not the cause\n"
        f"  (in the second boot acceptance was {b} while it was slow).\n"
    )
    got = [r for r in read(text).records if r.printed_length is not None]
    first = [r for r in got if r.printed_length == pytest.approx(float(a))]
    second = [r for r in got if r.printed_length == pytest.approx(float(b))]
    assert first and second
    assert first[0].bonus.value == INCLUDED
    assert first[0].accept_length == pytest.approx(float(a))
    # the bare 'acceptance' names no length of vLLM's: its convention stays unknown
    assert second[-1].bonus.value == UNKNOWN
