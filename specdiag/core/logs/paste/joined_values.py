"""A figure's name, then two or more runs' values joined by ``and``, the clause ending after the
last: `a mean accepted length of 58.5 and 59.0 tokens, roughly ...`, `acceptance rates of 71%,
64% and 58%.`, `accept length was 2.41 and 2.17`.

A sentence reporting a figure over several runs it has just told of (two runs, the two
workloads) often names the figure once and gives each run's value in turn, as `respectively`
does without the word. Each value is a run's, one record each (before, the name kept its first
value alone and the others were lost).

The name must be an acceptance figure's (:func:`cells.key` says length, tokens per step or a
rate; a plural read as one each), perhaps after ``the`` and a statistic; then ``of``, ``was``,
``were``, ``is``, ``are``, ``:`` or ``=``; two to nine values, joined by commas, the last after
``and`` (a list without ``and`` is no such list), each written alike (a share under a rate's
name: every one a percentage or every one a fraction with decimals; a length: every one with
decimals, from 1 to the most a step emits, 64: a tree's or an n-gram's), then perhaps the figure's unit (``tokens``,
``tokens/step``, ``tok/step``, ``tokens per step``), then the clause's end: a ``,``, ``;``,
``)``, a sentence's ``.``, a dash, or the line's end.

Never read: values ending in ``respectively`` (respectively.py's), a list going on into a word
(`2.4 and 2.1 on chat`, `58.5 and 59.0 tok/s`: whose values the words decide), values of two
kinds (`71% and 2.4`), a name of the figure at draft positions (`per-position acceptance of
0.81 and 0.62`: one run's positions), or a list after a range's or an extreme's word
(`between`, `min and max`, `lowest and highest`: a range's ends, no run each).

A line ending inside such a list, on its ``and``, over a line opening on the next value is one
sentence wrapped by hand: the two are read joined (:func:`open_list`, in join_wrapped).

Pure: a line in, spans out; linear: one regex pass, its parts bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.evidence import MAX_ACCEPT_LENGTH

_NAME = (
    r"(?P<name>(?:(?:average|avg\.?|mean|median|overall)\s+)?(?:draft\s+)?(?:"
    r"accept(?:ance|ed)?[ _-]?len(?:gth)?s?|acc(?:ept(?:ance)?)?[ _-]?rates?|acceptance|"
    r"tokens?\s+per\s+(?:verify\s+)?step))"
)
_VALUE = r"[~≈]?\d+(?:\.\d+)?\s*%?"
_LIST = (
    r"(?P<list>" + _VALUE + r"(?:\s*,\s*" + _VALUE + r"){0,7}(?:\s*,\s*|\s+)and\s+" + _VALUE + r")"
)
# the figure's unit after the last value
_UNIT = r"(?:\s+(?:tokens?|toks?)(?:\s*/\s*(?:step|round|iter)|\s+per\s+(?:verify\s+)?step)?)?"
_FIGURES = re.compile(
    r"\b"
    + _NAME
    + r"(?:\s+(?:of|was|were|is|are)\s+|\s*[:=]\s*)"
    + _LIST
    + _UNIT
    # the clause's end (never 'respectively', another word, a decimal point)
    + r"(?=\s*(?:[,;)]|\.(?!\d)|[—–]|\s-\s|$))",
    re.I,
)
_PLURAL = re.compile(r"\b(rate|length|len)s\b", re.I)
_ONE = re.compile(r"[~≈]?\d+(?:\.\d+)?\s*%?")
# a name of the figure at draft positions: one run's positions, no runs
_POSITIONS = re.compile(r"\b(?:per[- ]?position|position|pos|per[- ]?depth|depth)\b", re.I)
# a range's or an extreme's word before the name in its clause: the list is a range's ends
_RANGE = re.compile(
    r"\b(?:between|min|max|minimum|maximum|lowest|highest|worst|best|range|ranged|ranging|"
    r"low|high|from)\b",
    re.I,
)


# a line ending inside such a list, on its 'and' ('... a mean accepted length of 58.5 and')
_OPEN = re.compile(
    r"\b"
    + _NAME
    + r"(?:\s+(?:of|was|were|is|are)\s+|\s*[:=]\s*)"
    + _VALUE
    + r"(?:\s*,\s*"
    + _VALUE
    + r"){0,7}\s*,?\s+and\s*$",
    re.I,
)
_VALUE_FIRST = re.compile(r"\s*" + _VALUE)


def open_list(t: str, nxt: str) -> bool:
    """Whether ``t`` ends inside such a list, on its ``and``, and ``nxt`` opens on the next
    value: one sentence wrapped by hand (join_wrapped joins the two)."""
    return (
        t.rstrip().endswith("and")
        and _OPEN.search(t) is not None
        and (_VALUE_FIRST.match(nxt) is not None)
    )


def _written_alike(metric: str | None, got: list[C.Value], raw: list[str]) -> bool:
    """Whether every value is one the figure takes, written alike (lengths with decimals from 1
    to 64; shares all fractions with decimals at most 1, or all percentages at most 100)."""
    if metric in (C.LENGTH, C.TOK_PER_STEP):
        return not got[0].percent and all(
            "." in r and 1.0 <= v.number <= MAX_ACCEPT_LENGTH for r, v in zip(raw, got, strict=True)
        )
    if got[0].percent:
        return all(v.number <= 100 for v in got)
    return all("." in r and v.number <= 1 for r, v in zip(raw, got, strict=True))


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a list (cheap test before the regex)."""
    return " and " in low and ("acc" in low or "per step" in low)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such list: one item a value, under the figure's name."""
    for m in _FIGURES.finditer(text):
        k = C.key(_PLURAL.sub(r"\1", m.group("name")))
        if k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO):
            continue
        # the clause before the name (to its last mark): a name of positions or a range's word
        clause = re.split(r"[,;:.()]\s", text[max(0, m.start() - 60) : m.start()])[-1]
        if _POSITIONS.search(clause) or _RANGE.search(clause):
            continue
        vals = [C.value(one.group(0)) for one in _ONE.finditer(m.group("list"))]
        got = [v for v in vals if v is not None]
        if len(got) != len(vals) or len({v.percent for v in got}) != 1:
            continue
        raw = [one.group(0) for one in _ONE.finditer(m.group("list"))]
        if not _written_alike(k.metric, got, raw):
            continue
        items = [(k, v, m.group("name"), r.strip()) for v, r in zip(got, raw, strict=True)]
        yield m.start("list"), m.end(), items
