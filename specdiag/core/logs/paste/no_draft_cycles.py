"""Steps counted with the cycles that drafted nothing: no acceptance length of them.

A stats dump may count every cycle of its scheduler (`cycles=120`), and beside it, in the same
block, how many of those cycles proposed no draft at all (`no_draft=70`, `no-draft: 70`,
`undrafted=70`). Accepted drafts over such a count (`avg_accept=0.31`, or accepted / cycles
computed) is a mean over cycles, some of them plain decode steps that verified nothing: no
tokens a verify step, so no acceptance length, whichever way the bonus is counted. The record
keeps its printed figure and its rate (accepted over drafted tokens, which no undrafted cycle
touches); its length is left undecided.

A count of zero, a count of no fewer cycles than the steps, a count in another block (a blank
line between), or a record with no count of steps leave it as before.

Pure: records and the paste's lines in, records out; one pass over each record's block.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste.model import BONUS_UNKNOWN, UNDECIDED, PasteRecord

# a count of cycles with no draft: 'no_draft=65', 'no-drafts: 12', 'undrafted = 7'
_NO_DRAFT = re.compile(
    r"(?<![\w-])(?:no[_ -]?drafts?|undrafted|without[_ -]drafts?)\s*[=:]\s*(\d{1,9})(?![\w.])",
    re.I,
)
_NOTE = (
    f"{BONUS_UNKNOWN}: the steps count cycles that drafted nothing ('{{words}}' in the same "
    "block): a mean over cycles, no tokens a verify step"
)


def _block(raw: list[str], first: int, last: int) -> list[str]:
    """The lines (1-based ``first``..``last``) and the non-blank lines touching them."""
    lo, hi = first, last
    while lo > 1 and raw[lo - 2].strip():
        lo -= 1
    while hi < len(raw) and raw[hi].strip():
        hi += 1
    return raw[lo - 1 : hi]


def undo(records: list[PasteRecord], raw: list[str]) -> list[PasteRecord]:
    """Records whose length is over steps the block says include undrafted cycles, with no
    length (see the module)."""
    if not any("draft" in t.lower() for t in raw):
        return records
    out = []
    for r in records:
        if r.steps is None or r.accept_length is None or r.steps <= 0:
            out.append(r)
            continue
        hit = None
        for t in _block(raw, r.first_line, r.last_line):
            for m in _NO_DRAFT.finditer(t):
                if 0 < int(m.group(1)) < r.steps:
                    hit = m.group(0)
                    break
            if hit is not None:
                break
        if hit is None:
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=None,
                bonus=UNDECIDED,
                notes=(*r.notes, _NOTE.format(words=hit)),
            )
        )
    return out
