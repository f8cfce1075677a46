"""A table row that accepted no draft, printing a length of exactly 1: the length column counts
the target's own token.

    | step | loss  | agreement | accept len |
    |   10 | 14.74 | 0.000     | 1.000      |
    |  400 |  6.32 | 0.069     | 1.244      |

A row whose acceptance rate, or whose draft-target agreement (``accuracy``, ``agreement``,
``top-1 acc``, ``match rate``: the share of drafts the target would keep), is printed as exactly
zero accepted no draft: a length that leaves the target's token out is 0 there, one that counts
it is 1 (each step emits the target's token alone). A length of exactly 1 on that row therefore
counts the bonus, and so does the rest of its column (one column, one way). This is the run
without drafts printing 1.00 (``interpret._baseline_ones``), told by the row's zero rather than
its label.

Never decided where the zero is not exact (``~0``, ``0.01``, ``0.0`` as a fraction: up to 0.05
a draft, enough for 64 drafts a step to make a 1 of accepted drafts alone), where a zero row
prints another length (the zero then counts something else), or where the header names a task's
accuracy (``gsm8k accuracy``, ``eval acc``): only bare agreement words, perhaps after ``draft``,
``top-1``, ``token`` or ``greedy``.

Pure: a table and its records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED, Decision, PasteRecord, decided_notes
from specdiag.core.logs.paste.tables import Grid

# a column of the draft's agreement with the target, under any of its bare names
_AGREEMENT = re.compile(
    r"^(?:(?:draft|top ?1|top|token|greedy|draft target|draft vs target|spec)\s+)*"
    r"(?:acc|accuracy|agreement|match|match rate|hit rate)$"
)
# a zero printed exactly ('0.000', '0%', '0.00 %'), nothing around it
_ZERO = re.compile(r"^0(?:[.,](?P<dec>0+))?\s*(?P<pct>%)?$")
# the most drafts one step may make: a bound on what a printed zero may hide
_MOST_DRAFTS = 64


def _zero_bound(cell: str) -> float | None:
    """The most a cell printed as exactly zero may be, as a fraction; None when not such a zero."""
    m = _ZERO.match(C._MARKUP.sub("", cell).strip())
    if m is None:
        return None
    bound = C.half_unit(len(m.group("dec") or ""))
    return bound / 100 if m.group("pct") else bound


def _zero_column(k: C.Key, name: str) -> bool:
    return k.metric == C.RATE or (
        k.metric is None and _AGREEMENT.match(C.norm(name)[0]) is not None
    )


def at_zero(
    g: Grid, cols: list[tuple[str, str]], keys: list[tuple[C.Key, str]], recs: list[PasteRecord]
) -> list[PasteRecord]:
    """``recs`` (the table's records), those on a zero row printing a length of exactly 1 decided
    as counting the bonus (a 'value:' rule: the column's other rows follow it)."""
    zero_cols = [
        i
        for i, ((k, _), (_, name)) in enumerate(zip(keys, cols, strict=True))
        if _zero_column(k, name)
    ]
    length_cols = [i for i, (k, _) in enumerate(keys) if k.metric == C.LENGTH]
    if not zero_cols or not length_cols:
        return recs
    ones: set[int] = set()
    for line, cells in g.rows:
        bounds = [
            b for i in zero_cols if i < len(cells) and (b := _zero_bound(cells[i])) is not None
        ]
        if not bounds:
            continue
        for i in length_cols:
            v = C.value(cells[i]) if i < len(cells) else None
            if v is None or v.percent:
                continue
            low = 1.0 - C.half_unit(v.decimals)
            if abs(v.number - 1.0) > 1e-9 or _MOST_DRAFTS * max(bounds) >= low:
                return recs  # another length where nothing was accepted, or a loose zero
            ones.add(line)
    if not ones:
        return recs
    out = []
    for r in recs:
        if r.first_line in ones and r.bonus == UNDECIDED and r.printed_length == 1.0:
            r = dataclasses.replace(
                r,
                accept_length=1.0,
                bonus=Decision(
                    INCLUDED,
                    "value: the row that accepted no draft (its acceptance or agreement is "
                    "exactly 0) prints 1: the column counts the target's own token",
                ),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out
