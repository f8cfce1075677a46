"""A two-column table of metrics as rows whose rows each list several runs after the metric's
name, one value each, joined by slashes: ``| mean accept length C1 / C2 / C4 | 2.10 / 2.35 /
2.22 |`` under ``| metric | value |``. The labels after the name (``C1 / C2 / C4``: the runs'
concurrency, context, batch) are the runs, one column each; the value cell holds each run's
value in their order.

Such a table is put back as the tables it folds: one per list of labels, its header the first
header cell then the labels, each of its rows the metric's name then its values (a unit written
once after the last value, ``173.5 tok/s`` or ``1,136 W``, carried to the others); rows of no
such list stay in the table as written. The transposed reading then takes each column as a run
(``| accept length | 2.10 | 2.35 | 2.22 |`` beside ``| draft acceptance | 36.7% | ... |``: a
record a column, its rate and length together, an identity over them all deciding k as for any
such table).

A row is such only where its labels are two to eight short tokens (no space inside one), the
value cell holds exactly as many parts, each opening on a number (a value, a range, ``~``
approximate, ``%``), and the parts are separated by ``/`` with spaces around it (``tok/s``
is a unit, never a separator; without spaces, a cell of numbers alone). A statistic listed
after the name (``average / p95 / max``) is a list of labels like any other: its row is read as
the table reads such a metric (no acceptance, no record). A cell with a different count of
parts, a word among the parts, or a table of other than two columns are left as written.

Pure: a grid in, grids out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.tables import Grid

_MIN_RUNS, _MAX_RUNS = 2, 8
# the run labels closing a metric's name: short tokens joined by '/' ('C1 / C4 / C8', '3K/32K')
_TOKEN = r"[A-Za-z0-9][\w.+-]{0,15}"
_LABELS = re.compile(r"(?<!\S)(?P<labels>" + _TOKEN + r"(?:\s*/\s*" + _TOKEN + r"){1,7})$")
# one run's value: a number (perhaps approximate, a range, a share) and what follows it
_PART = re.compile(
    r"^[~≈]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*%?"
    r"(?:\s*(?:-{1,2}|–|—|to)\s*[~≈]?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*%?)?"
    r"(?P<unit>\s*[A-Za-z][\w/]{0,8})?$"
)
_SPACED_SLASH = re.compile(r"\s+/\s+")


def _parts(cell: str, n: int) -> list[str] | None:
    """The ``n`` values of a cell joined by slashes, a unit after the last carried to the
    others; None where the cell is no such list."""
    text = cell.strip().strip("*`").strip()
    if _SPACED_SLASH.search(text):
        parts = _SPACED_SLASH.split(text)
    elif not re.search(r"[A-Za-z]", text):
        parts = [p.strip() for p in text.split("/")]
    else:
        return None
    if len(parts) != n:
        return None
    matches = [_PART.match(p) for p in parts]
    if any(m is None for m in matches):
        return None
    unit = matches[-1].group("unit") if matches[-1] is not None else None
    if unit and all(m is not None and not m.group("unit") for m in matches[:-1]):
        parts = [f"{p} {unit.strip()}" for p in parts[:-1]] + [parts[-1]]
    elif any(m is not None and m.group("unit") for m in matches[:-1]):
        return None
    return parts


def split(g: Grid) -> list[Grid]:
    """The tables a two-column table of slash-listed runs folds (see the module), or ``[g]``."""
    if len(g.header) != 1 or len(g.header[0]) != 2 or not g.rows or "/" not in str(g.rows):
        return [g]
    groups: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {}
    labels_of: dict[tuple[str, ...], list[str]] = {}
    rest: list[tuple[int, list[str]]] = []
    for ln, cells in g.rows:
        head = cells[0].strip() if len(cells) == 2 else ""
        m = _LABELS.search(head) if "/" in head else None
        name = head[: m.start()].strip() if m is not None else ""
        labels = [x.strip() for x in m.group("labels").split("/")] if m is not None else []
        parts = _parts(cells[1], len(labels)) if _MIN_RUNS <= len(labels) <= _MAX_RUNS else None
        if parts is None or not re.search(r"[A-Za-z]", name):
            rest.append((ln, cells))
            continue
        key = tuple(x.lower() for x in labels)
        labels_of.setdefault(key, labels)
        groups.setdefault(key, []).append((ln, [name, *parts]))
    if not groups:
        return [g]
    out = [
        Grid(g.structure, [[g.header[0][0], *labels_of[key]]], rows, g.first_line, g.last_line)
        for key, rows in groups.items()
    ]
    if rest:
        out.insert(0, Grid(g.structure, g.header, rest, g.first_line, g.last_line))
    return out
