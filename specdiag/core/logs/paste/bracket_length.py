"""A length named in the bracket of a key-value table's acceptance cell: `| Draft acceptance |
95.2 % (60/63, mean length: 3.85) |` (the rate, its counts, then the mean length of the same
acceptance). The bracket's `length` names no figure alone; after the row's acceptance it is that
acceptance's length, so the row is read as two rows of the table, the rate with its counts and
`| mean acceptance length | 3.85 |` (both on the row's line: one record of the table, as any
rows of a key-value table are).

Only a row of two cells whose key names an acceptance rate, a bracket closing the value cell
whose last item is `length` (perhaps after `mean`, `avg`, `average`) with one number; any other
bracket item (`tok/s: 41`, `draft length: 4`, a setting) leaves the row as written.

Pure: a line in, its lines out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_ROW = re.compile(
    r"^(?P<lead>\s*\|\s*)(?P<key>[^|]{1,80}?)(?P<mid>\s*\|\s*)(?P<val>[^|()]{1,40}?)\s*\("
    r"(?P<inner>[^()|]{0,60}?),\s*(?P<stat>(?:mean|avg|average)\s+)?length\s*[:=]\s*"
    r"(?P<len>\d+(?:\.\d+)?)\s*\)(?P<tail>\s*\|\s*)$",
    re.I,
)


def split(line: str) -> list[str] | None:
    """The two rows ``line`` stands for (see the module's rule), or None."""
    m = _ROW.match(line)
    if m is None or C.key(m.group("key")).metric != C.RATE:
        return None
    name = "mean acceptance length" if m.group("stat") else "acceptance length"
    first = f"{m['lead']}{m['key']}{m['mid']}{m['val']} ({m['inner']}){m['tail']}"
    return [first.rstrip(), f"| {name} | {m['len']} |"]
