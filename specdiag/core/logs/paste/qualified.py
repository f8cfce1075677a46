"""Figures named with their workload AFTER the name, as rows of a metrics table: ``AL chat |
3.10`` and ``Avg accept chat | ~55%`` under ``| Metric | Value |``.

A table of metrics by rows often qualifies each name with the workload it was measured on,
after the name (``Code wall TPS``, ``AL code``): the name alone is then no key any reader
knows. Here a row's first cell is read as a figure's name and a workload where it is an
acceptance figure's name (``cells.key``: a length, tokens per step or a rate; or a bare
``accept`` after a statistic, ``avg accept``, over a percentage: the acceptance rate, as a bare
``Accept`` column of percentages is) followed by one workload word (``WORKLOADS``: ``code``,
``chat``, ``math``, a benchmark's name such as ``HumanEval``, ``GSM8K``, ``MT-Bench``).

Only where the table proves the words are a workload and the rows one run: at least two rows
so qualified, naming different figures (a length and a rate), every one by the same workload.
The rows' first cells are then the bare names, and the workload a label of the record
(``workload``). Rows qualified by two workloads (two runs in one column), a single qualified
row, or ``accept`` over a value that is no percentage (``HTTP accept code | 406``) are left as
they are. ``AL`` is a length only in capitals (vocab.py); a state's code (``AL code``) over a
value no length can be stays unread by the figure's own range.

Pure: rows in, rows out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

# workloads and benchmarks a figure is measured on, written after its name
WORKLOADS = (
    r"code|coding|chat|math|narr|narrative|prose|writing|creative|summari[sz]ation|summary|"
    r"translation|reasoning|qa|rag|agentic|agent|json|sql|humaneval|mbpp|gsm8k|mt-?bench|"
    r"alpaca|livecodebench|aime|math-?500|sharegpt|spec-?bench"
)
_QUALIFIED = re.compile(rf"^(?P<name>.+?)\s+(?P<w>{WORKLOADS})$", re.I)
_BARE_ACCEPT = re.compile(r"^(?:avg\.?|average|mean|median)\s+accept$", re.I)

RATE_NAME = "acceptance rate"


def split_name(cell: str, value: str) -> tuple[str, str] | None:
    """The figure's name and the workload of a first cell ``NAME WORKLOAD`` over ``value``
    (the row's value cell), or None where the cell is not so."""
    text = C._MARKUP.sub("", cell).strip().rstrip(":").strip()
    m = _QUALIFIED.match(text)
    if m is None:
        return None
    name = m.group("name").strip()
    if _BARE_ACCEPT.match(name):
        v = C.value(value)
        return (RATE_NAME, m.group("w")) if v is not None and v.percent else None
    k = C.key(name)
    if k.metric not in C.ACCEPTANCE or k.metric == C.POSITION:
        return None
    if re.search(r"\bal\b", name, re.I) and not V.LENGTH_NAME.search(name):
        return None  # 'Al', 'al': a word or a name, the length only in capitals (vocab.py)
    return name, m.group("w")


def rows(body: list[list[str]]) -> tuple[list[list[str]], str] | None:
    """The rows of a metrics table with each qualified first cell replaced by its bare name,
    and the one workload qualifying them; None where the table is not so (see the module)."""
    found: dict[int, tuple[str, str]] = {}
    for i, cells in enumerate(body):
        if len(cells) < 2:
            continue
        got = split_name(cells[0], cells[1])
        if got is not None:
            found[i] = got
    if len(found) < 2:
        return None
    workloads = {w.lower().replace("-", "") for _, w in found.values()}
    metrics = {C.key(n).metric for n, _ in found.values()}
    if len(workloads) != 1 or len(metrics) < 2:
        return None
    out = [[found[i][0], *cells[1:]] if i in found else list(cells) for i, cells in enumerate(body)]
    return out, next(iter(found.values()))[1]


# a figure's name, then where it was measured after a preposition ('Accept rate during GSM8K',
# 'accept length on the chat set', 'mean acceptance in long prompts'): one to three words of
# letters and digits (no '=', no unit, no figure's name)
_PLACED = re.compile(
    r"^(?P<name>[^\d=:()]+?)\s+(?:during|on|in|for)\s+(?:the\s+)?"
    r"(?P<w>[A-Za-z][\w.+-]*(?:\s+[A-Za-z][\w.+-]*){0,2})$",
    re.I,
)
# words after a preposition that are a unit or a manner, not a place ('in %', 'in tokens',
# 'on average', 'in total', 'for reference')
_NOT_PLACE = re.compile(
    r"^(?:%|percent(?:age)?|tokens?|toks?|steps?|rounds?|ms|s|average|avg|total|reference|"
    r"ref|comparison|short|general|practice|theory|aggregate)\b",
    re.I,
)


def placed_rows(body: list[list[str]]) -> tuple[list[list[str]], str] | None:
    """The rows of a metrics table with each first cell ``NAME during|on|in|for PLACE`` whose
    NAME names an acceptance figure (and the whole cell none) replaced by NAME, and the one
    PLACE qualifying them; None where no row is so, where two places qualify rows (two runs in
    one column), or where a bare row names the same figure."""
    found: dict[int, tuple[str, str]] = {}
    bare: set[str | None] = set()
    for i, cells in enumerate(body):
        if not cells or not cells[0]:
            continue
        text = C._MARKUP.sub("", cells[0]).strip().rstrip(":").strip()
        whole = C.key(text)
        if whole.metric is not None:
            bare.add(whole.metric)
            continue
        m = _PLACED.match(text)
        if m is None or _NOT_PLACE.match(m.group("w")):
            continue
        k = C.key(m.group("name"))
        if k.metric not in C.ACCEPTANCE or k.metric == C.POSITION:
            continue
        found[i] = (m.group("name").strip(), m.group("w").strip())
    if not found:
        return None
    places = {w.lower() for _, w in found.values()}
    metrics = [C.key(n).metric for n, _ in found.values()]
    if len(places) != 1 or len(set(metrics)) != len(metrics) or bare & set(metrics):
        return None
    out = [[found[i][0], *cells[1:]] if i in found else list(cells) for i, cells in enumerate(body)]
    return out, next(iter(found.values()))[1]
