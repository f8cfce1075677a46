"""A whole number of tokens per step listed among a run's measured figures after a colon
(`Counters: rounds=4, 55.0% acceptance, 7 tok/round.`): one of the figures the run printed, a
length with the target's own token, as a decimal there is. Near misses: the list holding no
measured acceptance rate (a setting beside it), the number opening a sentence with no list, a
drafting word before it, a speed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@given(
    lead=st.sampled_from(["Counters", "Numbers at the end", "Run summary"]),
    steps=st.integers(2, 90),
    pct=st.integers(10, 99),
    n=st.integers(2, 16),
    unit=st.sampled_from(["tok/verify", "tokens/step", "tok/round", "tokens per cycle"]),
    rate_first=st.booleans(),
    sep=st.sampled_from([", ", "; "]),
    end=st.sampled_from([".", "", ";"]),
)
def test_listed_whole_number_is_the_length(
    read: Read,
    lead: str,
    steps: int,
    pct: int,
    n: int,
    unit: str,
    rate_first: bool,
    sep: str,
    end: str,
) -> None:
    items = [f"rounds={steps}", f"{pct}.5% acceptance"]
    if rate_first:
        items.reverse()
    text = f"Output was wrong. {lead}: {sep.join(items)}{sep}{n} {unit}{end}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(n)]
    assert got[0].bonus.value == "included"


@pytest.mark.parametrize(
    "text",
    [
        # a list of settings, no measured rate in it
        "Config: rounds=8, k=4, 5 tok/step.\n",
        # the rate in another sentence, before the list's colon
        "We saw 62.5% acceptance. Config: rounds=8, k=4, 5 tok/step.\n",
        # what a step drafts
        "Stats: 62.5% acceptance, drafts 5 tok/step.\n",
        # a speed
        "Stats: 62.5% acceptance, 9 tok/s.\n",
    ],
)
def test_near_misses_give_no_length(read: Read, text: str) -> None:
    assert all(r.printed_length is None for r in read(text).records)
