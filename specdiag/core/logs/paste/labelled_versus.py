"""Two runs set against each other in a bracket right after a figure's name, each value
followed by its run's one-word label, the bracket perhaps opening on the conditions both ran
under before a colon.

- `... lowers acceptance (same host, n=5: 2.84 tuned vs 1.73 stock)`: the figure the sentence
  names is measured on two runs, `tuned` and `stock`; each value is a record of that figure
  (the caller names it from the words before the bracket: a figure's name or nothing).
- Read only where both values are written alike (both shares with `%`, or both with decimals),
  each label is one word of letters that is no unit (`tok/s`, `ms`, `tokens`, `x` ...) and the
  two labels differ; anything else in the bracket (a third value, a unit, a range) leaves it
  to the other readers.

Pure: one regular expression over a line; interpret.py names the figure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_MARK = r"[*`_]{0,2}"
_VAL = r"[~≈]?\d{1,3}(?:\.\d{1,4})?\s*%?"
_LABEL = r"[A-Za-z][A-Za-z-]{0,24}"
# a unit or a word of counting after a value: no run's label
_UNIT = re.compile(
    r"(?:toks?|tokens?|ms|s|secs?|seconds?|x|times|steps?|rounds?|requests?|reqs?|prompts?|"
    r"samples?|runs?|percent|pp|points?|drafts?|positions?|and|or|to|of|in|on|at|for|with)$",
    re.I,
)
_RX = re.compile(
    r"(?P<head>(?:[A-Za-zτ][\w-]*\s+){0,3}[A-Za-zτ][\w-]*)\s*\(\s*"
    r"(?:(?P<cond>[^():\n]{1,80}?)\s*:\s+)?"
    r"(?P<a>" + _MARK + _VAL + _MARK + r")\s+(?P<la>" + _LABEL + r")\s+(?:vs\.?|versus)\s+"
    r"(?P<b>" + _MARK + _VAL + _MARK + r")\s+(?P<lb>" + _LABEL + r")\s*\)",
    re.I,
)


@dataclass(frozen=True)
class Versus:
    """One bracket: ``head`` the (up to four) words before it, ``start`` their first
    character, ``end`` the bracket's end; the values ``a`` and ``b`` (as printed, markup off)
    at ``a_at`` and ``b_at``, their labels ``la`` and ``lb``."""

    head: str
    start: int
    end: int
    a: str
    a_at: int
    la: str
    b: str
    b_at: int
    lb: str


def _alike(a: str, b: str) -> bool:
    """Both shares, or both decimals without '%'."""
    return ("%" in a) == ("%" in b) and ("%" in a or ("." in a and "." in b))


def found(text: str) -> Iterator[Versus]:
    """Every such bracket of one line."""
    if "(" not in text or "vs" not in text.lower() and "versus" not in text.lower():
        return
    for m in _RX.finditer(text):
        a, b = m.group("a").strip("*`_ "), m.group("b").strip("*`_ ")
        la, lb = m.group("la"), m.group("lb")
        if not _alike(a, b) or la.lower() == lb.lower() or _UNIT.match(la) or _UNIT.match(lb):
            continue
        yield Versus(m.group("head"), m.start(), m.end(), a, m.start("a"), la, b, m.start("b"), lb)


def hinted(low: str) -> bool:
    """Whether a (lowered) line may hold such a bracket (a cheap test before the search)."""
    return "(" in low and (" vs" in low or " versus " in low)
