"""A length another run reaches, said in the next sentence without the figure's name ('The old
head accepts 1.6 extra tokens/step. The new one reaches **2.3**, which ...'): the sentence
before named the length (its unit or name read as one), this one gives the next run's value
of that same figure after an arrival verb, bare (no unit, no `%`, no `x`), closing its clause.

The value takes the earlier length's name (so its convention: `extra tokens/step` leaves the
bonus out for both). Not read: a sentence naming another measure or a condition before the
verb (`throughput reaches 2.3,`, `if it reaches 2.3,`), a number before the verb in that
sentence (`at depth 4 it reaches 2.3`: a setting whose label this shape does not carry), a
whole number, a value followed by words, a unit or a comparison (`reaches 2.3x`, `reaches 2.3
tok/s`, `reaches 2.3 vs 1.9`), a sentence that is not the very next one after the named
length, or a rate before it (a percentage is interpret._rates_also's).
Pure: a line's text and its (key, value, key text, value text) items in, the items out.
"""

from __future__ import annotations

import re
from typing import Any

from specdiag.core.logs.paste import cells as C

# an arrival verb, a hedge perhaps, markup, then a decimal closing its clause
_REACHED = re.compile(
    r"\b(?:reach(?:es|ed)?|hits?|climbs?\s+to|rises?\s+to|gets?\s+to|goes\s+up\s+to)\s+"
    r"(?:about\s+|around\s+|roughly\s+|~\s*)?[*_`]{0,2}(?P<val>\d{1,2}\.\d+)[*_`]{0,2}"
    r"(?=\s*(?:[,;)]|\.(?:\s|$)|$))",
    re.I,
)
# a sentence's end (a stop, then a space)
_SENTENCE_END = re.compile(r"[.;!?]\s")
# words before the verb naming another measure or a condition, or a number (a setting)
_OTHER = re.compile(
    r"\b(?:speed\w*|throughput|latency|memory|vram|util\w*|gpu|cpu|accuracy|score|power|"
    r"load|usage|cache|ttft|tpot|itl|tok/s|tokens/s|time|loss|perplexity|ppl|speedup|rate|"
    r"size|batch|queue|temperature|temp|version|seed|ratio|factor|depth|width|"
    r"if|would|could|might|should|may|expect\w*|hope\w*|aim\w*|goal|target\w*|want\w*|"
    r"need\w*)\b|\d",
    re.I,
)
# the figures a length is read as: the length, tokens a step, accepted drafts a step
_LENGTHS = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


def gate(t: str) -> bool:
    """Whether the line can hold the shape (a cheap test before the pattern)."""
    low = t.lower()
    return ("reach" in low or "hit" in low or " to " in low) and _REACHED.search(t) is not None


def lengths_reached(t: str, items: list[tuple[Any, C.Value, str, str]]) -> list[Any]:
    """The line's items with each length another run reaches in the next sentence (the module's
    shape) added after the earlier length's items, in line order; unchanged where none."""
    ends = [m.end() for m in _SENTENCE_END.finditer(t)]
    # (each item's value where it stands: after the one before, so an equal value later in the
    # line is not taken for the first)
    taken = []
    at = 0
    for item in items:
        p = t.find(item[3], at)
        p = t.find(item[3]) if p < 0 else p
        at = p + len(item[3]) if p >= 0 else at
        taken.append((p, *item))
    extra = []
    for m in _REACHED.finditer(t):
        pos = m.start("val")
        if any(p == pos for p, *_ in taken):
            continue
        # the sentence of the verb, and the one right before it
        before_ends = [e for e in ends if e <= m.start()]
        if not before_ends:
            continue
        start = before_ends[-1]
        prev = before_ends[-2] if len(before_ends) > 1 else 0
        if _OTHER.search(t, start, m.start()) is not None:
            continue
        figs = [x for x in taken if 0 <= x[0] < start and x[1].metric in C.ACCEPTANCE]
        if not figs or figs[-1][1].metric not in _LENGTHS or figs[-1][0] < prev:
            continue  # the last figure before: a length, in the sentence right before
        v = C.value(m.group("val"))
        if v is None or v.percent or not 1 <= v.number <= 16:
            continue
        k = figs[-1][1]
        extra.append((pos, k, v, figs[-1][3], m.group("val")))
    if not extra:
        return items
    return [(k, v, kt, vt) for _, k, v, kt, vt in sorted(taken + extra, key=lambda x: x[0])]
