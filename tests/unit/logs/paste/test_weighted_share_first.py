"""A share before its noun with `weighted` between (interpret._PCT_FIRST's statistic word): the
runs' counts pooled, the same acceptance figure ('70.4% weighted acceptance', '70.4%
token-weighted draft acceptance'); a signed share (a change) or another noun after `weighted`
is none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    value=st.integers(100, 990),
    word=st.sampled_from(["weighted", "token-weighted", "Weighted"]),
    noun=st.sampled_from(["acceptance", "draft acceptance", "MTP acceptance", "acceptance rate"]),
    bold=st.booleans(),
    counts=st.booleans(),
)
def test_a_weighted_share_before_its_noun_is_the_rate(
    read, value: int, word: str, noun: str, bold: bool, counts: bool
) -> None:
    share = f"{value / 10:.1f}% {word} {noun}"
    if bold:
        share = f"**{share}**"
    lead = (
        "Totals over the week were **8,120 drafted** and **5,301 accepted** tokens, or "
        if counts
        else "Over the week we saw "
    )
    got = read(lead + share + ".\n").records
    assert [round(r.printed_rate or 0.0, 6) for r in got] == [value / 1000]


def test_a_signed_share_or_another_noun_is_no_rate(read) -> None:
    for text in ("The patch gave +4.1% weighted acceptance.\n", "We saw 61.0% weighted loss.\n"):
        assert read(text).records == ()
