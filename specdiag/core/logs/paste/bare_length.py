"""A bare `length` column beside a table's counts of accepted drafts and of verify steps.

A header of `length` (or `len`) alone names no figure: a prompt's, an output's or a sequence's
length is as bare. In a table whose columns count the drafts accepted and the verify steps
(`| drafts | accepted | length |`, `| steps | accepted tokens | len |`), a column so named whose
every value is what those counts make of a step, the accepted drafts a step (accepted / steps)
or one more (the target's own token), within the rounding of its printed decimals, is the
run's acceptance length as printed: it is keyed a length, and the identity of the counts then
decides its bonus as for a named length.

A value that is neither (a sequence's length, a count), a percentage, a row whose counts are
not printed along with no row that is, a table with no count of accepted drafts or of steps,
or another header (`output length`, `seq len`) leave the column as before.

Pure: a table's cells and keys in, the keys of such columns out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# the header alone: 'length' or 'len' (markup and a trailing colon aside)
_BARE = re.compile(r"^len(?:gth)?$", re.I)
_LENGTH_KEY = C.Key(C.LENGTH, "length (accepted drafts over verify steps)", False)


def _bare(name: str) -> bool:
    return _BARE.match(C._MARKUP.sub("", name).strip().rstrip(":").strip()) is not None


def _fits(v: C.Value, accepted: float, steps: float) -> bool:
    """Whether ``v`` prints accepted / steps, or one more, within its printed rounding."""
    if steps <= 0:
        return False
    per = accepted / steps
    tol = C.half_unit(v.decimals)
    return abs(v.number - per) <= tol or abs(v.number - (1.0 + per)) <= tol


def keyed(rows: list[list[str]], names: list[str], keys: list[C.Key]) -> dict[int, C.Key]:
    """The columns (by index) of a bare length to key as the acceptance length: the table has
    one column of accepted drafts and one of verify steps, and every row printing both counts
    and the column's value agrees with them (one such row at least, none printing the value
    alone)."""
    metrics = [k.metric for k in keys]
    if metrics.count(C.ACCEPTED) != 1 or metrics.count(C.STEPS) != 1:
        return {}
    ai, si = metrics.index(C.ACCEPTED), metrics.index(C.STEPS)
    out: dict[int, C.Key] = {}
    for ci, (name, k) in enumerate(zip(names, keys, strict=True)):
        if k.metric is not None or not _bare(name):
            continue
        checked = 0
        ok = True
        for cells in rows:
            if ci >= len(cells):
                continue
            v = C.value(cells[ci])
            if v is None:
                continue
            a = C.value(cells[ai]) if ai < len(cells) else None
            s = C.value(cells[si]) if si < len(cells) else None
            if v.percent or v.max is not None or a is None or s is None:
                ok = False
                break
            if a.percent or s.percent or not _fits(v, a.number, s.number):
                ok = False
                break
            checked += 1
        if ok and checked:
            out[ci] = _LENGTH_KEY
    return out
