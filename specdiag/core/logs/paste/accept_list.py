"""A bare `accept` key over a list of labelled values joined by slashes, perhaps wrapped onto
the next lines:

    - head accept @ctx=4k (runner b): **chat .612 / code .744 /
      math .701**. The rest of the sentence.

A key of a few words ending in `accept` (or `acceptance`), perhaps a qualifier after it (`@...`
or a bracket, no colon), a colon, then two labelled values or more (a word, then a value)
joined by spaced slashes, the last item of a line perhaps followed by ` /` and the list going
on at the next line's start. Every value a fraction of one with decimals (`.612`, `0.612`) or
every one a percentage: as a bare `accept` is told by its value (`interpret._bare_accept`),
these are rates, one a labelled run each. The list is written as one rate's key-value list on
the key's line (`- head accept rate: chat .612, code .744, math .701`), the qualifier left out, a
value opening on its point written with its zero, the continuation lines keeping what follows the list; the key-value reader reads one record an
item.

A label naming a measure of its own (`tok/s`, `speedup`), a value of another kind (a length
above 1, a bare integer), values of two kinds, one item alone, a slash without spaces (`.6/.7`:
a rate per position) or a key naming a figure already (`accept rate`, read as before) leave the
lines as they were.

Pure: lines in, lines out; linear: one anchored pattern a line, gated by the word `accept`.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.text import Line

_VALUE = r"(?:\d+(?:\.\d+)?|\.\d+)%?"
_LABEL = r"[A-Za-z][\w-]{0,24}"
_ITEM = re.compile(r"(?P<label>" + _LABEL + r")[ \t]+(?P<v>" + _VALUE + r")(?![\w%]|\.\d)")
# the key's line: its words, a bare accept, a qualifier, a colon, then the list's opening
_KEY_LINE = re.compile(
    r"^(?P<lead>[ \t]*(?:[-*][ \t]+)?)(?P<key>[A-Za-z][\w.-]*(?:[ ][A-Za-z0-9][\w.=-]*){0,3})"
    r"[ ](?P<acc>accept(?:ance)?)(?:[ \t]*@[^:\n]{0,80}|[ \t]*\([^:\n)]{0,80}\))?[ \t]*:[ \t]*"
    r"(?P<open>[*_]{0,2})",
    re.I,
)
_SLASH = re.compile(r"[ \t]+/[ \t]+")
_END_SLASH = re.compile(r"[ \t]+/[ \t]*$")
_CLOSE = re.compile(r"[*_]{0,2}")
_MAX_LINES = 3  # the key's line and two continuation lines


def _items(text: str, pos: int) -> tuple[list[tuple[str, str]], int, bool]:
    """The items from ``pos`` of a line joined by spaced slashes, the end of the last one, and
    whether the line ends in a slash after it (the list goes on at the next line)."""
    out: list[tuple[str, str]] = []
    while True:
        m = _ITEM.match(text, pos)
        if m is None:
            return out, pos, False
        out.append((m.group("label"), m.group("v")))
        pos = m.end()
        if _END_SLASH.match(text, pos):
            return out, pos, True
        s = _SLASH.match(text, pos)
        if s is None:
            return out, pos, False
        pos = s.end()


def _same_kind(values: list[str]) -> bool:
    pct = [v.endswith("%") for v in values]
    if all(pct):
        return all(0 <= float(v[:-1]) <= 100 for v in values)
    if any(pct):
        return False
    return all("." in v and 0 <= float(v) <= 1 for v in values)


def listed(lines: list[Line]) -> list[Line]:
    """The lines with each such list written as one rate's key-value list on its key's line."""
    out = list(lines)
    for i, (ln, t) in enumerate(lines):
        m = _KEY_LINE.match(t) if "ccept" in t else None
        if m is None or C.key(m.group("key")).metric not in (None, C.LABEL):
            continue
        items, end, more = _items(t, m.end())
        rests: list[tuple[int, str]] = []
        j = i
        while more and j + 1 < min(i + _MAX_LINES, len(lines)):
            j += 1
            nxt = lines[j][1]
            start = len(nxt) - len(nxt.lstrip())
            got, end_j, more = _items(nxt, start)
            if not got:
                items = []
                break
            items.extend(got)
            rests.append((j, nxt[end_j:]))
        if (
            more
            or len(items) < 2
            or not _same_kind([v for _, v in items])
            or any(C.key(lab).metric is not None for lab, _ in items)
        ):
            continue
        # (a value opening on its point written with its zero: '.612' is 0.612)
        body = ", ".join(f"{lab} {'0' + v if v[0] == '.' else v}" for lab, v in items)
        close = _CLOSE.match(t, end)
        tail = "" if rests else t[close.end() if close else end :]
        out[i] = (ln, f"{m.group('lead')}{m.group('key')} {m.group('acc')} rate: {body}{tail}")
        for k, rest in rests:
            close = _CLOSE.match(rest)
            out[k] = (lines[k][0], "  " + rest[close.end() if close else 0 :])
    return out
