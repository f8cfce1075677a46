"""A table's cells printing a second number in brackets that a line above names as another
measure: ``Quality in parentheses where scored.`` over ``| set | head-a | head-b |`` and
``| quiz | **3.20** (0.91) | 2.95 (0.88) |``, ``| chat | 2.41 | 2.30 |``.

A caption often prints a second measure beside each cell's figure, in brackets, and says so in
a sentence of its own (``X in parentheses``, ``X shown in brackets``): the bracket's number is
that measure (an accuracy, a score, a count), never the figure the column holds, and the cells
without it (``where defined``) print the figure alone. Such a column, its every filled cell a
value with or without one bracketed number after it (at least one with), is read as the values
before the brackets: the bracket's numbers are not read.

Only where a line above the table names what the brackets hold, and that name is no
acceptance figure (``acceptance rate in parentheses`` is a second figure of the run, left to
the pair readers); a cell of any other shape in the column (words, a range, a bracket of
words), or no such line, leave the table as before.

Pure: a grid and the lines above it in, a grid out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.tables import Grid

# 'Accuracy in parentheses', 'pass rate shown in brackets', 'the score is given in parens':
# one to three words, then perhaps a verb of showing, then where
_NOTE = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z][\w.+/-]{0,30}(?:[ ][A-Za-z][\w.+/-]{0,30}){0,2})[ ]+"
    r"(?:(?:is|are)[ ]+)?(?:(?:shown|given|reported|listed|printed)[ ]+)?"
    r"in[ ]+(?:parenthes[ie]s|parens|(?:round[ ]+)?brackets)\b",
    re.I,
)
# words that open a clause rather than name the bracket's measure ('with accuracy in ...')
_LEAD = re.compile(r"^(?:(?:with|and|the|its|their|plus)\s+)+", re.I)
# a value, then one bracketed number after it ('**4.10** (0.93)', '2.7 (81%)')
_PAIR = re.compile(
    r"^[\s*_`~]*(?P<a>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)[\s*_`~]*"
    r"\(\s*[*_`]*(?:\d+(?:\.\d+)?|\.\d+)\s*%?[*_`]*\s*\)\s*$"
)
# a cell saying its run was not measured ('-', 'n/a')
_NOT_RUN = re.compile(r"^\s*(?:[-–—]{1,2}|n/a|N/A)\s*$").match


def note(text: str) -> str | None:
    """The measure a line of ``text`` says the brackets hold, None when none says it (or the
    name is an acceptance figure's)."""
    if "paren" not in text.lower() and "bracket" not in text.lower():
        return None
    for m in _NOTE.finditer(C._MARKUP.sub("", text)):
        name = _LEAD.sub("", m.group("name")).strip()
        if not name:
            continue
        words = name.split()
        if any(C.key(" ".join(words[i:])).metric in C.ACCEPTANCE for i in range(len(words))):
            return None
        return name
    return None


def dropped(g: Grid, text: str) -> Grid:
    """``g`` with the bracketed numbers of its columns dropped where a line of ``text`` (the
    lines above the table) names what the brackets hold (see the module's rule)."""
    if note(text) is None:
        return g
    width = max((len(c) for _, c in g.rows), default=0)
    cut: set[int] = set()
    for j in range(1, width):
        filled = [c[j] for _, c in g.rows if j < len(c) and c[j].strip() and not _NOT_RUN(c[j])]
        paired = [c for c in filled if _PAIR.match(c)]
        if paired and all(_PAIR.match(c) or C.value(c) is not None for c in filled):
            cut.add(j)
    if not cut:
        return g
    rows = []
    for ln, cells in g.rows:
        rows.append(
            (
                ln,
                [
                    m.group("a") if j in cut and (m := _PAIR.match(c)) is not None else c
                    for j, c in enumerate(cells)
                ],
            )
        )
    return Grid(g.structure, g.header, rows, g.first_line, g.last_line)
