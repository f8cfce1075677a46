"""A length printed beside the marginal per-position rates of the same run: 1 + their sum.

    conditional : [0.816, 0.777, 0.750]
    marginal    : [0.816, 0.634, 0.475]
    AL          : 2.925

A marginal rate is the share of the verify steps that accepted draft position i (position i and
every one before it), so their sum is the accepted drafts per step and 1 + the sum the tokens a
step emits, the target's own counted. Where a length printed in the same block (no blank line
between) equals 1 + the sum within the printed rounding (half a unit of the length plus half a
unit of each rate) and the sum alone does not, the length counts the bonus token, and the rates
are its per-position rates. A ``conditional`` list (the chance of position i given the ones
before it: a chain of conditional rates) proves nothing and is never read here; nor is a list
whose rates rise (no marginal does), one holding a value above 1, nor a block with two marginal
lists.

Pure: records and the paste in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED, Decision, PasteRecord, decided_notes

# 'marginal : [0.816, 0.634]', 'marginal_accept_rates = (0.8, 0.6)', 'p_marginal: [...]'
_MARGINAL = re.compile(
    r"(?<![\w-])(?:p[_ ])?marginal(?:[ _-](?:accept(?:ance)?|acc))?(?:[ _-](?:rates?|probs?|"
    r"probabilit(?:y|ies)))?\s*[:=]\s*[\[(](?P<list>[^\[\]()\n]{1,200})[\])]",
    re.I,
)
_NUMBER = re.compile(r"^\d*\.\d+$|^[01]$")
# lines of a block searched on each side of a length's line
_REACH = 12


def _rates(listed: str) -> list[str] | None:
    items = [x.strip() for x in listed.split(",")]
    if len(items) < 2 or not all(_NUMBER.match(x) for x in items):
        return None
    vals = [float(x) for x in items]
    if any(v > 1 for v in vals) or any(b > a for a, b in zip(vals, vals[1:], strict=False)):
        return None
    return items


def _block(raw: list[str], line: int) -> list[str]:
    """The lines of the block (no blank line between) holding 1-based ``line``, at most
    ``_REACH`` on each side."""
    i = line - 1
    lo = i
    while lo > 0 and i - lo < _REACH and raw[lo - 1].strip():
        lo -= 1
    hi = i
    while hi + 1 < len(raw) and hi - i < _REACH and raw[hi + 1].strip():
        hi += 1
    return raw[lo : hi + 1]


def _decimals(x: str) -> int:
    return len(x.partition(".")[2])


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided by the marginal rates printed in their block."""
    if "marginal" not in text.lower():
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    for r in records:
        pl = r.printed_length
        if r.bonus != UNDECIDED or pl is None or not 1 <= r.first_line <= len(raw):
            out.append(r)
            continue
        lists = [
            m.group("list") for ln in _block(raw, r.first_line) for m in _MARGINAL.finditer(ln)
        ]
        rates = _rates(lists[0]) if len(lists) == 1 else None
        shown = [(v, x) for _, v in r.fields if (x := C.value(v)) is not None and x.number == pl]
        if rates is None or not shown:
            out.append(r)
            continue
        total = sum(float(x) for x in rates)
        tol = C.half_unit(shown[0][1].decimals) + sum(C.half_unit(_decimals(x)) for x in rates)
        if abs(1 + total - pl) > tol or abs(total - pl) <= tol:
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=pl,
                bonus=Decision(
                    INCLUDED,
                    f"identity: 1 + the sum of the marginal per-position rates ({total:.4g}) "
                    f"is the printed length {shown[0][0].strip()}",
                ),
                per_position=r.per_position or tuple(float(x) for x in rates),
                notes=decided_notes(r.notes),
            )
        )
    return out
