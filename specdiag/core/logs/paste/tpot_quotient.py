"""A length worked out as a time over the paste's time per output token: `accept len:
88.1/27.4=3.22` where the paste prints TPOT 27.4 (ms) in a benchmark's table or summary. A time
over the time each output token took is output tokens per that time; named a length, it is the
tokens a step emits, every output token counted, the target's own too: bonus included.

Only a record whose printed length is undecided, its own lines (three at most) holding the
quotient `a / b = value` (the value its printed length, a / b within one unit of its last
decimal: rounded or cut), and `b` the first figure after a TPOT's name (`TPOT`, `time per
output token`, 60 characters at most on) somewhere in the paste. A divisor that is no TPOT the
paste prints, a quotient not equal to its value, or a decided record stay as before.
Pure: records and the paste in, records out; the paste's TPOT names scanned once.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN, PasteRecord, printed_decided

_QUOTIENT = re.compile(
    r"(?<![\d.])(?P<a>\d+(?:\.\d+)?)\s*/\s*(?P<b>\d+(?:\.\d+)?)\s*=\s*(?P<v>\d+(?:\.\d+)?)(?![\d.])"
)
_TPOT = re.compile(
    r"\b(?:TPOT|time\s+per\s+output\s+token)\b[^\d\n]{0,60}?(?<![\d.])(?P<t>\d+(?:\.\d+)?)",
    re.I,
)
RULE = (
    "worked: a time over the paste's TPOT (time per output token) is output tokens per step, "
    "the target's own token counted"
)


def _open(r: PasteRecord) -> bool:
    """Whether ``r`` prints a length no rule decided."""
    return r.printed_length is not None and r.accept_length is None and r.bonus.value == UNKNOWN


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """``records`` with each length worked as a time over the paste's TPOT decided: bonus
    included, the length as printed."""
    if not any(_open(r) for r in records):
        return records
    if "/" not in text or (tpots := {float(m.group("t")) for m in _TPOT.finditer(text)}) == set():
        return records
    lines = text.splitlines()
    out = list(records)
    for i, r in enumerate(records):
        if not _open(r) or (pl := r.printed_length) is None:
            continue
        own = "\n".join(lines[r.first_line - 1 : min(r.last_line, r.first_line + 2)])
        for m in _QUOTIENT.finditer(own):
            v, a, b = C.value(m.group("v")), float(m.group("a")), float(m.group("b"))
            if v is None or b <= 0 or b not in tpots or abs(v.number - pl) > 1e-9:
                continue
            if abs(a / b - v.number) < 10.0**-v.decimals:  # (rounded or cut)
                out[i] = printed_decided(r, INCLUDED, RULE)
                break
    return out
