"""A column whose header pairs two figures by '/' ('acceptance rate / mean len') over cells of
two values so joined ('0.81 / 2.62'), where a row of the table measured none and prints a
placeholder ('—', '-', 'n/a'): the column is still split, one record per row of values, the
placeholder row none (interpret._split_paired). Before, one placeholder left the whole table
unread. A cell of another shape (one value alone) still leaves the column whole."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(head: str, cells: list[str]) -> str:
    lines = [f"| arm | mode | tok/s | {head} |", "|---|---|---|---|"]
    lines += [f"| {chr(65 + i)} | m{i} | {40 + i}.5 | {c} |" for i, c in enumerate(cells)]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=st.sampled_from(["acceptance rate / mean len", "accept rate / mean len"]),
    pairs=st.lists(st.tuples(st.integers(30, 95), st.integers(150, 480)), min_size=1, max_size=3),
    holder=st.sampled_from(["—", "-", "n/a", "**—**"]),
    at=st.integers(0, 3),
)
def test_a_placeholder_row_leaves_the_pairs_read(
    read: Read, head: str, pairs: list[tuple[int, int]], holder: str, at: int
) -> None:
    cells = [f"0.{r:02d} / {length / 100:.2f}" for r, length in pairs]
    cells.insert(min(at, len(cells)), holder)
    got = read(_table(head, cells)).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [
        (pytest.approx(r / 100), pytest.approx(length / 100)) for r, length in pairs
    ]


def test_a_single_value_cell_leaves_the_column_whole(read: Read) -> None:
    got = read(_table("acceptance rate / mean len", ["0.81 / 2.62", "0.77", "—"])).records
    assert all(r.printed_length != pytest.approx(2.62) for r in got)
