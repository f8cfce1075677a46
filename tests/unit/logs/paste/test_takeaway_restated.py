"""A list's point restating a paragraph's figure: a one-figure prose record on a list item
(``- 64% acceptance keeps ...``) whose figure, as printed and of the same measure, exactly one
earlier prose record of a paragraph prints, no other record printing it, is that run told
again as a point of the list summing it up: one record, the paragraph's
(``restated_row._fold_takeaway``). Two points of one list, an item naming a run of its own, an
item set against another run, or a third record of the value stay records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_BODY = st.sampled_from(
    [
        "A tinkerer ran a 14B model on two old cards with a drafting head and saw a {v} draft "
        "acceptance rate across the prompts.",
        "The write-up reports throughput near 48 tok/s, with an overall {v} draft acceptance "
        "rate on the test prompts.",
    ]
)
_PLAIN_BODY = (
    "A tinkerer ran a 14B model on two old cards with a drafting head and saw a {v} draft "
    "acceptance rate across the prompts."
)
_ITEM = st.sampled_from(
    [
        "- {v} draft acceptance rate means most guesses are kept.",
        "* {v} draft acceptance rate shows the head predicts well.",
        "1. A {v} draft acceptance rate keeps the verifier busy.",
    ]
)


def _paste(body: str, item: str, v: str) -> str:
    return (
        "Old cards, new tricks\n"
        f"{body.format(v=v)}\n"
        "- Plain decoding runs at about 20 tok/s.\n"
        f"{item.format(v=v)}\n"
        "Why it matters\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(body=_BODY, item=_ITEM, pct=st.integers(41, 93))
def test_a_point_restating_the_paragraph_is_one_record(body: str, item: str, pct: int) -> None:
    got = read_paste(_paste(body, item, f"{pct}%")).records
    assert [r.printed_rate for r in got] == [pct / 100]
    assert any("list's point" in n for n in got[0].notes)


@settings(max_examples=examples(20), deadline=None)
@given(body=_BODY, pct=st.integers(41, 93))
def test_an_item_naming_its_own_run_stays(body: str, pct: int) -> None:
    item = "- With k=4 the {v} draft acceptance rate held."
    got = read_paste(_paste(body, item, f"{pct}%")).records
    assert [r.printed_rate for r in got] == [pct / 100, pct / 100]


def test_an_item_set_against_another_run_stays() -> None:
    item = "- {v} draft acceptance rate versus 70% on the old build."
    got = read_paste(_paste(_PLAIN_BODY, item, "61%")).records
    assert [r.printed_rate for r in got][:2] == [0.61, 0.61]


def test_two_points_of_one_list_are_two_runs() -> None:
    text = (
        "Results\n"
        "- 58% draft acceptance rate on the chat prompts.\n"
        "- 58% draft acceptance rate was seen again after the driver update.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.58, 0.58]


def test_a_third_record_of_the_value_keeps_all() -> None:
    text = _paste(_PLAIN_BODY, "- {v} draft acceptance rate overall.", "66%") + (
        "Later the author wrote that a 66% draft acceptance rate came back a week later.\n"
    )
    assert len(read_paste(text).records) == 3
