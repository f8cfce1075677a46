"""A one-line claim restating a table's summary row: an approximate figure in prose ('~76.0%
draft acceptance (95% CI 75.7-76.3%)', 'about 2.4 tokens accepted per step') equal, at the
precision it is printed with, to exactly one table cell of the same figure in the same paste,
that cell in a row labelled as the table's summary ('overall', 'all', 'total', 'mean',
'average') or in its table's only row: the prose rounds that row, one run told twice, so the
prose's record goes and the table's stays (with a note naming the line that restates it).

Nothing is folded for an exact prose figure (no '~', 'about', 'around', 'approximately',
'roughly' right before it: another run may print the same value), for a figure matching two
cells or more (which run it rounds is not told), nor for one matching only a row of one
configuration among others (a run of its own, not the summary).

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord

_APPROX = r"(?:~|≈|∼|\babout|\baround|\bapprox\.?|\bapproximately|\broughly|\bcirca|\bca\.)"
_PROSE = ("prose", "key-value")
NOTE = "restated, rounded, by the approximate figure at line {line} ({text})"


def _printed(r: PasteRecord) -> tuple[str, C.Value] | None:
    """The record's one acceptance field as printed and its value."""
    if len(r.fields) != 1:
        return None
    text = r.fields[0][1]
    v = C.value(text)
    return (text, v) if v is not None and v.max is None else None


def _approximate(r: PasteRecord, text: str, raw: list[str]) -> bool:
    """Whether the value ``text`` stands after an approximate mark on the record's lines."""
    number = re.escape(text.strip().rstrip("%").strip())
    pat = re.compile(_APPROX + r"\s*[*`_]{0,2}\s*" + number + r"(?![\d])", re.I)
    lines = "\n".join(raw[max(r.first_line - 1, 0) : r.last_line])
    return pat.search(lines) is not None


def _figure(r: PasteRecord) -> tuple[str, float] | None:
    """The record's figure: ('rate', fraction) or ('length', tokens per step), as printed."""
    if r.printed_rate is not None and r.printed_length is None:
        return "rate", r.printed_rate
    if r.printed_length is not None and r.printed_rate is None:
        return "length", r.printed_length
    return None


def _rounds_to(value: float, kind: str, said: C.Value) -> bool:
    """Whether ``value`` (a fraction for a rate) printed at ``said``'s precision is ``said``."""
    # (a rate printed without '%' above 1 was read as a percentage)
    scale = 100.0 if kind == "rate" and (said.percent or said.number > 1) else 1.0
    return abs(value * scale - said.number) <= C.half_unit(said.decimals) + 1e-9


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each approximate prose figure that rounds one table's summary row
    (see the module's rules), that row noting it."""
    table = [i for i, r in enumerate(records) if r.kind == TABLE_ROW and _figure(r) is not None]
    if not table:
        return records, block_of
    rows_of: dict[int, set[int]] = {}
    for i in table:
        rows_of.setdefault(block_of[i], set()).add(records[i].first_line)
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records):
        if r.structure not in _PROSE or r.kind == TABLE_ROW:
            continue
        fig = _figure(r)
        printed = _printed(r)
        if fig is None or printed is None or r.accepted_tokens is not None or r.steps is not None:
            continue
        text, said = printed
        if not _approximate(r, text, raw):
            continue
        matches = [
            j
            for j in table
            if (tf := _figure(records[j])) is not None
            and tf[0] == fig[0]
            and _rounds_to(tf[1], fig[0], said)
        ]
        if len(matches) != 1:
            continue
        (j,) = matches
        row = records[j]
        if not (row.summary_row or len(rows_of[block_of[j]]) == 1):
            continue
        drop.add(i)
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line, text=text.strip()))
        )
    kept = [(r, b) for i, (r, b) in enumerate(zip(out, block_of, strict=True)) if i not in drop]
    return [r for r, _ in kept], [b for _, b in kept]
