"""A table column whose header names the acceptance in a bracket after a configuration
(`MTP n=2 (accept)`, `draft k=4 (acceptance rate)`), each cell a figure of another measure (a
speed) then a bracket holding the run's acceptance as the one unsigned percentage, perhaps
beside signed changes (`42.6 (+90%, 94.5%)`, `30.1 (−2%, 25.0%)`, `48.0 (81.2%)`): one record per
cell, its rate, labelled by its row and its column.

The header's bracket says which figure the cells' bracket holds; a signed percentage there is a
change of the speed, never the acceptance. A cell of the column without such a bracket, a
bracket of two unsigned percentages or none, a share above 100%, a header bracket naming another
measure (`(speedup)`) or fewer than two such cells leave the table as before (the other readers
decide). The other columns are not read.

Pure: a grid in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.bracket_column import cell_records
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.tables import Grid

# a header cell: a configuration, then a bracket naming only the acceptance
_HEAD = re.compile(
    r"^(?P<cfg>[^()]{1,60}?)\s*\(\s*(?:draft\s+)?(?:accept(?:ance)?|acc)(?:\s+rate)?\s*%?\s*\)$",
    re.I,
)
# a cell: a figure (perhaps its unit), then a bracket of one to three comma-separated shares
_CELL = re.compile(
    r"^[~≈]?\d+(?:\.\d+)?\s*(?:[A-Za-z/×]{1,8}\s*)?\((?P<items>[^()]{1,60})\)$",
)
_SIGNED = re.compile(r"^[+\-−–]\s*\d+(?:\.\d+)?\s*%$")
_SHARE = re.compile(r"^(?P<r>\d+(?:\.\d+)?)\s*%$")
MIN_CELLS = 2


_plain = C.unmarked


def _share(cell: str) -> str | None:
    """The one unsigned percentage of the cell's bracket, beside signed ones only; else None."""
    m = _CELL.match(_plain(cell))
    if m is None:
        return None
    items = [it.strip() for it in m.group("items").split(",")]
    if len(items) > 3:
        return None
    shares = [s for it in items if (s := _SHARE.match(it)) is not None]
    if len(shares) != 1 or any(
        _SHARE.match(it) is None and _SIGNED.match(it) is None for it in items
    ):
        return None
    return shares[0].group(0) if float(shares[0].group("r")) <= 100 else None


def read(g: Grid, ctx: I.Ctx) -> list[PasteRecord]:
    """Records of the table's columns naming the acceptance in their header's bracket (see the
    module's rules); [] for any other table."""
    if len(g.header) != 1 or len(g.rows) < 1 or "(" not in str(g.rows):
        return []
    head = [_plain(c) for c in g.header[0]]
    if any(len(row) != len(head) for _, row in g.rows):
        return []
    out: list[PasteRecord] = []
    cols = [
        j
        for j in range(1, len(head))
        if _HEAD.match(head[j]) is not None and all(_share(row[j]) for _, row in g.rows)
    ]
    for ln, row in g.rows:  # (row by row, the columns in their order)
        label = row[0]
        for j in cols:
            share = _share(row[j])
            assert share is not None
            out.extend(cell_records(g, ctx, ln, label, head, j, share, f"acceptance rate: {share}"))
    return out if len(out) >= MIN_CELLS else []
