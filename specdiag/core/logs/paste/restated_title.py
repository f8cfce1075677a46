"""A table whose figure only a later sentence names, by restating one of its cells.

A post's table often names its runs and configurations but not its figure (`| checkpoint |
reference impl | before | after |` over `| model-a | 5.43 | 2.17 | 5.51 |`), the sentence after
it telling what the numbers are while giving more of them (`under load, acceptance 5.51 / 5.48
at concurrency 1 / 8`): the sentence's 5.51 is the table's cell, so the table's cells are that
figure. Where a table has no title, no header cell naming an acceptance figure, and a line of
the next few below it (before a heading or another table) prints one of its cells digit for
digit (two decimals or more, three significant digits or more) right after an acceptance
figure's name (`cells.key`: its last one to four words before the value in its clause), that
name is the table's title, read as a title naming it is.

A value the table does not print, a cell of fewer digits (`7.7`, `12`), a name of another
measure before the value, or a line past a heading or another table give no title.

Pure: a grid and the lines after it in, a title out; a few lines read per untitled table.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.tables import Grid

LINES_AFTER = 8
_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE)
# a value of two decimals or more, never part of a longer number
_VALUE = re.compile(r"(?<![\d.])\d{1,3}\.\d{2,6}(?![\d.])")
# the start of the value's clause: the last sentence end, colon, semicolon or bracket before it
_CLAUSE = re.compile(r"[.;:!?()\[\]](?:\s|$)|[;:()\[\]]")
_STOP = re.compile(r"^\s*(?:#{1,6}\s|\|)")


def _cells(g: Grid) -> set[str]:
    out: set[str] = set()
    for _, cells in g.rows:
        for c in cells[1:]:
            t = C._MARKUP.sub("", c).strip()
            if _VALUE.fullmatch(t) and len(t.replace(".", "").lstrip("0")) >= 3:
                out.add(t)
    return out


def _name(words: str) -> str | None:
    """The acceptance figure the clause's last one to four words name, or None."""
    parts = words.split()[-4:]
    for i in range(len(parts)):
        tail = " ".join(parts[i:])
        k = C.key(tail)
        if k.metric in _FIGURES:
            return None if I._OTHER_FIGURE.search(words) else tail
    return None


def title(g: Grid, after: list[str]) -> str:
    """The acceptance figure a line below the untitled table names while restating one of its
    cells ('' where none does; see the module's rules)."""
    if any(C.key(c).metric in C.ACCEPTANCE for h in g.header for c in h if c):
        return ""
    mine = _cells(g)
    if not mine:
        return ""
    for t in after[:LINES_AFTER]:
        if _STOP.match(t):
            break
        text = C._MARKUP.sub("", t)
        for m in _VALUE.finditer(text):
            if m.group(0) not in mine:
                continue
            before = text[max(0, m.start() - 120) : m.start()]
            start = max((c.end() for c in _CLAUSE.finditer(before)), default=0)
            if (name := _name(before[start:])) is not None:
                return name
    return ""
