"""Tables whose columns are different tools' runs and whose cells are phrases: a header of
configurations, one of them naming an engine ('| Workload | our fork (k=4) | vLLM 0.11 |'), over
rows whose cells print a few figures in words, an acceptance figure among them with its name
('52-61 tok/s (mean ~57, AL ~2.9)', '66 tok/s (AL 2.4-3.1)').

No other table reader reads such cells (no cell is a number alone); read line by line as prose,
every figure of a row would take the one tool the block names, which is only one column's. Here
each cell is read on its own as prose, labelled by its row and its column, with its column's
tool: the engine its header names; for a column whose header names none beside one that names
the block's tool (and that tool named nowhere else in the block or its heading), no tool, so no
engine's convention. A range under an acceptance name in a cell ('AL 2.4-3.1') is the run's
record with no figure, as a range cell is in any table; a range of another measure ('52-61
tok/s') is none.

Pure: a grid in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord
from specdiag.core.logs.paste.tables import Grid

# a header comparing against an engine ('speedup vs vLLM'): not that engine's column
_AGAINST = re.compile(r"\b(?:vs\.?|versus|than|over|against|relative to)\s", re.I)
# a range inside a cell ('2.4-3.1', '55–62%'), its ends plain numbers
_RANGE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*[-–—]\s*\d+(?:\.\d+)?\s*%?")
# where a figure's name starts inside a cell: after a bracket, a comma or a semicolon
_PART_START = re.compile(r"[(\[,;]")
_NAME_TRIM = " \t~≈:=*`"
_LETTER = re.compile(r"[A-Za-z]")
COLUMN_RULE = "the column's header names its engine"
OTHER_COLUMN_RULE = (
    "its column's header names no tool; the tool the block names is another column's header"
)


_label = C.unmarked


def _phrase(cell: str) -> bool:
    """Whether a cell holds words beside its figures ('55 tok/s', '40-48 tok/s (AL ~2.9)')."""
    return _LETTER.search(_label(cell)) is not None


def _span_record(cell: str, ln: int, ctx: I.Ctx, structure: str) -> PasteRecord | None:
    """The record of no figure of a range an acceptance name stands right before in ``cell``
    ('(AL 2.4-3.1 MTP)'), else None."""
    t = _label(cell)
    for m in _RANGE.finditer(t) if "-" in t or "–" in t or "—" in t else ():
        before = t[: m.start()]
        cut = [p.end() for p in _PART_START.finditer(before)]
        name = before[cut[-1] if cut else 0 :].strip(_NAME_TRIM)
        if not name or len(name) > 40:
            continue
        k = C.key(name)
        fig = E.Figures()
        if k.metric is None or not I._put_span(fig, k.metric, name, m.group().strip()):
            continue
        return E.record(
            fig,
            kind=TABLE_ROW,
            tool=ctx[0],
            tool_rule=ctx[1],
            structure=structure,
            lines=(ln, ln),
            labels=(),
        )
    return None


# where a figure's name after a range ends inside a cell: a bracket, a comma, a semicolon, a
# sentence's end or a dash between clauses
_PART_END = re.compile(r"[()\[\],;]|[.!?](?:\s|$)|\s[-–—]\s")


# what may follow a range its name stands before, up to the clause's end: nothing, or a place or
# a setting it was measured on ('on math', 'at bs=1'); never a unit of another measure
_AFTER_NAMED = re.compile(r"(?:(?:on|in|for|at|across|over|with)\s[^\d]*)?$", re.I)
# the name right before a range: words of letters alone from the clause's start, no figure
_NAME_BEFORE = re.compile(r"[A-Za-z][A-Za-z\s/-]{0,38}$")


def _name_after(name: str, m: re.Match[str]) -> E.Figures | None:
    """The figures of a range the acceptance figure's name ``name`` follows to its clause's
    end ('78-93% MTP acceptance'), else None."""
    if not name or len(name) > 40 or (k := C.key(name)).metric is None:
        return None
    fig = E.Figures()
    return fig if I._put_span(fig, k.metric, name, m.group().strip()) else None


def _name_before(t: str, m: re.Match[str]) -> E.Figures | None:
    """The figures of a range an acceptance figure's name stands right before, its clause's
    only words before it ('acceptance 0.79-0.84', 'notes, draft acceptance 61-70% on code'),
    else None: the name opening the clause (the cell or after a bracket, a comma or a
    semicolon) with letters alone, and after the range nothing but the clause's end or a
    place it was measured on."""
    before = t[: m.start()]
    cut = [p.end() for p in _PART_START.finditer(before)]
    name = before[cut[-1] if cut else 0 :].strip(_NAME_TRIM)
    end = _PART_END.search(t, m.end())
    after = t[m.end() : end.start() if end else len(t)].strip()
    if not _NAME_BEFORE.fullmatch(name) or _AFTER_NAMED.fullmatch(after) is None:
        return None
    k = C.key(name)
    fig = E.Figures()
    if k.metric is None or not I._put_span(fig, k.metric, name, m.group().strip()):
        return None
    return fig


def range_cells(g: Grid, ctx: I.Ctx) -> dict[int, PasteRecord]:
    """A table no reader read: each row's record of no figure where one of its phrase cells
    prints a range right before an acceptance figure's name ('78-93% MTP acceptance', '2.2-2.7
    AL') or right after it, the name opening its clause ('acceptance 0.79-0.84'), by line; the
    first such cell of a row only, a range of another measure none."""
    out: dict[int, PasteRecord] = {}
    if len(g.header) != 1:
        return out
    for ln, row in g.rows:
        for cell in row[1:]:
            t = _label(cell)
            if ln in out or not _phrase(cell) or not ("-" in t or "–" in t or "—" in t):
                continue
            for m in _RANGE.finditer(t):
                end = _PART_END.search(t, m.end())
                name = t[m.end() : end.start() if end else len(t)].strip(_NAME_TRIM)
                fig = _name_after(name, m) or _name_before(t, m)
                if fig is None:
                    continue
                rec = E.record(
                    fig,
                    kind=TABLE_ROW,
                    tool=ctx[0],
                    tool_rule=ctx[1],
                    structure=g.structure,
                    lines=(ln, ln),
                    labels=((_label(g.header[0][0]).lower() or "row", _label(row[0])),)
                    if g.header[0] and _label(row[0])
                    else (),
                )
                if rec is not None:
                    out[ln] = rec
                    break
    return out


def _column_ctx(head: list[str], ctx: I.Ctx, elsewhere: str) -> dict[int, I.Ctx] | None:
    """Each configuration column's tool (see the module), None where no header names an
    engine."""
    named = {
        j: t
        for j, h in enumerate(head)
        if j and (t := T.engine_of(h)) is not None and not _AGAINST.search(h)
    }
    if not named:
        return None
    own_elsewhere = ctx[0] in T.tools_attributed(elsewhere)
    out: dict[int, I.Ctx] = {}
    for j in range(1, len(head)):
        if j in named:
            t = named[j]
            out[j] = ctx if t == ctx[0] else (t, COLUMN_RULE, ctx[2])
        elif ctx[0] in named.values() and not own_elsewhere:
            out[j] = ("unknown", OTHER_COLUMN_RULE, ctx[2])
        else:
            out[j] = ctx
    return out


def read(g: Grid, ctx: I.Ctx, elsewhere: str) -> list[PasteRecord]:
    """Records of a table of tools' columns whose cells are phrases (see the module's rules);
    [] for any other table. ``elsewhere``: the block's heading and its lines outside the table."""
    if len(g.header) != 1 or not g.rows:
        return []
    head = [_label(c) for c in g.header[0]]
    if len(head) < 3 or any(not h or C.key(h).metric not in (None, C.LABEL) for h in head[1:]):
        return []
    cols = _column_ctx(head, ctx, elsewhere)
    if cols is None:
        return []
    row_name = head[0].lower() or "row"
    out: list[PasteRecord] = []
    for ln, row in g.rows:
        if len(row) != len(head) or not _label(row[0]):
            return []
        got = _phrase_row(g, ln, row, head, row_name, cols)
        if got is None:
            return []
        out.extend(got)
    return out


