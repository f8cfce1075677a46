"""A metrics-as-rows table's length decided by a rate row and the paste's k: 1 + k x rate.

    Measured with 4 speculative tokens a step, batch 8.

    Metric Build A Build B
    Decode speed 61.2 tok/s 58.0 tok/s
    Draft acceptance rate 63.50% 57.25%
    Accept length 3.540 tokens/step 3.290 tokens/step

A table of metrics as rows (``flat_table.metric_rows``, read one record a column) printing an
acceptance length in one row and, in another, a share per column under a label whose last words
name an acceptance rate (``Draft acceptance rate``; any one or two words before them, whatever
they say): where the paste states one number of draft tokens a step k (the flags and settings
``interpret.k_stated`` reads, or a number right before ``speculative tokens`` / ``draft tokens``,
every such number the same) and, in every column, the length equals 1 + k x share within the
printed rounding (half a unit of the length plus k half-units of the share) and k x share does
not, each step drafted k tokens and accepted k x share of them: the length counts the target's
own token (bonus included); equal to k x share in every column instead, and 1 + k x share in
none, it counts the accepted drafts alone (excluded). The rate row itself is not read as a rate
(its label may name another measure first); only the identity it gives is used, and only where
it holds in every column (two columns at least); a row read as the records' rate (a plain
label) gives the same shares.

A column whose length or share is missing, a share's digits too coarse to tell (k half-units
of 0.1 or more), two k's, or a table with no such row decide nothing.

Pure: records and the paste in, records out; the table's own lines only, once a paste.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import flat_table as FT
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    PasteRecord,
    printed_decided,
)

_TRANSPOSED = "(transposed)"
# a number of draft tokens a step written before its noun ('7 speculative tokens', '3 draft
# tokens'): the k of the runs told in prose
_SPELLED_K = re.compile(r"(?<![\w.,])(\d{1,2})[ -](?:speculative|draft)[ -]tokens?\b", re.I)
# the last words of a row's label naming an acceptance rate
_RATE_TAIL = re.compile(r"(?:^|\s)((?:draft\s+)?accept(?:ance)?\s+rate)$", re.I)
_SHARE = re.compile(r"^(\d+(?:\.\d+)?)%$")


def _k(text: str) -> int | None:
    k = I.k_stated(text)
    if k is not None:
        return k
    spelled = {int(m.group(1)) for m in _SPELLED_K.finditer(text)}
    spelled.discard(0)
    return spelled.pop() if len(spelled) == 1 else None


def _shares(lines: list[str]) -> list[C.Value] | None:
    """The one row of shares under an acceptance rate's label, one a column."""
    found: list[list[C.Value]] = []
    for t in lines:
        row = FT._metric_row(t.strip())
        if row is None or (m := _RATE_TAIL.search(row[0])) is None:
            continue
        if C.key(m.group(1)).metric != C.RATE or len(row[0].split()) > 5:
            continue
        vals = [C.value(c) for c in row[1] if _SHARE.match(c)]
        if len(vals) != len(row[1]) or any(v is None for v in vals):
            return None
        found.append([v for v in vals if v is not None])
    return found[0] if len(found) == 1 else None


def _length(r: PasteRecord) -> C.Value | None:
    for name, shown in r.fields:
        if (
            C.key(name).metric == C.LENGTH
            and (v := C.value(shown)) is not None
            and abs(v.number - (r.printed_length or -1.0)) < 1e-9
        ):
            return v
    return None


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """The transposed metrics table's undecided lengths, by 1 + k x its rate row's shares."""
    cols = [
        i
        for i, r in enumerate(records)
        if _TRANSPOSED in r.structure
        and r.bonus == UNDECIDED
        and r.printed_length is not None
        and len(r.labels) == 1
        and r.labels[0][0] == "column"
    ]
    if len(cols) < 2 or "rate" not in text.lower():
        return records
    first, last = records[cols[0]].first_line, records[cols[0]].last_line
    if any((records[i].first_line, records[i].last_line) != (first, last) for i in cols):
        return records
    k = _k(text)
    if k is None or k < 1:
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    shares = _shares(raw[first - 1 : last])
    if shares is None or len(shares) < len(cols):
        return records
    fits: list[tuple[bool, bool]] = []
    for i in cols:
        r = records[i]
        pos = r.labels[0][1].removeprefix("column ").strip()
        lv = _length(r)
        if not pos.isdigit() or not 1 <= int(pos) <= len(shares) or lv is None:
            return records
        share = shares[int(pos) - 1]
        rate = share.number / 100.0
        tol = C.half_unit(lv.decimals) + k * C.half_unit(share.decimals) / 100.0
        if tol >= 0.1:
            return records
        inc = abs(lv.number - (1 + k * rate)) <= tol
        exc = abs(lv.number - k * rate) <= tol
        fits.append((inc, exc))
    if (way := C.one_way(fits)) is None:
        return records
    value, words = (INCLUDED, "1 + ") if way else (EXCLUDED, "")
    rule = (
        f"identity: printed length = {words}k x rate in every column, k = {k} as the paste "
        "states, the rate from the table's acceptance rate row (k drafts a step)"
    )
    out = list(records)
    for i in cols:
        out[i] = printed_decided(out[i], value, rule)
    return out
