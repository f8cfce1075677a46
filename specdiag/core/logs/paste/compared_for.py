"""A figure's value and its unit, then a second bare value for another configuration: `Draft
acceptance 2.63 tokens per step 4.45 for the reference package` (a two-column row copied from a
web page: this run's cell, then the comparison's). The unit written after the first value is
that value's, never the key of the second; the second value, followed by `for` and what it was
measured for, is the same figure of that other configuration: the reader gets the figure's name
written before it (one record each). A second value of another form (`%` on one side only), no
`for` after it, or no acceptance name before the first leave the line as it was.

Pure: a line in, the line (perhaps with the name written again) out; linear: one bounded match
per acceptance name.
"""

from __future__ import annotations

import re

_NAME = (
    r"(?:(?:mean|avg|average)[ \t]+)?(?:draft[ \t]+)?(?:acceptance|accept)"
    r"(?:[ \t]+(?:length|len|rate))?"
)
_UNIT = (
    r"%|tokens?[ \t]+per[ \t]+(?:step|round|forward(?:[ \t]+pass)?)|"
    r"tok(?:ens)?/(?:step|round|fwd|forward)"
)
_ROW = re.compile(
    rf"(?<![\w-])(?P<name>{_NAME})[*`]{{0,2}}(?:[ \t]*[:=])?[ \t]*[*`]{{0,2}}(?:[~≈][ \t]?)?"
    r"(?P<v1>\d+(?:\.\d+)?)[ \t]*(?P<unit>" + _UNIT + r")[*`]{0,2}"
    r"(?P<sep>[ \t]*[,;(—–][ \t]*|[ \t]+)"
    r"(?P<v2>[*`]{0,2}[~≈]?\d+(?:\.\d+)?[ \t]*%?[*`]{0,2})"
    r"(?=[ \t]+for[ \t]+[^\s\d])",
    re.I,
)


def rewrite(text: str) -> str:
    """The line with the figure's name written before a second value for another configuration."""
    if " for " not in text or "accept" not in text.lower():
        return text

    def named(m: re.Match[str]) -> str:
        pct1 = m.group("unit") == "%"
        pct2 = "%" in m.group("v2")
        if pct1 != pct2 or ("." in m.group("v1")) != ("." in m.group("v2")):
            return m.group(0)
        sep = m.group("sep") if m.group("sep").strip() else "; "
        head = m.group(0)[: m.start("sep") - m.start()]
        return f"{head}{sep}{m.group('name').lower()} {m.group('v2')}"

    return _ROW.sub(named, text)
