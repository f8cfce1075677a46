"""Drafts of one token named in the rate's own sentence (`single-token drafts`, `one-token
drafting`, `1-token drafts`): one draft a step, so the rate gives the length 1 + rate
(one_draft._single_token, through _own_sentence), even where another sentence of the block
speaks of deeper drafts. Drafts of more tokens in the same sentence (`4-token drafts`,
`multi-token drafts`), a setting above one there (`k=3`), or the phrase only in another
sentence decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Notes on a drafter study for speculative decoding over five quantized builds.\n\n"
_PHRASES = st.sampled_from(["single-token drafts", "one-token drafting", "1-token drafts"])
_SENTENCES = st.sampled_from(
    [
        "- The 3-bit build still shows strong acceptance rates for {p} ({v} at n=1).",
        "- With {p}, the 3-bit build keeps an acceptance rate of {v}.",
        "- For {p} the acceptance rate stays at {v} on the 3-bit build.",
    ]
)
_OTHER = "- Acceptance falls as the drafts get deeper, and GPUs gain most at depth n=2.\n"


@settings(max_examples=examples(50), deadline=None)
@given(
    phrase=_PHRASES,
    sentence=_SENTENCES,
    share=st.integers(300, 960),
    other_first=st.booleans(),
)
def test_one_token_drafts_give_one_plus_the_rate(
    read: Read, phrase: str, sentence: str, share: int, other_first: bool
) -> None:
    line = sentence.format(p=phrase, v=f"{share / 10:.1f}%") + "\n"
    text = _LEAD + (_OTHER + line if other_first else line + _OTHER)
    got = [(r.printed_rate, r.accept_length) for r in read(text).records]
    assert got == [(pytest.approx(share / 1000), pytest.approx(1 + share / 1000))]


@pytest.mark.parametrize(
    "line",
    [
        # drafts of more tokens in the same sentence
        "- Unlike single-token drafts, 4-token drafts keep an acceptance rate of 61.5%.",
        "- Single-token and multi-token drafting give an acceptance rate of 61.5%.",
        # a setting above one in the sentence
        "- For single-token drafts and k=3 the acceptance rate stays at 61.5%.",
        # the phrase in another sentence than the rate
        "- Single-token drafts are the default. The acceptance rate stays at 61.5%.",
        # no phrase at all
        "- The 3-bit build keeps an acceptance rate of 61.5% on short drafts.",
    ],
)
def test_near_misses_give_no_length(read: Read, line: str) -> None:
    lengths = [r.accept_length for r in read(_LEAD + line + "\n").records]
    assert lengths in ([], [None])
