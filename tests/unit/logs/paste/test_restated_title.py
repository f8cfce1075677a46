"""A table naming no figure, whose cell a later line restates digit for digit right after an
acceptance figure's name, is a table of that figure (restated_title.py); a value the table does
not print, another measure's name, a cell of fewer digits or a heading between give no title."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import restated_title as RTT
from specdiag.core.logs.paste.model import TABLE_ROW
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = st.sampled_from(
    [
        ("draft", ["baseline impl", "old path", "new path"]),
        ("checkpoint", ["ref run", "before", "after"]),
    ]
)
_NAME = st.sampled_from(["acceptance", "mean accept length", "accept len", "acceptance length"])
_SAID = st.sampled_from(
    [
        "Under mixed batches, {name} {v} / {w} at concurrency 1 / 16, throughput 410 / 2200 tok/s.",
        "Re-run on the serving box: {name} {v} (bs 1) and {w} (bs 16).",
    ]
)


def _table(label: str, cols: list[str], cells: list[list[int]]) -> str:
    rows = "\n".join(
        f"| m{i} | " + " | ".join(f"{c / 100:.2f}" for c in row) + " |"
        for i, row in enumerate(cells)
    )
    return f"| {label} | {' | '.join(cols)} |\n|" + "---|" * (len(cols) + 1) + "\n" + rows + "\n"


_CELLS = st.lists(
    st.lists(st.integers(151, 795).filter(lambda n: n % 10), min_size=3, max_size=3),
    min_size=2,
    max_size=3,
)


@settings(max_examples=examples(40), deadline=None)
@given(head=_HEAD, cells=_CELLS, name=_NAME, said=_SAID, w=st.integers(801, 899))
def test_the_restated_cell_names_the_tables_figure(
    read: Read, head: tuple[str, list[str]], cells: list[list[int]], name: str, said: str, w: int
) -> None:
    v = f"{cells[0][-1] / 100:.2f}"
    text = (
        "Checked on the same prompts:\n\n"
        + _table(head[0], head[1], cells)
        + "\n"
        + said.format(name=name, v=v, w=f"{w / 100:.2f}")
        + "\n"
    )
    rows = [r for r in read(text).records if r.kind == TABLE_ROW]
    assert [r.printed_length for r in rows] == [c / 100 for row in cells for c in row]


@settings(max_examples=examples(30), deadline=None)
@given(
    head=_HEAD,
    cells=_CELLS,
    said=st.sampled_from(
        [
            "Under mixed batches, acceptance {o} at concurrency 1.",  # a value not in the table
            "Under mixed batches, throughput {v} at concurrency 1.",  # another measure
            "## Load test\n\nUnder mixed batches, acceptance {v} at concurrency 1.",  # a heading
        ]
    ),
)
def test_negative_control_no_title(
    read: Read, head: tuple[str, list[str]], cells: list[list[int]], said: str
) -> None:
    v = f"{cells[0][-1] / 100:.2f}"
    text = _table(head[0], head[1], cells) + "\n" + said.format(v=v, o="9.31") + "\n"
    assert not [r for r in read(text).records if r.kind == TABLE_ROW]


def test_negative_control_a_cell_of_one_decimal_gives_no_title(read: Read) -> None:
    text = (
        "| draft | old path | new path |\n|---|---|---|\n| m0 | 6.1 | 7.7 |\n| m1 | 5.9 | 7.2 |\n"
        "\nUnder mixed batches, acceptance 7.7 at concurrency 1.\n"
    )
    assert not [r for r in read(text).records if r.kind == TABLE_ROW]


def test_the_clause_search_is_bounded_on_a_long_line() -> None:
    import time

    from specdiag.core.logs.paste.tables import Grid

    g = Grid("markdown table", [["a", "b"]], [(3, ["x", "7.72"])], 1, 3)
    line = "acceptance " + "7.72 " * 20000
    t = time.perf_counter()
    RTT.title(g, [line])
    assert time.perf_counter() - t < 1.0
