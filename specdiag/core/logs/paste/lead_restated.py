"""A lead sentence telling a run's figures before the line that reports them.

A post often opens with its finding, figures and all (`**The head holds up on the new card: 52%
acceptance, 2.31 accepted tok/step, same as before.**`), then gives the result line they come
from (`Result: 2.31 tokens/step (30 steps for 69 tokens) | acceptance 52% (41/79)`). The lead is
that run told first: where a one-line record of prose (no counts, labels or per-position rates
of its own) prints only figures that exactly one later record prints digit for digit, and that
later record prints both a length and a rate, each of which the lead's line prints too at the
same decimals (so the lead names both of the run's figures, even one no reader took), the lead's
record goes, the later one noting it.

A lead printing one figure of the run alone (`52% acceptance` and no length: two runs may share
a rate), figures printed at other decimals, a later record printing a length or a rate alone, or
two later records alike leave both records; so does a lead line of the very fields of the later
one (`accept len: 1.50, accept rate: 0.10` twice: two runs' lines, no lead sentence).

Pure: records in, records out; the later records indexed by their figures once a paste.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord

_PROSE = ("prose", "key-value")
NOTE = "told first by the lead at line {line}"


def _shown(text: str) -> str | None:
    """A value as printed, without its marks ('~52 %' is '52%')."""
    v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
    if v is None or v.max is not None:
        return None
    return f"{v.number:.{v.decimals}f}" + ("%" if v.percent else "")


def _texts(r: PasteRecord) -> tuple[str, str] | None:
    """The record's length and rate as it prints them ('2.31', '52%'), or None."""
    length = rate = None
    for _, text in r.fields:
        v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
        shown = _shown(text)
        if v is None or shown is None:
            continue
        if not v.percent and r.printed_length is not None and v.number == r.printed_length:
            length = length or shown
        elif r.printed_rate is not None and (
            (v.percent and abs(v.number / 100 - r.printed_rate) < 1e-9)
            or (not v.percent and v.number == r.printed_rate)
        ):
            rate = rate or shown
    return (length, rate) if length is not None and rate is not None else None


def _fields_of(line: str) -> str:
    """A line's words without its figures: two lines of the same fields print two runs."""
    return re.sub(r"[\d.,%~≈]+", "#", line).strip()


def _prints(line: str, shown: str) -> bool:
    pct = shown.endswith("%")
    num = re.escape(shown.rstrip("%"))
    tail = r"\s?%" if pct else r"(?![\d%]|\.\d)"
    return re.search(r"(?<![\d.])" + num + tail, line) is not None


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each lead sentence's record telling one later record's run first
    (see the module's rules), that record noting it."""
    full: dict[float, list[int]] = {}  # records printing a length and a rate, by each figure
    for j, o in enumerate(records):
        if o.printed_length is not None and o.printed_rate is not None:
            full.setdefault(o.printed_length, []).append(j)
            full.setdefault(o.printed_rate, []).append(j)
    if not full:
        return records, block_of
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records):
        if (
            r.structure not in _PROSE
            or r.first_line != r.last_line
            or not 0 < r.first_line <= len(raw)
            or r.labels
            or r.per_position
            or r.accepted_tokens is not None
            or r.drafted_tokens is not None
            or r.steps is not None
        ):
            continue
        said = [x for x in (r.printed_length, r.printed_rate) if x is not None]
        if not said:
            continue
        later = {
            j
            for j in full.get(said[0], [])
            if records[j].first_line > r.last_line
            and (r.printed_length is None or records[j].printed_length == r.printed_length)
            and (r.printed_rate is None or records[j].printed_rate == r.printed_rate)
        }
        if len(later) != 1:
            continue
        (j,) = later
        shown = _texts(records[j])
        line = C._MARKUP.sub("", raw[r.first_line - 1])
        if shown is None or not all(_prints(line, s) for s in shown):
            continue
        if _fields_of(line) == _fields_of(C._MARKUP.sub("", raw[records[j].first_line - 1])):
            continue  # (the same fields twice, 'accept len: 1.50, accept rate: 0.10': two runs)
        if not all(_shown(t) in shown for _, t in r.fields):
            continue  # (the lead prints a figure at other decimals)
        drop.add(i)
        out[j] = dataclasses.replace(out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line)))
    kept = [(r, b) for k, (r, b) in enumerate(zip(out, block_of, strict=True)) if k not in drop]
    return [r for r, _ in kept], [b for _, b in kept]
