"""A table cell of exactly 1 that the paste's words decide (no draft accepted there, so the 1
counts the target's own token: zero_rows.none_accepted_ones) decides the other lengths of its
table printed under the same figure: its own column's cells and those of the columns naming that
figure for another subset (`chat accept` beside `math accept (p50)`), one table printing one
figure one way. Not: a column naming another figure (`draft accept`, `accept tokens`), a length
below 1 in those columns, another table, or a paste whose words say nothing of the 1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(first: str, second: str, cells: list[tuple[str, str]]) -> str:
    rows = "\n".join(
        f"| {n} | {a} | 50.{i} | {b} |" for i, (n, (a, b)) in enumerate(cells_named(cells))
    )
    return f"| head | {first} | tok/s | {second} |\n|---|---:|---:|---:|\n{rows}\n"


def cells_named(cells: list[tuple[str, str]]) -> list[tuple[str, tuple[str, str]]]:
    return [(f"head-{i}", c) for i, c in enumerate(cells)]


@settings(max_examples=examples(40), deadline=None)
@given(
    subsets=st.sampled_from([("chat", "math"), ("code", "prose"), ("short", "long")]),
    stat=st.sampled_from(["", " (median)", " (p50)"]),
    fig=st.sampled_from(["accept", "accept len", "AL"]),
    good=st.lists(st.integers(112, 560), min_size=2, max_size=2),
    tail=st.integers(1, 9),
    words=st.sampled_from(["the drafter contributes nothing", "no draft tokens are accepted"]),
)
def test_the_said_one_decides_its_table(
    read: Read,
    subsets: tuple[str, str],
    stat: str,
    fig: str,
    good: list[int],
    tail: int,
    words: str,
) -> None:
    a, b = good[0] / 100, good[1] / 100
    low = 1 + tail / 100
    cells = [(f"{a:.2f}", f"{b:.2f}"), (f"{low:.2f}", "1.00")]
    text = (
        "Two drafters, same prompts.\n\n"
        + _table(f"{subsets[0]} {fig}{stat}", f"{subsets[1]} {fig}", cells)
        + f"\nThe second one sat at exactly 1.00 over every batch: {words}.\n"
    )
    recs = read(text).records
    assert sorted(r.printed_length for r in recs) == pytest.approx(sorted([a, b, low, 1.0]))
    assert all(r.accept_length == r.printed_length for r in recs)


@pytest.mark.parametrize(
    "other",
    [
        "draft accept",  # accepted drafts: another figure
        "code accept tokens",  # tokens: a count
        "total accept",
    ],
)
def test_another_figure_is_not_decided(read: Read, other: str) -> None:
    text = (
        "Two drafters, same prompts.\n\n"
        + _table(other, "prose accept", [("2.40", "1.70"), ("1.30", "1.00")])
        + "\nThe second one sat at exactly 1.00: the drafter contributes nothing.\n"
    )
    recs = {(r.labels, r.printed_length): r for r in read(text).records}
    others = [r for (labels, _), r in recs.items() if ("column", other) in labels]
    assert all(r.accept_length is None for r in others)
    assert any(r.accept_length == 1.7 for r in recs.values())


def test_no_words_no_decision(read: Read) -> None:
    text = "Two drafters.\n\n" + _table(
        "code accept", "prose accept", [("2.40", "1.70"), ("1.30", "1.00")]
    )
    assert all(r.accept_length is None for r in read(text).records)


def test_another_table_is_not_decided(read: Read) -> None:
    text = (
        "Two drafters.\n\n"
        + _table("code accept", "prose accept", [("2.40", "1.70"), ("1.30", "1.00")])
        + "\nThe second one sat at exactly 1.00: the drafter contributes nothing.\n\n"
        + "On the other box:\n\n"
        + _table("code accept", "prose accept", [("2.20", "1.60"), ("1.90", "1.40")])
    )
    recs = read(text).records
    later = [r for r in recs if r.first_line > 8]
    assert later and all(r.accept_length is None for r in later)
