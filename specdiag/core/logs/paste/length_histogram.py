"""A length decided by the histogram of lengths printed in its own row: ``| head-a | **1.85** |
4 | 1:20 · 2:10 · 3:6 · 4:4 |`` under ``| draft | mean accept length | max | accept-length
histogram |``.

A harness that counts its verify steps by how many tokens each emitted often prints that
histogram beside the mean: ``i:n`` pairs (``n`` steps of length ``i``), joined by ``·``, ``,``,
``;`` or blanks. Its mean, Σ i·n / Σ n, is the printed length when both are of one run; its
smallest bucket tells what a step's length counts:

- buckets from 0 count the drafts a step accepted (a step emitting the target's own token alone
  counts 0): a printed length equal to the mean leaves the bonus out (length 1 + it), one equal
  to 1 + the mean counts it;
- buckets from 1 under a name of a length or of tokens a step (``accept-length histogram``,
  ``tokens/step hist``) count the tokens each step emitted, the target's own among them (no step
  emits none): a printed length equal to the mean counts the bonus.

Only a cell (a label or a field of the record's own row) holding nothing but two such pairs or
more, their buckets rising, their counts whole, under a name holding ``histogram``, ``hist`` or
``distribution``; and the mean within the printed length's rounding (half a unit of its last
decimal: the counts are exact). A mean matching neither way, a histogram under no such name,
buckets from 1 under a name of accepted drafts or of nothing (``histogram`` alone: the zero
bucket may be left out), buckets from 2 or more, or shares instead of counts decide nothing.

Pure: records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    PasteRecord,
    printed_decided,
)

_PAIR = r"\d{1,2}[ \t]*:[ \t]*\d{1,9}"
# a cell of pairs alone: two or more, parted by '·', '•', ',', ';' or blanks
_CELL = re.compile(rf"^\s*{_PAIR}(?:(?:\s*[·•,;]\s*|\s+){_PAIR})+\s*$")
_ONE = re.compile(r"(\d{1,2})[ \t]*:[ \t]*(\d{1,9})")
_HIST = re.compile(r"\b(?:histogram|hist|distribution)\b", re.I)
_LENGTH_NAMES = (C.LENGTH, C.TOK_PER_STEP)


def _histogram(cell: str) -> list[tuple[int, int]] | None:
    """The ``(bucket, count)`` pairs of a histogram cell, None for any other cell."""
    t = C._MARKUP.sub("", cell)
    if _CELL.match(t) is None:
        return None
    pairs = [(int(a), int(b)) for a, b in _ONE.findall(t)]
    keys = [k for k, _ in pairs]
    if any(b <= a for a, b in zip(keys, keys[1:], strict=False)) or sum(n for _, n in pairs) <= 0:
        return None
    return pairs


def _of_lengths(name: str) -> bool:
    """Whether a histogram's name, its histogram word aside, names a length or tokens a step."""
    return C.key(_HIST.sub(" ", name).strip(" -_()")).metric in _LENGTH_NAMES


def _printed_decimals(r: PasteRecord) -> int | None:
    for _, v in r.fields:
        x = C.value(v)
        if x is not None and x.number == r.printed_length and not x.percent:
            return x.decimals
    return None


def decide(records: list[PasteRecord]) -> list[PasteRecord]:
    """Lengths nothing decided, decided by the histogram of lengths in their own row (see the
    module's rule)."""
    out = []
    for r in records:
        pl = r.printed_length
        dec = _printed_decimals(r) if pl is not None and r.bonus == UNDECIDED else None
        found = []
        for name, cell in (*r.labels, *r.fields) if dec is not None else ():
            if _HIST.search(name) is None or (pairs := _histogram(cell)) is None:
                continue
            found.append((name, cell, pairs))
        if len(found) != 1 or pl is None or dec is None:
            out.append(r)
            continue
        name, cell, pairs = found[0]
        mean = sum(k * n for k, n in pairs) / sum(n for _, n in pairs)
        tol = C.half_unit(dec)
        way = None
        if pairs[0][0] == 0 and abs(mean - pl) <= tol:
            way = EXCLUDED
        elif (
            pairs[0][0] == 0
            and abs(mean + 1 - pl) <= tol
            or pairs[0][0] == 1
            and _of_lengths(name)
            and abs(mean - pl) <= tol
        ):
            way = INCLUDED
        if way is None:
            out.append(r)
            continue
        start = "0 (accepted drafts)" if pairs[0][0] == 0 else "1 (tokens a step)"
        said = "1 + the mean" if way == INCLUDED and pairs[0][0] == 0 else "the mean"
        out.append(
            printed_decided(
                r,
                way,
                f"identity: {said} of the row's histogram {name!r} ({mean:.4g}, buckets from "
                f"{start}) is the printed length",
            )
        )
    return out
