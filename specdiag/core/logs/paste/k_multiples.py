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

A table whose rows each state their OWN k (a sweep keyed by a 'K' column, '| 8 | 152 | 132 |',
or 'k=8' in a row's label), where the paste states none: the same proof row by row. Where every
row's drafted count is a whole multiple of its own k, each step of that row drafted its k (so
the k's are no draft maxima, however large: a maximum's steps that drafted fewer would leave
the sum a multiple only by chance), its steps drafted / k and its length 1 + accepted / steps.
The chance that all rows divide is the product of 1 / k over the rows, so that product of the
k's must reach a hundred (two rows of k 8 and 16, three of 4, 5, 6). A row with no k of its
own, a k below 2, several k's in one row, or any row failing the conditions above leave the
table as it was.

Pure: records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
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
    return [_by_k(r, k, "the paste states") for r in records]


def _by_k(r: PasteRecord, k: int, whose: str) -> PasteRecord:
    """``r``'s length from its counts, ``k`` drafted every step (steps = drafted / k); ``whose``
    says where the k was stated."""
    acc, dra = r.accepted_tokens, r.drafted_tokens
    assert acc is not None and dra is not None
    steps = dra // k
    return counted_length(
        r,
        acc,
        steps,
        f"computed: 1 + accepted / steps ({acc} / {steps}); steps = drafted / k ({dra} / {k}): "
        f"every row's drafted count a multiple of the k {whose} (k drafts a step)",
    )


def _row_k(labels: list[tuple[str, str]]) -> int | None:
    """A row's own k: stated in its labels (interpret._k_of_labels: 'k=8', a 'num spec tokens'
    column) or a whole number under a column headed by the symbol alone ('| K |', '| γ |');
    None when none, several, or the two disagree."""
    said = I._k_of_labels(labels)
    bare: set[int] = set()
    for name, val in labels:
        head, cell = C._MARKUP.sub("", name).strip(), C._MARKUP.sub("", val).strip()
        if (I._BARE_K_HEADER.fullmatch(head) or head == "γ") and re.fullmatch(r"\d{1,3}", cell):
            bare.add(int(cell))
    if said is not None:
        return (
            int(said.number) if said.number == int(said.number) and bare <= {said.number} else None
        )
    return bare.pop() if len(bare) == 1 else None


def steps_by_row_k(records: list[PasteRecord]) -> list[PasteRecord]:
    """The table's records (``records``, one a row) with their steps and lengths where each row
    states its own k and divides its drafted count by it (see the module's rules); else
    unchanged."""
    if len(records) < 2 or any(r.drafted_tokens is None for r in records):
        return records
    ks = []
    for r in records:
        k = _row_k(list(r.labels))
        if k is None or k < 2:
            return records
        ks.append(k)
    chance = 1
    for k in ks:
        chance *= k
    if chance < _CHANCE or not all(_countable(r, k) for r, k in zip(records, ks, strict=True)):
        return records
    return [_by_k(r, k, "its own label states") for r, k in zip(records, ks, strict=True)]
