"""A table of a chain's conditional per-step rates beside each row's length.

    | conditional accept by step | step0 | step1 | step2 | AL   |
    |----------------------------|-------|-------|-------|------|
    | drafter A                  | 0.90  | 0.70  | 0.60  | 2.90 |
    | drafter B                  | 0.80  | 0.50  | 0.40  | 2.35 |

A conditional rate at step i is the chance that draft position i is accepted given that every
position before it was: a chain of conditional rates. Its running products (r0, r0·r1,
r0·r1·r2, ...) are the shares of the verify steps accepting each position, so their sum is the
accepted drafts a step, and 1 + the sum the tokens a step emits, the target's own counted.

The table must say its rates are conditional (``conditional`` or ``cond`` in a header cell, or
in the caption: the last non-blank line above the table, one blank line between allowed), and
name two or more columns as draft positions numbered on by one from 0 or 1 (``step0``,
``step 1``, ``pos_2``, ``depth 3``, ``draft position 1``), each cell of a row a rate from 0 to 1
(a share, or a percentage). A row's rates are each a mean over the requests measured, and the
mean of a product is not the product of the means, so the identity holds only near: a length
within ``SLACK`` of 1 + the running sum counts the bonus token (bonus included), one within it
of the running sum alone leaves it out (length 1 + it). The two readings lie one token apart,
so only one can fit. Every row of the table holding its rates and a value in the length's
column must fit the same reading, none fitting the marginal readings of another convention
(1 + the plain sum of the rates, or the sum: rates not chained); rates so coarse that their
rounding moves the running sum by more than ``_WIDEST``, a row fitting nothing, rows
disagreeing, no word of conditioning or columns not numbered as positions: nothing decided.

Pure: records and the paste in, records out.
"""

from __future__ import annotations

import re
from itertools import accumulate
from operator import mul

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import tables as T
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    PasteRecord,
    printed_decided,
)

# how far a row's length may lie from its reading: the means' products, not their product
SLACK = 0.15
# the widest move of a row's running sum its rates' rounding may leave ('0.8, 0.6': no proof)
_WIDEST = 0.1
# a column naming a draft position by its number ('step0', 'step 1', 'pos_2', 'depth-3')
_POSITION = re.compile(
    r"^(?P<name>step|pos|position|depth|draft(?:[ _-]?(?:step|pos|position|token))?)"
    r"\s*[-_#]?\s*(?P<n>\d{1,2})$"
)
# a word saying the rates are conditional ('conditional hit per step', 'cond. accept')
_CONDITIONAL = re.compile(r"\bcond(?:itional(?:ly)?|\.|\b)", re.I)


def _cell(text: str) -> str:
    return " ".join(C._MARKUP.sub("", text).split()).lower()


def _positions(header: list[str]) -> list[int] | None:
    """The columns naming draft positions on by one from 0 or 1, one name for all; None
    where fewer than two."""
    found = [(j, m) for j, h in enumerate(header) if (m := _POSITION.match(_cell(h)))]
    if len(found) < 2 or len({m.group("name") for _, m in found}) != 1:
        return None
    nums = [int(m.group("n")) for _, m in found]
    if nums[0] not in (0, 1) or nums != list(range(nums[0], nums[0] + len(nums))):
        return None
    return [j for j, _ in found]


def _rate(cell: str) -> tuple[float, float] | None:
    """A rate from 0 to 1 and half a unit of its rounding, as a fraction."""
    v = C.value(cell)
    if v is None or v.spread is not None or v.max is not None or v.statistic is not None:
        return None
    x, h = (
        (v.number / 100, C.half_unit(v.decimals) / 100)
        if v.percent
        else (
            v.number,
            C.half_unit(v.decimals),
        )
    )
    return (x, h) if 0 <= x <= 1 else None


def _running(rates: list[float]) -> float:
    return float(sum(accumulate(rates, mul)))


