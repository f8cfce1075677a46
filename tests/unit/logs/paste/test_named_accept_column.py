"""A column named 'Accept' after a run's or tool's name ('Medusa Accept', 'ours Accept') over
numbers only a length can be: a length of unknown convention, as a bare 'Accept' column is
(interpret._by_cells). Percentages there stay rates; a name of more than two words, or cells a
rate can be, read no length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _table(a: str, b: str, rows: list[tuple[str, str, str]]) -> str:
    body = "".join(f"| {n} | {x} | {y} | 900 |\n" for n, x, y in rows)
    return f"| Domain | {a} | {b} | Speed |\n|---|---|---|---|\n{body}"


def test_named_accept_columns_of_lengths_are_lengths(read: Read) -> None:
    got = read(
        _table(
            "Medusa Accept", "ours Accept", [("chat", "2.71", "3.05"), ("code", "2.40", "**3.30**")]
        )
    ).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (pytest.approx(v), None) for v in (2.71, 3.05, 2.40, 3.30)
    ]


def test_named_accept_columns_of_percentages_are_rates(read: Read) -> None:
    got = read(_table("Medusa Accept", "ours Accept", [("chat", "61%", "70%")])).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [
        (pytest.approx(0.61), None),
        (pytest.approx(0.70), None),
    ]


def test_a_longer_name_before_accept_reads_no_length(read: Read) -> None:
    got = read(
        _table("the old head did accept", "the new head did accept", [("chat", "2.71", "3.05")])
    ).records
    assert [r.printed_length for r in got if r.printed_length is not None] == []


@settings(max_examples=20, deadline=None)
@given(
    name=st.sampled_from(["Medusa", "Hydra", "ours", "MTP", "base-ft"]),
    a=st.integers(min_value=120, max_value=590),
    b=st.integers(min_value=120, max_value=590),
)
def test_generated_named_accept_columns(name: str, a: int, b: int) -> None:
    from specdiag.core.logs.paste import read_paste

    x, y = f"{a / 100:.2f}", f"{b / 100:.2f}"
    got = read_paste(_table(f"{name} Accept", "ref Accept", [("chat", x, y)])).records
    assert [r.printed_length for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)]
    assert [r.accept_length for r in got] == [None, None]
