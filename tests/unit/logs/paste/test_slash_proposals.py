"""Counts of drafts or proposals joined by a slash before 'accepted' ('0/12 proposals accepted
(0%)'): read as 'A of B proposals accepted', the share alone, printed or not (a proposal may
hold several tokens: no length); none accepted is a share of exactly 0, so a length of 1 whatever k."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(60), deadline=None)
@given(
    b=st.integers(1, 5000),
    data=st.data(),
    noun=st.sampled_from(["proposals", "drafts"]),
    bold=st.booleans(),
    share=st.booleans(),
)
def test_slashed_counts_of_proposals(
    b: int, data: st.DataObject, noun: str, bold: bool, share: bool
) -> None:
    a = data.draw(st.integers(0, b))
    pct = f" ({100 * a / b:.1f}%)" if share else ""
    mark = "**" if bold else ""
    text = f"{mark}{a}/{b} {noun} accepted{pct}{mark} — the draft head after 2 epochs.\n"
    got = read_paste(text)
    if a == 0:
        assert [(r.printed_rate, r.accept_length) for r in got.records] == [(0.0, 1.0)]
        assert got.records[0].bonus.value == "included"
    elif share:
        assert [r.printed_rate for r in got.records] == [round(100 * a / b, 1) / 100]
        assert [r.accept_length for r in got.records] == [None]
    else:
        # the share A / B alone (a rate record, never a length, as held-out pastes were ruled)
        assert [r.printed_rate for r in got.records] == pytest.approx([a / b], abs=1e-7)
        assert [r.accept_length for r in got.records] == [None]


def test_the_undertrained_draft_line() -> None:
    text = (
        "## Where it stands\n\n"
        "**0/9 proposals accepted (0%)** — the draft is undertrained: only **14 valid "
        "training samples** were on disk, loss 19.4.\n"
    )
    got = read_paste(text)
    assert [(r.printed_rate, r.accept_length) for r in got.records] == [(0.0, 1.0)]


def test_settings_lists_bounds_and_wrong_shares_are_not_read_so() -> None:
    for text in (
        "k=3/4 proposals accepted (75%)\n",  # a setting, not counts
        "~0/12 proposals accepted (0%)\n",  # approximate
        "0/0 proposals accepted (0%)\n",  # nothing proposed
        "1/2/3 drafts accepted\n",  # a list
        "3/12 proposals accepted (30%)\n",  # the share is not 3 / 12
    ):
        got = read_paste(text)
        assert all(r.accept_length is None for r in got.records), text
        assert all(r.printed_rate in (None,) for r in got.records), text


def test_a_share_rounded_to_zero_beside_some_accepted_is_no_zero() -> None:
    # 1 of 2001 prints as 0.0%: a rounding, not none accepted, so no length of 1
    for text in (
        "**1/2001 proposals accepted (0.0%)** after the first epoch.\n",
        "3 of 9000 drafts accepted (0.0%) with the untrained head.\n",
    ):
        got = read_paste(text)
        assert [(r.printed_rate, r.accept_length) for r in got.records] == [(0.0, None)], text
