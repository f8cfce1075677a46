"""A figure's value, then its earlier values in a bracket opening on ``was``: one run each.

    draft_acc = 31.5% (was 12.0% before the cache fix, 6.2% at first)
    accept length: 2.44 (was 2.10 last week)

The bracket gives the same figure's value measured on earlier builds or settings of the same
work (what it ``was`` before the change told after it): runs of their own, each with its words
(``before the cache fix``) as its label. The line is written out as one ``key = value`` field a
run, joined by ``;`` (the key-value reader starts a record when a figure comes again), the
earlier ones in the order printed, their words kept in a bracket after their value.

Only where the key, right before the value (``=`` or ``:`` between), names one acceptance
figure (a rate, a length, tokens or accepted drafts a step: ``cells.key``), the bracket follows
the value at once and holds nothing but ``was`` and one to four items joined by commas, each a
plain value of the same kind as the first (all ``%`` or none) and at most four words of letters
after it (no digit, no bracket). A bracket of a goal or a bound (``threshold 0.5 (was 0.4)``:
no acceptance figure's key), a range, a value of another kind, or more words than a label has,
are left as they were (``asides.py`` reads other brackets).

Pure: a line in, the line (perhaps rewritten) out; linear patterns, gated by ``(was``.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_VALUE = r"(?:\d+(?:\.\d+)?|\.\d+)%?"
_LINE = re.compile(
    r"(?<![\w.-])(?P<key>[A-Za-z][\w.-]*(?:[ ][A-Za-z][\w.-]*){0,4})[ \t]*[=:][ \t]*"
    rf"(?P<v>{_VALUE})[ \t]*\([ \t]*was[ \t]+(?P<inside>[^()]{{1,160}})\)",
    re.I,
)
_ITEM = re.compile(rf"(?P<w>{_VALUE})(?P<words>(?:[ \t]+[A-Za-z][A-Za-z'-]*){{0,4}})")
_FIGURES = (C.RATE, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def rewrite(t: str) -> str:
    """The line with a figure's earlier values in a ``(was ...)`` bracket written as runs."""
    if "(was" not in t.lower().replace("( was", "(was"):
        return t
    m = _LINE.search(t)
    if m is None:
        return t
    key = m.group("key")
    if C.key(key).metric not in _FIGURES:
        return t
    percent = m.group("v").endswith("%")
    runs = []
    for part in m.group("inside").split(","):
        item = _ITEM.fullmatch(part.strip())
        if item is None or item.group("w").endswith("%") != percent:
            return t
        words = item.group("words").strip()
        runs.append(f"{key} = {item.group('w')}" + (f" ({words})" if words else ""))
    if not 1 <= len(runs) <= 4:
        return t
    return t[: m.start()] + f"{key} = {m.group('v')}; " + "; ".join(runs) + t[m.end() :]