def _reading(rates: list[tuple[float, float]], length: float) -> str | None:
    """The bonus convention a row's length fits by its chain of conditional rates."""
    vals = [x for x, _ in rates]
    lo = _running([max(x - h, 0.0) for x, h in rates])
    hi = _running([min(x + h, 1.0) for x, h in rates])
    if hi - lo > _WIDEST:
        return None
    chain, plain = _running(vals), sum(vals)
    fits = {
        way
        for value, way in (
            (1 + chain, INCLUDED),
            (chain, EXCLUDED),
            (1 + plain, INCLUDED),
            (plain, EXCLUDED),
        )
        if abs(length - value) <= SLACK
    }
    if abs(length - 1 - chain) <= SLACK:
        way = INCLUDED
    elif abs(length - chain) <= SLACK:
        way = EXCLUDED
    else:
        return None
    return way if fits == {way} else None


def _caption(raw: list[str], first_line: int) -> str:
    """The last non-blank line above a table's first line (one blank line between allowed)."""
    i = first_line - 2
    for _ in range(2):
        if 0 <= i < len(raw) and raw[i].strip():
            return raw[i]
        i -= 1
    return ""


def _blocks(raw: list[str]) -> list[list[tuple[int, str]]]:
    out: list[list[tuple[int, str]]] = []
    cur: list[tuple[int, str]] = []
    for i, t in enumerate(raw, 1):
        if t.strip():
            cur.append((i, t))
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def _decided_rows(
    g: T.Grid, raw: list[str], length_at: dict[int, float]
) -> dict[int, tuple[str, float]]:
    """The rows of a grid (line -> convention, length) its chain of conditional rates
    decides."""
    if len(g.header) != 1:
        return {}
    header = g.header[0]
    cols = _positions(header)
    said = " ".join(header) + " " + _caption(raw, g.first_line)
    if cols is None or _CONDITIONAL.search(said) is None:
        return {}
    # the length's column: the one holding a record's printed length in its row
    length_cols = {
        j
        for ln, cells in g.rows
        if ln in length_at
        for j, c in enumerate(cells)
        if j not in cols and (v := C.value(c)) is not None and v.number == length_at[ln]
    }
    if len(length_cols) != 1:
        return {}
    lj = length_cols.pop()
    ways: dict[int, tuple[str, float]] = {}
    for ln, cells in g.rows:
        if len(cells) != len(header):
            continue
        rates = [_rate(cells[j]) for j in cols]
        lv = C.value(cells[lj])
        if any(r is None for r in rates) or lv is None or lv.percent:
            continue
        way = _reading([r for r in rates if r is not None], lv.number)
        if way is None:
            return {}  # a row fitting nothing: the rates are no chain of this length
        ways[ln] = (way, lv.number)
    return ways if len({w for w, _ in ways.values()}) == 1 else {}


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided, decided by the conditional per-step rates of their table row
    (see the module's rule)."""
    if "cond" not in text.lower():
        return records
    want = {
        r.first_line: r.printed_length
        for r in records
        if r.bonus == UNDECIDED and r.printed_length is not None
    }
    if not want:
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    decided: dict[int, tuple[str, float]] = {}
    for blk in _blocks(raw):
        lines = {ln for ln, _ in blk}
        here = {ln: v for ln, v in want.items() if ln in lines and v is not None}
        if not here:
            continue
        grids, _ = T.find(blk)
        for g in grids:
            decided.update(_decided_rows(g, raw, here))
    out = []
    for r in records:
        way, length = decided.get(r.first_line, ("", None))
        pl = r.printed_length
        if pl is None or pl != length or r.bonus != UNDECIDED or r.first_line != r.last_line:
            out.append(r)
            continue
        said = "1 + the sum" if way == INCLUDED else "the sum"
        out.append(
            printed_decided(
                r,
                way,
                f"identity: {said} of the running products of the row's conditional "
                f"per-step rates is the printed length (within {SLACK:g})",
            )
        )
    return out
