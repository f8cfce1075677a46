"""A list of labelled values that an acceptance name closes: `1B→3B: 86.5%, 1B→8B: 73.4%
acceptance`, `chat: 0.71, code: 0.64 accept rate`, opening a line, a table cell or a bracket.

A summary often gives several runs' figure as items `LABEL: VALUE`, joined by `,`, `;` or
`and`, and names the figure once, after the last value: the name is every item's. The name is
written after each earlier value (`1B→3B: 86.5% acceptance, 1B→8B: 73.4% acceptance`), so the
line's readers read one record an item (before, the last value alone was read, under the
name, and the earlier ones not at all).

Only where the list opens the line (a bullet allowed), a table cell or a bracket, and the name
closes the clause (`,`, `.`, `;`, `)`, `|` or the line's end right after it); two items or
more, every value of one kind (a percentage each, or a plain number each), no range; each
label one to three words holding a letter, none naming another measure or a statistic
(`throughput: 40%`, `p50: 0.7`, `mean: 70%`, `target: 80%`: semicolon_carry's words) nor a
time. A list whose last value no acceptance name follows, or a name followed by more words
(`73.4% acceptance on code`, another reader's shape), is left as it was.

Pure: a line in, a line out; linear: the line is gated by `accept` and `:`, one search a line.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.semicolon_carry import _OTHER_MEASURE
from specdiag.core.logs.paste.slash_carry import NAME

_NUM = r"[~≈]?\d+(?:\.\d+)?"
# a label: one to three words of no blank, colon, separator or bracket, holding a letter
_WORD = r"[^\s:|,;()\[\]]{1,24}"
_LABEL = _WORD + r"(?:[ \t]" + _WORD + r"){0,2}"
_ITEM = r"(?:" + _LABEL + r")[ \t]*:[ \t]*" + _NUM + r"(?:[ \t]*%)?"
_SEP = r"[ \t]*(?:,[ \t]*and|,|;|[ \t]and)[ \t]+"
_LIST = re.compile(
    r"(?:^[ \t>]*(?:[-*+][ \t]+)?|(?<=[|(])[ \t]*)(?P<items>"
    + _ITEM
    + r"(?:"
    + _SEP
    + _ITEM
    + r")+)[ \t]+(?P<name>"
    + NAME
    + r")(?![\w-])(?=[ \t]*(?:[,.;)|]|$))",
    re.I,
)
_ONE = re.compile(
    r"(?P<lab>" + _LABEL + r")[ \t]*:[ \t]*(?P<val>" + _NUM + r")(?P<pct>[ \t]*%)?", re.I
)
# a label that is a statistic of one run, not a run ('p50', 'mean', 'median', 'std')
_STATISTIC = re.compile(r"^(?:p\d{1,2}|mean|median|avg|average|std|stdev|total|overall)$", re.I)


def _label_ok(label: str) -> bool:
    return (
        re.search(r"[A-Za-z]", label) is not None
        and _OTHER_MEASURE.search(label) is None
        and _STATISTIC.match(label.strip()) is None
    )


def rewrite(line: str) -> str:
    """``line`` with the closing acceptance name written after each earlier item's value."""
    if ":" not in line or "accept" not in line.lower():
        return line
    m = _LIST.search(line)
    if m is None:
        return line
    items = list(_ONE.finditer(m.group("items")))
    if len(items) < 2 or len({bool(i.group("pct")) for i in items}) != 1:
        return line
    if not all(_label_ok(i.group("lab")) for i in items):
        return line
    name = m.group("name")
    base = m.start("items")
    out = line
    for i in reversed(items[:-1]):
        at = base + i.end()
        out = out[:at] + " " + name + out[at:]
    return out
