"""A change in prose told between two runs read above it: `(2.4 → 3.9)`, `went from 61% to 80%`.

Prose often sums up runs a paste printed above (log lines, a table, key-value lines) as a change
from one to another: `the apparent rise with context (2.4 → 3.9)` under lines printing 2.41 and
3.87. Such a change is read as two prose records on one line; where each of its two values, at
the precision it is printed with, rounds the same figure (a length, a rate) of exactly one
earlier record, and the two are different records, the change restates those runs: both its
records go, the earlier records noting it. Where an earlier rule already took one end's record
(one record left on the line, an end of the change), that record goes alike. Not where an end
rounds two earlier records or none (which run it names is not told, or it is a run of its own),
nor where both ends round the same record, nor a record on the change's own line, nor a figure
printed after the change.

Pure: records in, records out; the earlier figures sorted once a paste, each end looked up by
bisection.
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import PasteRecord, without

_PROSE = ("prose", "key-value")
# the two values of a change: 'A → B', 'A -> B', 'from A to B'
_END = r"\d+(?:\.\d+)?(?:\s?%)?"
_CHANGE = re.compile(
    r"(?<![\w.])[~≈]?\s?(?P<a>"
    + _END
    + r")\s*(?:"
    + V.ARROW
    + r"|\bto\b)\s*[~≈]?\s?(?P<b>"
    + _END
    + r")(?![\d.]*\d)"
)
# the most records an end is compared with (a paste of many alike stays linear)
_CROWD = 64
# the lines after a record's own where its wrapped sentence may go on
_WRAP = 2
NOTE = "restated as one end of the change at line {line} ({text})"


def _one(r: PasteRecord) -> tuple[str, str, C.Value] | None:
    """The record's one figure: (kind, its text as printed, its value), or None."""
    if len(r.fields) != 1 or r.accepted_tokens is not None or r.steps is not None:
        return None
    if r.printed_length is not None and r.printed_rate is None:
        kind = "length"
    elif r.printed_rate is not None and r.printed_length is None:
        kind = "rate"
    else:
        return None
    text = C._MARKUP.sub("", r.fields[0][1]).strip()
    v = C.value(text)
    return (kind, text, v) if v is not None and v.max is None else None


def _scale(kind: str, said: C.Value) -> float:
    return 100.0 if kind == "rate" and (said.percent or said.number > 1) else 1.0


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without the records of each change restating two earlier records (see the
    module's rules), those records noting it."""
    by_line: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if r.structure in _PROSE and r.first_line == r.last_line:
            by_line.setdefault(r.first_line, []).append(i)
    # (the records of a line that are ends of one change, its kind, its two ends as printed)
    changes: list[tuple[list[int], str, C.Value, C.Value]] = []
    for ln, idx in by_line.items():
        if len(idx) > 2 or not 0 < ln <= len(raw):
            continue
        # (a sentence wrapped over lines is read at its first: the change may stand below it)
        line = " ".join(raw[ln - 1 : ln + _WRAP])
        if " to " not in line and V.ARROW_RE.search(line) is None:
            continue
        ones = [(i, o) for i in idx if (o := _one(records[i])) is not None]
        if len(ones) != len(idx) or len({o[0] for _, o in ones}) != 1:
            continue
        kind = ones[0][1][0]
        for m in _CHANGE.finditer(line):
            ends = [m.group("a").replace(" ", ""), m.group("b").replace(" ", "")]
            mine = [i for i, o in ones if o[1].replace(" ", "").lstrip("~≈") in ends]
            va, vb = C.value(ends[0]), C.value(ends[1])
            if len(mine) == len(idx) and va is not None and vb is not None:
                changes.append((mine, kind, va, vb))
                break
    if not changes:
        return records, block_of
    # every record's figures, by kind, sorted once: (value, line, index)
    figures: dict[str, list[tuple[float, int, int]]] = {"length": [], "rate": []}
    for j, e in enumerate(records):
        if e.printed_length is not None:
            figures["length"].append((e.printed_length, e.first_line, j))
        if e.printed_rate is not None:
            figures["rate"].append((e.printed_rate, e.first_line, j))
    for f in figures.values():
        f.sort()

    def earlier(kind: str, said: C.Value, line: int) -> int | None:
        scale = _scale(kind, said)
        width = C.half_unit(said.decimals) / scale
        f = figures[kind]
        lo = bisect.bisect_left(f, (said.number / scale - width, -1, -1))
        hi = bisect.bisect_right(f, (said.number / scale + width, 1 << 62, 1 << 62))
        if hi - lo > _CROWD:
            return None  # (many runs print about this value: which one is not told)
        hits = [j for _, ln, j in f[lo:hi] if ln < line]
        return hits[0] if len(hits) == 1 else None

    drop: set[int] = set()
    out = list(records)
    for mine, kind, va, vb in changes:
        at = records[mine[0]].first_line
        x, y = earlier(kind, va, at), earlier(kind, vb, at)
        if x is None or y is None or x == y:
            continue
        drop.update(mine)
        for j, said in ((x, va), (y, vb)):
            text = f"{said.number:.{said.decimals}f}{'%' if said.percent else ''}"
            out[j] = dataclasses.replace(
                out[j], notes=(*out[j].notes, NOTE.format(line=at, text=text))
            )
    return without(out, block_of, drop)
