"""A cell holding a percentage and, in brackets, its signed change in percentage points
('64.0% (−2.5pp)', '(+1.5 p.p.)', '(-2 pts)'): the percentage, the bracket a comparison with
another column; an unsigned number of points in the bracket is no change and leaves the cell
unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_UNITS = ("pp", " pp", " p.p.", "pts", " points")


@settings(max_examples=examples(40), deadline=None)
@given(
    tenths=st.integers(100, 999),
    delta=st.integers(1, 99),
    sign=st.sampled_from(("-", "−", "+")),
    unit=st.sampled_from(_UNITS),
)
def test_a_change_in_points_is_no_second_figure(
    tenths: int, delta: int, sign: str, unit: str
) -> None:
    v = C.value(f"{tenths / 10:.1f}% ({sign}{delta / 10:.1f}{unit})")
    assert v is not None and v.percent and v.number == tenths / 10


def test_unsigned_points_stay_unread() -> None:
    assert C.value("64.0% (2.5pp)") is None
    assert C.value("64.0% (-2.5ppm)") is None


@settings(max_examples=examples(20), deadline=None)
@given(
    base=st.lists(st.integers(500, 900), min_size=2, max_size=2),
    drop=st.lists(st.integers(1, 60), min_size=2, max_size=2),
)
def test_a_column_of_changed_cells_reads_one_record_a_column(
    read: Read, base: list[int], drop: list[int]
) -> None:
    cells = []
    for b, d in zip(base, drop, strict=True):
        cells += [f"{b / 10:.1f}%", f"{(b - d) / 10:.1f}% (−{d / 10:.1f}pp)"]
    text = (
        "## Draft acceptance\n\n"
        "| Metric | Chat (base) | Chat (patch) | Code (base) | Code (patch) |\n"
        "|---|---|---|---|---|\n"
        f"| **Draft acceptance** | {' | '.join(cells)} |\n"
    )
    got = read(text).records
    want = [base[0], base[0] - drop[0], base[1], base[1] - drop[1]]
    assert [round(r.printed_rate or 0, 4) for r in got] == [w / 1000 for w in want]
