"""A collapsed `<details>` block restating the figure its section's summary told.

A write-up often tells a finding in a section's opening paragraph (`It reached **41%
acceptance** and was dropped.`), then folds the particulars into an HTML `<details>` block below
it, where a result line gives the same figure again (`**Result**: 41% acceptance`). The
details expand the summary: one run, told twice. Where a record read inside a `<details>` block
prints one figure (a length or a rate, no counts, labels or per-position rates) and exactly one
record of the same section before the block's opening (after the section's last markdown
heading above the block) prints that figure, digit for digit (the same printed value, `%` or
not), the details' record goes, the summary's noting it.

Two records of that figure before the block (two runs alike), a figure printed at other
decimals, a details record printing several figures, or a summary in another section (a heading
between) leave both records; so does a record outside any `<details>` block. A block the paste
ends inside (no `</details>`: a paste cut short) runs to the paste's end.

Pure: records and the paste's lines in, records out; the blocks found once a paste.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord, without

NOTE = "restated in the <details> block at line {line}"
_OPEN = re.compile(r"^\s*<details\b", re.I)
_CLOSE = re.compile(r"</details\s*>", re.I)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")


def _spans(raw: list[str]) -> list[tuple[int, int, int]]:
    """(opening line, closing line, the line of the last heading above the opening; 0 for
    none) of each <details> block, 1-based; a block still open where the paste ends (cut
    inside it) runs to its end."""
    out: list[tuple[int, int, int]] = []
    heading = 0
    opened: int | None = None
    for n, t in enumerate(raw, 1):
        if opened is None and _HEADING.match(t):
            heading = n
        if opened is None and _OPEN.match(t):
            opened = n
            continue
        if opened is not None and _CLOSE.search(t):
            out.append((opened, n, heading))
            opened = None
    if opened is not None:
        out.append((opened, len(raw) + 1, heading))  # (a paste cut inside the block)
    return out


def _single(r: PasteRecord) -> str | None:
    """The one figure the record prints, as printed ('41%', '2.31'), or None."""
    if r.labels or r.per_position or r.accepted_tokens is not None or r.steps is not None:
        return None
    if r.drafted_tokens is not None or len(r.fields) != 1:
        return None
    if (r.printed_length is None) == (r.printed_rate is None):
        return None
    v = C.value(r.fields[0][1])
    if v is None or v.max is not None:
        return None
    return f"{v.number:.{v.decimals}f}" + ("%" if v.percent else "")


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each <details> record restating its section's summary (see the
    module's docstring), the summary's record noting it."""
    if not any("<details" in t.lower() for t in raw):
        return records, block_of
    spans = _spans(raw)
    if not spans:
        return records, block_of
    drop: set[int] = set()
    out = list(records)
    shown = [_single(r) for r in records]
    for opened, closed, heading in spans:
        inside = [i for i, r in enumerate(records) if opened < r.first_line < closed]
        before = [
            i for i, r in enumerate(records) if heading < r.first_line < opened and i not in drop
        ]
        for i in inside:
            if shown[i] is None:
                continue
            same = [j for j in before if shown[j] == shown[i]]
            twice = [k for k in inside if k != i and shown[k] == shown[i]]
            if len(same) != 1 or twice:
                continue
            j = same[0]
            drop.add(i)
            out[j] = dataclasses.replace(
                out[j], notes=(*out[j].notes, NOTE.format(line=records[i].first_line))
            )
    return without(out, block_of, drop)
