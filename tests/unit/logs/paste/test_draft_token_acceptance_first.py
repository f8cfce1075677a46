"""A share printed before `draft token acceptance` (`draft-token` too) is the
rate, as before `draft acceptance` or `token acceptance`; the words followed by another figure's
noun (`acceptance length`) are no rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    pct=st.integers(150, 980),
    noun=st.sampled_from(["draft token", "draft-token", "draft  token"]),
    tilde=st.booleans(),
    before=st.sampled_from(["~41 tok/s with", "The MTP run reached", "Measured:"]),
)
def test_share_before_draft_token_acceptance(
    read: Read, pct: int, noun: str, tilde: bool, before: str
) -> None:
    share = f"{'~' if tilde else ''}{pct / 10:.1f}%"
    text = f"Speculative decoding on the 7B model.\n{before} {share} {noun} acceptance\n"
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(pct / 1000)]


def test_another_figure_after_the_words(read: Read) -> None:
    text = "Speculative decoding on.\nWe saw 63% draft token acceptance length growth.\n"
    assert all(r.printed_rate is None for r in read(text).records)
