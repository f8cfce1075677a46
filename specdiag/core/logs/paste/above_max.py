"""A mean draft length above the row's draft maximum: tokens a step, the target's token counted.

A table column named as a statistic of a draft's length (`Mean draft len`, `avg drafted
length`, `mean accepted draft len`, `average accepted draft length`) is, read alone, either the
tokens drafted a step (a setting's name, `draft len`) or the drafts a step accepted (the bonus
left out by name). Both are at most the row's draft maximum: no step drafts, so none accepts,
more than `--draft-max` / `n-max` allows. Where the table gives each row's draft maximum (a
column named as one over a whole number, `| n-max |` over `| 2 |`) and a row's value lies above
it, by one at most (`2.76` at n-max 2), the column is neither: it is the tokens a verify step
emits, the accepted drafts and the target's own token, a length. The column is keyed a length;
the record's draft maximum then decides the bonus (a length above it counts the target's
token) and the column's other rows follow (one column, one way).

A value above the maximum by more than one (no per-step figure of the run), a column of whole
numbers (a setting), no draft-maximum column, or no row above its maximum leave the column as
its name reads.

Pure: a table's cells in, its keys out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, Decision, PasteRecord, decided_notes

# a statistic, then a draft's length: the drafts of a step, made or accepted
_DRAFT_LENGTH = re.compile(
    r"^(?:mean|avg|average)\s+(?:accepted\s+)?draft(?:ed)?(?:\s+tokens?)?\s+len(?:gth)?$"
)
# the metrics such a name may be read as alone: a setting, accepted drafts, nothing
_READ_AS = (None, C.K, C.ACC_PER_STEP, C.LABEL)
# a cell's value may pass the maximum by one, plus the rounding of its printed decimals
_LENGTH_KEY = C.Key(C.LENGTH, "mean draft length (tokens a step)", False)


def candidate(name: str, k: C.Key) -> bool:
    """Whether a column's name and key are a statistic of a draft's length (``_DRAFT_LENGTH``)."""
    return k.metric in _READ_AS and _DRAFT_LENGTH.match(C.norm(name)[0]) is not None


def keyed(
    rows: list[list[str]],
    names: list[str],
    keys: list[C.Key],
    maximum: Callable[[list[tuple[str, str]]], C.Value | None],
) -> dict[int, C.Key]:
    """The columns (by index) of a statistic of a draft's length to key as a length: each row's
    draft maximum by ``maximum`` over its other cells (name, cell), a value above it in one
    row at least, every value at most one above its row's maximum."""
    out: dict[int, C.Key] = {}
    for ci, (name, k) in enumerate(zip(names, keys, strict=True)):
        if not candidate(name, k):
            continue
        above = False
        ok = True
        seen = 0
        for cells in rows:
            if ci >= len(cells):
                continue
            v = C.value(cells[ci])
            if v is None:
                continue
            if v.percent or v.max is not None or v.number < 1.0:
                ok = False
                break
            seen += 1
            most = maximum(
                [(names[j], c) for j, c in enumerate(cells) if j != ci and j < len(names)]
            )
            if most is None:
                continue
            tol = C.half_unit(v.decimals)
            if v.number > most.number + 1 + tol:
                ok = False  # no per-step figure of the run: left as its name reads
                break
            if v.decimals > 0 and v.number > most.number + tol:
                above = True
        if ok and above and seen >= 1:
            out[ci] = _LENGTH_KEY
    return out


_CARRIED_RULE = (
    "value: the column of this name in another table of the paste is above its rows' draft "
    "maxima, tokens a step: the target's token counted (one name, one figure)"
)


def carried(records: list[PasteRecord]) -> list[PasteRecord]:
    """A later (or earlier) table's column of the same name as a column ``keyed`` proved a
    length (its rows' values above their draft maxima), there left a label because no row of
    its own passed its maximum: the same figure of the same paste, a length, the bonus counted.
    Each such record's label becomes its printed length (a record printing one already, or a
    value that is no decimal of 1 or more, is left)."""
    proven = {
        C.norm(n)[0]
        for r in records
        if r.bonus.value == INCLUDED
        for n, _ in r.fields
        if candidate(n, C.Key(None, "", False))
    }
    if not proven:
        return records
    out = []
    for r in records:
        hit = next(
            ((n, v) for n, v in r.labels if C.norm(n)[0] in proven and candidate(n, C.key(n))),
            None,
        )
        val = C.value(hit[1]) if hit is not None else None
        if (
            hit is None
            or val is None
            or val.percent
            or val.decimals == 0
            or val.number < 1.0
            or r.printed_length is not None
        ):
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                labels=tuple(p for p in r.labels if p is not hit),
                fields=(*r.fields, hit),
                printed_length=val.number,
                accept_length=val.number,
                bonus=Decision(INCLUDED, _CARRIED_RULE),
                notes=decided_notes(r.notes),
            )
        )
    return out
