"""'A/B drafts were accepted' without a printed share (interpret._of_accepted): the share A / B
is a rate record, and no length (what a draft or proposal holds is unsaid)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(20), deadline=None)
@given(
    b=st.integers(2, 5000),
    frac=st.floats(0.01, 1.0),
    noun=st.sampled_from(["drafts", "proposals"]),
    verb=st.sampled_from(["were accepted", "accepted", "got accepted"]),
)
def test_the_share_alone(read: Read, b: int, frac: float, noun: str, verb: str) -> None:
    a = max(1, int(b * frac))
    text = (
        "On the fixed 64-input probe the drafter measured 1.05 decode tok/s against 0.97 for the "
        f"target alone; {a}/{b} {noun} {verb} and no partial rejection needed a replay.\n"
    )
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(a / b, abs=1e-6)
    assert r.accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        "3/12 proposals accepted (30%)\n",  # a share that is not A / B
        "12/5 drafts were accepted\n",  # more accepted than drafted
        "1/2/3 drafts accepted\n",  # a list
        "k=3/4 drafts accepted\n",  # a setting
    ],
)
def test_not_counts_no_record(read: Read, text: str) -> None:
    assert all(r.printed_rate is None for r in read(text).records)
