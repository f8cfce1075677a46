"""A table row whose cell opens on a list of signed numbers or percentages ('+1.6%, −4.9%',
'-3, +2') is a row of its own, never the wrapped rest of the row above: the row above keeps its
figures (before, its label and cells took the list's text and the table read nothing). A row of
words only, fewer cells than the row above, is still that row's wrapped rest."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SIGNED = st.integers(-90, 90).filter(lambda v: v != 0)


def _signed(v: int, pct: bool) -> str:
    sign = "+" if v > 0 else "−"
    return f"{sign}{abs(v) / 10:.1f}" + ("%" if pct else "")


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(120, 480),
    b=st.integers(120, 480),
    changes=st.lists(_SIGNED, min_size=2, max_size=5),
    pct=st.booleans(),
)
def test_a_row_opening_on_a_list_of_changes_is_its_own_row(
    read: Read, a: int, b: int, changes: list[int], pct: bool
) -> None:
    listed = ", ".join(_signed(v, pct) for v in changes)
    text = (
        "| | warm cache | cold cache |\n|---|---:|---:|\n"
        f"| all turns, tokens/step | {a / 100:.2f} | {b / 100:.2f} |\n"
        f"| the turns with equal outputs | | {listed} |\n"
    )
    assert [r.printed_length for r in read(text).records] == [a / 100, b / 100]


def test_a_wrapped_row_of_words_is_still_merged() -> None:
    from specdiag.core.logs.paste import tables as TB

    run = [
        (1, "| config | accept length |"),
        (2, "|---|---:|"),
        (3, "| eagle3 head, | 2.41 |"),
        (4, "| long prompts | |"),
    ]
    grids, _ = TB.find(run)
    assert [cells for _, cells in grids[0].rows] == [["eagle3 head, long prompts", "2.41"]]
