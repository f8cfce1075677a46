"""Lines of 'key= value' fields padded into columns (reader._fields_rows): where a grid of
aligned columns reads no cell, rows that each hold two fields or more ('n_tok= 64  base= 12.40
AL= 1.85') are key-value lines, one record a line (before: shown as a table no cell was read
of). A table of plain cells under a header is read as a table, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(2, 5),
    tokens=st.integers(10, 99),
    base=st.integers(1000, 3000),
    sep=st.sampled_from(["= ", "=", ": "]),
    name=st.sampled_from(["AL", "accept_len", "acc len"]),
)
def test_padded_field_lines_are_key_value_lines(
    n: int, tokens: int, base: int, sep: str, name: str
) -> None:
    lines = [
        f"  [{i + 1}/{n}] n_tok{sep}{tokens}  base{sep}{(base + i) / 100:.2f}"
        f"  spec{sep}{(base + 2 * i) / 37:.2f}  {name}{sep}{1.5 + i / 100:.2f}"
        for i in range(n)
    ]
    text = "draft bench, same prompt length\n\n" + "\n".join(lines) + "\n"
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [round(1.5 + i / 100, 2) for i in range(n)]


def test_negative_control_a_table_of_plain_cells_stays_a_table() -> None:
    text = "Per-run results\n\nrun     tok/s   AL\nalpha   15.00   1.50\nbeta    15.01   1.51\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [1.5, 1.51]
    assert {r.structure for r in got} == {"aligned columns"}
