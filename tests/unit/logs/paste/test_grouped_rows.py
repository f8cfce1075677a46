"""A paper's table a page flattened to a line a row, its metrics a group each ('Metric Base
Ours' over 'SetA Speedup ×1.50 ×1.90 τ 2.10 2.60'): read as a table, a record for each
configuration's length, in line order (``flat_table.grouped``). Rows whose groups do not hold
as many figures as the header names configurations, or groups naming no length, are no table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_CONFIGS = ["Base", "Ours", "Wide"]
_SETS = ["SetA", "SetB", "Long Set", "Mean"]


def _paste(configs: list[str], rows: list[tuple[str, list[int], list[int]]], head: str = "") -> str:
    lines = [
        head or "Table 4. Speedup and τ of each method.",
        "",
        "Metric " + " ".join(configs),
        "",
    ]
    for name, speed, tau in rows:
        sp = " ".join(f"×{s / 100:.2f}" for s in speed)
        ta = " ".join(f"{t / 100:.2f}" for t in tau)
        lines += [f"{name} Speedup {sp} τ {ta}", ""]
    return "\n".join(lines)


@settings(max_examples=examples(30), deadline=None)
@given(
    width=st.integers(2, 3),
    n_rows=st.integers(2, 4),
    data=st.data(),
)
def test_a_flattened_table_of_metric_groups_is_read_per_cell(
    width: int, n_rows: int, data: st.DataObject
) -> None:
    rows = [
        (
            _SETS[i],
            data.draw(st.lists(st.integers(110, 290), min_size=width, max_size=width)),
            data.draw(st.lists(st.integers(150, 480), min_size=width, max_size=width)),
        )
        for i in range(n_rows)
    ]
    got = read_paste(_paste(_CONFIGS[:width], rows)).records
    assert [r.printed_length for r in got] == [t / 100 for _, _, tau in rows for t in tau]
    assert all(r.accept_length is None for r in got)


def test_negative_control_groups_not_as_wide_as_the_header() -> None:
    rows = [("SetA", [150, 190], [210, 260]), ("SetB", [140, 180], [200, 250])]
    got = read_paste(_paste(["Base", "Ours", "Wide"], rows)).records
    assert len(got) < 4


def test_negative_control_groups_naming_no_length() -> None:
    text = "Metric Base Ours\n\nSetA Speedup ×1.50 ×1.90 Memory 2.10 2.60\n\nSetB Speedup ×1.40 ×1.80 Memory 2.00 2.50\n"
    assert read_paste(text).records == ()
