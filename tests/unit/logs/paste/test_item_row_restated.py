"""A later table row restating a list item's figure (item_row.py): a list sums runs up (`- Draft
B (run 4): 0.82% acceptance - dropped`), then a table gives the same runs (`| **Run 4** | Draft
B | dropped | 0.82% accept |`): the row names the item's run by every word of its key and prints
the same figure digit for digit, no other number: one run, one record (the item's). Another run
named, another number on the row, other decimals or an item naming the figure itself leave
both records."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["Draft B", "Tree-Spec", "SKIP-2 head", "Lookahead", "Medusa-lite"])
_GROUPS = st.sampled_from(["Run", "Track", "Arm", "Phase"])
_BULLETS = st.sampled_from(["-", "*", "1."])
_HEADERS = st.sampled_from(["Result", "Outcome", "Acceptance"])
_WORDS = st.sampled_from(["accept", "acceptance", "accepted"])


def _rate(hundredths: int) -> str:
    return f"{hundredths / 1000:.3f}%" if hundredths % 10 else f"{hundredths // 10 / 100:.2f}%"


def _paste(
    items: list[tuple[str, int, str]],
    rows: list[tuple[str, int, str, str]],
    bullet: str,
    group: str,
    header: str,
    word: str,
) -> str:
    lines = ["# Drafting plan", "", "**Dropped approaches:**"]
    lines += [
        f"{bullet} {name} ({group} {n}): {value} acceptance - needs work"
        for name, n, value in items
    ]
    lines += ["", "## Status", "", f"| {group} | Approach | Status | {header} | Notes |"]
    lines += ["|---|---|---|---|---|"]
    lines += [
        f"| **{group} {n}** | {name} variant | Dropped | {value} {word} | {extra}needs work |"
        for name, n, value, extra in rows
    ]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    names=st.lists(_NAMES, min_size=1, max_size=3, unique=True),
    ns=st.lists(st.integers(1, 9), min_size=3, max_size=3, unique=True),
    values=st.lists(st.integers(11, 9899), min_size=3, max_size=3, unique=True),
    bullet=_BULLETS,
    group=_GROUPS,
    header=_HEADERS,
    word=_WORDS,
)
def test_a_row_restating_an_items_figure_is_no_record(
    read: Read,
    names: list[str],
    ns: list[int],
    values: list[int],
    bullet: str,
    group: str,
    header: str,
    word: str,
) -> None:
    shown = [_rate(v) for v in values[: len(names)]]
    assume(len(set(shown)) == len(shown))
    items = [(name, n, value) for name, n, value in zip(names, ns, shown, strict=False)]
    rows = [(name, n, value, "") for name, n, value in items]
    text = _paste(items, rows, bullet, group, header, word)
    got = read(text).records
    assert [r.printed_rate for r in got] == [
        pytest.approx(float(v.rstrip("%")) / 100) for v in shown
    ], text
    assert all(r.first_line < 5 + len(items) for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    n=st.integers(1, 8),
    value=st.integers(11, 9899),
    miss=st.sampled_from(["other run", "other number", "decimals", "figure key"]),
    bullet=_BULLETS,
    group=_GROUPS,
    header=_HEADERS,
    word=_WORDS,
)
def test_a_row_of_another_run_or_figure_stays_read(
    read: Read,
    name: str,
    n: int,
    value: int,
    miss: str,
    bullet: str,
    group: str,
    header: str,
    word: str,
) -> None:
    # (under a column named as acceptance, the table's own readers fold a row of the item's value)
    assume(header != "Acceptance")
    shown = _rate(value)
    row_n, row_value, extra, key = n, shown, "", f"{name} ({group} {n})"
    if miss == "other run":
        row_n = n + 1
    elif miss == "other number":
        extra = f"{1 + value % 9}.{value % 10}x slower, "
    elif miss == "decimals":
        row_value = shown.rstrip("%") + "0%"
    else:
        key = "Draft acceptance rate"
    text = _paste(
        [(name, n, shown)], [(name, row_n, row_value, extra)], bullet, group, header, word
    )
    if miss == "figure key":
        text = text.replace(f"{name} ({group} {n}): ", f"{key}: ", 1)
    got = read(text).records
    assert len(got) == 2, text
