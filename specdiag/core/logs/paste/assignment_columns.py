"""A spaced header whose columns are settings written as spaced assignments ('Setup Temp = 0
Temp = 1', a model card's HTML table copied with single spaces): the words before the first
assignment name the label column, each `name = value` (a name of one word, a plain
number after the `=`) is one column. Without this the `=` reads as a key's figure and the
header as a key-value line over its run (flat_table.respaced leaves it).

Only where the assignments are exactly as many as the figures of every row below, all of the
same setting (one name, its values varied across the columns), the leading
words hold no digit and no `:`, and each assignment's value is a plain number: any other
header (a `key: 12` line, assignments fewer or more than the figures, a value that is a word)
is left as it was.

Pure: a header line and a count of columns in, its cells out.
"""

from __future__ import annotations

import re

# one assignment: a name of one word opening on a letter, a spaced or unspaced '=', a plain
# number (one way to match: the number's digits, then an optional part)
_ASSIGNMENT = re.compile(r"[A-Za-zτα][\w().-]* ?= ?[-+]?\d+(?:\.\d+)?")
_LEAD = re.compile(r"[A-Za-z][A-Za-z ()/&+-]*")


def columns(head: str, width: int) -> list[str] | None:
    """The cells of ``head`` (the label column's words, then one cell per assignment) where it
    ends in exactly ``width`` assignments of one name (two or more) after one to three words; None
    for any other header."""
    t = head.strip()
    if width < 2 or "=" not in t or ":" in t or "  " in t:
        return None
    cells: list[str] = []
    end = len(t)
    for _ in range(width):
        # (from the end: each assignment the last one left, the words before it the next)
        cut = t.rfind("=", 0, end)
        if cut < 0:
            return None
        start = _start(t, cut)
        if start is None or not _ASSIGNMENT.fullmatch(t[start:end]):
            return None
        cells.append(t[start:end])
        end = start - 1 if start > 0 and t[start - 1] == " " else start
    if len({c.split("=")[0].strip().lower() for c in cells}) != 1:
        return None  # (one setting varied across the columns; other names: a key-value line)
    lead = t[:end]
    if not _LEAD.fullmatch(lead) or not 1 <= len(lead.split()) <= 3 or "=" in lead:
        return None
    return [lead, *reversed(cells)]


def _start(t: str, cut: int) -> int | None:
    """Where the assignment whose '=' is at ``cut`` starts: the name's one word before the '='
    (a spaced '=' or not); None where no word stands there."""
    i = cut
    while i > 0 and t[i - 1] == " ":
        i -= 1
    j = t.rfind(" ", 0, i) + 1
    return j if j < i else None
