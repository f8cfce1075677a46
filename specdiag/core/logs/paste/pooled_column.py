"""A column pooling the runs of a table of metrics as rows: `| metric | run A | run B | pooled |`.

In a transposed table (metrics down the first column, a run a column), a column headed by a
pooling word alone (`pooled`, `combined`, `aggregate`, `aggregated`; markup and a bracketed note
after it aside, `pooled (n=2)`) beside two run columns or more holds the runs' figures taken
together: no run of its own, so no record. Each acceptance figure it prints (a length, a rate,
tokens a step) lies between the lowest and the highest of the run columns' values of that row,
within the printed rounding: a mean or a pooled ratio of them can lie nowhere else.

Kept as before: a value outside the runs' range (a run of its own under that name), a table with
one run column beside it, a row it prints that no two run columns print, and a summary word of
another kind (`mean`, `average`, `overall`: a table's summary, read as its summary record).

Pure: a table's column names and rows in, the indexes of the pooling columns out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C

_POOLING = re.compile(r"^(?:pooled|combined|aggregated?)(?:\s*[(\[][^()\[\]]*[)\]])?$", re.I)
# the stems a pooling word holds: a cheap gate before the pattern
_HINTS = ("pool", "combin", "aggregat")
# the figures whose values a pool of runs lies between
_FIGURES = frozenset((C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE, C.ACCEPT_RATIO))


def _value(cell: str) -> C.Value | None:
    return C.value(C._MARKUP.sub("", cell).strip())


def _scale(v: C.Value) -> float:
    return 100.0 if v.percent else 1.0


def _between(v: C.Value, others: list[C.Value]) -> bool:
    lo = min(o.number / _scale(o) for o in others)
    hi = max(o.number / _scale(o) for o in others)
    slack = C.half_unit(v.decimals) / _scale(v) + max(
        C.half_unit(o.decimals) / _scale(o) for o in others
    )
    return lo - slack <= v.number / _scale(v) <= hi + slack


def columns(names: Sequence[str], rows: Sequence[Sequence[str]], chosen: Sequence[int]) -> set[int]:
    """The indexes among ``chosen`` (the table's run columns) of the columns pooling the others
    (the module's rule); ``rows`` are the body's cells, the metric's name first."""
    pooling = [
        j
        for j in chosen
        if j < len(names)
        and any(w in names[j].lower() for w in _HINTS)
        and _POOLING.match(C._MARKUP.sub("", names[j]).strip())
    ]
    runs = [j for j in chosen if j not in pooling]
    if not pooling or len(runs) < 2:
        return set()
    out: set[int] = set()
    for j in pooling:
        compared = 0
        for cells in rows:
            if not cells or C.key(cells[0]).metric not in _FIGURES:
                continue
            v = _value(cells[j]) if j < len(cells) else None
            if v is None:
                continue
            others = [o for i in runs if i < len(cells) and (o := _value(cells[i])) is not None]
            if len(others) < 2 or any(o.percent != v.percent for o in others):
                compared = -1  # a figure the runs do not print alike: no pool told
                break
            if not _between(v, others):
                compared = -1
                break
            compared += 1
        if compared > 0:
            out.add(j)
    return out
