"""Two changes of two figures, told in nearby sentences, between the same two runs.

A report of a regression often tells the change of the rate in one sentence and the change of
the length it causes in the next (`draft acceptance falls from ~70% to ~40% after the upgrade.
... so tokens per step drop from 2.4 to 1.6.`). Each change is read as two prose records on its
line (the values before and after). Where a paste's records are exactly two such changes, one
of a rate (two records on one line, rate alone, the ends of one `from A to B` or `A → B`) and
one of a length (likewise, length alone), within a few lines of each other and both moving the
same way (both falling or both rising), the two changes compare the same two runs: the rate of
each end joins the length of the same end (one record each end, noting it), the rates' records
go.

A paste with any other record, changes moving opposite ways or a value unchanged, two changes of
one figure, or changes far apart leave the records as they were.

Pure: records in, records out; a look at the records only where a paste holds exactly four.
"""

from __future__ import annotations

import dataclasses

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import change_restated as CHR
from specdiag.core.logs.paste.model import PasteRecord

_PROSE = ("prose", "key-value")
_NEAR = 4  # the most lines between the two changes
NOTE = "the rate's change at line {line} told the same two runs: {rate} here"


def _change(pair: list[PasteRecord], raw: list[str]) -> tuple[str, PasteRecord, PasteRecord] | None:
    """(kind, the record before, the record after) of two records on one line that are the
    ends of one change printed there, or None."""
    a, b = pair
    ln = a.first_line
    if (
        b.first_line != ln
        or a.last_line != ln
        or b.last_line != ln
        or a.structure not in _PROSE
        or b.structure not in _PROSE
        or not 0 < ln <= len(raw)
        or a.labels != b.labels
    ):
        return None
    oa, ob = CHR._one(a), CHR._one(b)
    if oa is None or ob is None or oa[0] != ob[0]:
        return None
    line = raw[ln - 1]
    for m in CHR._CHANGE.finditer(C._MARKUP.sub("", line)):
        ends = (m.group("a").replace(" ", ""), m.group("b").replace(" ", ""))
        said = (oa[1].replace(" ", "").lstrip("~≈"), ob[1].replace(" ", "").lstrip("~≈"))
        if said == ends:
            return (oa[0], a, b)
    return None


def _delta(kind: str, before: PasteRecord, after: PasteRecord) -> float:
    if kind == "rate":
        return (after.printed_rate or 0.0) - (before.printed_rate or 0.0)
    return (after.printed_length or 0.0) - (before.printed_length or 0.0)


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` with a rate's change joined to a length's change between the same two runs
    (see the module's rules)."""
    if len(records) != 4:
        return records, block_of
    order = sorted(range(4), key=lambda i: (records[i].first_line, i))
    first = _change([records[order[0]], records[order[1]]], raw)
    second = _change([records[order[2]], records[order[3]]], raw)
    if first is None or second is None or first[0] == second[0]:
        return records, block_of
    if second[1].first_line - first[1].first_line > _NEAR:
        return records, block_of
    rate, length = (first, second) if first[0] == "rate" else (second, first)
    dr, dl = _delta(*rate), _delta(*length)
    if dr == 0 or dl == 0 or (dr > 0) != (dl > 0):
        return records, block_of
    joined = {}
    for r, lr in ((rate[1], length[1]), (rate[2], length[2])):
        shown = C._MARKUP.sub("", r.fields[0][1]).strip()
        joined[id(lr)] = dataclasses.replace(
            lr,
            printed_rate=r.printed_rate,
            accept_rate=r.accept_rate,
            rate_basis=r.rate_basis,
            fields=(*lr.fields, *r.fields),
            notes=(*lr.notes, NOTE.format(line=r.first_line, rate=shown)),
        )
    gone = {id(rate[1]), id(rate[2])}
    kept = [
        (joined.get(id(r), r), b)
        for r, b in zip(records, block_of, strict=True)
        if id(r) not in gone
    ]
    return [r for r, _ in kept], [b for _, b in kept]
