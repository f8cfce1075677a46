"""A pair of acceptance figures named once in full, then written short in brackets: `12.5%
draft acceptance, mean accept length 1.875` in one sentence, further down `at 2k context (40.0%,
mean 3.8)`. The bracket holds nothing but a percentage and `mean` before a number, the order and
the first word of the named pair, so it is the same pair with its names left out: the bracket is
written with the paste's own names (`(40.0% draft acceptance, mean accept length 3.8)`) and read
as the full pair is.

Only after a full pair (a percentage, an acceptance rate's name of at most two words before
`acceptance`, perhaps `rate`, a comma, then `mean accept length` or `mean acceptance length` and
a number); a bracket before it, with another item (a unit after the number, `(40%, mean 3.8
GB)`), a mean with a name of its own (`(40%, mean latency 3.8)`), or a paste whose full pair
names something else (`40% GPU busy, mean queue 3.8`) stays as written. The number may sit on
the next line (a wrapped paragraph): the lines keep their count.

One search of the paste for the full pair (gated by `mean` and `%`); the brackets are then
rewritten in one pass over the text after it.
"""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?"
# the pair in full: '19.5% draft-token acceptance, mean accept length 2.36'
_FULL = re.compile(
    rf"\b{_NUM}\s?%\s+(?P<rate>(?:[A-Za-z][\w-]*\s+){{0,2}}acceptance(?:\s+rate)?)\s*,\s*"
    rf"(?:and\s+)?mean\s+(?P<length>accept(?:ance)?\s+length)\s+~?{_NUM}(?![\d.]\d)",
    re.I,
)
# the pair short: '(25.2%, mean 2.76)', the number perhaps on the next line
_SHORT = re.compile(
    rf"\((?P<r>{_NUM})\s?%,[ \t]*mean(?P<gap>[ \t]*\n?[ \t]*)(?P<l>{_NUM})\)",
    re.I,
)


def expanded(raw: list[str], text: str) -> list[str]:
    """``raw`` (the paste's lines) with every short bracket after the paste's first full pair
    written with that pair's names; ``raw`` itself where there is none."""
    if "mean" not in text or "%" not in text:
        return raw
    joined = "\n".join(raw)
    full = _FULL.search(joined)
    if full is None:
        return raw
    rate = " ".join(full.group("rate").split())
    length = " ".join(full.group("length").split())

    def long(m: re.Match[str]) -> str:
        return f"({m['r']}% {rate}, mean {length}{m['gap'] or ' '}{m['l']})"

    rest = joined[full.end() :]
    if "(" not in rest or _SHORT.search(rest) is None:
        return raw
    out = joined[: full.end()] + _SHORT.sub(long, rest)
    lines = out.split("\n")
    return lines if len(lines) == len(raw) else raw
