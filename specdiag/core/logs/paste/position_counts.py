"""Counts accepted at each draft position, out of the run's verify steps, in one cell:
`141/114/90 of 166` in a per-position row of a table of metrics as rows (`per-position
accepted`, `accepted per position`).

A chain's draft at position i is accepted only where every draft before it was, so the counts
never rise, and none passes the steps after `of` (each step drafts each position once, or stops
before it). Their sum is the drafts the run accepted, the number after `of` its verify steps:
1 + sum / steps is its length with the target's own token counted, each count over the steps the
unconditional rate of its position. The record's printed length then meets the identities
(1 + accepted / steps: included; accepted / steps: left out) the readers already check
(evidence.py); where neither holds, no length is claimed.

Never read: one count alone, counts that rise, a count past the steps, decimals, a share
(`%`) or any other word in the cell; nor a cell whose run prints an accepted count the sum
does not give (two counts of one run disagreeing), before or after it (checked once the run is
read: evidence._counted_positions).

Pure: a cell's text in, (counts, steps) out.
"""

from __future__ import annotations

import re

# 'N/N/N of S' (2 to 16 positions; ',' or spaces aside), perhaps 'steps' or 'verify steps' after S
_OF_STEPS = re.compile(
    r"^\s*(?P<counts>\d{1,9}(?:\s*/\s*\d{1,9}){1,15})\s+of\s+(?P<steps>\d{1,3}(?:,\d{3})+|\d{1,9})"
    r"(?:\s+(?:verify\s+|draft\s+)?(?:steps|rounds|drafts))?\s*$",
    re.I,
)


def read(cell: str) -> tuple[tuple[int, ...], int] | None:
    """The counts by position and the steps they are out of, or None (the module's rule)."""
    if " of " not in cell:
        return None
    m = _OF_STEPS.match(cell)
    if m is None:
        return None
    counts = tuple(int(x) for x in m.group("counts").split("/"))
    steps = int(m.group("steps").replace(",", ""))
    if steps <= 0 or any(c > steps for c in counts):
        return None
    if any(b > a for a, b in zip(counts, counts[1:], strict=False)):
        return None  # (a chain's counts never rise)
    return counts, steps
