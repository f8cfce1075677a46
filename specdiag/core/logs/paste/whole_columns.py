"""Under a title naming the acceptance rate, a column of whole numbers beside a column of
fractions is an index or a count, never the rate.

A table titled ``Per-task acceptance`` whose columns name nothing the readers know (``| slot |
n_past | A | G | rate |``) gives its numeric columns the title's figure. A rate is printed as a
fraction (``0.821``) or as a share (``82%``); a column whose every cell is a whole number with no
point and no ``%`` (``0``, ``1``, ``23``, ``1,200``) holds slots, seeds, counts or indices:
when another such column of the table holds a fraction, the whole-number column is no rate
(before: a slot ``0`` read as a rate of exactly 0, a length of 1.0 computed from it, and a second
record of each row). A title naming a share (``Acceptance (%)``), or a table whose columns are
all whole numbers, keeps its columns as before.

Pure: the table's cells by column in, the columns that are no rate out.
"""

from __future__ import annotations

import re

# a whole number printed alone ('0', '23', '1,200'): no point, no '%'
_WHOLE = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)$")
# a fraction printed with a point ('0.821', '.65'): what a rate is printed as
_FRACTION = re.compile(r"^\d*\.\d+$")


def _cells(column: list[str]) -> list[str]:
    """The column's cells holding a digit, markup stripped (a dash or '?' is a cell unfilled)."""
    out: list[str] = []
    for c in column:
        t = c.strip().strip("*_`").strip()
        if any(ch.isdigit() for ch in t):
            out.append(t)
    return out


def not_rates(columns: dict[int, list[str]]) -> set[int]:
    """Of the columns given the rate (their cells, by index), those of whole numbers only, when
    another of them holds a fraction within [0, 1] on every row; none otherwise."""
    whole = {
        j for j, col in columns.items() if (cs := _cells(col)) and all(_WHOLE.match(c) for c in cs)
    }
    if not whole:
        return set()
    fractions = any(
        j not in whole
        and (cs := _cells(col))
        and all(_FRACTION.match(c) and float(c) <= 1.0 for c in cs)
        for j, col in columns.items()
    )
    return whole if fractions else set()
