"""A table cell printing a range of one figure, then after a comma or a semicolon its value
pooled over the runs, named so by a pooling word ('0.44-0.91, 76.5% aggregate'): the range is the
runs' spread, the pooled value the cell's figure, one record a row (a percentage beside a range
of shares of one is the same figure in another unit). No pooling word, a value outside the range
or a range alone read no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORD_AFTER = st.sampled_from(["aggregate", "overall", "pooled", "weighted"])
_WORD_BEFORE = st.sampled_from(["aggregate", "overall", "mean", "pooled:"])


def _table(cells: list[str]) -> str:
    lines = [
        "| Host and window | Plain tok/s | Drafted tok/s | Acceptance |",
        "|---|---:|---:|---:|",
    ]
    for i, c in enumerate(cells):
        lines.append(f"| box-{i + 1}, 64K | {40 + i}.5 | {70 + i}.2 | {c} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.integers(20, 45), st.integers(55, 70), st.integers(80, 97), st.integers(0, 9)),
        min_size=1,
        max_size=4,
    ),
    after=st.booleans(),
    word_after=_WORD_AFTER,
    word_before=_WORD_BEFORE,
    sep=st.sampled_from([", ", "; ", ","]),
    percent_pool=st.booleans(),
)
def test_pooled_value_after_a_range_is_the_record(
    read: Read,
    rows: list[tuple[int, int, int, int]],
    after: bool,
    word_after: str,
    word_before: str,
    sep: str,
    percent_pool: bool,
) -> None:
    cells, want = [], []
    for lo, mid, hi, tenth in rows:
        pooled = mid + tenth / 10
        v = f"{pooled:.1f}%" if percent_pool else f"{pooled / 100:.3f}"
        pooled_txt = f"{v} {word_after}" if after else f"{word_before} {v}"
        cells.append(f"0.{lo}-0.{hi}{sep}{pooled_txt}")
        want.append(round(pooled / 100, 3))
    got = read(_table(cells)).records
    assert [r.printed_rate for r in got] == [pytest.approx(w) for w in want]


def test_negative_control_no_pooling_word() -> None:
    assert read_paste(_table(["0.41-0.88, 70.2%", "0.45-0.90, 73.0%"])).records == ()


def test_negative_control_value_outside_the_range() -> None:
    assert (
        read_paste(_table(["0.41-0.68, 70.2% aggregate", "0.45-0.60, 73.0% overall"])).records == ()
    )


def test_negative_control_range_of_percentages_beside_a_count() -> None:
    # 12 is no share of one: '41%-88%, 12 overall' reads nothing
    assert read_paste(_table(["41%-88%, 12 overall", "45%-90%, 15 overall"])).records == ()
