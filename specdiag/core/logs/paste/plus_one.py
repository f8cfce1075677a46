"""A table whose drafts column writes each row's count as drafts plus one (`6.95+1`, `4 + 1`:
the drafts a verify step checks and the target's own token verified with them), a printed
length whose bonus nothing else decided, and a share in the same row that the length divides
by those positions (`length = share x (drafts + 1)`, within the printed rounding of all three
figures): the share is of every position a step verifies, the target's token among them, so the
length counts that token too: bonus included, by the row's own identity.

Read only where

- the header's cell over the `A+1` cells names drafting or proposing (`propose`, `draft`,
  `spec`), and the row's cell is a plain number, `+`, `1`, nothing else;
- exactly one other cell of the row, a share (a fraction from 0 to 1, or a percentage) under a
  header naming no position (no `@`, `pos`, `position`, `depth`), gives the length as share x
  (A + 1), and it does not also give it as share x A or 1 + share x A (a second reading);
- the record's bonus is still unknown (a decision another rule made stays).

Pure: a table and its records in, records out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN, Decision, PasteRecord, decided_notes
from specdiag.core.logs.paste.tables import Grid

_PLUS_ONE = re.compile(r"^[\s*_`]*(?P<a>\d{1,3}(?:\.\d{1,4})?)\s*\+\s*1[\s*_`]*$")
_DRAFT_HEAD = re.compile(r"propos|draft|spec", re.I)
_POSITION_HEAD = re.compile(r"@|\bpos|position|depth", re.I)


def _share(cell: str) -> C.Value | None:
    v = C.value(cell)
    if v is None or v.max is not None:
        return None
    x = v.number / 100 if v.percent else v.number
    return v if 0 < x <= 1 else None


def _length_decimals(r: PasteRecord) -> int | None:
    for _, text in r.fields:
        v = C.value(text)
        if v is not None and not v.percent and r.printed_length == v.number:
            return v.decimals
    return None


def rows(g: Grid, records: list[PasteRecord]) -> list[PasteRecord]:
    """The table's records with the bonus decided where the module's identity holds."""
    if not g.header or not any("+" in c for _, cells in g.rows for c in cells):
        return records
    head = g.header[-1]
    by_line = dict(g.rows)
    return [_decided(r, head, by_line.get(r.first_line)) for r in records]


def _decided(r: PasteRecord, head: list[str], cells: list[str] | None) -> PasteRecord:
    if (
        cells is None
        or len(cells) != len(head)
        or r.printed_length is None
        or r.bonus.value != UNKNOWN
        or r.first_line != r.last_line
    ):
        return r
    plus = [
        (j, m)
        for j, c in enumerate(cells)
        if (m := _PLUS_ONE.match(c)) and _DRAFT_HEAD.search(head[j])
    ]
    dec = _length_decimals(r)
    if len(plus) != 1 or dec is None:
        return r
    pj, m = plus[0]
    a_text = m.group("a")
    a = float(a_text)
    a_tol = C.half_unit(len(a_text.partition(".")[2]))
    length, l_tol = r.printed_length, C.half_unit(dec)
    fits: list[tuple[int, float]] = []
    for j, c in enumerate(cells):
        if j == pj or _POSITION_HEAD.search(head[j]) or (v := _share(c)) is None:
            continue
        s = v.number / 100 if v.percent else v.number
        s_tol = C.half_unit(v.decimals) / (100 if v.percent else 1)
        tol = l_tol + s_tol * (a + 1) + a_tol * s + 1e-9
        if abs(s * (a + 1) - length) <= tol:
            if abs(s * a - length) <= tol or abs(1 + s * a - length) <= tol:
                return r  # a second reading fits as well: nothing told
            fits.append((j, s))
    if len(fits) != 1:
        return r
    j, s = fits[0]
    why = (
        f"identity: length = share x (drafts + 1) ({length:g} = {s:g} x {a_text}+1, the "
        f"'{head[j]}' and '{head[pj]}' cells of its row): the share is of every position a "
        "step verifies, the target's own token among them"
    )
    return replace(
        r, accept_length=length, bonus=Decision(INCLUDED, why), notes=decided_notes(r.notes)
    )
