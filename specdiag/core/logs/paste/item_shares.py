"""List items right under a run's acceptance rate, each a share with its counts: that rate on
each item.

    draft_accept_rate = 31.0%
    - prompt 4 (long code): 52% (26/50), the best
    - prompt 9: 12% (6/50)

A key-value line of an acceptance rate (``NAME = V%`` or ``NAME: V%``, the key naming a rate:
``cells.key``), then list items (``-``, ``*``) of a label, a colon, and a share followed by its
counts in a bracket (``52% (26/50)``, the counts giving the share within its printed rounding):
the items break the run down by what their labels name (prompts, requests, sets), each item's
share the same figure on that item. The item is written with the key before its share (``-
prompt 4 (long code): draft_accept_rate = 52% (26/50), the best``), so the key-value reader
reads one record an item, labelled by it, a k the block states applying as to the run.

Only items right under the rate's line (the first non-item line ends the run), the share a
percentage the counts give (A / B within half a unit of the share's last digit, A <= B); an
item of a range (``10-25%``), of a share without counts, of counts that do not give the share,
or a label naming another measure (``exact match``, ``accuracy``, ``tok/s``: a figure
``cells.key`` reads, ``arrival.other_measure``, a task's outcome) is left as it was; so is an
item under a line of another figure.

Pure: lines in, lines out; one linear pattern a line, gated by ``%`` and ``/``.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.text import Line

# the rate's line: its key, '=' or ':', a percentage
_RATE_LINE = re.compile(
    r"^[ \t]*(?P<key>[A-Za-z][\w.-]*(?:[ ][A-Za-z][\w.-]*){0,4})[ \t]*[=:][ \t]*"
    r"\d+(?:\.\d+)?%(?![\w.])"
)
# an item: its label, a colon, the share, then its counts in a bracket
_ITEM = re.compile(
    r"^(?P<lead>[ \t]*[-*][ \t]+)(?P<label>[^:\n]{1,80}):[ \t]+"
    r"(?P<share>(?P<p>\d+(?:\.\d+)?)%)[ \t]*\((?P<a>\d+)[ \t]*/[ \t]*(?P<b>\d+)\)"
)


# a label naming a measure of a task's outcome, whose share is no acceptance ('exact match',
# 'pass@1', 'accuracy', 'F1', 'correct', 'win rate')
_OUTCOME = re.compile(
    r"\b(?:exact[ _-]?match|em|f1|pass@\d+|acc(?:uracy)?|correct\w*|scores?|success\w*|wins?|"
    r"win[ _-]rate|hit[ _-]rate|recall|precision)\b",
    re.I,
)


def _checked(m: re.Match[str]) -> bool:
    a, b = int(m.group("a")), int(m.group("b"))
    if b == 0 or a > b:
        return False
    p = m.group("p")
    decimals = len(p.partition(".")[2])
    return abs(100.0 * a / b - float(p)) <= C.half_unit(decimals) + 1e-9


def carried(lines: list[Line]) -> list[Line]:
    """The lines with each checked share of an item under a rate's line named by its key."""
    if not any("%" in t and "/" in t for _, t in lines):
        return lines
    out = list(lines)
    key: str | None = None
    for i, (ln, t) in enumerate(lines):
        item = _ITEM.match(t) if key is not None else None
        if item is not None:
            label = item.group("label")
            if (
                _checked(item)
                and C.key(label).metric is None
                and not A.other_measure(label)
                and _OUTCOME.search(label) is None
            ):
                s = item.start("share")
                out[i] = (ln, t[:s] + f"{key} = " + t[s:])
            continue
        key = None
        m = _RATE_LINE.match(t) if "%" in t else None
        if m is not None and C.key(m.group("key")).metric == C.RATE:
            key = m.group("key")
    return out
