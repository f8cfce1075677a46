"""A range of shares of one in prose, then after a comma its pooled value (interpret's
_RANGE_AFTER, _RANGE_CENTRAL): the range's high end no longer swallows the comma, so the pooled
value is the one record; the range alone, or a bare value after it, is none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = st.sampled_from(["acceptance", "draft acceptance", "Acceptance rate", "accept rate"])
_POOLS = st.sampled_from(["{v} aggregate", "{v} overall", "pooled {v}", "{v} pooled"])
_DASHES = st.sampled_from(["-", "–", " - "])
_TAILS = st.sampled_from(["", " ({a:,} / {b:,})", " over all prompts"])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    pool=_POOLS,
    dash=_DASHES,
    tail=_TAILS,
    lo=st.integers(40, 60),
    mid=st.integers(1, 15),
    hi=st.integers(1, 15),
    bullet=st.booleans(),
)
def test_pooled_share_after_a_range_and_comma(
    read, name: str, pool: str, dash: str, tail: str, lo: int, mid: int, hi: int, bullet: bool
) -> None:
    v = (lo + mid) / 100
    b = 4000
    a = round(v * b)
    text = (
        "Speculative decoding run on a small card.\n\n"
        f"{'- ' if bullet else ''}{name} {lo / 100:.2f}{dash}{(lo + mid + hi) / 100:.2f}, "
        f"{pool.format(v=f'{v:.2f}')}{tail.format(a=a, b=b)}\n"
    )
    recs = read(text).records
    assert [r.printed_rate for r in recs] == pytest.approx([v])


@pytest.mark.parametrize(
    "line",
    [
        "draft acceptance 0.51-0.88, and the speedup 1.4x",  # no pooling word
        "draft acceptance 0.51-0.88, 0.72",  # a bare value after the range
        "draft acceptance 0.51-0.88 across the prompts",  # the range alone
    ],
)
def test_a_range_without_a_named_pooled_value_is_no_record(read, line: str) -> None:
    text = f"Speculative decoding run on a small card.\n\n- {line}\n"
    assert not read(text).records
