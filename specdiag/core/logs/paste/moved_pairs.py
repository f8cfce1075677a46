"""A figure's changes told without `from`, the verb right before the earlier value, perhaps
each at its own setting and joined by `and`: `with acceptance moving 0.71 to 0.64 at k=3 and
0.69 to 0.70 at k=5`.

Without `from`, `rose 0.3 to 2.9` is a change's size then its new level; the words alone do not
say which. The values decide it where the size reading is impossible for the first pair: the
level before the change would be the new value minus the first (a verb of rising) or plus it (a
verb of falling), either of them for a verb of no direction (`moving`, `moved`, `changed`,
`shifted`, `went`); a rate is never below 0 nor above 1 (100 with `%`), and a length never
below 1. Where every such level is impossible, the first value is the earlier level: two
records, before and after. Further pairs joined by `and` (or a comma) in the same sentence,
written alike, are the same figure's changes at their own settings, two records each.

Never read: values of two kinds (a share beside a fraction), a whole number among them, a
unit of another measure after a value, a pair whose size reading is possible (left to the
other readers, as before), or a condition before the name (`if ...`: the caller checks).

Pure: a regular expression over one line; interpret.py names the figure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from specdiag.core.logs.paste import arrival as A

_VAL = r"[~≈]?\d{1,3}\.\d{1,4}(?:\s?%)?|[~≈]?\d{1,3}\s?%"
# a value's end: no unit of another measure, no range, no further digit
_END = r"(?![\d.]*\d|\s*(?:[x×]|tok\w*|t/s|tps|ms|s\b|sec\w*|req\w*)|\s*[-–~]\s*\d)"
_MOTION = r"moving|moved|moves?|changing|changed|changes?|shifting|shifted|shifts?|went|going|goes"
_UP = re.compile(
    r"^(?:ris|rose|climb|improv|increas|jump|grew|grow|soar|spik|recover|bump|creep|crept)", re.I
)
_DOWN = re.compile(
    r"^(?:drop|fall|fell|declin|decreas|dip|slip|sink|sank|sunk|shrink|shrank|plummet|collaps|"
    r"regress|worsen|deteriorat|decay|erod|slid|crater|tank|sag|degrad)",
    re.I,
)
# where a pair was measured ('at 120 tokens', 'with k=3', 'on chat'): a preposition and up to
# three words, one of them perhaps a number
_COND = (
    r"(?:\s+(?:at|on|for|with|under|in)\s+[\w.=/-]+"
    # (a word, or a whole number: 'at batch 64', never a rate's decimal)
    r"(?:\s+(?!(?:and|to)\b)(?:[A-Za-z][\w-]*|\d+(?![\d.,]\d)\b)){0,2})?"
)
_PAIR = r"(?P<a>" + _VAL + r")" + _END + r"\s+to\s+(?P<b>" + _VAL + r")" + _END + _COND
_FIRST = re.compile(
    r"(?P<key>[A-Za-zτ][\w .%/-]{1,50}?)\s+"
    + A._AUX
    + r"(?P<verb>"
    + _MOTION
    + r"|"
    + A._CHANGE_VERB
    + r")\s+"
    + _PAIR,
    re.I,
)
_NEXT = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)" + _PAIR, re.I)
_NEXT_MOST = 6


@dataclass(frozen=True)
class Moved:
    """One sentence's changes: ``key`` the words before the verb (``key_at`` their start),
    ``end`` the last pair's end; ``values`` each (printed value, where it starts)."""

    key: str
    key_at: int
    end: int
    values: tuple[tuple[str, int], ...]


def _number(v: str) -> float:
    return float(v.strip("~≈ %"))


def _size_impossible(a: str, b: str, verb: str) -> bool:
    """Whether ``a`` cannot be the size of a change to ``b`` (the level before it out of range)."""
    x, y = _number(a), _number(b)
    pct = "%" in a
    top = 100.0 if pct else 1.0
    rate = pct or (x <= 1 and y <= 1)
    floor = 0.0 if rate else 1.0
    below = y - x < floor  # the level before a rise of a
    above = rate and y + x > top  # the level before a fall of a
    if _UP.match(verb):
        return below
    if _DOWN.match(verb):
        return above
    return below and above


def _alike(values: list[str]) -> bool:
    pct = ["%" in v for v in values]
    return all(pct) or not any(pct)


def found(text: str) -> Iterator[Moved]:
    """Every such sentence of one line."""
    for m in _FIRST.finditer(text):
        a, b = m.group("a"), m.group("b")
        if not _alike([a, b]) or not _size_impossible(a, b, m.group("verb")):
            continue
        values = [(a, m.start("a")), (b, m.start("b"))]
        end = m.end()
        for _ in range(_NEXT_MOST):
            n = _NEXT.match(text, end)
            if n is None or not _alike([a, n.group("a"), n.group("b")]):
                break
            values += [(n.group("a"), n.start("a")), (n.group("b"), n.start("b"))]
            end = n.end()
        yield Moved(m.group("key"), m.start("key"), end, tuple(values))


def hinted(low: str) -> bool:
    """Whether a (lowered) line may hold such a change (a cheap test before the search)."""
    return " to " in low and re.search(r"\d\s+to\s+[~≈]?\d", low) is not None
