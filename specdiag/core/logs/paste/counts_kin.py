"""Counts printed alone beside the same run's counts printed with their share under a rate's
name in another table of the paste: ``| mtp3 | 717/1248 (57.45%) |`` under ``Draft acceptance
rate`` above, ``| mtp3 | 731/1248 |`` under ``accepted/proposed`` below.

A header naming counts alone (``accepted/proposed``, ``accepts/attempts``) does not say whether
the denominator counts drafted tokens or rounds, so such counts decide no length by themselves
(evidence.COMPUTED_COUNTS_K_RULE needs the share under a rate's name). Where the paste printed
counts of the same configuration (the same labels, every one) with the same drafted total under
a rate's name, and those gave the length 1 + k x accepted / drafted with a whole k, the counts
printed alone are of the same kind: the same length formula with that k.

Never where the drafted totals differ, the labels differ in any cell, the other record's k is
no whole number, or the record prints a length, steps or a decided convention of its own.

Pure: records in, records out; one pass to collect, one to decide.
"""

from __future__ import annotations

import dataclasses

from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste.model import (
    INCLUDED,
    UNDECIDED,
    Decision,
    PasteRecord,
    decided_notes,
)

RULE = (
    "computed: 1 + draft tokens per step x accepted / drafted tokens, the counts of the same "
    "configuration and drafted total printed with their share under a rate's name elsewhere "
    "in the paste (k = {k})"
)


def fold(records: list[PasteRecord]) -> list[PasteRecord]:
    """Records of counts alone given 1 + k x accepted / drafted where a record of the same
    labels and drafted total had that length from its named share (module docstring)."""
    known: dict[tuple[tuple[tuple[str, str], ...], int], tuple[int, PasteRecord]] = {}
    for r in records:
        if (
            r.bonus.rule == E.COMPUTED_COUNTS_K_RULE
            and r.accept_length is not None
            and r.accepted_tokens
            and r.drafted_tokens
        ):
            k = (r.accept_length - 1) * r.drafted_tokens / r.accepted_tokens
            if abs(k - round(k)) < 1e-4 and round(k) >= 1:
                known[(r.labels, r.drafted_tokens)] = (round(k), r)
    if not known:
        return records
    out = []
    for r in records:
        got = known.get((r.labels, r.drafted_tokens or 0))
        if (
            got is not None
            and got[1] is not r
            and got[1].first_line != r.first_line
            and r.bonus == UNDECIDED
            and r.accept_length is None
            and r.printed_length is None
            and r.steps is None
            and r.accepted_tokens is not None
            and r.drafted_tokens
            and r.accepted_tokens <= r.drafted_tokens
            and r.tool != "llamacpp"
        ):
            k = got[0]
            r = dataclasses.replace(
                r,
                accept_length=round(1 + k * r.accepted_tokens / r.drafted_tokens, 6),
                bonus=Decision(INCLUDED, RULE.format(k=k)),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out
