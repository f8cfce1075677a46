"""One table's columns told twice: a table of per-position rates beside a table of lengths of
the same drafters ('| Position | draft A | draft B |' rows 0..4 next to '| Subset | draft A |
draft B |' ending in an 'Average' row).

A per-position column is the run of the lengths table's column of the same name: 1 + the sum
of its per-position rates is the accepted drafts per step plus the target's own token, so where
it equals that column's summary length ('Average', 'Mean', 'Overall'), within the printed
rounding, and the sum alone does not (the other reading), the column's lengths count the bonus
token: every length of that column in that table is decided, and the per-position rates join
the summary row's record instead of being a record of their own. Where the identity fails, or
no column of the same name has a summary length, nothing is changed.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import (
    INCLUDED,
    UNDECIDED,
    PasteRecord,
    positions_alone,
    printed_decided,
    without,
)

_COLUMN = "column"


def _column(r: PasteRecord) -> str | None:
    """The table column a record was read from: its 'column' label, else (a table of one
    figure column) the name of its one cell."""
    named = dict(r.labels).get(_COLUMN)
    if named is not None:
        return named
    return C._MARKUP.sub("", r.fields[0][0]).strip() if len(r.fields) == 1 else None


def positions_only(r: PasteRecord) -> bool:
    """Whether a record is a table row of per-position rates and nothing else."""
    return positions_alone(r) and "table" in r.structure


def _decimals(x: float) -> int:
    s = repr(x)
    return len(s.partition(".")[2]) if "." in s and "e" not in s else 6


def _shown_decimals(r: PasteRecord) -> int | None:
    """The decimals of the record's length as printed in its cell."""
    for _, shown in r.fields:
        v = C.value(shown)
        if v is not None and not v.percent and abs(v.number - (r.printed_length or -1)) < 1e-9:
            return v.decimals
    return None


def _fits(length: float, decimals: int, positions: tuple[float, ...]) -> tuple[bool, bool]:
    """(1 + sum fits the length, the sum alone fits it), within the printed rounding."""
    s = sum(positions)
    tol = C.half_unit(decimals) + sum(C.half_unit(_decimals(p)) for p in positions) + 1e-9
    return abs(length - (1 + s)) <= tol, abs(length - s) <= tol


def fold(records: list[PasteRecord], block_of: list[int]) -> tuple[list[PasteRecord], list[int]]:
    """Per-position columns joined to the lengths table's column of the same name, where the
    identity 1 + sum = the column's summary length holds (see the module's rules)."""
    pos = [i for i, r in enumerate(records) if positions_only(r) and dict(r.labels).get(_COLUMN)]
    if not pos:
        return records, block_of
    out = list(records)
    dropped: set[int] = set()
    for i in pos:
        p = records[i]
        name = dict(p.labels)[_COLUMN]
        summaries = [
            j
            for j, r in enumerate(records)
            if j != i
            and block_of[j] != block_of[i]
            and r.summary_row
            and r.printed_length is not None
            and _column(r) == name
            and not positions_only(r)
        ]
        if len(summaries) != 1:
            continue
        j = summaries[0]
        avg = records[j]
        decimals = _shown_decimals(avg)
        if decimals is None or avg.printed_length is None:
            continue
        with_bonus, no_bonus = _fits(avg.printed_length, decimals, p.per_position)
        if not with_bonus or no_bonus:
            continue
        rule = (
            f"identity: 1 + the sum of column {name!r}'s per-position rates (line "
            f"{p.first_line}) = its {avg.printed_length:g} summary length"
        )
        for m, r in enumerate(out):
            if (
                block_of[m] == block_of[j]
                and _column(r) == name
                and r.printed_length is not None
                and r.bonus == UNDECIDED
            ):
                out[m] = printed_decided(r, INCLUDED, rule)
        if not out[j].per_position:
            out[j] = dataclasses.replace(
                out[j],
                per_position=p.per_position,
                fields=out[j].fields + p.fields,
                notes=(*out[j].notes, f"per-position rates from the table at line {p.first_line}"),
            )
        dropped.add(i)
    return without(out, block_of, dropped)
