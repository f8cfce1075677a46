"""A lead sentence printing both figures of one later result line ('**... 52% acceptance, 2.31
accepted tok/step ...**' over 'Result: 2.31 tokens/step ... | acceptance 52% (41/79)'): that run
told first, one record (lead_restated.py). A later record printing one figure alone, a lead at
other decimals, or two later records alike leave the records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = [
    "**A datapoint for the thread: the head holds up on the new card: {r}% acceptance, "
    "{x} accepted tok/step, with the dense part resident.**",
    "The short version: {r}% acceptance and {x} tokens/step on the new card, no collapse.",
]
_RESULTS = [
    "Result: `speculation: {x} tokens/step ({s} steps per {n} tokens) | acceptance {r}% ({a}/{d})`",
    "Result: acceptance {r}% ({a}/{d}), {x} tokens/step over {s} steps.",
]


def _counts(r: int) -> tuple[int, int]:
    return r * 2, 200


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    result=st.sampled_from(_RESULTS),
    hundredths=st.integers(150, 390),
    rate=st.integers(30, 90),
)
def test_the_lead_is_the_result_told_first(
    read: Read, lead: str, result: str, hundredths: int, rate: int
) -> None:
    x = f"{hundredths / 100:.2f}"
    a, d = _counts(rate)
    text = (
        lead.format(r=rate, x=x)
        + "\n\nSetup: one card, greedy, 64-token decode.\n\n"
        + result.format(x=x, r=rate, a=a, d=d, s=26, n=64)
        + " So acceptance is not the blocker here.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([hundredths / 100])
    assert recs[0].printed_rate == pytest.approx(rate / 100)


@pytest.mark.parametrize(
    ("text", "n"),
    [
        # the later record prints the length alone: the lead tells more than it
        (
            "The short version: 52% acceptance and 2.31 tokens/step on the new card.\n\n"
            "Result: 2.31 tokens/step over 26 steps (60 tokens).\n",
            2,
        ),
        # the lead's length at other decimals
        (
            "The short version: 52% acceptance and 2.3 tokens/step on the new card.\n\n"
            "Result: acceptance 52% (104/200), 2.31 tokens/step over 26 steps.\n",
            2,
        ),
        # two later records print the same figures: which one the lead tells is unsaid
        (
            "The short version: 52% acceptance and 2.31 tokens/step on both cards.\n\n"
            "Card A: acceptance 52% (104/200), 2.31 tokens/step over 26 steps.\n\n"
            "Card B: acceptance 52% (52/100), 2.31 tokens/step over 13 steps.\n",
            3,
        ),
    ],
)
def test_near_misses_stay(read: Read, text: str, n: int) -> None:
    assert len(read(text).records) == n
