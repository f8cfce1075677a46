"""A length whose run prints its per-position rates on lines of their own, one a position, further
down the same run (blank lines between allowed): 1 + their sum.

    Mean acceptance length: 2.52
    Avg Draft Acceptance Rate: 38.0%

    Pos 1: 0.702
    Pos 2: 0.475
    Pos 3: 0.343

A script's summary of a run prints its totals, a blank line, then a line for each draft
position (``Pos 1: 0.702``, ``pos0: 0.98`` under an opener such as ``Per-position rates:``),
counted from 0 or 1 without a gap. Each rate is the share of the verify steps that accepted that
position, so their sum is the accepted drafts per step and 1 + the sum the tokens a step emits,
the target's own counted. Where the length equals 1 + the sum within the printed rounding (half
a unit of the length plus half a unit of each rate) and the sum alone does not, the length
counts the bonus token, and the rates are its per-position rates.

The run is the record's lines and the lines after them, up to the first line that is neither
blank, a ``key: value`` line, an opener (a key with no value), a position's line nor a bullet
of them, or that starts another record (the next run's header: its own length): position lines
after another run's length are that run's, never this one's. One run of position lines in
reach, else nothing (two lists: which is this run's cannot be told). A list whose rates rise
(no per-position rate of one run does), or holding a value above 1, proves nothing.

A run may instead list its positions side by side on one line right above its length, in the
same block (``- Pos 0: ~84%, Pos 1: ~41%`` over ``- Mean acceptance length: ~1.4``; a line of
nothing but such pairs, ``~`` read at its printed precision): there the sum alone may fit as
well, a length counting the accepted drafts only (bonus excluded), so both identities are tried
and exactly one must fit.

Pure: records and the paste in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    Decision,
    PasteRecord,
    decided_notes,
    positions_alone,
)

# 'Pos 1: 0.576', '- pos0: `0.98`', 'Position 2 = 0.31', '  * draft position 3: 0.2'
# (inside a script's comment too, '#   position 0: 36.29%', the rate then perhaps a percentage)
_POSITION = re.compile(
    r"^\s*(?:(?:#+|//)\s+)?(?:[-*+]\s+)?[`*]{0,2}(?:draft\s+)?(?:position|pos)\s*[_#-]?\s*"
    r"(?P<p>\d{1,2})[`*]{0,2}(?:\s*[:=：]\s*|\s{2,})[`*]{0,2}"
    r"(?:(?P<v>\d*\.\d+|[01])|(?P<pv>\d{1,3}(?:\.\d+)?)\s*%)[`*]{0,2}\s*$",
    re.I,
)
# an aligned table's head over such lines ('  Position      Acceptance Rate', then a rule of
# dashes): read as an opener
_TABLE_HEAD = re.compile(r"^\s*(?:position|pos)\s{2,}[a-z ]{0,30}\brate\s*$|^[\s=-]{3,}$", re.I)
# a markdown table of the positions ('| Position | Acceptance |' over its rule of dashes, rows
# '| 0 | 40.84% |'): its head and rule read as an opener, each row a position's line (a rate as
# a fraction or a percentage)
_PIPE_HEAD = re.compile(
    r"^\s*\|?\s*(?:draft\s+)?(?:position|pos)\s*\|\s*[^|]{0,30}?\b(?:accept\w*|rate)\b[^|]{0,30}"
    r"\|?\s*$|^\s*\|?\s*:?-{3,}:?\s*\|\s*:?-{3,}:?\s*\|?\s*$",
    re.I,
)
_PIPE_ROW = re.compile(
    r"^\s*\|?\s*(?P<p>\d{1,2})\s*\|\s*[`*]{0,2}(?P<v>\d{1,3}(?:\.\d+)?)\s*(?P<pct>%)?[`*]{0,2}"
    r"\s*\|?\s*$"
)
# 'Avg Draft Acceptance Rate: 25.19%', '- Samples = 825' (a key of a few words, then its value)
_KEY_VALUE = re.compile(r"^\s*(?:[-*+]\s+)?[`*]{0,2}[^\s:=：][^:=：]{0,60}[:=：]\s*\S")
# 'Per-position rates:', '- 位置接受率约为：' (a key alone, its values on the lines below)
_OPENER = re.compile(r"^\s*(?:[-*+]\s+)?\S[^:=：]{0,60}[:：]\s*$")
_LETTER = re.compile(r"[A-Za-z]")
# lines after a record's last searched for its position lines
_REACH = 40

# one line listing a run's positions side by side ('- Position 0: ~88%, Position 1: ~31%',
# 'pos 1 = 0.71; pos 2 = 0.40'): nothing but the pairs, joined by ',' or ';', a value perhaps
# approximate ('~', read at its printed precision)
_PAIR = (
    r"[`*]{0,2}(?:draft\s+)?(?:position|pos)\s*[_#-]?\s*(?P<p>\d{1,2})[`*]{0,2}\s*[:=：]\s*"
    r"[`*]{0,2}[~≈]?\s*(?:(?P<v>\d*\.\d+|[01])(?![\d.]|\s*%)|(?P<pv>\d{1,3}(?:\.\d+)?)\s*%)"
    r"[`*]{0,2}"
)
_PAIR_ONE = re.compile(_PAIR, re.I)
_PAIRS_LINE = re.compile(
    r"^\s*(?:[-*+]\s+)?"
    + _PAIR
    + r"(?:\s*[,;]\s*"
    + _PAIR.replace("?P<", "?P<x")
    + r")+\s*[.;]?\s*$",
    re.I,
)
# lines above a record's first searched for its line of positions side by side (its block's)
_REACH_ABOVE = 3


def _fraction(percent: str) -> str:
    """A percentage's digits as the fraction they print, its digits kept ('40.84' is
    '0.4084')."""
    places = len(percent.partition(".")[2]) + 2
    return f"{float(percent) / 100:.{places}f}"


def _run_positions(
    raw: list[str], r: PasteRecord, starts: set[int]
) -> tuple[list[tuple[int, str]], int, int] | None:
    """(position, the rate as printed) of the one run of position lines in the record's run,
    and the first and last line of that run (its opener's line where one is just above)."""
    runs: list[list[tuple[int, str]]] = []
    spans: list[list[int]] = []
    opener = 0
    open_run = False
    piped = False  # inside a table of the positions, under its head
    for n in range(r.last_line + 1, min(len(raw), r.last_line + _REACH) + 1):
        t = raw[n - 1]
        m = _POSITION.match(t)
        row = _PIPE_ROW.match(t) if piped and m is None else None
        if n in starts and row is None:
            break  # the next run's header
        if m is not None or row is not None:
            if not open_run:
                runs.append([])
                spans.append([opener or n, n])
                open_run = True
            if m is not None:
                v = m.group("v") or _fraction(m.group("pv"))
                runs[-1].append((int(m.group("p")), v))
            else:
                assert row is not None
                v = _fraction(row.group("v")) if row.group("pct") else row.group("v")
                runs[-1].append((int(row.group("p")), v))
            spans[-1][1] = n
            continue
        open_run = False
        head = _PIPE_HEAD.match(t) is not None
        piped = head and (piped or bool(_LETTER.search(t)))
        opener = (opener or n) if head else n if _OPENER.match(t) or _TABLE_HEAD.match(t) else 0
        if t.strip() and not _KEY_VALUE.match(t) and not opener:
            break  # prose: the run is over
    if len(runs) != 1 or len(runs[0]) < 2:
        return None
    got = runs[0]
    pos = [p for p, _ in got]
    if pos[0] not in (0, 1) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    vals = [float(v) for _, v in got]
    if any(v > 1 for v in vals) or any(b > a for a, b in zip(vals, vals[1:], strict=False)):
        return None
    return got, spans[0][0], spans[0][1]


def _line_above(raw: list[str], r: PasteRecord, starts: set[int]) -> list[tuple[int, str]] | None:
    """(position, the rate as printed) of the one line of positions side by side (``_PAIRS_LINE``)
    in the lines right above the record, within its block (no blank line, no other run's first
    line between), counted from 0 or 1 without a gap, at most 1 each and never rising; None
    otherwise."""
    found: list[list[tuple[int, str]]] = []
    for n in range(r.first_line - 1, max(0, r.first_line - 1 - _REACH_ABOVE), -1):
        t = raw[n - 1]
        if not t.strip() or n in starts:
            break
        if _PAIRS_LINE.match(t) is not None:
            found.append(
                [
                    (int(m.group("p")), m.group("v") or _fraction(m.group("pv")))
                    for m in _PAIR_ONE.finditer(t)
                ]
            )
    if len(found) != 1:
        return None
    return _chain(found[0])


def _chain(got: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """``got`` where its positions run from 0 or 1 without a gap and its rates (at most 1)
    never rise, as a chain's per-position rates do; None otherwise."""
    pos = [p for p, _ in got]
    if len(got) < 2 or pos[0] not in (0, 1) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    vals = [float(v) for _, v in got]
    if any(v > 1 for v in vals) or any(b > a for a, b in zip(vals, vals[1:], strict=False)):
        return None
    return got


def _above(r: PasteRecord, got: list[tuple[int, str]], shown: tuple[str, C.Value]) -> PasteRecord:
    """``r`` decided by the positions of the line above it: its printed length the sum of the
    rates (the accepted drafts a step, bonus excluded) or 1 + it (bonus included), where exactly
    one fits within the printed rounding; ``r`` as it was otherwise. The normalised length is
    1 + the sum where the rates print it finer than the length is printed (their half units
    summed), else from the printed length."""
    pl = shown[1].number
    total = sum(float(v) for _, v in got)
    fine = sum(C.half_unit(len(v.partition(".")[2])) for _, v in got)
    coarse = C.half_unit(shown[1].decimals)
    drafts = abs(total - pl) <= coarse + fine
    tokens = abs(1 + total - pl) <= coarse + fine
    if drafts == tokens or r.bonus != UNDECIDED:
        return r
    best = 1 + total if fine < coarse else pl + (1 if drafts else 0)
    first, last = got[0][0], got[-1][0]
    said = "the sum" if drafts else "1 + the sum"
    return dataclasses.replace(
        r,
        accept_length=round(best, 6),
        bonus=Decision(
            EXCLUDED if drafts else INCLUDED,
            f"identity: {said} of the per-position rates on the line above "
            f"({first}..{last}: {total:.4g}) is the printed length {shown[0].strip('`* ')}",
        ),
        per_position=tuple(float(v) for _, v in got),
        notes=decided_notes(r.notes),
    )


def _position_row(r: PasteRecord, rates: tuple[float, ...]) -> bool:
    """Whether ``r`` is a table row's rate alone, one of a run's per-position ``rates``."""
    return (
        r.printed_rate is not None
        and r.printed_length is None
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
        and not r.per_position
        and any(abs(r.printed_rate - x) < 1e-9 for x in rates)
    )


def decide(
    records: list[PasteRecord], block_of: list[int], text: str
) -> tuple[list[PasteRecord], list[int]]:
    """Lengths nothing decided, decided by the position lines printed further down their run
    (with the block of each record kept beside it)."""
    if not any(r.printed_length is not None and not r.per_position for r in records):
        return records, block_of
    if "pos" not in text.lower():
        return records, block_of
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    starts = {r.first_line for r in records if not positions_alone(r)}
    out: list[PasteRecord] = []
    used: list[tuple[int, int, tuple[float, ...]]] = []  # position lines a length took
    for r in records:
        pl = r.printed_length
        if pl is None or r.per_position or not 1 <= r.last_line <= len(raw):
            out.append(r)
            continue
        found = _run_positions(raw, r, starts)
        shown = [(v, x) for _, v in r.fields if (x := C.value(v)) is not None and x.number == pl]
        if found is None and shown and (side := _line_above(raw, r, starts)) is not None:
            out.append(_above(r, side, shown[0]))
            continue
        if found is None or not shown:
            out.append(r)
            continue
        got, lo, hi = found
        total = sum(float(v) for _, v in got)
        tol = C.half_unit(shown[0][1].decimals) + sum(
            C.half_unit(len(v.partition(".")[2])) for _, v in got
        )
        if abs(1 + total - pl) > tol or abs(total - pl) <= tol:
            out.append(r)
            continue
        first, last = got[0][0], got[-1][0]
        used.append((lo, hi, tuple(float(v) for _, v in got)))
        if r.bonus != UNDECIDED:
            # a length its counts decided (speculators' acceptance report over its 'Position i'
            # table): the rates below are its run's, the decision stays the counts'
            if r.bonus.value == INCLUDED:
                out.append(dataclasses.replace(r, per_position=tuple(float(v) for _, v in got)))
            else:
                out.append(r)
                used.pop()
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=pl,
                bonus=Decision(
                    INCLUDED,
                    f"identity: 1 + the sum of the per-position rates on the run's position "
                    f"lines below ({first}..{last}: {total:.4g}) is the printed length "
                    f"{shown[0][0].strip('`* ')}",
                ),
                per_position=tuple(float(v) for _, v in got),
                notes=decided_notes(r.notes),
            )
        )
    # the opener and position lines a length took are that run's, not a record of their own
    # (a table's row of a position, '| 0 | 40.84% |', read as a rate of its own: that run's too)
    kept = [
        (r, b)
        for r, b in zip(out, block_of, strict=True)
        if not any(
            lo <= r.first_line
            and r.last_line <= hi
            and (
                positions_alone(r) and _same_rates(r.per_position, rates) or _position_row(r, rates)
            )
            for lo, hi, rates in used
        )
    ]
    return [r for r, _ in kept], [b for _, b in kept]


def _same_rates(got: tuple[float, ...], rates: tuple[float, ...]) -> bool:
    """Whether a record's per-position rates are the rates a length took, each equal but for the
    float's last bits (a percentage divided by 100: 1.17% is 0.011699999999999999)."""
    return len(got) == len(rates) and all(
        abs(a - b) <= 1e-12 for a, b in zip(got, rates, strict=True)
    )
