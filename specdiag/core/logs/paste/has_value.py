"""A figure's value said with `has`: ``the new head's accept length only has 1.41``, ``draft
acceptance rate had just 38%``.

An acceptance figure as a sentence's subject, `has` or `had` (``only``, ``just``, ``merely``,
``barely`` or ``still`` before or after it), then one value closing its clause: the figure is
that value, as ``NAME is V`` says it. The key-value reader knows ``is`` but not ``has`` (a
figure ``has`` a property as often as a value), so such a line is read as ``NAME is V``.

Only where the words before the verb (their longest tail of one to four) name an acceptance
figure (``cells.key``), and the value (a number, perhaps ``%``) is followed by the clause's end
(``,``, ``.``, ``;``, ``!``, ``?``, a bracket or the line's end) or by a unit of tokens a step.
A value followed by a noun (``has 3 decimals``, ``has 2 modes``), a multiplier (``1.4x``), a verb
after `has` (``has dropped 0.3``) or a subject naming no figure (``the draft has 1.41``) leave
the line as it was.

Pure: lines in, lines out; one search a line, gated by substring tests.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_HEDGE = r"(?:only|just|merely|barely|still)"
_HAS = re.compile(
    # (the name's last word no hedge: 'rate only has 38%' names 'rate')
    r"(?<![\w'])(?P<name>(?:[A-Za-z][\w-]{0,30}[ ]){0,3}(?!"
    + _HEDGE
    + r"\b)[A-Za-z][\w-]{0,30})[ ]+"
    r"(?P<verb>(?:" + _HEDGE + r"[ ]+)?ha[sd](?:[ ]+" + _HEDGE + r")?)[ ]+"
    r"(?P<v>[~≈]?[ ]?\d+(?:\.\d+)?[ ]?%?)"
    # the clause's end, or a unit of tokens a step
    r"(?=[ ]*(?:[,;!?()\]]|\.(?!\d)|$|(?:accepted[ ]+)?tokens?[ ]*(?:/|per[ ]+|a[ ]+)"
    r"(?:step|round|iteration|verify|forward)\b))",
    re.I,
)


def hinted(text: str, lowered: bool = False) -> bool:
    """Whether the paste (or a line) may hold such a line: substring tests of its lower case
    (``lowered``: ``text`` is in lower case already)."""
    low = text if lowered else text.lower()
    return ("has " in low or "had " in low) and ("acc" in low or "len" in low)


def _names_figure(words: str) -> bool:
    parts = words.split()
    return any(
        C.key(" ".join(parts[i:])).metric in C.ACCEPTANCE
        for i in range(max(0, len(parts) - 4), len(parts))
    )


def said(lines: list[Line]) -> list[Line]:
    """Lines where a figure's value is said with `has`, the verb put as `is` (``NAME is V``);
    other lines as they are."""
    out: list[Line] = []
    for ln, t in lines:
        if not hinted(t):
            out.append((ln, t))
            continue
        parts: list[str] = []
        at = 0
        for m in _HAS.finditer(t):
            if not _names_figure(m.group("name")):
                continue
            parts.append(t[at : m.start("verb")] + "is")
            at = m.end("verb")
        out.append((ln, "".join(parts) + t[at:] if parts else t))
    return out
