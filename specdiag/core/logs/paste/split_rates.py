"""Runs set against each other in brackets right after an acceptance figure's name: `the
acceptance split (your working ~28% token-fed vs the ~40%-but-never-paying hidden-state path)`,
`acceptance rate (61% greedy vs 58% sampled)`. Each percentage, with its run's qualifier
(words before or after it, a hyphenated tail such as ``-but-never-paying`` included), is one
run's rate: a record each, no length (the drafts per step are not told).

The bracket must follow the name closely (``acceptance``, ``acceptance rate``, ``draft
acceptance``, then at most one noun of comparison: ``split``, ``gap``, ``difference``,
``comparison``, ``numbers``, ``figures``), hold only percentages joined by ``vs`` / ``versus``
/ ``against`` (two to four), and no other measure (``tok/s``, ``x``, ``ms``), no range
(``28%-40%``), no share of time (``of the time``), nothing conditional (``would``, ``could``,
``if``). Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_NAME = re.compile(
    r"\b(?:draft\s+|token\s+)?accept(?:ance|ed)?(?:[ _](?:rate|ratio))?"
    r"(?:\s+(?:split|gap|difference|comparison|numbers|figures|rates))?\s*"
    r"\((?P<body>[^()\n]{5,200})\)",
    re.I,
)
_VALUE = re.compile(
    r"(?<![\w.%-])(?P<v>[~≈]?\s*\d{1,3}(?:\.\d+)?\s*%)(?![\d.]*\s*(?:-|–|to\s)\s*\d)"
)
_JOIN = re.compile(r"\b(?:vs\.?|versus|against)(?=\s)", re.I)
_OTHER = re.compile(
    r"tok(?:ens)?/s|\bt/s\b|\d\s*(?:x|×)(?!\w)|\bms\b|\blatency\b|\bspeed(?:up)?\b|"
    r"\bof\s+(?:the\s+)?(?:time|runtime|cycle|steps?)\b|\b(?:would|could|might|if|assum\w*)\b|"
    r"\d\s*%?\s*(?:-|–|to)\s*\d",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a bracket (cheap test before the regex)."""
    return (
        "accept" in low
        and "%" in low
        and "(" in low
        and ("vs" in low or "versus" in low or "against" in low)
    )


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such bracket: one rate item per run."""
    for m in _NAME.finditer(text):
        body = m.group("body")
        if _OTHER.search(body):
            continue
        values = list(_VALUE.finditer(body))
        if not 2 <= len(values) <= 4:
            continue
        # every neighbouring pair joined by 'vs' (the words between are the runs' qualifiers)
        if not all(
            _JOIN.search(body, a.end(), b.start()) is not None
            for a, b in zip(values, values[1:], strict=False)
        ):
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for v in values:
            got = C.value(v.group("v"))
            if got is None or not 0 <= got.number <= 100:
                break
            items.append((C.Key(C.RATE, "acceptance", True), got, "acceptance", v.group("v")))
        else:
            yield m.start(), m.end(), items
