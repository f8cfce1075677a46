"""An acceptance name written once, after the last value of a bracketed list of labelled
values: `the spread is wide (chat 0.81, code 0.66, math 0.52 acceptance)`.

A bracket holding only items `label value` joined by `,` (`, and`, `and`), two to eight of
them, the last followed by an acceptance figure's name and the bracket's close, names every
item's value: the name is written after each earlier value (`chat 0.81 acceptance, ...`), so
the line's readers read one record an item, labelled as they label such clauses.

Never carried: values of different kinds (a percentage beside a plain number, a share of at
most 1 beside a length above it, a plain value above 16), a label holding a number or naming
another measure (`speedup 1.4`, `tok/s 80`: semicolon_carry's words), anything else in the
bracket (a unit after an earlier value, `chat 80 tok/s`, a word between items), or a name that
is not the bracket's last words (`(chat 0.81 acceptance on the old build)`).

Pure: a line in, a line out. One search of the line for its brackets, gated by a `(` and an
acceptance word on the line.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.semicolon_carry import _OTHER_MEASURE
from specdiag.core.logs.paste.slash_carry import NAME

_NUM = r"\d+(?:\.\d+)?"
# a label of one to three words, no number in it
_LABEL = r"[A-Za-z][A-Za-z.+/-]*(?:\s[A-Za-z][A-Za-z.+/-]*){0,2}"
_VAL = r"(?:[~≈]\s?)?" + _NUM + r"(?:\s*%)?"
_ITEM = re.compile(r"\s*(?P<lab>" + _LABEL + r")\s+(?P<val>" + _VAL + r")\s*")
_SEP = re.compile(r",\s*and\s|,|\sand\s", re.I)
# a bracket of no nested bracket ('(...)'), its text at most 300 characters
_BRACKET = re.compile(r"\(([^()\n]{1,300})\)")
_LAST_NAME = re.compile(r"(?P<name>" + NAME + r")\s*$", re.I)
_HINT = re.compile(r"accept|\bA[LR]\b", re.I)


def _quick(line: str) -> bool:
    return "(" in line and _HINT.search(line) is not None


def _kind(val: str) -> str | None:
    """A value's kind: 'pct', 'share' (at most 1) or 'length' (above 1, at most 16); None past
    them."""
    v = float(re.sub(r"[^\d.]", "", val))
    if "%" in val:
        return "pct" if v <= 100 else None
    if v <= 1:
        return "share"
    return "length" if v <= 16 else None


def _named_items(body: str) -> list[int] | None:
    """The ends (offsets in ``body``) of the values the name is to follow, where ``body`` is
    such a list (the last value, named, left out); None otherwise."""
    last = _LAST_NAME.search(body)
    if last is None:
        return None
    rest = body[: last.start()]
    parts = _SEP.split(rest)
    if not 2 <= len(parts) <= 8:
        return None
    ends: list[int] = []
    kinds: set[str | None] = set()
    at = 0
    for part in parts:
        at = body.index(part, at)
        m = _ITEM.fullmatch(part)
        if m is None or _OTHER_MEASURE.search(m.group("lab")):
            return None
        kinds.add(_kind(m.group("val")))
        ends.append(at + m.end("val"))
        at += len(part)
    if len(kinds) != 1 or None in kinds:
        return None
    return ends[:-1]


def rewrite(line: str) -> str:
    """``line`` with the name after a bracketed list's last value written after each earlier
    value of that list."""
    if not _quick(line):
        return line
    out: list[str] = []
    at = 0
    for b in _BRACKET.finditer(line):
        body = b.group(1)
        ends = _named_items(body)
        if not ends:
            continue
        name = _LAST_NAME.search(body)
        assert name is not None
        for e in ends:
            where = b.start(1) + e
            out.append(line[at:where] + " " + name.group("name").strip())
            at = where
    return "".join(out) + line[at:]
