"""Tables of runs whose acceptance a knob forced: a configuration column that sets the figure
the run must show (SGLang's ``SGLANG_SIMULATE_ACC_LEN``, a ``Requested AL``, a synthetic
acceptance rate: :func:`notrun.forced_name`), or a label cell assigning such a knob
(``SGLANG_SIMULATE_ACC_LEN=4``), beside the figures measured. 'synthetic' or 'simulate' in
plain words may name the prompts or a simulator: such a column is a knob only where a row of it
says it was off.

A row where the knob is on measures nothing (its figure echoes the forced value): it gives no
record. A row where it is off (``unset``, ``off``, ``none``, a dash) is a real run and is read;
a row whose knob value tells neither (a zero, a word) is dropped too. The knob's column is the
row's configuration, never its figure. Where no other column names an acceptance figure,
columns headed by a statistic alone, perhaps after a configuration (``mean``, ``Eager mean``,
``Graph median``, ``measured``), hold the forced figure as measured: one record per column.
Pure: a grid and its keys in, a grid and its keys out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import notrun as NR
from specdiag.core.logs.paste.tables import Grid

# a column holding the forced figure as measured: a statistic alone, perhaps after one or two
# words of configuration ('mean', 'Eager mean', 'graph p50', 'measured', 'actual')
_MEASURED_STAT = re.compile(
    r"^(?:(?P<cfg>[a-z0-9][a-z0-9.+]*(?: [a-z0-9][a-z0-9.+]*)?) )?"
    r"(?:mean|avg|average|median|p50|measured|observed|actual|achieved)$"
)
# configuration words that name another measure ('latency mean', 'tok/s mean')
_OTHER_MEASURE = re.compile(
    r"speed|throughput|latency|time|tok|tps|ms\b|ttft|tpot|itl|accura|score|loss|mem|power|"
    r"cost|error|std|step|len|draft|accept|rate",
    re.I,
)
# a label cell that assigns a knob ('SGLANG_SIMULATE_ACC_LEN=4', 'requested AL: off')
_CELL_ASSIGN = re.compile(
    r"^\s*`?(?P<name>[A-Za-z_][\w .-]{1,60}?)`?\s*[=:]\s*`?(?P<v>[^`]+?)`?\s*$"
)


def _plausible(metric: str, cell: str) -> bool:
    """Whether a cell is empty, a dash, or a value the forced figure can take."""
    t = C._MARKUP.sub("", cell).strip()
    if not t or t in ("-", "\u2013", "\u2014", "n/a", "N/A"):
        return True
    v = C.value(t)
    if v is None:
        return False
    if metric == C.RATE or metric == C.ACCEPT_RATIO:
        return 0 <= v.number <= (100 if v.percent else 1)
    lo = 0.0 if metric == C.ACC_PER_STEP else 1.0
    return not v.percent and lo <= v.number <= C.MAX_STEP_TOKENS


def _identifier(name: str) -> bool:
    """Whether a name is written as a program's identifier ('SGLANG_SIMULATE_ACC_LEN',
    '--synthetic-accept-rate'), not in plain words."""
    t = C._MARKUP.sub("", name).strip()
    return "_" in t or t.startswith("-") or (t.isupper() and len(t) > 3)


def _strong(name: str) -> bool:
    """Whether a forcing name is a knob by its words alone: written as an identifier, or with a
    word that only a knob uses ('Requested AL', 'forced accept length'), not only 'synthetic' or
    'simulate' (a figure on synthetic prompts, a simulator's)."""
    if _identifier(name) or not NR.WEAK_FORCING.search(name):
        return True
    return NR.forced_name(NR.WEAK_FORCING.sub(" ", name)) is not None


def knob_name(name: str) -> bool:
    """Whether a header names a knob forcing an acceptance figure in strong words or as an
    identifier ('Requested AL', 'SGLANG_SIMULATE_ACC_LEN')."""
    return NR.forced_name(name) is not None and _strong(name)


def _knob_column(g: Grid, i: int, name: str) -> bool:
    """Whether the column a forcing name heads is a knob: a strong name, or one of its cells
    says it was off ('off', 'unset')."""
    return _strong(name) or any(NR.forced_on(c[i]) is False for _, c in g.rows if i < len(c))


def forced(
    g: Grid, cols: list[tuple[str, str]], keys: list[tuple[C.Key, str]]
) -> tuple[Grid, list[tuple[C.Key, str]]] | None:
    """The grid without its forced rows and the keys with the knob read as a configuration (and
    bare statistic columns as the forced figure measured), or None when the table forces
    nothing."""
    names = [" ".join(x for x in (group, name) if x) for group, name in cols]
    knobs = {
        i: m
        for i, n in enumerate(names)
        if (m := NR.forced_name(n)) is not None and _knob_column(g, i, n)
    }
    assigned: dict[int, bool | None] = {}  # rows whose label cell assigns a knob: on or not
    for r, (_, cells) in enumerate(g.rows):
        for i, cell in enumerate(cells):
            if i in knobs or (i < len(keys) and keys[i][0].metric in C.ACCEPTANCE):
                continue
            a = _CELL_ASSIGN.match(C._MARKUP.sub("", cell))
            if (
                a is not None
                and NR.forced_name(a.group("name")) is not None
                and (_strong(a.group("name")) or NR.forced_on(a.group("v")) is False)
            ):
                on = NR.forced_on(a.group("v"))
                assigned[r] = on if assigned.get(r) is not True else True
    if not knobs and not assigned:
        return None
    new_keys = list(keys)
    for i in knobs:
        new_keys[i] = (C.Key(C.LABEL, C.norm(names[i])[0], False), keys[i][1])
    others = [i for i, (k, _) in enumerate(keys) if i not in knobs and k.metric in C.ACCEPTANCE]
    if knobs and not others:
        metric = next(iter(knobs.values()))
        for i, (k, slot) in enumerate(keys):
            text = C.norm(names[i])[0]
            stat = _MEASURED_STAT.match(text)
            if (
                i in knobs
                or k.metric is not None
                or stat is None
                or (stat.group("cfg") and _OTHER_MEASURE.search(stat.group("cfg")))
                or not all(_plausible(metric, c[i] if i < len(c) else "") for _, c in g.rows)
            ):
                continue
            new_keys[i] = (C.Key(metric, text, False), slot)
    rows = []
    for r, (ln, cells) in enumerate(g.rows):
        states = [NR.forced_on(cells[i]) for i in knobs if i < len(cells)]
        if r in assigned:
            states.append(assigned[r])
        if all(s is False for s in states):
            rows.append((ln, cells))  # (a row assigning no knob beside rows that do: a real run)
    return Grid(g.structure, g.header, rows, g.first_line, g.last_line), new_keys


def knob(g: Grid) -> str | None:
    """The name of a forcing knob the table's header or a label cell names, or None."""
    for row in g.header:
        for i, cell in enumerate(row):
            if NR.forced_name(cell) is not None and _knob_column(g, i, cell):
                return C._MARKUP.sub("", cell).strip()
    for _, cells in g.rows:
        for cell in cells:
            m = _CELL_ASSIGN.match(C._MARKUP.sub("", cell))
            if m is not None and NR.forced_name(m.group("name")) is not None and _strong(m["name"]):
                return m.group("name").strip()
    return None


def forced_columns(
    g: Grid, cols: list[tuple[str, str]]
) -> tuple[Grid, list[tuple[str, str]]] | None:
    """A table of runs as columns (its figures named down the first column) without the columns
    whose acceptance a knob forced: the knob named in the corner over its values as column
    headers, a header cell assigning it ('SGLANG_SIMULATE_ACC_LEN=4'), or a row of its values
    named by it; a column whose knob is unset or off is kept (a column assigning no knob, beside
    ones that do, is a real run). None when the table forces nothing."""
    names = [" ".join(x for x in col if x) for col in cols]
    states: dict[int, bool | None] = {}
    knob_rows: set[int] = set()

    def state(j: int, on: bool | None) -> None:
        states[j] = True if states.get(j) is True else on

    corner = names[0] if names else ""
    values = names[1:]
    if NR.forced_name(corner) is not None and (
        _strong(corner) or any(NR.forced_on(v) is False for v in values)
    ):
        for j, v in enumerate(values, 1):
            state(j, NR.forced_on(v))
    for j, n in enumerate(names[1:], 1):
        a = _CELL_ASSIGN.match(C._MARKUP.sub("", n))
        if (
            a is not None
            and NR.forced_name(a["name"]) is not None
            and (_strong(a["name"]) or NR.forced_on(a["v"]) is False)
        ):
            state(j, NR.forced_on(a["v"]))
    for r, (_, cells) in enumerate(g.rows):
        if not cells or NR.forced_name(cells[0]) is None:
            continue
        if _strong(cells[0]) or any(NR.forced_on(c) is False for c in cells[1:]):
            knob_rows.add(r)
            for j, c in enumerate(cells[1:], 1):
                state(j, NR.forced_on(c))
    if not states:
        return None
    keep = [0] + [j for j in range(1, len(cols)) if states.get(j, False) is False]

    def kept(cells: list[str]) -> list[str]:
        return [cells[j] for j in keep if j < len(cells)]

    rows = [(ln, kept(cells)) for r, (ln, cells) in enumerate(g.rows) if r not in knob_rows]
    header = [kept(row) for row in g.header]
    return Grid(g.structure, header, rows, g.first_line, g.last_line), [cols[j] for j in keep]


def floor_counts_bonus(g: Grid, cols: list[tuple[str, str]], keys: list[tuple[C.Key, str]]) -> bool:
    """Whether a length knob's floor proves the measured lengths count the target's own token:
    the knob forces the accept length, its lowest value on any row is exactly 1 (no value
    below it: a length of the drafts alone could be forced lower), and on that row every
    measured length cell prints exactly 1 (``1.000000``): a forced length of 1 is plain
    decoding, one token a step, which only a length counting the bonus token prints as 1. The
    measured columns are those :func:`forced` reads as the forced figure."""
    names = [" ".join(x for x in (group, name) if x) for group, name in cols]
    knobs = [
        i
        for i, n in enumerate(names)
        if NR.forced_name(n) in (C.LENGTH, C.TOK_PER_STEP) and _knob_column(g, i, n)
    ]
    if len(knobs) != 1:
        return False
    unforced = forced(g, cols, keys)
    if unforced is None:
        return False
    measured = [
        i
        for i, (k, _) in enumerate(unforced[1])
        if i not in knobs and k.metric in (C.LENGTH, C.TOK_PER_STEP)
    ]
    if not measured:
        return False
    ki = knobs[0]
    floor_rows = []
    for _, cells in g.rows:
        if ki >= len(cells) or NR.forced_on(cells[ki]) is not True:
            continue
        v = C.value(C._MARKUP.sub("", cells[ki]).strip())
        if v is None or v.percent:
            return False
        if v.number < 1:
            return False  # (a forced length below 1: the drafts alone)
        if v.number == 1:
            floor_rows.append(cells)
    if not floor_rows:
        return False
    for cells in floor_rows:
        vals = [
            C.value(C._MARKUP.sub("", cells[i]).strip()) if i < len(cells) else None
            for i in measured
        ]
        if not vals or any(v is None or v.percent or v.number != 1 for v in vals):
            return False
    return True
