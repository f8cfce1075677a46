"""A figure's value, then its value on one subset after ``up to`` (``reaching``, ``down to``,
``as high as``, ``as low as``): ``Mean acceptance length is 3.18 tokens per verify step, up to
5.60 on math``.

The sentence states the figure twice: over the whole set, then on the subset it names (the
best or the worst one), in the same unit. The second value is a measurement of that subset
(``up to`` bounds the subsets' values by a value one of them reached), so it is read as its
own clause: ``...; on math Mean acceptance length is 5.60 tokens per verify step``, the first
value's unit words (and so what they decide: a unit counting the target's own token counts the
bonus) carried to it.

Only where the words before the first value (their longest tail of one to four) name an
acceptance figure (``cells.key``), the first value is joined to its name by ``is`` / ``was`` /
``of`` / ``:`` / ``=`` / ``≈`` (in a bracket too: ``(acceptance length ≈ 3.1 on average, up to
6 on code)``), its unit words (at most six, no digit) run to a comma, the second
value is a number of the same kind (both ``%`` or neither) and a preposition (``on``, ``for``,
``in``) names the subset right after it. ``up to 5.60`` with no subset after it is a bound, no
measurement: left as it was; so is a value of another measure (``speedup``) or a multiplier.

Pure: lines in, lines out; one search a line, gated by the joining words.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_JOINS = ("up to", "down to", "reaching", "as high as", "as low as")
_JOIN_HINT = re.compile(r"\b(?:up|down)[ ]to\b|\breaching\b|\bas[ ](?:high|low)[ ]as\b", re.I)
_NUM = r"~?\d+(?:\.\d+)?%?"
_PEAK = re.compile(
    r"(?<![\w'])(?P<name>(?:[A-Za-z][\w-]{0,30}[ ]){0,3}[A-Za-z][\w-]{0,30})\s+"
    r"(?:is|was|of|:|=|≈|≃)\s*(?P<v1>" + _NUM + r")(?![\w.]|\s*[x×]\b)"
    r"(?P<unit>(?:[ ][A-Za-z][\w/-]{0,30}){0,6})\s*,\s*"
    r"(?:up[ ]to|down[ ]to|reaching|as[ ]high[ ]as|as[ ]low[ ]as)\s+"
    r"(?P<v2>" + _NUM + r")(?![\w.]|\s*[x×]\b)\s+"
    r"(?P<prep>on|for|in)\s+(?P<label>(?:the\s+)?[A-Za-z][\w-]{0,40})",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether the paste (in lower case) holds a joining word at all: one substring test each."""
    return any(j in low for j in _JOINS)


def _figure_tail(words: str) -> str | None:
    parts = words.split()
    for i in range(len(parts)):
        tail = " ".join(parts[i:])
        if C.key(tail).metric in C.ACCEPTANCE:
            return tail
    return None


def split(lines: list[Line]) -> list[Line]:
    """Lines where a figure's value is followed by its value on a subset after ``up to`` (or
    its kin), the second put as its own clause with the figure's name and unit; other lines as
    they are."""
    out: list[Line] = []
    for ln, t in lines:
        if not _JOIN_HINT.search(t):
            out.append((ln, t))
            continue
        parts: list[str] = []
        at = 0
        for m in _PEAK.finditer(t):
            name = _figure_tail(m.group("name"))
            if name is None or m.group("v1").endswith("%") != m.group("v2").endswith("%"):
                continue
            unit = m.group("unit")
            parts.append(
                t[at : m.end("unit")]
                + f"; {m.group('prep')} {m.group('label')} {name} is {m.group('v2')}{unit}"
            )
            at = m.end()
        out.append((ln, "".join(parts) + t[at:] if parts else t))
    return out
