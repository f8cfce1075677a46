"""A table header naming a figure, then after a colon the two sides of its cells' changes
joined by an arrow ('MTP acceptance: 0.29 → 0.30', 'accept len: main -> PR'): the column is
that figure's, each cell's change two records (interpret._NAMED_CHANGE_HEAD); the sides (two
versions, two branches) are never values of the figure (before: the header line read as a
change of the rate from 29% to 30%, the table unread). A header naming another measure so
gives no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SIDES = [("0.29", "0.30"), ("main", "PR"), ("v1.2", "v1.3"), ("old head", "new head")]


def _table(name: str, sides: tuple[str, str], arrow: str, pairs: list[tuple[int, int]]) -> str:
    a, b = sides
    lines = [
        f"| Load | decode tok/s: {a} {arrow} {b} | {name}: {a} {arrow} {b} |",
        "| --- | ---: | ---: |",
    ]
    lines += [
        f"| C{i + 1} | {50 + i}.10 {arrow} {51 + i}.20 | {x / 10:.1f}% {arrow} {y / 10:.1f}% |"
        for i, (x, y) in enumerate(pairs)
    ]
    return "## Results\n\n" + "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["MTP acceptance", "draft acceptance rate", "acceptance"]),
    sides=st.sampled_from(_SIDES),
    arrow=st.sampled_from(["→", "->"]),
    pairs=st.lists(st.tuples(st.integers(200, 900), st.integers(200, 900)), min_size=1, max_size=4),
)
def test_each_change_is_two_records(
    read: Read, name: str, sides: tuple[str, str], arrow: str, pairs: list[tuple[int, int]]
) -> None:
    got = read(_table(name, sides, arrow, pairs)).records
    want = [v / 1000 for pair in pairs for v in pair]
    assert [r.printed_rate for r in got] == pytest.approx(want)


def test_another_measure_so_named_gives_nothing(read: Read) -> None:
    text = (
        "| Load | decode tok/s: 0.29 → 0.30 | wall: 0.29 → 0.30 |\n| --- | ---: | ---: |\n"
        "| C1 | 67.95 → 69.02 | 9.95 → 9.71 s |\n"
    )
    assert read(text).records == ()
