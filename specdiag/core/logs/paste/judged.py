"""A figure judged again as a kind of rate: a prose record whose one figure, with an indefinite
article, opens its sentence, clause or list item as the subject of a judgement ('A 0.62
acceptance rate is decent', '- An 81% draft acceptance looks healthy') says what a rate of that
value is worth. Where exactly one record on another line of the paste prints the same figure
(a rate or a length, '62%' and '0.62' alike, at the judged figure's printed precision), the
judgement is of that run: no record of its own, the other noting it. Alone in the paste, or
matching two records or none, it stays a record as before; the run's own figure in another
shape ('with a 62% acceptance rate we ...', 'our rate was 0.62') is never judged so.

Pure: records in, records out; one line searched per candidate record, the others found by
bisection (linear in the records).
"""

from __future__ import annotations

import bisect
import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord, without

NOTE = "judged again by the figure at line {line} ({text}): one run"

# an indefinite figure opening a sentence, a clause after a semicolon or a list item, its
# acceptance name after it (one word may qualify it: 'draft', 'token'), then a copula or a
# verb of seeming ('is', 'was', 'seems', 'looks', 'sounds', 'feels', 'remains', 'stays')
# (without the article, the figure opening its sentence, only a verb of seeming judges it: '76%
# acceptance rate sounds promising'; '76% acceptance rate was measured' tells a run)
_JUDGED = re.compile(
    r"(?:^\s*(?:(?:[-*+•]|\d{1,2}[.)])\s+)?|[.!?;]\s+)[*_`]*(?P<a>an?\s+)?[~≈]?"
    r"(?P<v>\d+(?:\.\d+)?\s*%?)\s+(?:[a-z-]+\s+)?accept(?:ance|ed)?(?:\s+(?:rate|length))?"
    r"[*_`]*\s+(?P<verb>is|was|seems|looks|sounds|feels|remains|stays)\b",
    re.I,
)
_SEEMING = frozenset(("seems", "looks", "sounds", "feels"))


def _figure(r: PasteRecord) -> tuple[str, float] | None:
    if r.printed_rate is not None and r.printed_length is None:
        return "rate", r.printed_rate
    if r.printed_length is not None and r.printed_rate is None:
        return "length", r.printed_length
    return None


def _judged(r: PasteRecord, raw: list[str]) -> C.Value | None:
    """The judged figure's printed value where the record's one line judges it (_JUDGED)."""
    if (
        r.structure != "prose"
        or r.kind == TABLE_ROW
        or r.first_line != r.last_line
        or len(r.fields) != 1
        or r.accepted_tokens is not None
        or r.steps is not None
        or not 1 <= r.first_line <= len(raw)
    ):
        return None
    line = raw[r.first_line - 1]
    if "accept" not in line.lower():
        return None
    said = C.value(r.fields[0][1])
    if said is None or said.max is not None:
        return None
    for m in _JUDGED.finditer(line):
        if m.group("a") is None and m.group("verb").lower() not in _SEEMING:
            continue
        v = C.value(m.group("v"))
        if v is not None and v.number == said.number and v.percent == said.percent:
            return said
    return None


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each judged figure restating one other record (see the module's
    rules), that record noting it."""
    judged = [
        (i, fig, said)
        for i, r in enumerate(records)
        if (fig := _figure(r)) is not None and (said := _judged(r, raw)) is not None
    ]
    if not judged:
        return records, block_of
    by_kind: dict[str, list[tuple[float, int]]] = {}
    for j, r in enumerate(records):
        # (a record printing both figures prints each: '76.3% (length 1.76)' is judged by '76%')
        if r.printed_rate is not None:
            by_kind.setdefault("rate", []).append((r.printed_rate, j))
        if r.printed_length is not None:
            by_kind.setdefault("length", []).append((r.printed_length, j))
    for figures in by_kind.values():
        figures.sort()
    drop: set[int] = set()
    out = list(records)
    for i, (kind, _), said in judged:
        r = records[i]
        scale = 100.0 if kind == "rate" and (said.percent or said.number > 1) else 1.0
        half = C.half_unit(said.decimals) / scale
        figures = by_kind.get(kind, [])
        lo = bisect.bisect_left(figures, (said.number / scale - half - 1e-9, -1))
        hi = bisect.bisect_right(figures, (said.number / scale + half + 1e-9, len(records)))
        if hi - lo > 4:
            continue  # (many runs print that value: which one is judged is not told)
        others = [j for _, j in figures[lo:hi] if records[j].first_line != r.first_line]
        if len(others) != 1 or others[0] in drop:
            continue
        j = others[0]
        drop.add(i)
        text = r.fields[0][1].strip()
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line, text=text))
        )
    return without(out, block_of, drop)
