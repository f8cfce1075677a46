"""A rate printed with the counts it divides, and a count named after drafts that the paste's
stated k proves to be verify steps: `0.633 (378 drafts, 1676/2646)` in a paste stating `k=7`.

The cell reader (:func:`..cells.rate_with_counts`, read in interpret.py's tables) keeps the rate,
the accepted and drafted counts (the rate checked as accepted / drafted at its printed
precision) and the verify steps where the bracket names them so (`378 steps`, `378 rounds`,
`378 verify steps`): the length is then 1 + accepted / steps (:mod:`evidence`). A count named
after drafts (`378 drafts`, `378 proposals`) is draft rounds as often as draft tokens; it is
taken for the verify steps here only where the drafted tokens divide into it exactly k times
and the paste states that one k (k drafts a step: 2646 / 378 = 7 = k). Otherwise the rate and
its counts stand, and no length is claimed.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, Decision, PasteRecord, decided_notes


def drafts_as_steps(records: list[PasteRecord], k: int | None) -> list[PasteRecord]:
    """Each record whose rate cell names a drafts count that ``k`` proves to be verify steps,
    with its steps and its length 1 + accepted / steps (bonus included)."""
    if k is None or k < 2:
        return records
    out = []
    for r in records:
        acc, dra = r.accepted_tokens, r.drafted_tokens
        if r.accept_length is not None or r.printed_length is not None or r.steps is not None:
            out.append(r)
            continue
        rc = next(
            (
                got
                for _, text in r.fields
                if (got := C.rate_with_counts(text)) is not None
                and got.count is not None
                and got.per_count == k
                and got.accepted.number == acc
                and got.drafted.number == dra
            ),
            None,
        )
        if rc is None or rc.count is None or acc is None:
            out.append(r)
            continue
        steps = int(rc.count.number)
        out.append(
            dataclasses.replace(
                r,
                steps=steps,
                accept_length=round(1 + acc / steps, 6),
                bonus=Decision(
                    INCLUDED,
                    f"computed: 1 + accepted / steps ({acc} / {steps}); the '{rc.count_name}' "
                    f"count is verify steps: drafted / {rc.count_name} = {dra} / {steps} = {k}, "
                    f"the k the paste states (k drafts a step)",
                ),
                notes=decided_notes(r.notes),
            )
        )
    return out
