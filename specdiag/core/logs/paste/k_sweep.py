"""A sweep of the draft tokens per step told twice: a table of runs keyed by K ('| K | C=1 |
... | Accept |', one rate a row, no length) beside a table of per-position rates keyed by the
same K ('| K | P0 | P1 | ... |', K rates a row, a dash beyond K).

A per-position rate of a chain is the share of the steps whose draft at that position was
accepted (vLLM's), so along a row it never rises, the sum of a row's K rates is the accepted
drafts per step, and their mean is accepted drafts / (K x steps): the rate per drafted token
with K drafts every step. Where a row's mean equals the sweep row's rate of the same K within
the printed rounding (half a unit of the rate, plus the mean of the positions' half units),
the rate is proven that one, and the row's length is 1 + K x rate (the bonus token counted),
equivalently 1 + the sum of its rates: of the two, the one printed with the smaller rounding
(K x half a unit of the rate against the positions' half units summed; the rate on a tie).
The per-position rates join that row's record, no record of their own.

The two tables pair only when their K columns bear the same name and the same K values (each
once), and no other sweep or per-position table stands between them (the one just above,
else the one just below). A row claims nothing where its rates are not exactly K, approximate
('~70%'), rise along the row, or miss the rate. K named as a maximum ('draft-max', 'n_max',
'max draft tokens': a step may draft fewer) proves nothing unless every row of the table
holds the identity, which only K drafts every step can give.

A per-position table with no sweep table beside it is left as the other readers left it.

Pure: tables and records in, records out.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import column_runs as CRUN
from specdiag.core.logs.paste import one_draft as OD
from specdiag.core.logs.paste import tables as TB
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_DRAFT,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    blank_record,
    decided_notes,
    without,
)

# a column of the draft tokens per step, by the name read by the cell vocabulary ('num spec
# tokens', 'gamma') or a short name of it
_K_WORDS = frozenset(
    ("k", "γ", "spec k", "draft k", "mtp k", "n spec", "num spec", "draft len", "draft length")
)
# a maximum of drafts a step (llama.cpp's draft-max and n_max, 'max draft tokens')
_MAXIMUM = re.compile(r"(?:^|\s)max(?:imum)?(?:\s|$)|^n ?max$|^draft ?max")
# a position's header: P0, Pos 1, position 2, draft 3, depth 1, or the cell vocabulary's own
_POSITION = re.compile(r"^(?:p|pos|position|draft pos(?:ition)?|draft|depth)\s*(\d{1,2})$")
# a cell beyond the row's K: nothing drafted there
_NOTHING = re.compile(r"^(?:|-+|[—–]|n/?a|/|x|none)$", re.I)
_APPROX = re.compile(r"[~≈<>]|\d\s*(?:-|–|to)\s*\d", re.I)


def k_name(header: str) -> str | None:
    """The normalised name of a K column ('K', 'num_speculative_tokens', 'draft-max'), else
    None."""
    k = C.norm(header)[0]
    if C.key(header).metric == C.K or k in _K_WORDS or (_MAXIMUM.search(k) and "draft" in k):
        return k
    if re.fullmatch(r"n ?max", k):
        return k
    return None


def _maximum(name: str) -> bool:
    return _MAXIMUM.search(name) is not None


@dataclass(frozen=True, slots=True)
class PositionRow:
    """One row of a per-position table: its K, and its rates where they are K plain figures."""

    k: int
    line: int
    rates: tuple[float, ...] | None  # fractions; None where the row holds no K plain rates
    units: tuple[float, ...]  # half a unit of each rate, as a fraction
    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class PositionTable:
    """A table of per-position rates keyed by K, read from a grid no other reader read, or
    from per-position records keyed by K."""

    name: str  # the K column's normalised name
    first_line: int
    last_line: int
    rows: tuple[PositionRow, ...]
    records: tuple[int, ...] = ()  # indices of the per-position records it was built from
    header: tuple[str, ...] = ()  # the grid's header cells, normalised
    structure: str = ""  # the grid's layout


def _whole(cell: str) -> int | None:
    v = C.value(cell)
    if v is None or v.percent or v.number != int(v.number) or not 1 <= v.number <= 64:
        return None
    return int(v.number)


def _rates(cells: list[str], names: list[str], k: int) -> PositionRow | None:
    """K plain rates first, nothing drafted after them; None otherwise."""
    got: list[C.Value] = []
    fields: list[tuple[str, str]] = []
    rest = False
    for name, cell in zip(names, cells, strict=False):
        bare = C._MARKUP.sub("", cell).strip()
        if _NOTHING.match(bare):
            rest = True
            continue
        v = C.value(bare)
        if rest or v is None or _APPROX.search(bare) or v.max is not None or v.spread:
            return None
        got.append(v)
        fields.append((name, cell.strip()))
    if len(got) != k or not got or len({v.percent for v in got}) != 1:
        return None
    rates = tuple(v.number / 100.0 if v.percent else v.number for v in got)
    if not all(0.0 <= r <= 1.0 for r in rates):
        return None
    units = tuple(C.half_unit(v.decimals) / (100.0 if v.percent else 1.0) for v in got)
    return PositionRow(k, 0, rates, units, tuple(fields))


def positions_table(g: TB.Grid) -> PositionTable | None:
    """A grid keyed by K whose other columns are draft positions in order ('| K | P0 | P1 |
    P2 |'), every row a whole K; else None."""
    if not g.header or len(g.rows) < 1:
        return None
    head = g.header[-1]
    if len(head) < 2:
        return None
    name = k_name(head[0])
    if name is None:
        return None
    numbers = []
    for h in head[1:]:
        m = _POSITION.match(C.norm(h)[0])
        if m is None:
            return None
        numbers.append(int(m.group(1)))
    if numbers[0] not in (0, 1) or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None
    rows = []
    for line, cells in g.rows:
        if not cells:
            return None
        k = _whole(cells[0])
        if k is None:
            return None
        got = _rates(cells[1:], head[1:], k) if k <= len(head) - 1 else None
        rows.append(
            dataclasses.replace(got, line=line)
            if got is not None
            else PositionRow(k, line, None, (), ())
        )
    return PositionTable(
        name,
        g.first_line,
        g.last_line,
        tuple(rows),
        header=tuple(C.norm(h)[0] for h in head),
        structure=g.structure,
    )


def _k_of(r: PasteRecord) -> tuple[str, int] | None:
    """The record's one K label (name, value)."""
    found = [(n, k) for n, v in r.labels if k_name(n) is not None and (k := _whole(v)) is not None]
    return (C.norm(found[0][0])[0], found[0][1]) if len(found) == 1 else None


def _k(r: PasteRecord) -> tuple[str, int]:
    """The K label of a record known to have one."""
    got = _k_of(r)
    assert got is not None
    return got


def _from_records(records: list[PasteRecord], block_of: list[int]) -> list[PositionTable]:
    """Per-position records keyed by K (one block of them) as tables."""
    by_block: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if CRUN.positions_only(r) and _k_of(r) is not None:
            by_block.setdefault(block_of[i], []).append(i)
    out = []
    for idx in by_block.values():
        names = {_k(records[i])[0] for i in idx}
        if len(names) != 1:
            continue
        rows = []
        for i in idx:
            r = records[i]
            k = _k(r)[1]
            cells = [s for _, s in r.fields]
            got = _rates(cells, [n for n, _ in r.fields], k)
            rows.append(
                dataclasses.replace(got, line=r.first_line)
                if got is not None
                else PositionRow(k, r.first_line, None, (), ())
            )
        out.append(
            PositionTable(
                names.pop(),
                records[idx[0]].first_line,
                records[idx[-1]].last_line,
                tuple(rows),
                tuple(idx),
            )
        )
    return out


def _sweep_row(r: PasteRecord) -> bool:
    rate = r.printed_rate
    # a K = 1 row one_draft.py decided (1 + rate) is still the sweep's row: its positions may
    # prove it again, and the other rows need it to pair the tables
    one = r.bonus.rule.startswith(OD.RULE)
    return (
        "table" in r.structure
        and rate is not None
        and 0.0 < rate <= 1.0
        and r.printed_length is None
        and (one or r.accept_length is None)
        and (one or r.bonus.value == UNKNOWN)
        and r.rate_basis.value == UNKNOWN
        and not r.per_position
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and _k_of(r) is not None
    )


def _rate_unit(r: PasteRecord) -> float | None:
    """Half a unit of the record's rate as printed (a fraction), None where it is approximate
    or not found among its cells."""
    for _, shown in r.fields:
        v = C.value(shown)
        if v is None or _APPROX.search(shown):
            continue
        as_read = v.number / 100.0 if v.percent else v.number
        if abs(as_read - (r.printed_rate or -1.0)) < 1e-9:
            return C.half_unit(v.decimals) / (100.0 if v.percent else 1.0)
    return None


def _holds(r: PasteRecord, row: PositionRow) -> bool:
    """Whether the row's K rates never rise and their mean is the record's rate."""
    if row.rates is None or r.printed_rate is None:
        return False
    unit = _rate_unit(r)
    if unit is None:
        return False
    p, u = row.rates, row.units
    if any(p[i + 1] > p[i] + u[i] + u[i + 1] for i in range(len(p) - 1)):
        return False
    mean = sum(p) / row.k
    return abs(mean - r.printed_rate) <= unit + sum(u) / row.k + 1e-9


def fold(
    records: list[PasteRecord], block_of: list[int], grids: list[tuple[int, PositionTable]]
) -> tuple[list[PasteRecord], list[int]]:
    """Sweep rows whose rate the per-position table of the same K proves (see the module's
    rules), with their lengths and per-position rates; ``grids``: (block, table) of the
    per-position tables no other reader read."""
    tables = [(b, t) for b, t in grids] + [
        (block_of[t.records[0]], t) for t in _from_records(records, block_of)
    ]
    if not tables:
        return records, block_of
    sweeps: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if _sweep_row(r):
            sweeps.setdefault(block_of[i], []).append(i)
    if not sweeps:
        return records, block_of
    # the sweeps and the per-position tables in line order, to pair neighbours only
    order: list[tuple[int, str, int]] = [
        (records[idx[0]].first_line, "sweep", b) for b, idx in sweeps.items()
    ] + [(t.first_line, "table", n) for n, (_, t) in enumerate(tables)]
    order.sort()
    paired: set[int] = set()
    out = list(records)
    dropped: set[int] = set()
    for pos, (_, what, n) in enumerate(order):
        if what != "table":
            continue
        _, table = tables[n]
        match = None
        for near in (pos - 1, pos + 1):
            if 0 <= near < len(order) and order[near][1] == "sweep":
                b = order[near][2]
                if b not in paired and _same_keys(records, sweeps[b], table):
                    match = b
                    break
        if match is None:
            continue
        paired.add(match)
        by_k = {_k(records[i])[1]: i for i in sweeps[match]}
        holds = {row.k: _holds(records[by_k[row.k]], row) for row in table.rows}
        if _maximum(table.name) and not all(holds.values()):
            continue  # (a maximum proves nothing unless every row holds the identity)
        for m, row in enumerate(table.rows):
            if not holds[row.k] or row.rates is None:
                continue
            i = by_k[row.k]
            out[i] = _proven(out[i], row, table)
            if table.records:
                dropped.add(table.records[m])
    return without(out, block_of, dropped)


def _same_keys(records: list[PasteRecord], idx: list[int], table: PositionTable) -> bool:
    keys = [_k_of(records[i]) for i in idx]
    names = {k[0] for k in keys if k is not None}
    ks = [k[1] for k in keys if k is not None]
    tks = [row.k for row in table.rows]
    return (
        names == {table.name}
        and len(set(ks)) == len(ks)
        and len(set(tks)) == len(tks)
        and sorted(ks) == sorted(tks)
    )


def _proven(r: PasteRecord, row: PositionRow, table: PositionTable) -> PasteRecord:
    rate = r.printed_rate or 0.0
    unit = _rate_unit(r) or 0.0
    rates = row.rates or ()
    by_sum = sum(row.units) < row.k * unit
    length = round(1 + sum(rates), 6) if by_sum else round(1 + row.k * rate, 6)
    how = (
        f"1 + the sum of the row's rates ({length:g})"
        if by_sum
        else f"1 + {row.k} x {rate:g} = {length:g}"
    )
    mean = sum(rates) / row.k
    rule = (
        f"identity: the mean of the {row.k} per-position rates of K = {row.k} (line {row.line}) "
        f"is {mean:.4g}, the row's rate {rate:g} within the printed rounding: the rate is "
        f"accepted drafts / ({row.k} x steps), so the length is {how}, the bonus token counted"
    )
    return dataclasses.replace(
        r,
        accept_length=length,
        accept_rate=rate,
        bonus=Decision(INCLUDED, rule),
        rate_basis=Decision(
            PER_DRAFT,
            f"identity: the mean of the row's per-position rates (line {row.line}), "
            f"{row.k} drafts a step",
        ),
        per_position=rates,
        fields=r.fields + row.fields,
        notes=(
            *decided_notes(r.notes),
            f"per-position rates from the table at line {table.first_line}",
        ),
    )


# --- a per-position table titled by its twin ----------------------------------------------------

TWIN_NOTE = (
    "per-position rates: no title names this table, but its header is, cell for cell, the "
    "header of the per-position acceptance table at line {line} (the same printer's table)"
)


def twins(
    records: list[PasteRecord],
    grids: list[tuple[int, PositionTable]],
    untitled: list[tuple[int, PositionTable]],
) -> list[tuple[int, PasteRecord]]:
    """Records of the per-position tables ``untitled`` (a table alone in its block, no title
    naming any figure, so no reader looked at it) whose header is, cell for cell, the header of
    a per-position table ``grids`` holds that `fold` read (its rows proven a K sweep's
    per-position acceptance, ``records`` after `fold`): the same printer's table, so the same
    figure. One record a row of K plain rates (its K a label, no length: a chain's per-position
    rates prove a length only beside a rate or a printed length), as (block, record)."""
    if not untitled or not grids:
        return []
    read = {n for r in records for n in r.notes if n.startswith("per-position rates from")}
    known = {
        t.header: t.first_line
        for _, t in grids
        if t.header and f"per-position rates from the table at line {t.first_line}" in read
    }
    out: list[tuple[int, PasteRecord]] = []
    for block, table in untitled:
        line = known.get(table.header)
        if line is None:
            continue
        note = TWIN_NOTE.format(line=line)
        for row in table.rows:
            if row.rates is None:
                continue
            rec = blank_record(
                TABLE_ROW,
                "unknown",
                "no tool named",
                table.structure,
                (row.line, row.line),
                labels=((table.name, str(row.k)),),
                fields=row.fields,
                notes=(note,),
            )
            out.append((block, dataclasses.replace(rec, per_position=row.rates)))
    return out
