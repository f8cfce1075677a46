"""Acceptance written as a phrase in a table cell (cell_phrases.py): `P% of drafted tokens` is
the rate, `P% at position N, ~0% after` that position's rate alone; no length unless proven,
and none from an n-gram row's k (a maximum). Dashes and projected rows are no records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.cell_phrases import rate_at_position, rate_of_drafts
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_OF = [
    "{p}% of drafted tokens",
    "{p}% of draft tokens",
    "**{p}% of drafts**",
    "{p}% of drafts accepted",
]
_AT = ["{p}% at position 0, ~0% after", "**{p}% at position 0, ~0% after**", "{p}% at pos 0"]


def _table(rows: list[list[str]]) -> str:
    return "Measured on vLLM 0.9, one GPU, c=1, temperature 0.\n\n" + pipe_table(
        ["config", "decode tok/s", "vs none", "acceptance"], rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    of=st.sampled_from(_OF),
    at=st.sampled_from(_AT),
    p1=st.integers(5, 95),
    p2=st.integers(5, 95),
    k=st.integers(2, 6),
)
def test_phrase_cells_one_record_a_row(
    read: Read, of: str, at: str, p1: int, p2: int, k: int
) -> None:
    rows = [
        ["no speculation", "174", "—", "—"],
        [f"n-gram, k={k}", "125", "−28%", of.format(p=p1)],
        [f"EAGLE-3, k={k}", "164", "−6%", at.format(p=p2)],
        ["EAGLE-3, k=1", "~232 *(projected, unrun)*", "+33%", "—"],
    ]
    got = read(_table(rows)).records
    assert len(got) == 2
    ngram, eagle = got
    assert ngram.printed_rate == pytest.approx(p1 / 100)
    assert eagle.per_position == pytest.approx((p2 / 100,))
    assert all(r.accept_length is None for r in got)


def test_an_eagle_row_keeps_its_k(read: Read) -> None:
    # a drafter that drafts k every step: 1 + k x rate as before
    got = read(_table([["EAGLE-3, k=3", "164", "−6%", "40% of drafted tokens"]])).records
    assert [r.accept_length for r in got] == [pytest.approx(2.2)]


def test_phrases() -> None:
    assert rate_of_drafts("27% of drafted tokens") is not None
    assert rate_of_drafts("27% of requests") is None
    assert rate_of_drafts("27% of drafted tokens on chat, 31% on code") is None
    assert rate_at_position("**69% at position 0, ~0% after**") == (0, 0.69)
    assert rate_at_position("69% at position 0, 40% after") is None  # an exact rest: unread
    assert rate_at_position("69% at most") is None
