"""A list of one average figure's values in a key-value line: one value a run.

    Avg draft acceptance rate:   71.4%, 69.0%
    Mean acceptance length: 2.31, 2.47 (two seeds)

An average is one figure of one run (its steps or requests pooled or averaged), so several
values joined by commas under one average's name are as many runs, in the order printed; the
reader, taking a line's first value of a figure, kept the first alone. The line is written out
as one ``key: value`` field a run, joined by ``;`` (the key-value reader starts a record when a
figure comes again), the rest of the line (a bracket, a note) after the last.

Only where the key opens on an average's word (``avg``, ``average``, ``mean``) and names one
acceptance figure (a rate, a length, tokens or accepted drafts per step: ``cells.key``) and no
draft position (``per-position``, ``pos``, ``position``: a per-position list names its
positions); the values two to eight plain decimals, all ``%`` or none, joined by commas alone,
no range after them (``2.61, 2.78 - 2.90``). A list under another name (``acceptance rate: 0.8,
0.6``, perhaps per position), values of two kinds or a range are left as they were.

Pure: a line in, the line (perhaps rewritten) out; one linear pattern, gated by a comma and a
colon.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_VALUE = r"(?:\d+(?:\.\d+)?|\.\d+)%?"
_LINE = re.compile(
    r"^(?P<lead>[ \t]*(?:[-*][ \t]+)?)"
    r"(?P<key>(?:avg|average|mean)\b[A-Za-z _.-]{1,60}?):(?P<pad>[ \t]+)"
    rf"(?P<vals>{_VALUE}(?:,[ \t]*{_VALUE}){{1,7}})"
    r"(?P<tail>(?![\d.%,])(?![ \t]*(?:-|–|to\b|~)).*)$",
    re.I,
)
_POSITION = re.compile(r"\bpos(?:ition)?s?\b|per[ _-]?pos|position", re.I)
_FIGURES = (C.RATE, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def rewrite(t: str) -> str:
    """The line with a list of one average's values written as one field a value."""
    if "," not in t or ":" not in t:
        return t
    m = _LINE.match(t)
    if m is None:
        return t
    key = m.group("key").strip()
    if _POSITION.search(key) or C.key(key).metric not in _FIGURES:
        return t
    vals = [v.strip() for v in m.group("vals").split(",")]
    if len({v.endswith("%") for v in vals}) != 1:
        return t
    fields = "; ".join(f"{key}:{m.group('pad')}{v}" for v in vals)
    return m.group("lead") + fields + m.group("tail")
