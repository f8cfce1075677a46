"""A table cell of values each followed by the run's short label: ``0.61 C1``, ``0.70 C1, 0.49
C32``, ``0.46, 0.50 C1; 0.54, 0.61 C32`` (values measured at two settings, each group of values
closed by the setting's name: a concurrency ``C32``, a batch ``bs8``, ``k=3``).

A label is one token of letters then digits (``C1``, ``bs8``, ``tp4``), perhaps joined by ``=``
(``k=3``, ``bs=16``); never a percentile (``p99``), a multiplier (``x2``) or a unit. The groups
are joined by ``;`` or ``,``, the values of one group by ``,``; every value plain (``%`` on all or
on none), no range, no sign. One (label, value) a value, in the cell's order; anything else in
the cell: None (the cell read as before).

Pure: a cell in, its labelled values out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_NUM = r"\d+(?:\.\d+)?%?"
# one group: its values joined by ',' then its label, then the separator before the next group
# (or the cell's end)
_GROUP = re.compile(
    r"\s*(?P<vals>" + _NUM + r"(?:\s*,\s*" + _NUM + r")*)\s+"
    r"(?P<lab>[A-Za-z]{1,6}(?:\s?=\s?)?\d{1,4})(?![\w.%/])\s*(?P<sep>[;,]|$)"
)
# a label that is a statistic, a multiplier or a unit of its own, never a run's setting
_NOT_LABEL = re.compile(r"^(?:[pP]\d{1,2}|[xX]\d+|fp\d+|bf\d+|int\d+|e\d+)$")
_VAL = re.compile(_NUM)


def values(cell: str) -> list[tuple[str, C.Value]] | None:
    """(label, value) of each value of a cell of labelled groups, else None."""
    text = C._MARKUP.sub("", cell).strip()
    if not text or not text[0].isdigit() or not any(ch.isalpha() for ch in text):
        return None
    out: list[tuple[str, C.Value]] = []
    at = 0
    while at < len(text):
        m = _GROUP.match(text, at)
        if m is None:
            return None
        lab = m.group("lab").replace(" ", "")
        if _NOT_LABEL.match(lab):
            return None
        for one in _VAL.finditer(m.group("vals")):
            v = C.value(one.group(0))
            if v is None:
                return None
            out.append((lab, v))
        at = m.end()
        if m.group("sep") == "" and at < len(text):
            return None
    if not out or len({v.percent for _, v in out}) != 1:
        return None
    return out
