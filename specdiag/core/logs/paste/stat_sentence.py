"""A sentence right under a pipe table stating a statistic of its runs: one more row of it.

A report prints its runs as a table, then sums them up in a sentence on the first line below
it (at most one blank line between): ``Median 38.2 tok/s at 0.641.``, ``Mean 51 ms at 72%.``.
That sentence is the table's statistics row written as prose, as a ``| Median | 38.2 | 0.641 |``
row would be: the statistic word, a value of one column told by its unit, ``at`` and a value
of the table's acceptance column. It is read as that row (the statistic word as its label, the
two values in their columns, the other cells empty), so the readers of the table read it as
they read the rows above it, and its sentence is no prose of its own.

Only where every bit holds:

- the line opens with ``Median``, ``Mean`` or ``Average`` (a colon after it allowed), then a
  number and one word of unit, ``at`` and the second number with nothing between them (``at
  temperature 0.7``, ``at batch 8`` are no values of the table), the second number closing its
  clause (``.``, ``;`` or ``,`` after it, or the line's end: ``at 0.64 ms`` is another unit);
- the unit is the unit of exactly one column of the table (its header is the unit, holds it
  between brackets or ends with it, or every cell prints it after its number), never the
  acceptance column nor the first one, and the first value lies within that column's least and
  greatest values (a statistic of the runs lies among them);
- the table has one header row and exactly one column naming an acceptance figure (a rate, a
  ratio or a length; a column per draft position counts as one more), every row prints a value
  in it and in the unit's column, the second value is written as those cells are (with ``%``
  where they have it, else without) and lies within their least and greatest;
- the table has two rows or more, none of them a statistics row already, and its first column
  is a label column (the statistic word goes there).

Where the sentence's acceptance value is printed, as it is in the sentence, by a run's own cell
of that column (``Median 38.2 tok/s at 0.641.`` over a run of 0.641: the median of an odd count
of runs is one of them), the statistic is that run's figure told again: no row is added, and
the sentence is still the table's (no prose of its own). A value no run prints (a mean of
0.652 over 0.641, 0.610 and 0.705) is the statistics row.

Any bit failing leaves the table and the sentence as before.

Pure: a grid and the line under it in, a grid and the sentence's span out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.tables import Grid

# the statistic, its value and unit, 'at' and the acceptance value closing its clause
_SENTENCE = re.compile(
    r"^\s*[*_]{0,2}(?P<stat>median|mean|average)[*_]{0,2}:?\s+"
    r"(?P<v1>\d+(?:\.\d+)?)\s*(?P<unit>[^\W\d][^\s,;]*?)\s+at\s+"
    r"(?P<v2>\d+(?:\.\d+)?%?)(?:[.;,](?=\s|$)|\s*$)",
    re.I,
)
# a row that is a statistic of the runs already ('| Mean | ... |')
_STAT_LABEL = re.compile(r"^(?:median|mean|average|avg|p50)$", re.I)
# the figures an acceptance column can name (the one it must name: _ONE)
_ONE = (C.RATE, C.ACCEPT_RATIO, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)
_ACCEPTANCE = (*_ONE, C.POSITION, C.PER_POSITION, C.EFFICIENCY, C.HISTOGRAM)
# one speed's spellings, told as one unit
_SPEED = re.compile(r"^(?:tok|toks|token|tokens|t)/(?:s|sec|second)$|^tps$|^tok/s$")
# a header's unit between brackets at its end ('Decode (tok/s)', 'TTFT [ms]')
_BRACKETED = re.compile(r"[(\[]\s*([^()\[\]\s]{1,15})\s*[)\]]\s*$")
# a cell printing its unit after its number ('50.5 tok/s')
_UNIT_CELL = re.compile(r"^[-+]?\d[\d,]*(?:\.\d+)?\s*(?P<u>[^\W\d][^\s]*)$")


def _unit(u: str) -> str:
    t = C._MARKUP.sub("", u).strip().lower().replace(" ", "")
    return "tok/s" if _SPEED.match(t) else t


def _units(head: str, column: list[str]) -> set[str]:
    """The units column ``head`` (its cells ``column``) is printed in."""
    h = C._MARKUP.sub("", head).strip()
    out = {_unit(h)}
    if (m := _BRACKETED.search(h)) is not None:
        out.add(_unit(m.group(1)))
    words = h.split()
    if len(words) > 1 and "/" in words[-1]:
        out.add(_unit(words[-1]))  # 'decode tok/s'
    suffixes = {
        _unit(m.group("u")) if (m := _UNIT_CELL.match(C._MARKUP.sub("", c).strip())) else ""
        for c in column
    }
    if len(suffixes) == 1 and "" not in suffixes:
        out |= suffixes
    return out


def _acceptance(head: str) -> str | None:
    """The acceptance figure column ``head`` names, else None."""
    if C.ACCEPT_ALONE.match(head) or C.METHOD_ACCEPT.match(head):
        return C.RATE
    metric = C.key(head).metric
    return metric if metric in _ACCEPTANCE else None


def _values(column: list[str]) -> list[C.Value] | None:
    vals = [C.value(c) for c in column]
    if any(v is None or v.max is not None or v.spread is not None for v in vals):
        return None
    return [v for v in vals if v is not None]


def row(g: Grid, below: tuple[int, str] | None) -> tuple[Grid, int, int] | None:
    """(``g`` with the statistics row the line ``below`` it states, that line's number, the end
    of the sentence on it) where the line is such a sentence (the module's rules); else None."""
    if below is None or g.structure != "markdown table" or len(g.header) != 1:
        return None
    ln, text = below
    m = _SENTENCE.match(text)
    if m is None or len(g.rows) < 2:
        return None
    head = g.header[0]
    width = len(head)
    if width < 3 or any(len(cells) != width for _, cells in g.rows):
        return None
    if any(_STAT_LABEL.match(C._MARKUP.sub("", cells[0]).strip()) for _, cells in g.rows):
        return None
    columns = [[cells[i] for _, cells in g.rows] for i in range(width)]
    figures = [_acceptance(h) for h in head]
    acc = [i for i, f in enumerate(figures) if f is not None]
    if len(acc) != 1 or figures[acc[0]] not in _ONE or acc[0] == 0:
        return None
    a = acc[0]
    unit = _unit(m.group("unit"))
    by_unit = [i for i in range(width) if unit in _units(head[i], columns[i])]
    if len(by_unit) != 1 or by_unit[0] in (0, a):
        return None
    u = by_unit[0]
    speeds, rates = _values(columns[u]), _values(columns[a])
    v1, v2 = C.value(m.group("v1")), C.value(m.group("v2"))
    if speeds is None or rates is None or v1 is None or v2 is None:
        return None
    if not min(s.number for s in speeds) <= v1.number <= max(s.number for s in speeds):
        return None
    if any(r.percent != v2.percent for r in rates):
        return None
    if not min(r.number for r in rates) <= v2.number <= max(r.number for r in rates):
        return None
    if any(C._MARKUP.sub("", c).strip() == m.group("v2") for c in columns[a]):
        # the statistic prints a run's own acceptance cell (a median of an odd count of runs
        # is one of them): that run's figure told again, no row of its own; the sentence is
        # still the table's, read as no prose
        return g, ln, m.end()
    cells = [""] * width
    cells[0] = m.group("stat")
    suffix = _UNIT_CELL.match(C._MARKUP.sub("", columns[u][0]).strip())
    cells[u] = f"{m.group('v1')} {m.group('unit')}" if suffix else m.group("v1")
    cells[a] = m.group("v2")
    grown = Grid(g.structure, g.header, [*g.rows, (ln, cells)], g.first_line, g.last_line)
    return grown, ln, m.end()


def blank(text: str, end: int) -> str:
    """``text`` with its first ``end`` characters (the sentence read as a row) blanked."""
    return " " * end + text[end:]
