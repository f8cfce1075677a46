"""Two or more acceptance figures each given as a series over the same runs, one figure a line
(`- mean accept length: about 2.9, then 2.4` over `- draft acceptance rate: about 48%, then
37%`): the series pair by position, the first value of every line one run, the second the next.
The lines are written one run a line (`- mean accept length: about 2.9; draft acceptance rate:
about 48%` over `- mean accept length: 2.4; draft acceptance rate: 37%`), so each run is read as
one record with its own figures; a line left over (more figures than runs) is folded away.

Only consecutive lines (bullets or not), each one key and nothing but its series: two to four
values (a number, perhaps `%`, in backticks or not, perhaps after `about`, `~`, `≈`, `around`,
`roughly`), joined by `, then`, `then`, `,` or `;`; every line the same count of values, every
key an acceptance figure's name (`cells.key`: a length or a rate), two different figures, one a
length. Series of different lengths, a key naming another measure (`tok/s`), a line holding
prose besides the series, or more runs than lines stay as written.

A cheap gate (`then`, a comma or `;` in a line with `:`), then each line matched once.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

DROPPED = "\x00"  # (text.DROPPED: a line folded into the one above it)

_HEDGE = r"(?:(?:about|around|roughly|approx\.?|~|≈)\s*)?"
_VALUE = rf"{_HEDGE}`?\d+(?:\.\d+)?(?:\s?%)?`?"
_JOIN = r"(?:\s*,\s*then\s+|\s+then\s+|\s*[,;]\s*)"
_LINE = re.compile(
    rf"^(?P<lead>\s*(?:[-*+]\s+)?)(?P<key>[A-Za-z](?:[\w .()/-]{{0,60}}[\w)])?)\s*:\s*"
    rf"(?P<vals>{_VALUE}(?:{_JOIN}{_VALUE}){{1,3}})\s*\.?\s*$",
    re.I,
)
_ONE = re.compile(_VALUE, re.I)


def _series(line: str) -> tuple[str, str, list[str]] | None:
    """(lead, key, values) of a line that is one acceptance key and its series, or None."""
    m = _LINE.match(line)
    if m is None:
        return None
    key = m.group("key").strip()
    if C.key(key).metric not in (C.LENGTH, C.RATE):
        return None
    vals = [v.group(0).strip() for v in _ONE.finditer(m.group("vals"))]
    return m.group("lead"), key, vals


def paired(raw: list[str]) -> list[str]:
    """``raw`` with every run of series lines (see the module's rule) written one run a line."""
    if not any(":" in ln and ("then" in ln or "," in ln or ";" in ln) for ln in raw):
        return raw
    out = list(raw)
    i = 0
    while i < len(raw):
        first = _series(raw[i]) if ":" in raw[i] else None
        if first is None:
            i += 1
            continue
        group = [first]
        j = i + 1
        while j < len(raw) and len(group) < 6:
            nxt = _series(raw[j]) if ":" in raw[j] else None
            if nxt is None:
                break
            group.append(nxt)
            j += 1
        metrics = [C.key(k).metric for _, k, _ in group]
        runs = len(group[0][2])
        if (
            len(group) >= 2
            and all(len(v) == runs for _, _, v in group)
            and len(set(metrics)) == len(metrics)
            and C.LENGTH in metrics
            and runs <= len(group)
        ):
            lead = group[0][0]
            for r in range(len(group)):
                if r < runs:
                    out[i + r] = lead + "; ".join(f"{k}: {v[r]}" for _, k, v in group)
                else:
                    out[i + r] = DROPPED
        i = j
    return out
