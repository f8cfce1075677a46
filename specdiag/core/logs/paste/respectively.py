"""A figure's name, then several values and ``respectively``, in prose: `Accept length was
2.41, 2.17 and 1.98 respectively`, `the acceptance rates were 71%, 64%, 58%, respectively`.
``respectively`` maps the values, in order, onto as many runs named before (settings,
concurrencies, datasets): one run a value, each a record of the figure (before, the name kept
its first value alone and the others were lost).

The name must be an acceptance figure's (:func:`cells.key` says length, tokens per step or a
rate), perhaps after ``the`` and a statistic; the verb one that states values (``was``,
``were``, ``is``, ``are``, ``came to``, ``stood at``) or a ``:``; two to nine values joined by
commas, the last perhaps after ``and``, every one a value the figure can take (a length from 1
to the most a step emits, a rate a share). A list holding another kind of value, or no
``respectively`` right after it, is left to the other readers. Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_NAME = (
    r"(?P<name>(?:(?:average|avg\.?|mean|median|overall)\s+)?(?:draft\s+)?(?:"
    r"accept(?:ance|ed)?[ _-]?len(?:gth)?s?|acc(?:ept(?:ance)?)?[ _-]?rates?|acceptance|"
    r"tokens?\s+per\s+(?:verify\s+)?step))"
)
_VALUE = r"[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%?[*`]{0,2}"
_LIST = (
    r"(?P<list>"
    + _VALUE
    + r"(?:(?:\s*,\s*"
    + _VALUE
    + r"){1,8}(?:(?:\s*,\s*|\s+)and\s+"
    + _VALUE
    + r")?|(?:\s*,\s*|\s+)and\s+"
    + _VALUE
    + r"))"
)
_FIGURES = re.compile(
    r"\b"
    + _NAME
    + r"(?:\s+(?:was|were|is|are|came\s+to|come\s+to|stood\s+at|stand\s+at)\s+|\s*[:=]\s*)"
    + _LIST
    + r"(?:\s*,\s*|\s+)respectively\b",
    re.I,
)
_PLURAL = re.compile(r"\b(rate|length|len)s\b", re.I)
_ONE = re.compile(r"[~≈]?\d+(?:\.\d+)?\s*%?")


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a list (cheap test before the regex)."""
    return "respectively" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such list: one item a value, under the figure's name."""
    for m in _FIGURES.finditer(text):
        # (the plural a list is named by, 'acceptance rates': each value one rate)
        k = C.key(_PLURAL.sub(r"\1", m.group("name")))
        if k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO):
            continue
        at = m.start("list")
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for one in _ONE.finditer(m.group("list")):
            v = C.value(one.group(0))
            if v is None:
                break
            if k.metric in (C.LENGTH, C.TOK_PER_STEP) and (
                v.percent or not 1.0 <= v.number <= C.MAX_STEP_TOKENS
            ):
                break
            if k.metric in (C.RATE, C.ACCEPT_RATIO) and not v.percent and v.number > 1:
                break
            items.append((k, v, m.group("name"), one.group(0)))
        else:
            yield at, m.end(), items
