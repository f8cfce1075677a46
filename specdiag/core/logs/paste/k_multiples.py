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

A statistics row of the runs (labelled ``Median``, ``Mean``, ``Average``, ``Avg`` or ``p50``)
printing a rate and no counts is no run: it does not count among the rows above nor block
them. It takes a length only where every run's row proves its rate column: its drafted count
a multiple of k (as above) and its printed rate accepted / drafted at its printed precision,
the statistics row's rate under the same column and within the runs' least and greatest. Each
run's length is then 1 + k x its rate, a monotone and linear function, so the statistic of the
lengths is 1 + k x the statistic's rate (a median's or a mean's alike), bonus included. A
statistics row printing counts is a row as any other; one printing a length or steps of its
own, or an approximate rate, is left as it was.

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

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_DRAFT,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    counted_length,
    decided_notes,
)

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


# a row that is a statistic of the runs, not a run
_STAT_LABEL = re.compile(r"^(?:median|mean|average|avg|p50)$", re.I)
# a rate printed as an approximation ('~73%', 'about 0.7')
_APPROX = re.compile(r"[~≈∼<>]|\b(?:about|around|approx\w*|roughly|circa)\b", re.I)


def _statistic_row(r: PasteRecord) -> bool:
    """``r`` a table's statistics row printing no counts (its label a statistic alone)."""
    return (
        r.kind == TABLE_ROW
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and any(_STAT_LABEL.match(C._MARKUP.sub("", v).strip()) for _, v in r.labels)
    )


def _rate_cell(r: PasteRecord) -> tuple[str, C.Value] | None:
    """(column, printed value) of ``r``'s one rate cell, else None."""
    shown = [
        (n, s)
        for n, s in r.fields
        if C.key(n).metric in (C.RATE, C.ACCEPT_RATIO) or C.ACCEPT_ALONE.match(n)
    ]
    if len(shown) != 1 or _APPROX.search(C._MARKUP.sub("", shown[0][1])) is not None:
        return None
    v = C.value(shown[0][1])
    if v is None or v.max is not None or v.spread is not None:
        return None
    return shown[0][0], v


def _rate_of_counts(r: PasteRecord) -> str | None:
    """The column of ``r``'s rate where it is its accepted / drafted counts at its printed
    precision, else None."""
    cell, acc, dra = _rate_cell(r), r.accepted_tokens, r.drafted_tokens
    if cell is None or r.printed_rate is None or acc is None or not dra:
        return None
    name, v = cell
    half = 0.5 * 10.0**-v.decimals / (100.0 if v.percent else 1.0)
    return name if abs(r.printed_rate - acc / dra) <= half + 1e-9 else None


def _stat_length(r: PasteRecord, k: int, column: str, low: float, high: float) -> PasteRecord:
    """``r`` (a statistics row) with 1 + k x its rate, where its rate is under ``column`` and
    within the runs' ``low`` and ``high``; else as it is."""
    cell, rate = _rate_cell(r), r.printed_rate
    if (
        cell is None
        or cell[0] != column
        or rate is None
        or not low <= rate <= high
        or r.steps is not None
        or r.printed_length is not None
        or r.accept_length is not None
        or r.bonus.value != UNKNOWN
        or r.per_position
    ):
        return r
    why = (
        f"computed: 1 + k x rate (1 + {k} x {rate:g}); a statistic of the runs' rates, each "
        f"run's rate accepted / drafted and its drafted count a multiple of the k the paste "
        f"states, so the statistic of their lengths 1 + k x rate"
    )
    return dataclasses.replace(
        r,
        accept_length=round(1 + k * rate, 6),
        accept_rate=rate,
        bonus=Decision(INCLUDED, why),
        rate_basis=Decision(
            PER_DRAFT, "the column's rate is accepted / drafted on every run's row"
        ),
        notes=decided_notes(r.notes),
    )


def steps_by_k(records: list[PasteRecord], k: int | None) -> list[PasteRecord]:
    """The table's records (``records``, one a row) with their steps and lengths where the
    paste's one ``k`` divides every drafted count (see the module's rules); else unchanged."""
    if k is None or k < 2:
        return records
    stats = {i for i, r in enumerate(records) if _statistic_row(r)}
    runs = [r for i, r in enumerate(records) if i not in stats]
    if len(runs) < 2 or k ** len(runs) < _CHANCE:
        return records
    if not all(_countable(r, k) for r in runs):
        return records
    columns = {_rate_of_counts(r) for r in runs} if stats else set()
    column = columns.pop() if len(columns) == 1 else None
    rates = [r.printed_rate for r in runs if r.printed_rate is not None]
    out = []
    for i, r in enumerate(records):
        if i not in stats:
            out.append(_by_k(r, k, "the paste states"))
        elif column is not None:
            out.append(_stat_length(r, k, column, min(rates), max(rates)))
        else:
            out.append(r)
    return out


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
