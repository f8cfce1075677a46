"""One run's pair of figures told again in later sentences of the same paste.

A post tells its finding in its title, again in its summary and again in its body (`Draft
head reaches 71.5% first-token acceptance and 3.12 accepted tokens per step`, then `- The team
said the head has 71.5% first-token acceptance and 3.12 accepted tokens per step.`): one run,
told three times. Where one-line prose records (no counts, labels or per-position rates) print
the same length digit for digit (and the same rate, or none read), and each record's line also
prints one and the same share (a percentage, digit for digit: the run's other figure, whether
or not a reader took it), with a length printed to two decimals or more, the first record is
the run; the later ones go, the first noting them.

A length alone told twice (two runs may share a length), shares that differ, a line of the very
same fields as the first (`accept len: 1.50, accept rate: 0.10` twice: two runs' log lines),
lines printing several shares, or a length of one decimal leave the records.

Pure: records in, records out; the records grouped by their length once a paste.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import step_made_up as SMU
from specdiag.core.logs.paste.model import PasteRecord, without

NOTE = "told again at line {line}"
# a share as printed ('71.5%', '71.5 %'), never a digit of a longer number
_SHARE = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d+)?\s?%")


def _plain(r: PasteRecord) -> bool:
    """A one-line prose record printing a length, with no counts, labels or per-position rates."""
    return SMU.lone(r) and r.printed_length is not None


def _length_text(r: PasteRecord) -> str | None:
    """The record's length as printed ('3.12'), where printed to two decimals or more."""
    for _, text in r.fields:
        v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
        if v is not None and not v.percent and v.number == r.printed_length and v.decimals >= 2:
            return f"{v.number:.{v.decimals}f}"
    return None


def _share(line: str) -> str | None:
    """The one share a line prints (its text without spaces), or None where none or several."""
    found = {m.group(0).replace(" ", "") for m in _SHARE.finditer(line)}
    return next(iter(found)) if len(found) == 1 else None


def _fields_of(line: str) -> str:
    return re.sub(r"[\d.,%~≈]+", "#", line).strip()


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without the later tellings of one run (see the module's rules), the first
    telling noting them."""
    by_length: dict[tuple[str, float | None], list[int]] = {}
    for i, r in enumerate(records):
        if not _plain(r) or not 0 < r.first_line <= len(raw):
            continue
        shown = _length_text(r)
        if shown is not None:
            by_length.setdefault((shown, r.printed_rate), []).append(i)
    drop: set[int] = set()
    out = list(records)
    for group in by_length.values():
        if len(group) < 2:
            continue
        lines = [C._MARKUP.sub("", raw[records[i].first_line - 1]) for i in group]
        shares = [_share(t) for t in lines]
        if shares[0] is None or any(s != shares[0] for s in shares):
            continue
        if len({records[i].first_line for i in group}) != len(group):
            continue  # (two records of one line: two runs said side by side)
        if len({_fields_of(t) for t in lines}) != len(lines):
            continue  # (the same fields twice: two runs' lines)
        first = group[0]
        for i in group[1:]:
            drop.add(i)
            out[first] = dataclasses.replace(
                out[first],
                notes=(*out[first].notes, NOTE.format(line=records[i].first_line)),
            )
    return without(out, block_of, drop)
