"""A later table laid out as an earlier one, its rows named as that table's: another run each.

A report often measures one grid of settings twice, under two headings (`### Batch = 1`, then
`### Batch = 8`), printing the same table twice: the same header, cell for cell, the same row
names (`E1`, `E2`, ...), other figures. A row of the later table printing the same acceptance
figure as the earlier table's row of its name (`4.32` in both) is then a second run that happens
to measure alike, never the earlier run told again (a restatement copies the run into a table
of another layout: an ablation's, a summary's).

A row of a later table is that other run, a record of its own, where:

- its table's header is the earlier row's table's header, word for word (spacing and markup
  evened out), two columns at least;
- some other cell of its row differs from the earlier row's (a throughput, a setting's mark:
  `86.1` against `19.0`, `ON*` against `ON`).

A table of another header, or a row whose every cell is the earlier row's (the table pasted
twice), stays the restatement it was (no second record). Pure: cells in, a verdict out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# (spacing inside a cell, evened out)
_SPACES = re.compile(r"\s+")


def _cells(cells: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The cells with their markup and spacing evened out ('**1.86×**' is '1.86×')."""
    return tuple(_SPACES.sub(" ", C._MARKUP.sub("", c)).strip() for c in cells)


def layout(header: list[list[str]]) -> tuple[tuple[str, ...], ...] | None:
    """A table's header, evened out, to compare with another's; None where it has fewer than
    two columns."""
    rows = tuple(_cells(h) for h in header)
    if not rows or max(len(h) for h in rows) < 2:
        return None
    return rows


def another_run(
    earlier: tuple[tuple[tuple[str, ...], ...] | None, tuple[str, ...]],
    header: tuple[tuple[str, ...], ...] | None,
    cells: tuple[str, ...] | None,
) -> bool:
    """Whether a row (its table's ``header`` from :func:`layout`, its ``cells``) restating an
    earlier row by name and figure (``earlier``: that row's table's header and its cells) is a
    run of its own: the same header, some other cell different."""
    e_header, e_cells = earlier
    if header is None or e_header != header or cells is None:
        return False
    return _cells(cells) != e_cells


def row(cells: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A row's cells, evened out, kept to compare a later row with."""
    return _cells(cells)
