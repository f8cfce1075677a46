"""An acceptance figure's name, a bracketed qualifier, then its value with no separator:
``mean acceptance length (offline) 5.71``, ``accept rate (greedy) 64%``.

A card's metrics copied with single spaces (``Metric Value Reference`` over its rows) or a note
qualifies the figure's name in a bracket of words (how or where it was measured) and prints the
value right after it: the bare-pair reader takes no bracket inside a name, the key-value reader
takes it only before a separator. Here such a line gets the separator after the bracket (``mean
acceptance length (offline): 5.71``), so it is read as the key-value line it is, the bracket part
of the name.

Only where the words before the bracket (their longest tail of one to four) name an acceptance
figure (``cells.key``), the bracket holds one to three words of letters alone (no digit, no
unit: ``(%)``, ``(tokens)`` and ``(1B)`` are not qualifiers), and a number follows it directly
(perhaps ``%``) that is no multiplier (``1.8x``) and no part of a longer token. Table lines
(pipes, tabs) are left as they are.

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_QUALIFIED = re.compile(
    r"(?<![\w.-])(?P<name>(?:[A-Za-z][\w.-]{0,30}[ ]){0,3}[A-Za-z][\w.-]{0,30})[ ]?"
    r"\((?P<q>[A-Za-z][A-Za-z-]{0,20}(?:[ ][A-Za-z][A-Za-z-]{0,20}){0,2})\)"
    r"(?P<gap>[ ]+)(?=\d+(?:\.\d+)?%?(?![\w.]|[ ]?[x×]))"
)
# a bracket of no qualifier: a unit, a symbol, a count
_UNIT_WORDS = frozenset(("tokens", "token", "tok", "ratio", "steps", "step", "x", "s", "ms"))


# what every line read here holds: a bracket closed, spaces, a digit (one search a paste)
_HINT = re.compile(r"\)[ ]+\d")


def hinted(text: str) -> bool:
    """Whether the paste may hold such a line (one search of the whole text)."""
    return _HINT.search(text) is not None


def _names_figure(words: str) -> bool:
    parts = words.split()
    return any(C.key(" ".join(parts[i:])).metric in C.ACCEPTANCE for i in range(len(parts)))


def separated(lines: list[Line]) -> list[Line]:
    """Lines where a figure's name, a bracketed qualifier and its value run on without a
    separator, with ``:`` put after the bracket; other lines as they are."""
    out: list[Line] = []
    for ln, t in lines:
        if "(" not in t or "|" in t or "\t" in t:
            out.append((ln, t))
            continue
        parts: list[str] = []
        at = 0
        for m in _QUALIFIED.finditer(t):
            if m.group("q").lower() in _UNIT_WORDS or not _names_figure(m.group("name")):
                continue
            parts.append(t[at : m.start("gap")] + ":")
            at = m.start("gap")
        out.append((ln, "".join(parts) + t[at:] if parts else t))
    return out
