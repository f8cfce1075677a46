"""Simple tables drawn with a rule of dashes under their header (tabulate's `simple` format), each
under a title line naming its figure, several in one block: the header (a corner cell naming the
rows' and the columns' variables, `bs\\ctx`, then numeric column values) is never a spaced table's
row under the title, so its numbers are never figures. The title naming an acceptance figure
gives one record per body cell, labelled by its row and column values; a title naming another
measure (tok/s, accuracy) gives nothing. A spaced table whose rows stand above no rule reads as
before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAME = st.text(alphabet="bcdfghjmnpqrstvwxz", min_size=2, max_size=5)
_LENGTH_TITLES = [
    "{code} acceptance length (mean per request)",
    "{code} acceptance length",
    "Mean acceptance length",
    "Average acceptance length ({code})",
    "{code} accept length",
]
_OTHER_TITLES = ["{code} output tok/s", "{code} accuracy", "Output throughput (tok/s)"]


def _simple(corner: str, heads: list[int], rows: list[tuple[int, list[str]]]) -> list[str]:
    """A tabulate `simple` table: columns two spaces apart, numbers right-aligned, a rule of
    dashes per column under the header."""
    table = [[corner, *map(str, heads)], *[[str(r), *cells] for r, cells in rows]]
    widths = [max(len(line[j]) for line in table) for j in range(len(table[0]))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0]) if cells is table[0] else cells[0].rjust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    return [line(table[0]), "  ".join("-" * w for w in widths), *(line(r) for r in table[1:])]


@st.composite
def _grid(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, list[float]]]]:
    heads = sorted(draw(st.sets(st.integers(8, 512), min_size=2, max_size=3)))
    row_values = sorted(draw(st.sets(st.integers(1, 8), min_size=1, max_size=3)))
    rows = [(r, [draw(st.integers(1100, 7900)) / 1000 for _ in heads]) for r in row_values]
    return heads, rows


@settings(max_examples=examples(40), deadline=None)
@given(
    rows_name=_NAME,
    cols_name=_NAME,
    code=st.sampled_from(["ZORB", "QFLASH", "MTPX", "Variant-B"]),
    title=st.sampled_from(_LENGTH_TITLES),
    others=st.lists(st.sampled_from(_OTHER_TITLES), max_size=2),
    grid=_grid(),
    blocks=st.integers(1, 2),
)
def test_each_cell_under_a_length_title_is_a_record(
    rows_name: str,
    cols_name: str,
    code: str,
    title: str,
    others: list[str],
    grid: tuple[list[int], list[tuple[int, list[float]]]],
    blocks: int,
) -> None:
    heads, rows = grid
    cols_name = cols_name if cols_name != rows_name else cols_name + "x"
    corner = f"{rows_name}\\{cols_name}"
    body: list[str] = []
    for other in others:
        # (another measure's table of the same shape, its cells large numbers)
        body += [
            other.format(code=code),
            *_simple(corner, heads, [(r, ["845.98"] * len(heads)) for r, _ in rows]),
            "",
        ]
    cells = [(r, [f"{v:.3f}" for v in vs]) for r, vs in rows]
    body += [title.format(code=code), *_simple(corner, heads, cells)]
    text = "\n".join(f"`run {b}`\n```\n" + "\n".join(body) + "\n```\n" for b in range(blocks))
    got = read_paste(text).records
    want = [v for _ in range(blocks) for _, vs in rows for v in vs]
    assert [r.printed_length for r in got] == want
    # the header's numbers are column values, never figures
    assert not {r.printed_length for r in got} & {float(h) for h in heads}
    labels = [(str(r), str(h)) for _ in range(blocks) for r, _ in rows for h in heads]
    assert [(dict(r.labels)[rows_name], dict(r.labels)[cols_name]) for r in got] == labels


@settings(max_examples=examples(30), deadline=None)
@given(
    rows_name=_NAME,
    cols_name=_NAME,
    code=st.sampled_from(["ZORB", "QFLASH", "MTPX"]),
    titles=st.lists(st.sampled_from(_OTHER_TITLES), min_size=1, max_size=3),
    grid=_grid(),
)
def test_tables_under_other_measures_give_nothing(
    rows_name: str,
    cols_name: str,
    code: str,
    titles: list[str],
    grid: tuple[list[int], list[tuple[int, list[float]]]],
) -> None:
    heads, rows = grid
    corner = f"{rows_name}\\{cols_name}"
    body: list[str] = []
    for t in titles:
        body += [
            t.format(code=code),
            *_simple(corner, heads, [(r, [f"{v:.3f}" for v in vs]) for r, vs in rows]),
            "",
        ]
    text = "Speculative decoding sweep.\n\n```\n" + "\n".join(body) + "\n```\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    label=st.sampled_from(["Task", "Suite", "Set"]),
    names=st.lists(
        # (made-up names: random letters drew venues, 'emnlp', 'kdd': a quoted paper's figures)
        st.sampled_from(["brox", "quelm", "taviq", "drune", "plixo", "snorv", "jemba"]),
        min_size=2,
        max_size=3,
        unique=True,
    ),
    lengths=st.lists(st.integers(110, 790), min_size=3, max_size=3),
    rows_name=_NAME,
    cols_name=_NAME,
)
def test_a_spaced_table_over_no_rule_reads_as_before(
    label: str, names: list[str], lengths: list[int], rows_name: str, cols_name: str
) -> None:
    # single-spaced rows over no rule: the spaced table's, still read, a ruled table's header
    # below them (after a blank line) not among them
    rows = [f"{n} {30 + i}.5 {lengths[i] / 100:.2f}" for i, n in enumerate(names)]
    ruled = [
        "Output tok/s",
        *_simple(f"{rows_name}\\{cols_name}", [8, 16], [(1, ["845.98", "901.20"])]),
    ]
    text = "\n".join([f"{label} Base AL", *rows, "", *ruled]) + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [lengths[i] / 100 for i in range(len(names))]


@settings(max_examples=examples(30), deadline=None)
@given(
    # (three letters or more: a rule of three dashes at least under the corner)
    rows_name=st.text(alphabet="bcdfghjmnpqrstvwxz", min_size=3, max_size=6),
    code=st.sampled_from(["ZORB", "QFLASH", "MTPX"]),
    grid=_grid(),
)
def test_a_plain_corner_keeps_its_column_label(
    rows_name: str, code: str, grid: tuple[list[int], list[tuple[int, list[float]]]]
) -> None:
    # a corner naming the rows' variable alone: the columns' values labelled as before
    heads, rows = grid
    cells = [(r, [f"{v:.3f}" for v in vs]) for r, vs in rows]
    text = (
        "```\n"
        + "\n".join([f"{code} acceptance length", *_simple(rows_name, heads, cells)])
        + "\n```\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v for _, vs in rows for v in vs]
    assert [dict(r.labels)["column"] for r in got] == [str(h) for _ in rows for h in heads]


@pytest.mark.parametrize(("rows", "cols"), [("bs", "pct"), ("pct", "bs"), ("tok", "ms")])
def test_a_corner_whose_name_reads_as_a_unit_keeps_both_names(rows: str, cols: str) -> None:
    # ('pct' alone is a percent unit, spelled '%' as a name: the corner still names both)
    corner = f"{rows}\\{cols}"
    body = ["QFLASH acceptance length", *_simple(corner, [8, 9], [(1, ["1.100", "1.250"])])]
    got = read_paste("```\n" + "\n".join(body) + "\n```\n").records
    assert [r.printed_length for r in got] == [1.1, 1.25]
    assert [dict(r.labels) for r in got] == [{rows: "1", cols: "8"}, {rows: "1", cols: "9"}]
