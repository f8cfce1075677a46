"""Cells printing a second number in brackets that a line above names as another measure
(bracket_note.py): ``X in parentheses`` over a table whose cells are ``V (W)`` or ``V`` alone; each
cell's figure is V, the bracket's number never read. Without such a line, or a line naming an
acceptance figure, or a bracket of words, the table reads as before (those columns unread)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NOTES = st.sampled_from(
    [
        "{m} in parentheses where scored.",
        "{m} shown in brackets.",
        "Runs are greedy; {m} is given in parentheses.",
    ]
)
_MEASURES = st.sampled_from(["Accuracy", "pass rate", "exact match", "judge score"])
_RUNS = st.sampled_from(["head a", "head b", "wide draft", "stock", "tuned"])
_SETS = st.sampled_from(["chat", "code", "math", "summaries", "qa", "agents"])


def _cell(v: int, w: int | None, bold: bool) -> str:
    fig = f"**{v / 100:.2f}**" if bold else f"{v / 100:.2f}"
    return fig if w is None else f"{fig} ({w / 1000:.3f})"


def _text(note: str, runs: list[str], sets: list[str], cells: list[list[str]]) -> str:
    out = ["Mean accept length:", note, "", "| set | " + " | ".join(runs) + " |"]
    out.append("|" + "---|" * (len(runs) + 1))
    for s, row in zip(sets, cells, strict=False):
        out.append(f"| {s} | " + " | ".join(row) + " |")
    return "\n".join(out) + "\n"


_GRID = st.lists(
    st.tuples(st.integers(120, 580), st.one_of(st.none(), st.integers(300, 999)), st.booleans()),
    min_size=6,
    max_size=6,
    unique_by=lambda t: t[0],
)


def _grid(grid: list[tuple[int, int | None, bool]], paired: bool) -> list[list[str]]:
    # (every column holding one bracketed cell at least: its first row's)
    cells = [
        _cell(v, (w or 500) if i < 2 and paired else (w if paired else None), b)
        for i, (v, w, b) in enumerate(grid)
    ]
    return [cells[0:2], cells[2:4], cells[4:6]]


@settings(max_examples=examples(40), deadline=None)
@given(
    note=_NOTES,
    measure=_MEASURES,
    runs=st.lists(_RUNS, min_size=2, max_size=2, unique=True),
    sets=st.lists(_SETS, min_size=3, max_size=3, unique=True),
    grid=_GRID,
)
def test_a_named_bracket_is_not_read(
    read: Read,
    note: str,
    measure: str,
    runs: list[str],
    sets: list[str],
    grid: list[tuple[int, int | None, bool]],
) -> None:
    text = _text(note.format(m=measure), runs, sets, _grid(grid, True))
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for v, _, _ in grid]


@settings(max_examples=examples(40), deadline=None)
@given(
    note=st.sampled_from(
        [
            "Runs are greedy on one card.",  # no line naming the bracket
            "Acceptance rate in parentheses.",  # the bracket an acceptance figure
            "{m} in parentheses where scored.",  # a bracket of words in a column
        ]
    ),
    measure=_MEASURES,
    runs=st.lists(_RUNS, min_size=2, max_size=2, unique=True),
    sets=st.lists(_SETS, min_size=3, max_size=3, unique=True),
    grid=_GRID,
)
def test_negative_control_brackets_read_as_before(
    read: Read,
    note: str,
    measure: str,
    runs: list[str],
    sets: list[str],
    grid: list[tuple[int, int | None, bool]],
) -> None:
    cells = _grid(grid, True)
    if "{m}" in note:
        cells = [[c.replace("(", "(n/a, ") for c in row] for row in cells]
    text = _text(note.format(m=measure), runs, sets, cells)
    assert not [r for r in read(text).records if r.printed_length is not None]
