"""An acceptance name carried to a value measured on another subset after a comma: `74-80%
acceptance on code edits, 55% on new code`, `71% accept rate for chat and 58% for math`.

Prose splitting a figure by subset often names the figure once, after the first value and
before `on` / `for` / `in` and its subset, then gives the next subset's value with such a
preposition and no name. Such a later value (after `,`, `, and`, `and` or `;`), a percentage
after a percentage (plain numbers are left as they are: a name after them reads otherwise),
followed by `on`, `for` or `in` and a subset of one to four words, then the clause's end, is
the same figure: the first's name is written after it, so the line's readers read it. The first
value may be a range (no record of its own; its name still carried).

Never carried: a first value without an acceptance name right after it, a later value followed
by another word than the preposition (`55% of requests`, `55% faster`) or another preposition
(`55% at k=8`), a subset naming another measure (`55% on throughput`), or a value of another
kind (a plain number).

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.slash_carry import NAME, carried

_NUM = r"\d+(?:\.\d+)?"
# a subset of one to four words, no number opening a word
_SUBSET = r"[A-Za-z][\w./+-]*(?:\s[A-Za-z][\w./+-]*){0,3}"
# the first value, named, its subset after its preposition: '74-80% acceptance on code edits'
_FIRST = re.compile(
    r"(?<![\w.])(?:[~≈]?" + _NUM + r"\s*%?\s*[-–]\s*)?(?P<val>[~≈]?" + _NUM + r")(?P<pct>\s*%)?"
    r"\s+(?P<name>" + NAME + r")\s+(?P<prep>on|for|in)\s+" + _SUBSET + r"(?=\s*(?:,|;|\band\b))",
    re.I,
)
# a later value: ', 55% on new code' then the clause's end
_NEXT = re.compile(
    r"\s*(?:,\s*and|,|;|\band)\s+(?P<val>[~≈]?" + _NUM + r")(?P<pct>\s*%)?"
    r"\s+(?P<prep>on|for|in)\s+(?P<sub>" + _SUBSET + r")(?=\s*(?:[,;)]|\.(?!\d)|$|\band\b))",
    re.I,
)
# a subset naming a measure of its own: its value is that measure's
_OTHER = re.compile(
    r"\b(?:speed\s?up|throughput|latency|tok/s|tps|memory|time|accuracy|score|cost)\b", re.I
)


def _quick(line: str) -> bool:
    return "," in line or ";" in line or " and " in line


def _place(n: re.Match[str], v: float, pct: bool) -> int | None:
    """Where a later value takes the carried name: right after its value (its `%`)."""
    if not pct or _OTHER.search(n.group("sub")) or v > 100:
        return None
    return n.end("pct") if n.group("pct") else n.end("val")


def rewrite(line: str) -> str:
    """``line`` with the first value's acceptance name written after each later subset's
    value."""
    if not _quick(line) or re.search(r"accept|\bA[LR]\b", line, re.I) is None:
        return line
    return carried(line, _FIRST, _NEXT, _place)
