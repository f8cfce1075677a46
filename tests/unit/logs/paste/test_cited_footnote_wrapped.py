"""A figure a footnote is said to report (cited.py: `footnote` among the sources, the source's
owner possessive before it, `that row's footnote reports`), its sentence perhaps wrapped from
the line above: that footnote's figure, quoted, no record, in a paste holding its own figure. A
first person between the source and the value, a sentence the line above ends, or a paste
whose only figure it is keep it a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_TABLE = (
    "| limit | tok/s | acceptance |\n|---|---|---|\n| 2 | 24.1 | 0.781 |\n| 4 | 27.9 | 0.622 |\n\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    owner=st.sampled_from(["That row's", "the other card's", "Their", "The"]),
    verb=st.sampled_from(["reports", "says", "lists", "gives"]),
    value=st.integers(100, 990),
    wrap=st.booleans(),
)
def test_a_footnotes_figure_is_no_record(
    read, owner: str, verb: str, value: int, wrap: bool
) -> None:
    opening = f"Not a contradiction. {owner} footnote {verb}"
    rest = f"an acceptance of {value / 1000:.3f} on novel traffic, near ours."
    prose = f"{opening}\n{rest}\n" if wrap else f"{opening} {rest}\n"
    got = read(_TABLE + prose).records
    assert [r.printed_rate for r in got] == [0.781, 0.622]


def test_a_first_person_or_an_ended_sentence_keeps_it(read) -> None:
    # the writer's own value after the source: a run of the paste
    text = _TABLE + "That row's footnote reports little, but we measured\nan acceptance of 0.345.\n"
    assert [r.printed_rate for r in read(text).records] == [0.781, 0.622, 0.345]
    # the line above ends its sentence: the value's sentence names no source
    text = _TABLE + "That row's footnote reports nothing.\nAn acceptance of 0.345 on a rerun.\n"
    assert [r.printed_rate for r in read(text).records] == [0.781, 0.622, 0.345]


def test_a_footnotes_figure_alone_stays_a_record(read) -> None:
    text = "That row's footnote reports\nan acceptance of 0.345 on novel traffic.\n"
    assert [r.printed_rate for r in read(text).records] == [0.345]
