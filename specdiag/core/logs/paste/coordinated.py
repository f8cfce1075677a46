"""One figure's values on several subsets, the name written once after the first value:
`we measured 0.71 accept rate for chat and 0.58 for math`, `0.74 acceptance on code, 0.61 on
prose and 0.55 on math`, `2.41 accept length on chat and 2.02 on code`. A plain value, an
acceptance figure's name, `for` / `on` / `in` and a subset of one to four words, then one or more
values each after `,`, `, and`, `and` or `;` with the same preposition and its own subset, the
clause ending after the last: one record a value, labelled by its subset. (Percentages are read
so already, the name carried by `subset_carry.py`, unlabelled.)

`interpret._PCT_FIRST` reads a share of one value-first only before `acceptance`, never before a
bare `accept rate` (its commit says no more; a number before a key may be the value of the words
before it, `T 0.7 accept rate 61%`); the bare pair reader then took the second value under the
words `accept rate for chat and`, unlabelled, and the first not at all. Here the coordination
itself (a second value of the same kind on another subset, after the same preposition) says the
first value is the figure's.

Read only where every value is of one kind: all shares of one under a rate's name, or all
lengths (above 1, at most 16) under a length's name; every subset different and naming no other
measure (`on throughput`). A single value, values of two kinds, a later value followed by
another word (`0.55 of requests`), or a setting's value right before the first (`T=0.7 accept
rate ...`) leave the line to the other readers.

Pure: a line in, spans of items out; linear: the parts are bounded, words joined by single
spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.slash_carry import NAME

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)"
_SUBSET = r"[A-Za-z][\w./+-]*(?: [A-Za-z][\w./+-]*){0,3}"
# (a clause's end after a subset: a mark, a sentence's end, the line's end, or the next 'and')
_END = r"(?=\s*(?:[,;)]|\.(?!\d)|$|\band\b))"
_FIRST = re.compile(
    r"(?<![\w.=:+−±/-])(?P<val>[~≈]?" + _NUM + r")(?P<pct>\s*%)?\s+(?P<name>" + NAME + r")"
    r"\s+(?P<prep>on|for|in)\s+(?P<sub>" + _SUBSET + r")" + _END,
    re.I,
)
_NEXT = re.compile(
    r"\s*(?:,\s*and|,|;|\band)\s+(?P<val>[~≈]?" + _NUM + r")(?P<pct>\s*%)?"
    r"\s+(?P<prep>on|for|in)\s+(?P<sub>" + _SUBSET + r")" + _END,
    re.I,
)
# a subset naming a measure of its own: its value is that measure's
_OTHER = re.compile(
    r"\b(?:speed\s?up|throughput|latency|tok/s|tps|memory|time|accuracy|score|cost)\b", re.I
)


def hinted(low: str) -> bool:
    """Whether a (lower-cased) line may hold such a coordination (a cheap test first)."""
    return ("accept" in low or " al " in low) and (" for " in low or " on " in low or " in " in low)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each coordination (the module's rule): a subset's label and its
    value, one record a subset."""
    at = 0
    for m in _FIRST.finditer(text):
        if m.start() < at:
            continue
        k = C.key(m.group("name"))
        if k.metric not in (C.RATE, C.ACCEPT_RATIO, C.LENGTH):
            continue
        parts = [m]
        end = m.end()
        while (n := _NEXT.match(text, end)) is not None and n.group("prep").lower() == m.group(
            "prep"
        ).lower():
            parts.append(n)
            end = n.end()
        if len(parts) < 2:
            continue
        subs = [p.group("sub").strip().rstrip(".") for p in parts]
        if len({s.lower() for s in subs}) != len(subs) or any(_OTHER.search(s) for s in subs):
            continue
        vals = [C.value(p.group("val") + ("%" if p.group("pct") else "")) for p in parts]
        got = [v for v in vals if v is not None]
        if len(got) != len(parts) or len({v.percent for v in got}) != 1:
            continue
        if got[0].percent:
            continue  # (percentages: read value-first already, subset_carry.py)
        if k.metric == C.LENGTH and not all(1 < v.number <= 16 for v in got):
            continue
        if k.metric != C.LENGTH and not all(v.number <= 1 for v in got):
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        label = C.Key(C.LABEL, "subset", False)
        for p, v, s in zip(parts, got, subs, strict=True):
            items.append((label, C.Value(0.0, False, 0), "subset", s))
            items.append((k, v, m.group("name"), p.group("val").strip()))
        at = end
        yield m.start(), end, items
