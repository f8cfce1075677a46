"""A JSON body printed inside a block of other lines, with no blank line around it.

A bench script prints its per-request lines, then its aggregate as a JSON object under a
label (``Totals: {`` ... ``}``), and a paste copies them together with the prose around them:
one block. The reader takes a block holding two JSON members or more as a JSON body cut or
wrapped (its members read), so the lines above the object and below it were lost. Where the
object opens on a line of its own (``{`` alone, or a label then ``:`` or ``=`` then ``{``) after
more lines than a title has (three or more, none of them a JSON member or bracket), and closes
on a line of its own where its brackets balance (``}``, perhaps ``,`` after it) with JSON
members between, the block is split in three: the lines above, the object, the lines below,
each read as a block of its own.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

# a line opening an object at its end: '{' alone, or a label then ':' or '=' then '{'
_OPEN = re.compile(r"^(?P<ind>\s*)(?:[A-Za-z][\w .()/-]{0,60}?\s*[:=]\s*)?\{\s*$")
# a line closing one: '}' (a ',' after it)
_CLOSE = re.compile(r"^\s*\}\s*,?\s*$")
# a JSON member's line ('"key": 1,') or a bracket's
_MEMBER = re.compile(r'^\s*"[^"\n]{1,80}"\s*:')
_JSONISH = re.compile(r'^\s*[{}\[\]]|"\s*:')

# the lines a title over a body may take (the reader reads a body under one or two)
_TITLE_MOST = 2


def _closing(blk: list[Line], i: int) -> int | None:
    """The index of the line closing the object opened at ``i``: the ``}`` line (alone, perhaps
    a ``,`` after it) where its brackets balance, every line between a member or a bracket's
    (a nested object or list), two members at least."""
    depth, members = 1, 0
    for j in range(i + 1, len(blk)):
        t = re.sub(r'"(?:[^"\\]|\\.)*"', '""', blk[j][1])
        if not _JSONISH.search(blk[j][1]) and depth == 1:
            return None  # a line of the object's own level that is no member: no object
        members += bool(_MEMBER.match(blk[j][1])) and depth == 1
        depth += t.count("{") + t.count("[") - t.count("}") - t.count("]")
        if depth <= 0:
            return j if depth == 0 and _CLOSE.match(t) and members >= 2 else None
    return None


def split(blk: list[Line]) -> list[list[Line]]:
    """The block, or its lines above an inset JSON object, the object and the lines below."""
    if len(blk) <= _TITLE_MOST + 3 or not any(t.rstrip().endswith("{") for _, t in blk):
        return [blk]
    for i in range(_TITLE_MOST + 1, len(blk)):
        if not _OPEN.match(blk[i][1]):
            continue
        if any(_JSONISH.search(t) for _, t in blk[:i]):
            return [blk]
        j = _closing(blk, i)
        if j is None:
            return [blk]
        parts = [blk[:i], blk[i : j + 1]]
        rest = blk[j + 1 :]
        return [*parts, *split(rest)] if rest else parts
    return [blk]
