"""Cells of two figures joined by `/` (`4.12 / 139`), named once in the line above the table
(`... (tokens per step / decode tok/s):`, or `accept length / tok/s:` alone): each cell's first
number is the acceptance figure, one record a run; a cell of two runs' pairs gives both runs
(slash_title.py). A title naming no acceptance figure first, a cell of another form, or a title
far above leave the table as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_TITLE = st.sampled_from(
    [
        "Measured on one card at 8k context, greedy\n(tokens per step / decode tok/s):",
        "Each cell (tokens per step / tok/s):",
        "tokens per step / decode tok/s:",
        "Two runs a setting (accept length / throughput):",
    ]
)
_BOLD = st.sampled_from(["", "**"])


def _cells(lengths: list[list[float]], speeds: list[list[int]], bold: str) -> list[str]:
    rows = []
    for i, (ls, ss) in enumerate(zip(lengths, speeds, strict=True)):
        cells = [f"{bold}{v:.2f} / {s}{bold}" for v, s in zip(ls, ss, strict=True)]
        rows.append(f"| prompt set {chr(97 + i)} | " + " | ".join(cells) + " |")
    return rows


@given(
    title=_TITLE,
    bold=_BOLD,
    lengths=st.lists(
        st.lists(st.integers(120, 990), min_size=2, max_size=2), min_size=1, max_size=4
    ),
    extra=st.booleans(),
)
def test_each_cells_first_number_is_the_figure(
    read: Read, title: str, bold: str, lengths: list[list[int]], extra: bool
) -> None:
    vals = [[v / 100 for v in row] for row in lengths]
    speeds = [[40 + 7 * j + i for j in range(2)] for i in range(len(vals))]
    rows = _cells(vals, speeds, bold)
    want = [round(v, 2) for row in vals for v in row]
    if extra:
        # a second run's pair in the last cell of the last row
        rows[-1] = rows[-1][:-2] + " / 1.91 / 33 |"
        want.append(1.91)
    text = (
        title + "\n\n| | plain lookup | deeper lookup |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == want


@given(
    title=st.sampled_from(
        ["Each cell (decode tok/s / tokens per step):", "Each cell (wins / losses):"]
    ),
    lengths=st.lists(st.integers(120, 990), min_size=2, max_size=2),
)
def test_a_title_naming_no_acceptance_figure_first_reads_no_length(
    read: Read, title: str, lengths: list[int]
) -> None:
    row = " | ".join(f"{v / 100:.2f} / {50 + i}" for i, v in enumerate(lengths))
    text = f"{title}\n\n| | a | b |\n|---|---|---|\n| set | {row} |\n"
    assert [r.printed_length for r in read(text).records] == []


def test_a_cell_of_another_form_leaves_the_table(read: Read) -> None:
    text = (
        "Each cell (tokens per step / decode tok/s):\n\n| | a | b |\n|---|---|---|\n"
        "| set one | 3.10 / 90 | 3.40 / 97 |\n| set two | 2.9 | 3 / 4 / 5 |\n"
    )
    assert [r.printed_length for r in read(text).records] == []
