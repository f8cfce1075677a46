"""A table of runs printing their accepted and drafted token counts, no verify steps and no
length, in a paste that states one k (`num_speculative_tokens 7`, `k=4`): where every run's
drafted count is a whole multiple of that k, each verify step drafted k tokens, so the run's
verify steps are drafted / k and its length 1 + accepted / steps (bonus included).

The proof is the paste's own numbers: a drafted count that is no multiple of k (a run whose
drafts stopped early, a k that is a maximum, a tree) leaves every row of the table as it was.
One row proves little (one count in k divides by chance), so the table needs rows enough that
chance alone would divide them all at most once in a hundred (k ** rows >= 100: three rows at
k = 5 or more, four at k = 4 or 3, seven at k = 2). A row printing a length or steps of its own,
an accepted count above its drafted one, or a k below 2 leave the table as it was.

Pure: records in, records out.
"""

from __future__ import annotations

from specdiag.core.logs.paste.model import PasteRecord, counted_length

# rows enough that k ** rows reaches this: a chance of one in a hundred that they all divide
_CHANCE = 100


def _countable(r: PasteRecord, k: int) -> bool:
    acc, dra = r.accepted_tokens, r.drafted_tokens
    return (
        acc is not None
        and dra is not None
        and 0 <= acc <= dra
        and dra > 0
        and dra % k == 0
        and r.steps is None
        and r.accept_length is None
        and r.printed_length is None
    )


def steps_by_k(records: list[PasteRecord], k: int | None) -> list[PasteRecord]:
    """The table's records (``records``, one a row) with their steps and lengths where the
    paste's one ``k`` divides every drafted count (see the module's rules); else unchanged."""
    if k is None or k < 2 or len(records) < 2 or k ** len(records) < _CHANCE:
        return records
    if not all(_countable(r, k) for r in records):
        return records
    out = []
    for r in records:
        acc, dra = r.accepted_tokens, r.drafted_tokens
        assert acc is not None and dra is not None
        steps = dra // k
        out.append(
            counted_length(
                r,
                acc,
                steps,
                f"computed: 1 + accepted / steps ({acc} / {steps}); steps = drafted / k "
                f"({dra} / {k}): every row's drafted count a multiple of the k the paste "
                f"states (k drafts a step)",
            )
        )
    return out
