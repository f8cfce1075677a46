"""A table whose one figure its title names ('Draft acceptance rate:' over a grid of context by
concurrency): a cell of a dash alone ('—', '-', 'n/a') is a run not measured, so the column
it sits in still holds the title's figure in its other cells (before, a dash made the whole
column a label). A column of dashes only, or of words, is still no figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DASHES = ["—", "-", "–", "n/a", "N/A"]


def _grid(dash: str, cells: list[list[int | None]], cols: list[str]) -> str:
    lines = [
        "Served by vLLM, two nodes.",
        "",
        "Draft acceptance rate:",
        "",
        "| prompt \\ users | " + " | ".join(cols) + " |",
        "|---|" + "---:|" * len(cols),
    ]
    for i, row in enumerate(cells):
        shown = [f"0.{v:03d}" if v is not None else dash for v in row]
        lines.append(f"| {4 * (i + 1)}k | " + " | ".join(shown) + " |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_DASHES),
    st.integers(2, 4),
    st.integers(2, 4),
    st.data(),
)
def test_dash_cells_leave_the_column_a_figure(
    read: Read, dash: str, n_rows: int, n_cols: int, data: st.DataObject
) -> None:
    cols = [str(2**j) for j in range(n_cols)]
    # a staircase: row i measured in its first n_cols - i columns (at least one), the rest dashes
    cells: list[list[int | None]] = []
    for i in range(n_rows):
        keep = max(1, n_cols - i)
        cells.append(
            [data.draw(st.integers(150, 950)) if j < keep else None for j in range(n_cols)]
        )
    recs = read(_grid(dash, cells, cols)).records
    want = sorted(v / 1000 for row in cells for v in row if v is not None)
    assert sorted(r.printed_rate or 0 for r in recs) == want
    assert all(r.printed_length is None for r in recs)


def test_a_column_of_dashes_only_is_no_figure(read: Read) -> None:
    text = _grid("—", [[412, None], [388, None]], ["1", "8"])
    recs = read(text).records
    assert sorted(r.printed_rate or 0 for r in recs) == [0.388, 0.412]


def test_a_column_of_words_is_a_label(read: Read) -> None:
    text = _grid("—", [[412, 377], [388, None]], ["1", "8"]).replace("| 0.377 |", "| warm |")
    recs = read(text).records
    assert sorted(r.printed_rate or 0 for r in recs) == [0.388, 0.412]
