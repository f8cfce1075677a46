"""A key=value line a few lines under a table's only row, its acceptance figure printed with
fewer decimals than the row's cell and its other numbers the row's cells digit for digit, is
the program reciting that row's run: no record of its own (restated_row._recites_row). A line
whose other numbers are no cell of the row, a figure as precise as the cell, or a table of two
rows keeps its record."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _paste(cell: str, speed: str, line: str, rows: int = 1) -> str:
    body = "".join(f"| {12.5 + i:.3f} | {900 + i} | {cell} | {speed} |\n" for i in range(rows))
    return (
        "Timing of the draft-model bench after turning speculation on:\n"
        "```\n"
        "| Wall (s) | Tokens | Accept Len | Throughput (tok/s) |\n"
        "|---|---|---|---|\n" + body + f"{line}\n```\n"
    )


def _lengths(text: str) -> list[float | None]:
    return [r.printed_length for r in read_paste(text).records]


@given(
    whole=st.integers(1, 6),
    milli=st.integers(0, 999).filter(lambda m: m % 10 != 5),
    speed=st.integers(1000, 19999),
    key=st.sampled_from(["accept_len", "acc_length", "avg_accept_length"]),
    sep=st.sampled_from([" ", ", ", " | "]),
)
def test_a_recited_row_is_one_record(
    whole: int, milli: int, speed: int, key: str, sep: str
) -> None:
    cell = f"{whole}.{milli:03d}"
    sp = f"{speed / 100:.2f}"
    short = f"{float(cell):.2f}"
    got = read_paste(_paste(cell, sp, f"{key}={short}{sep}tps={sp}")).records
    assert [r.printed_length for r in got] == [float(cell)]
    assert any("line 6" in n for n in got[0].notes)


def test_other_numbers_no_cell_keep_the_line() -> None:
    assert _lengths(_paste("3.142", "88.20", "accept_len=3.14 tps=90.75")) == [3.142, 3.14]


def test_as_precise_as_the_cell_keeps_the_line() -> None:
    assert _lengths(_paste("3.142", "88.20", "accept_len=3.142 tps=88.20")) == [3.142, 3.142]


def test_two_rows_keep_the_line() -> None:
    got = _lengths(_paste("3.142", "88.20", "accept_len=3.14 tps=88.20", rows=2))
    assert len(got) == 3


def test_a_figure_alone_keeps_its_old_reading() -> None:
    assert _lengths(_paste("3.142", "88.20", "accept_len=3.14")) == [3.142, 3.14]
