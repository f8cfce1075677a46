"""A figure's value and its unit, then a second bare value for another configuration ('Accept
length 2.40 tokens per step 3.15 for the stock drafter', a two-column row copied from a web
page): the unit is the first value's, the second value the same figure of what follows 'for'
(compared_for.py), one record each. Values of two forms, no 'for' after the second, or no
acceptance name before the first leave the line as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import compared_for as CF
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["Draft acceptance", "Accept length", "Mean acceptance length"]
_UNITS = ["tokens per step", "tok/step", "tokens/step"]
_SEPS = [" ", ", ", " (", "; "]


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    unit=st.sampled_from(_UNITS),
    sep=st.sampled_from(_SEPS),
    a=st.integers(120, 590),
    b=st.integers(120, 590),
    colon=st.booleans(),
)
def test_the_second_value_is_the_other_configurations(
    read: Read, name: str, unit: str, sep: str, a: int, b: int, colon: bool
) -> None:
    close = ")" if sep.strip() == "(" else ""
    key = f"{name}:" if colon else name
    text = f"{key} {a / 100:.2f} {unit}{sep}{b / 100:.2f} for the stock drafter{close}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([a / 100, b / 100])


def test_rates_in_percent_both_sides(read: Read) -> None:
    recs = read("Acceptance 61% 54% for the older head\n").records
    assert [r.printed_rate for r in recs] == pytest.approx([0.61, 0.54])


@pytest.mark.parametrize(
    "text",
    [
        # no 'for' after the second value
        "Accept length 2.40 tokens per step 3.15 tokens of context",
        # values of two forms
        "Acceptance 61% 12 for the base",
        "Accept length 2.40 tokens per step 3 for the base",
        # no acceptance name before the first value
        "Throughput 2.40 tokens per step 3.15 for the base",
    ],
)
def test_near_misses_are_not_rewritten(text: str) -> None:
    assert CF.rewrite(text) == text
