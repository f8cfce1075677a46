"""A pipe table of per-position rates whose position 0 is the target's own token:
``| backend | token 0 | token 1 | token 2 | token 3 | accept length |`` with every ``token 0``
cell exactly 1.00 and each row's length the sum of its positions (1.00 + 0.894 + 0.223 + 0.054
= 2.17).

The target's own token is always accepted, so a position 0 of exactly 1 in every row is that
token, and the other positions are the drafts'. A length equal to the sum of all the positions
(position 0 included) is 1 + the accepted drafts per step: it counts the bonus token. (The
per-position identity elsewhere, length = 1 + the sum of the draft positions, is the same
arithmetic with position 0 left out of the columns.)

Only where:

- the header names positions numbered from 0 with no gap (``token 0``, ``pos 1``,
  ``position 2``, ``acc token 3``), at least two of them, and one accept length column
  (cells.key's LENGTH), and the table or the lines right above it speak of positions or
  acceptance (``Per-position acceptance rate``);
- EVERY body row's position 0 is exactly 1 (``1``, ``1.00``, ``100%``), every position a
  rate within [0, 1] printed exactly (no ``~``, no range), and EVERY row's length equals the
  sum of its positions within the printed rounding (half a unit of the length plus half a
  unit of each position). One row whose position 0 is 0.98, or whose sum misses, decides
  nothing for the table.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN, Decision, PasteRecord, decided_notes

RULE = "identity: printed length = the sum of the per-position rates, position 0 = 1"

# a position column's header: 'token 0', 'tok_1', 'pos 2', 'position 3', 'acc token 1',
# 'token 2 acc'
_POS_HEAD = re.compile(
    r"^(?:acc(?:ept(?:ance|ed)?)?(?:[ _-]*rate)?[ _-]*(?:@|at|for)?[ _-]*)?"
    r"(?:token|tok|pos(?:ition)?)[ _#-]*(\d{1,2})"
    r"(?:[ _-]*(?:acc(?:ept(?:ance|ed)?)?(?:[ _-]*rate)?|rate))?$",
    re.I,
)
_CONTEXT = re.compile(r"position|per[- ]token|accept", re.I)
_INEXACT = re.compile(r"[~≈<>≤≥±]|\d\s*[-–]\s*\d")


def _rate(cell: str) -> tuple[float, float] | None:
    """(the rate as a fraction, its rounding) of an exact cell, else None."""
    if _INEXACT.search(cell):
        return None
    v = C.value(cell)
    if v is None or v.max is not None or v.spread is not None or v.statistic is not None:
        return None
    pct = v.percent or v.number > 1
    scale = 0.01 if pct else 1.0
    r = v.number * scale
    if not 0.0 <= r <= 1.0:
        return None
    return r, C.half_unit(v.decimals) * scale


def _table(raw: list[str], i: int) -> tuple[int, int, int] | None:
    """(header index, first body index, last body index) of the pipe table holding row ``i``."""
    if not raw[i].lstrip().startswith("|"):
        return None
    top = i
    while top > 0 and raw[top - 1].lstrip().startswith("|"):
        top -= 1
    end = i
    while end + 1 < len(raw) and raw[end + 1].lstrip().startswith("|"):
        end += 1
    delim = next((j for j in range(top, i) if C.PIPE_DELIM.match(raw[j].strip())), None)
    if delim is None or delim != top + 1:
        return None
    return top, delim + 1, end


def _lengths(raw: list[str], head: int, first: int, last: int) -> dict[int, float] | None:
    """The printed length of each body row (by index), where the table fits the rule."""
    header = C.pipe_cells(raw[head])
    pos: dict[int, int] = {}
    length_col = []
    for j, h in enumerate(header):
        name = re.sub(r"[*`_]{2,}|`", "", h).strip()
        m = _POS_HEAD.match(name)
        if m is not None:
            if int(m.group(1)) in pos:
                return None
            pos[int(m.group(1))] = j
        elif C.key(name).metric == C.LENGTH:
            length_col.append(j)
    if len(pos) < 2 or sorted(pos) != list(range(len(pos))) or len(length_col) != 1:
        return None
    above = " ".join(raw[max(0, head - 3) : head + 1])
    if _CONTEXT.search(above) is None:
        return None
    out: dict[int, float] = {}
    for i in range(first, last + 1):
        row = C.pipe_cells(raw[i])
        if len(row) != len(header):
            return None
        got = [_rate(row[pos[p]]) for p in range(len(pos))]
        lv = C.value(row[length_col[0]])
        if any(g is None for g in got) or lv is None or _INEXACT.search(row[length_col[0]]):
            return None
        rates = [g for g in got if g is not None]
        if rates[0][0] != 1.0:
            return None  # (a position 0 below 1 is a draft's: not this rule)
        total = sum(r for r, _ in rates)
        tol = C.half_unit(lv.decimals) + sum(u for _, u in rates)
        if abs(lv.number - total) > tol or abs(lv.number - (1 + total)) <= tol:
            return None
        out[i] = lv.number
    return out or None


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Records of such tables: their printed length, bonus included (see the module)."""
    if not any(r.printed_length is not None and r.bonus.value == UNKNOWN for r in records):
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    seen: dict[tuple[int, int, int], dict[int, float] | None] = {}
    out = []
    for r in records:
        pl = r.printed_length
        i = r.first_line - 1
        if (
            pl is not None
            and r.bonus.value == UNKNOWN
            and r.accept_length is None
            and r.first_line == r.last_line
            and 0 <= i < len(raw)
            and (t := next((s for s in seen if s[1] <= i <= s[2]), None) or _table(raw, i))
            is not None
        ):
            if t not in seen:
                seen[t] = _lengths(raw, *t)
            got = seen[t]
            if got is not None and got.get(i) == pl:
                r = dataclasses.replace(
                    r,
                    accept_length=pl,
                    bonus=Decision(
                        INCLUDED,
                        f"{RULE} (the target's own token) in every row of the table: 1 + the "
                        "accepted drafts per step",
                    ),
                    notes=decided_notes(r.notes),
                )
        out.append(r)
    return out
