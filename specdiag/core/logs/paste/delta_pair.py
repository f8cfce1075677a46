"""Two columns named only by their difference: a table whose header names no figure for two
of its columns ('| Query | Pretrained | Fine-tuned | Δaccept | Δtime |') and names an acceptance
figure only in a column of differences ('Δaccept', 'Δ accept rate', 'accept diff', 'acceptance
gain', 'accept improvement'). Where that column holds, in every row, the difference of the same
two columns ('8%', '21%', '+13pp': 21 - 8 = 13 points), within the printed rounding, those two
columns are that figure: an identity of the paste's own numbers, not a guess from their range.

One record per cell of the two columns (row by row, the columns in their order), of the figure
the difference names (an acceptance rate for percentages under a bare 'accept'); the column of
differences is a comparison, no record. Nothing where the identity fails in any row, holds for
no pair or for two pairs of columns, the table has fewer than two rows, or the differences name
no acceptance figure (a bare 'diff', 'Δtime': any measure's difference may hold as well).

Pure: a grid in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.tables import Grid

# a difference's word before or after the figure's name ('Δaccept', 'accept rate delta')
_DELTA = r"(?:Δ|δ|delta|diff(?:erence)?|gain|improvement|change|uplift)"
_DELTA_FIRST = re.compile(r"^" + _DELTA + r"\s*(?:\(\s*)?(?P<rest>[^()]*?)\s*\)?$", re.I)
_DELTA_AFTER = re.compile(r"^(?P<rest>.*?)\s*(?:\(\s*" + _DELTA + r"\s*\)|" + _DELTA + r")$", re.I)
# a bare acceptance name ('accept', 'acceptance'): its percentages are rates
_BARE = re.compile(r"^(?:accept(?:ance|ed)?|acc)$", re.I)
# a difference as printed: signed points ('+13pp', '−0.8 pts', '+13%')
_DIFF = re.compile(
    r"^\s*(?P<s>[+\-−]?)\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<u>pp|p\.p\.|pts?|points?|%)?\s*$", re.I
)
_FIGURES = (C.RATE, C.LENGTH)
MIN_ROWS = 2
RULE = (
    "identity: the {delta!r} column is {b!r} - {a!r} in every row, so both columns are the "
    "figure it names"
)


_plain = C.unmarked


def _figure(header: str) -> C.Key | None:
    """The acceptance figure a column of differences names ('Δaccept': a bare acceptance,
    'Δ accept rate': the rate), or None."""
    h = _plain(header)
    m = _DELTA_FIRST.match(h) or _DELTA_AFTER.match(h)
    if m is None or not (rest := m.group("rest").strip(" :-_")):
        return None
    if _BARE.match(rest):
        return C.Key(None, "accept", False)
    k = C.key(rest)
    return k if k.metric in _FIGURES else None


def _diff(cell: str) -> tuple[float, int] | None:
    m = _DIFF.match(_plain(cell))
    if m is None:
        return None
    n = float(m.group("n"))
    decimals = len(m.group("n").split(".", 1)[1]) if "." in m.group("n") else 0
    return (-n if m.group("s") in ("-", "−") else n), decimals


def _holds(a: C.Value, b: C.Value, d: tuple[float, int]) -> bool:
    slack = C.half_unit(a.decimals) + C.half_unit(b.decimals) + C.half_unit(d[1]) + 1e-9
    return abs((b.number - a.number) - d[0]) <= slack


def read(g: Grid, ctx: I.Ctx) -> list[PasteRecord]:
    """Records of the two columns a column of differences names (see the module's rules); []
    for any other table."""
    if len(g.header) != 1 or len(g.rows) < MIN_ROWS:
        return []
    head = [_plain(c) for c in g.header[0]]
    width = len(head)
    if any(len(cells) != width for _, cells in g.rows):
        return []
    deltas = [(j, k) for j, h in enumerate(head) if j > 0 and (k := _figure(h)) is not None]
    if len(deltas) != 1:
        return []
    ((dj, fig),) = deltas
    diffs = [_diff(cells[dj]) for _, cells in g.rows]
    if any(d is None for d in diffs) or all(d is not None and d[0] == 0 for d in diffs):
        return []
    # the columns naming no figure whose every cell is an unsigned value
    values: dict[int, list[C.Value]] = {}
    for j, h in enumerate(head):
        if j == 0 or j == dj or C.key(h).metric not in (None, C.LABEL):
            continue
        cells = [_plain(cells[j]) for _, cells in g.rows]
        vals = [C.value(c) for c in cells]
        if all(v is not None and v.max is None for v in vals) and not any(
            c[:1] in "+-−" for c in cells
        ):
            values[j] = [v for v in vals if v is not None]
    pairs = []
    for a in values:
        for b in values:
            if a == b:
                continue
            va, vb = values[a], values[b]
            if len({v.percent for v in va + vb}) != 1:
                continue
            if all(
                d is not None and _holds(x, y, d) for x, y, d in zip(va, vb, diffs, strict=True)
            ):
                pairs.append((a, b))
    if len(pairs) != 1:
        return []
    ((a, b),) = pairs
    percent = values[a][0].percent
    if fig.metric is None:
        if not percent:
            return []  # a bare 'accept' over plain numbers: a rate or a length, not told
        name = "acceptance rate"
    elif fig.metric == C.RATE:
        name = fig.text
    elif percent:
        return []  # a length printed as a percentage
    else:
        name = fig.text
    groups = ["" if j not in (a, b) else head[j] for j in range(width) if j != dj]
    names = [name if j in (a, b) else head[j] for j in range(width) if j != dj]
    rows = [(ln, [c for j, c in enumerate(cells) if j != dj]) for ln, cells in g.rows]
    recs, _ = I.grid(Grid(g.structure, [groups, names], rows, g.first_line, g.last_line), ctx)
    note = RULE.format(delta=head[dj], a=head[a], b=head[b])
    return [dataclasses.replace(r, notes=(*r.notes, note)) for r in recs]
