"""A column named as a draft maximum ('n-max', 'draft-max') over whole numbers
states each row's maximum as a label's 'n_max=N' does: a printed length above it, or equal to 1
+ it x the row's rate, counts the bonus token; any other length stays undecided, and no length
is computed from the maximum."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["n-max", "`n-max`", "draft-max", "n_max"]


def _table(name: str, rows: list[tuple[int, int, str]]) -> str:
    out = f"| {name} | tok/s | acceptance | mean len |\n|---|---|---|---|\n"
    for most, rate, length in rows:
        out += f"| {most} | {20 + most}.5 | {rate / 10:.1f}% | {length} |\n"
    return out


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    rows=st.lists(
        st.tuples(st.integers(1, 6), st.integers(300, 900)), min_size=1, max_size=4, unique=True
    ),
)
def test_one_plus_max_times_rate_is_bonus_included(name: str, rows: list[tuple[int, int]]) -> None:
    cells = [(m, r, f"{1 + m * r / 1000:.2f}") for m, r in rows]
    got = read_paste(_table(name, cells)).records
    assert [r.accept_length for r in got] == pytest.approx([float(c) for _, _, c in cells])


def test_through_the_pipeline(read: Read) -> None:
    got = read(_table("n-max", [(2, 700, "2.40"), (3, 600, "2.80")])).records
    assert [r.accept_length for r in got] == [2.4, 2.8]


@pytest.mark.parametrize("name", _NAMES)
def test_a_length_the_maximum_does_not_prove_stays_undecided(name: str) -> None:
    # 1 + 4 x 0.5 = 3.0 and 2.5 is not above 4: the maximum decides nothing, computes nothing
    got = read_paste(_table(name, [(4, 500, "2.50")])).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.5, None)]


def test_a_column_of_other_whole_numbers_proves_nothing() -> None:
    text = _table("batch", [(2, 700, "2.40")])
    assert [r.accept_length for r in read_paste(text).records] == [None]
