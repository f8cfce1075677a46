"""Tables whose cells each hold a run: a grid of configurations (rows) by workloads (columns)
whose every cell prints a few figures of its own, one of them an acceptance figure with its
key ('| Method | code | extract |' over '| ngram | 40.8 ± 0.2 t/s, accept: 36.3% (45/124) |
...').

One record per cell, labelled by its row and its column, read from the cell's acceptance
key-value parts as a key-value line is (a rate with the counts it divides decided by them, a rate
of 0 of N drafts a length of 1); a cell whose acceptance key holds no figure ('accept: no
draft') gives none. Only a table whose header names no figure, and whose every filled cell but
the row labels holds an acceptance key, is read so.

Pure: a grid in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord
from specdiag.core.logs.paste.tables import Grid

# one 'key: value' part of a cell ('accept: 36.3% (45/124)'), parts split by ',' or ';'
_PART = re.compile(r"^\s*(?P<k>[A-Za-zτ][\w .%/()-]{0,30}?)\s*[:=]\s*(?P<v>\S.*)$")
_SPLIT = re.compile(r"[,;]\s+(?=[A-Za-z])")
# a cell's words closed by a bracketed 'key=value' ('Smooth start (τ=1.90)')
_BRACKETED = re.compile(r"\(([^()]*[:=][^()]*)\)\s*$")
_BARE_ACCEPT = re.compile(r"^(?:accept(?:ance|ed)?|acc)$", re.I)
MIN_CELLS = 2


def _acceptance_parts(cell: str) -> list[str]:
    """The cell's parts keyed by an acceptance figure ('accept: 36.3% (45/124)')."""
    plain = C._MARKUP.sub("", cell).strip()
    # (τ set among the run's settings in a label before its result, 'D=4, B=2, τ=0.05:  170
    # t/s': a setting, no acceptance part; interpret.label_taus)
    setting_tau = (
        ("τ" in plain or "tau" in plain.lower())
        and "=" in plain
        and next(I.label_taus(plain), None) is not None
    )
    out = []
    for part in _SPLIT.split(plain):
        # (or the figure in brackets after the cell's words: 'Smooth start (τ=1.90)')
        b = _BRACKETED.search(part)
        for one in (part, b.group(1)) if b else (part,):
            m = _PART.match(one)
            if m is None:
                continue
            k = m.group("k").strip()
            if setting_tau and re.fullmatch(r"τ|tau", k, re.I):
                continue
            if C.key(k).metric in C.ACCEPTANCE or _BARE_ACCEPT.match(k):
                out.append(one.strip())
                break
    return out


def _label(cell: str) -> str:
    return C._MARKUP.sub("", cell).strip()


def read(g: Grid, ctx: I.Ctx) -> list[PasteRecord]:
    """Records of a table whose cells each hold a run (see the module's rules); [] for any
    other table."""
    if len(g.header) != 1 or not g.rows:
        return []
    head = [_label(c) for c in g.header[0]]
    if len(head) < 2 or any(not h or C.key(h).metric not in (None, C.LABEL) for h in head[1:]):
        return []
    cells: list[tuple[int, str, str, list[str]]] = []
    for ln, row in g.rows:
        if len(row) != len(head) or not _label(row[0]):
            return []
        for j in range(1, len(head)):
            if not _label(row[j]):
                continue
            parts = _acceptance_parts(row[j])
            if not parts:
                return []  # a cell without an acceptance key: not a table of runs
            cells.append((ln, _label(row[0]), head[j], parts))
    if len(cells) < MIN_CELLS:
        return []
    row_name = head[0].lower() or "row"
    return [
        dataclasses.replace(
            r,
            kind=TABLE_ROW,
            structure=g.structure,
            first_line=ln,
            last_line=ln,
            labels=((row_name, row_label), ("column", column), *r.labels),
        )
        for ln, row_label, column, parts in cells
        for r in I.keyvalue([(ln, ", ".join(parts))], ctx, "key-value")
    ]
