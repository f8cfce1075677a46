"""A section row naming per-position acceptance over rows of bare positions, in a table whose
rows are metrics (``| **Per-position acceptance (%)** | | |`` over ``| Position 0 | 64.10 | 60.02
|``, ``| Position 1 | 45.30 | 41.88 |``): the section row prints no value (every cell after its
label empty), so it names the rows under it; each such row is the acceptance rate at its
position, as a row named ``acceptance at position N`` is, the section's ``%`` its unit. The
section row goes (it holds no figure), the position rows are renamed so, and the transposed
table reads each run's column as one record of per-position rates.

Read only where the section's label names per-position acceptance (``cells.key``: a
``per_position`` figure) and every other cell of its row is empty, and where the rows right
under it are two or more bare positions (``Position 2``, ``pos 3``, ``draft position 1``, a
bracketed note allowed: ``position_labels``'s row shape), numbered consecutively from 0 or 1;
the first row of another shape ends the section. A section row holding a value, a section
naming another figure (``**Latency by position (ms)**``), position rows not consecutive or a
single one leave the table as it was.

Pure: a table in, a table out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.position_labels import _ROW
from specdiag.core.logs.paste.tables import Grid

_plain = C.unmarked


def _section(cells: list[str]) -> bool | None:
    """Whether the row opens a per-position section, and its unit: ``True`` for ``%``,
    ``False`` for shares; ``None`` where it is no such section."""
    if len(cells) < 2 or any(_plain(c) for c in cells[1:]):
        return None
    k = C.key(cells[0])
    return k.percent if k.metric == C.PER_POSITION else None


def sectioned(g: Grid) -> Grid:
    """``g`` with each per-position section's rows named as the acceptance at their positions
    and its section row dropped, where the module's rule holds; else ``g``."""
    if len(g.rows) < 3 or not any(
        cells and "pos" in cells[0].lower() for _, cells in g.rows
    ):  # (a cheap test first)
        return g
    rows = list(g.rows)
    out: list[tuple[int, list[str]]] = []
    changed = False
    i = 0
    while i < len(rows):
        pct = _section(rows[i][1])
        if pct is None:
            out.append(rows[i])
            i += 1
            continue
        j, nums = i + 1, []
        while j < len(rows) and rows[j][1] and (m := _ROW.match(_plain(rows[j][1][0]))):
            nums.append(int(m.group("n")))
            j += 1
        if (
            len(nums) < 2
            or nums[0] not in (0, 1)
            or nums != list(range(nums[0], j - i - 1 + nums[0]))
        ):
            out.append(rows[i])
            i += 1
            continue
        unit = " (%)" if pct else ""
        out += [
            (ln, [f"acceptance at position {n}{unit}", *cells[1:]])
            for (ln, cells), n in zip(rows[i + 1 : j], nums, strict=True)
        ]
        changed = True
        i = j
    if not changed:
        return g
    return Grid(g.structure, g.header, out, g.first_line, g.last_line)
