"""A tool's status lines: one run a line, its fields apart by two spaces or more or by a spaced
``·`` (``•``, ``|``), one field a bare ``accept`` and its value (``interpret._field_accept``):
``run-b   41.0 tok/s   accept 2.30  (1.6x)``, ``700 tokens · 9.8s · accept 1.90/round · 370
target fwds``. What the block of such lines proves of the length they print:

- **a baseline line printing 1.00** (its first field names the run without drafts:
  ``baseline   20.5 tok/s   accept 1.00``): one token a step, so the field counts the target's
  own token; that line is no record (no draft was made), and the block's other lengths of the
  bare ``accept`` field count it too;
- **the line's own counts**: ``N tokens`` and ``M target fwds`` (``target forwards``, ``verify
  steps``, ``rounds``) fields on the very line of the length: the length is N / M (or (N - 1) /
  M, the prefill's forward counted) within the printed rounding: the bonus counted; N / M - 1:
  left out.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    Decision,
    PasteRecord,
    decided_notes,
)

# a field counting the run's tokens, and one counting its verify steps ('881 tokens', '496
# target fwds'), each a whole field (a gap or the line's end on either side)
_FIELD_OPEN = r"(?:^|\s{2}|[·•|]\s*)"
_FIELD_CLOSE = r"(?=\s{2}|\s*[·•|]|\s*$)"
_TOKENS = re.compile(
    _FIELD_OPEN + r"(\d{1,9})\s+(?:output\s+|generated\s+|new\s+)?tokens" + _FIELD_CLOSE, re.I
)
_STEPS = re.compile(
    _FIELD_OPEN
    + r"(\d{1,9})\s+((?:target\s+(?:fwds|forwards|forward\s+passes|passes)|verify\s+steps|"
    r"verifications|rounds|cycles))" + _FIELD_CLOSE,
    re.I,
)


def _accept_field(r: PasteRecord) -> bool:
    """Whether ``r`` is read from one line's bare ``accept`` field: a length alone."""
    return (
        r.first_line == r.last_line
        and len(_accepts(r)) == 1
        and r.printed_length is not None
        and r.printed_rate is None
        and r.bonus == UNDECIDED
    )


def _accepts(r: PasteRecord) -> list[str]:
    """The values of ``r``'s bare ``accept`` fields, as printed."""
    return [v for k, v in r.fields if k.split()[-1:] == ["accept"]]


def _decided(r: PasteRecord, value: str, rule: str) -> PasteRecord:
    assert r.printed_length is not None
    return dataclasses.replace(
        r,
        accept_length=r.printed_length if value == INCLUDED else r.printed_length + 1,
        bonus=Decision(value, rule),
        notes=decided_notes(r.notes),
    )


def _within(a: float, b: float, shown: str) -> bool:
    """``a`` printed as ``shown`` (its decimals) agrees with ``b``."""
    dec = len(shown.split(".", 1)[1]) if "." in shown else 0
    return abs(a - b) <= 0.5 * 10.0**-dec + 1e-9


def _by_counts(r: PasteRecord, line: str) -> PasteRecord:
    """``r`` decided by the counts of tokens and steps its own status line prints."""
    toks, steps = list(_TOKENS.finditer(line)), list(_STEPS.finditer(line))
    if len(toks) != 1 or len(steps) != 1 or r.printed_length is None:
        return r
    n, m = int(toks[0].group(1)), int(steps[0].group(1))
    if m <= 0 or n < m:
        return r
    shown = _accepts(r)[0]
    why = f"identity: {n} tokens / {m} {steps[0].group(2)}"
    if _within(r.printed_length, n / m, shown) or _within(r.printed_length, (n - 1) / m, shown):
        return _decided(r, INCLUDED, why + " = the printed length (bonus included)")
    if _within(r.printed_length, n / m - 1, shown):
        return _decided(r, EXCLUDED, why + " = 1 + the printed length (bonus left out)")
    return r


def block(records: list[PasteRecord], lines: list[tuple[int, str]]) -> list[PasteRecord]:
    """A block's records where its status lines decide them (above); the baseline's line of 1.00
    dropped where it decided the others."""
    if not any(_accept_field(r) for r in records):
        return records
    text = dict(lines)
    base = [
        r
        for r in records
        if _accept_field(r)
        and r.printed_length == 1.0
        and I.field_baseline(text.get(r.first_line, ""))
    ]
    out: list[PasteRecord] = []
    for r in records:
        if base and r in base:
            continue  # the run without drafts: no record
        if _accept_field(r):
            r = _by_counts(r, text.get(r.first_line, ""))
        if base and _accept_field(r):
            r = _decided(
                r,
                INCLUDED,
                "value: the run without drafts prints accept 1.00, one token per step: the "
                "field counts the target's own token",
            )
        out.append(r)
    return out