def _phrase_row(
    g: Grid, ln: int, row: list[str], head: list[str], row_name: str, cols: dict[int, I.Ctx]
) -> list[PasteRecord] | None:
    """A row's records of its phrase cells, each read on its own as prose under its column's
    context (``cols``), labelled by the row and the column; None where a cell holds figures
    alone (a table of figures, not of phrases)."""
    out: list[PasteRecord] = []
    for j in range(1, len(head)):
        cell = row[j]
        if not _phrase(cell):
            if _label(cell) and any(ch.isdigit() for ch in cell):
                return None
            continue
        got = I.keyvalue([(ln, _label(cell))], cols[j], "prose", None)
        if not got and (sp := _span_record(cell, ln, cols[j], g.structure)) is not None:
            got = [sp]
        out.extend(
            dataclasses.replace(
                r,
                kind=TABLE_ROW,
                structure=g.structure,
                first_line=ln,
                last_line=ln,
                labels=((row_name, _label(row[0])), ("column", head[j]), *r.labels),
            )
            for r in got
        )
    return out


ROW_TOOL_COLUMNS = I._TOOL_COLS  # (the rule names evidence.CONVENTION_RULES holds)


def read_rows(g: Grid, ctx: I.Ctx) -> list[PasteRecord]:
    """Records of a table whose first column names each row's tool (an ``Engine`` column, two
    rows naming two different known tools) and whose other cells are phrases ('median mean
    accept length 2.71', 'accept len about 3.4'): each phrase cell read on its own as prose,
    with its row's tool and that tool's conventions (the row is that engine's run). A row whose
    first cell names no known tool, or several, gets no tool; a cell of figures alone leaves the
    table to the other readers; [] for any other table."""
    if len(g.header) != 1 or len(g.rows) < 2:
        return []
    head = [_label(c) for c in g.header[0]]
    if len(head) < 2 or head[0].lower() not in ROW_TOOL_COLUMNS:
        return []
    tools = {ln: T.engine_of(_label(row[0])) if row else None for ln, row in g.rows}
    if len({t for t in tools.values() if t is not None}) < 2:
        return []
    column = head[0].lower()
    out: list[PasteRecord] = []
    for ln, row in g.rows:
        if len(row) != len(head) or not _label(row[0]):
            return []
        t = tools[ln]
        row_ctx: I.Ctx = (
            (t, f"the row's {column} column", ctx[2])
            if t is not None
            else ("unknown", f"the row's {column} column names no known tool", ctx[2])
        )
        got = _phrase_row(g, ln, row, head, column, dict.fromkeys(range(1, len(head)), row_ctx))
        if got is None:
            return []  # a cell of figures alone: a table of figures, not of phrases
        out.extend(got)
    return out
