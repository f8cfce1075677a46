"""Acceptance written as a phrase in a table cell (cell_phrases.py): `P% of drafted tokens` is
the rate, `P% at position N, ~0% after` that position's rate alone; no length unless proven,
and none from an n-gram row's k (a maximum). Dashes and projected rows are no records.
`P% (pos 4+: 0.000)` is the rate P (the later positions' bracket unread); `P%, len L` the
length L beside the rate (the rate unread where a word qualifies it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.cell_phrases import (
    rate_at_position,
    rate_before_positions,
    rate_of_drafts,
    rate_then_length,
)
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


def _rate_table(rows: list[list[str]]) -> str:
    return "## Runs on vLLM 0.10.1, one stream\n\n" + pipe_table(
        ["workload", "acceptance rate", "decode"], rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    p=st.integers(2, 60),
    first=st.integers(2, 6),
    approx=st.sampled_from(["", "~", "**~"]),
    length=st.integers(110, 690),
    word=st.sampled_from(["", " window", " steady"]),
)
def test_rate_with_later_positions_and_rate_with_length(
    read: Read, p: int, first: int, approx: str, length: int, word: str
) -> None:
    close = "**" if approx.startswith("**") else ""
    cell = f"{approx}{p}%{close} (pos {first}+: 0.000)"
    rows = [
        ["prose", cell, "20 tok/s"],
        ["code", f"{p + 20}.5%{word}, len {length / 100:.2f}", "x"],
    ]
    got = read(_rate_table(rows)).records
    assert len(got) == 2
    later, with_len = got
    assert later.printed_rate == pytest.approx(p / 100) and later.per_position == ()
    assert later.printed_length is None
    assert with_len.printed_length == pytest.approx(length / 100)
    # vLLM's mean acceptance length counts the bonus token (the tool named in the heading)
    assert with_len.accept_length == pytest.approx(length / 100)
    assert with_len.printed_rate == (None if word else pytest.approx((p + 20.5) / 100))


def test_cell_phrase_near_misses() -> None:
    assert rate_before_positions("~6% (pos 5-7: 0.000)") is not None
    assert rate_before_positions("6% (pos 0)") is None  # the first position's rate alone
    assert rate_before_positions("6% (n=80)") is None
    assert rate_then_length("31%, len 2.40") is not None
    assert rate_then_length("31%, len 40.5") is None  # no tokens a step
    assert rate_then_length("31%, seq len 2.40") is None
    assert rate_then_length("31%, 2.40") is None  # an unnamed second figure
    got = rate_then_length("31% window; AL 2.4")
    assert got is not None and got[0] is None and got[1].number == 2.4


@given(
    mean=st.sampled_from(["mean ", "avg ", "average ", ""]),
    acc=st.sampled_from(["accept ", "acceptance ", "acc. ", "accept-"]),
    approx=st.sampled_from(["~", "≈", ""]),
    rows=st.lists(st.tuples(st.integers(30, 95), st.integers(105, 480)), min_size=2, max_size=3),
)
def test_rate_then_named_mean_length(
    read: Read, mean: str, acc: str, approx: str, rows: list[tuple[int, int]]
) -> None:
    # 'P%, mean accept len ~L' under an acceptance column: the rate, and the length it names
    body = "".join(
        f"| r{i} | {60 + i}.5 | ~{p}%, {mean}{acc}len {approx}{length / 100:.2f} |\n"
        for i, (p, length) in enumerate(rows)
    )
    text = "Speculative decoding runs.\n\n| case | tok/s | acceptance |\n|---|---|---|\n" + body
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(length / 100) for _, length in rows]
    assert [r.printed_rate for r in got] == [pytest.approx(p / 100) for p, _ in rows]


def test_rate_then_a_length_of_another_thing_is_no_length(read: Read) -> None:
    text = (
        "Speculative decoding runs.\n\n| case | tok/s | acceptance |\n|---|---|---|\n"
        "| a | 60.5 | ~61%, mean prompt len ~1.69 |\n| b | 61.5 | ~72%, mean prompt len ~1.81 |\n"
    )
    assert all(r.printed_length is None for r in read(text).records)
