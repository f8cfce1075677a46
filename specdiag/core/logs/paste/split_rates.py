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
``if``).

Runs set against each other BEFORE the figure's name (``versus_first``): `2.91 vs 2.85 mean
acceptance at K=5, 2.95 vs 2.90 single-stream (K=3: 2.41 vs 2.44)`. Each side of ``A vs B``
(decimals, one kind: both fractions or both above 1) right before an acceptance name
(``mean acceptance``, ``acceptance length``, ``AL``, ``τ``; not ``acceptance rate`` nor a
``%``) is one run's figure (ours and the one compared: both measured), and the pairs after the
name in the same sentence are the same figure of further settings, each after no more than
its qualifier (words, a setting ``K=4``, a separator ``,`` ``;`` ``(`` ``and``), never a value
with a unit after it (``%``, ``x``, ``tok/s``, ``ms``). A pair after a goal or a bound word
(``target``, ``above``) is none. A record each, in text order; the convention is not told.

Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

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


# 'A vs B' of two decimals, no unit after the second, neither the end of a range
_VS_PAIR = re.compile(
    r"(?<![\w.\-–—])(?P<a>\d{1,2}\.\d+)\s+(?:vs\.?|versus)\s+(?P<b>\d{1,2}\.\d+)"
    r"(?![\w.]|\s*(?:%|×|tok|t/s|ms\b|s\b|[-–—]\s*\d))",
    re.I,
)
_FIGURE_AFTER = re.compile(
    r"\s+(?P<key>(?:(?:mean|avg\.?|average)\s+)?(?:accept(?:ance)?\s+len(?:gth)?|acceptance|AL|τ))"
    r"(?![\w-]|\s*(?:rate|ratio|%))",
)
_GOAL_OR_BOUND = re.compile(
    r"(?:" + V.GOAL_WORDS + "|" + V.BOUND_WORDS + r"|\bbar\b)[^\d]{0,12}$", re.I
)
# a setting among a qualifier's words ('K=4', 'k = 7'): no figure
_SETTING = re.compile(r"\b[A-Za-z]\w*\s*[=:]\s*\d+\b")
_SENTENCE_END = re.compile(r"[.!?](?:\s+[A-Z]|\s*$)|\n")


def versus_hinted(text: str) -> bool:
    """Whether a line may hold such pairs before a figure's name (cheap test)."""
    return " vs" in text or "versus" in text


def _pair_items(m: re.Match[str], key: str) -> list[tuple[C.Key, C.Value, str, str]] | None:
    a, b = C.value(m.group("a")), C.value(m.group("b"))
    if a is None or b is None or (a.number > 1) != (b.number > 1):
        return None
    if a.number > C.MAX_STEP_TOKENS or b.number > C.MAX_STEP_TOKENS:
        return None
    k = C.key(key)
    return [(k, a, key, m.group("a")), (k, b, key, m.group("b"))]


def versus_first(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each run of 'A vs B' pairs opened by one before a figure's name:
    two items a pair, all of that figure."""
    for m in _VS_PAIR.finditer(text):
        name = _FIGURE_AFTER.match(text, m.end())
        if name is None or _GOAL_OR_BOUND.search(text, max(0, m.start() - 40), m.start()):
            continue
        key = name.group("key")
        items = _pair_items(m, key)
        if items is None or C.key(key).metric not in C.ACCEPTANCE:
            continue
        end = name.end()
        stop = _SENTENCE_END.search(text, end)
        limit = stop.start() if stop is not None else len(text)
        for more in _VS_PAIR.finditer(text, end, limit):
            between = _SETTING.sub(" ", text[end : more.start()])
            if (
                re.search(r"[\d%]", between)
                or not re.search(r"[,;(]|\band\b", between)
                or len(between) > 60
                or _GOAL_OR_BOUND.search(between)
            ):
                break
            got = _pair_items(more, key)
            if got is None or (got[0][1].number > 1) != (items[0][1].number > 1):
                break
            items += got
            end = more.end()
        yield m.start(), end, items
