"""A transposed table's column closed by 'assumed' ('Phase 2 assumed', 'plan (assumption)')
holds the figures a plan took for granted: no record; the measured columns beside it are read,
and a column only opening on the word ('assumed load') is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(column: str, a: int, b: int) -> str:
    return (
        f"| figure | run one | run two | {column} |\n| --- | ---: | ---: | ---: |\n"
        f"| acceptance length | {a / 1000:.3f} | {b / 1000:.3f} | ~2.5 |\n"
        "| step time | 21.4 ms | 21.9 ms | ~22 ms |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(2100, 3900),
    b=st.integers(2100, 3900),
    column=st.sampled_from(["Phase 2 assumed", "earlier plan (assumption)", "assumed"]),
)
def test_an_assumed_column_gives_no_record(a: int, b: int, column: str) -> None:
    got = read_paste(_table(column, a, b)).records
    assert [r.printed_length for r in got] == pytest.approx([a / 1000, b / 1000])


def test_a_column_opening_on_assumed_is_read() -> None:
    got = read_paste(_table("assumed load", 2500, 2600)).records
    assert [r.printed_length for r in got] == [2.5, 2.6, 2.5]
