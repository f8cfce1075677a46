"""A table column whose every cell is a figure of another measure (a speed) and, in brackets
after it, the run's acceptance as a bare `accept` word then a rate and a length a step split by
`/` (`63.2 (accept 0.81 / 3.43 per step)`), under a header naming no figure (a configuration,
`ours k=4`): one record per such cell, its rate and its printed length, labelled by its row and
its column. `per step` after the length is a unit that says nothing of the target's own token:
the length's convention stays unknown.

A cell of the column without that bracket (a speed alone), a rate above 1 (without `%`), a
length below 1 or above a step's most tokens, a header naming a figure or fewer than two such
cells leave the table as before (the other readers decide). The other columns are not read.

Pure: a grid in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord
from specdiag.core.logs.paste.tables import Grid

_CELL = re.compile(
    r"^[~≈]?\d+(?:\.\d+)?\s*(?:[A-Za-z/%×]{1,8}\s*)?\(\s*accept(?:ance)?\s+"
    r"(?P<r>\d+(?:\.\d+)?\s*%|0?\.\d+|1(?:\.0+)?)\s*/\s*(?P<l>\d+\.\d+)\s+"
    r"(?:tokens?\s+|tok\s+)?(?:per|/)\s*(?:verify\s+)?(?:step|round|iteration|forward)s?\s*\)$",
    re.I,
)
MIN_CELLS = 2


_plain = C.unmarked


def read(g: Grid, ctx: I.Ctx) -> list[PasteRecord]:
    """Records of the table's bracketed acceptance columns (see the module's rules); [] for any
    other table."""
    if len(g.header) != 1 or len(g.rows) < MIN_CELLS or "ccept" not in str(g.rows).lower():
        return []
    head = [_plain(c) for c in g.header[0]]
    if any(len(row) != len(head) for _, row in g.rows):
        return []
    out: list[PasteRecord] = []
    for j in range(1, len(head)):
        got = [(ln, row[0], _CELL.match(_plain(row[j]))) for ln, row in g.rows]
        if any(m is None for _, _, m in got) or C.key(head[j]).metric not in (None, C.LABEL):
            continue
        for ln, label, m in got:
            assert m is not None
            length = float(m.group("l"))
            if not 1 <= length <= C.MAX_STEP_TOKENS:
                return []
            line = f"acceptance rate: {m.group('r')}, accept length: {m.group('l')}"
            out.extend(cell_records(g, ctx, ln, label, head, j, m.group(0), line))
    return out if len(out) >= MIN_CELLS else []


def cell_records(
    g: Grid, ctx: I.Ctx, ln: int, label: str, head: list[str], j: int, cell: str, line: str
) -> list[PasteRecord]:
    """The records of one table cell read as the key-value ``line`` its bracket says, labelled
    by its row (``label``) and its column (``head[j]``), the cell's text its field."""
    return [
        dataclasses.replace(
            r,
            kind=TABLE_ROW,
            structure=g.structure,
            first_line=ln,
            last_line=ln,
            labels=(((head[0] or "row").lower(), _plain(label)), ("column", head[j])),
            fields=((head[j], cell),),
        )
        for r in I.keyvalue([(ln, line)], ctx, "key-value")
    ]
