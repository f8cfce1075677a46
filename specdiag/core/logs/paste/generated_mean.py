"""A table printing, for one run, a mean of accepted tokens and a mean of generated tokens
whose difference is one (`Mean accepted tokens 2.73` over `Mean generated tokens 3.73`, as
rows of a metrics table or as columns of a run's row): the generated mean counts every token a
step emits, the accepted one the same without the target's own token, so the accepted figure
is the length bonus excluded, by the run's own identity (generated = accepted + 1).

Read only where

- the record's printed length comes from a field named as a mean of accepted tokens
  ('mean accepted tokens', 'avg accepted'), its bonus still unknown;
- the table has exactly one row (or header cell) named as a mean of accepted tokens and
  exactly one named as a mean of generated, emitted or output tokens;
- the run's generated cell is a plain number equal to the accepted figure plus one within the
  printed rounding of both (any other difference decides nothing).

Pure: a table and its records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import EXCLUDED, UNKNOWN, PasteRecord, printed_decided
from specdiag.core.logs.paste.tables import Grid

_MEAN = r"^(?:mean|avg|average)\s+(?:number\s+of\s+)?"
_ACCEPTED = re.compile(_MEAN + r"(?:accepted(?:\s+tokens)?|accept\s+tokens)$")
_GENERATED = re.compile(_MEAN + r"(?:generated|emitted|output)\s+tokens$")


def _named(cell: str, name: re.Pattern[str]) -> bool:
    return name.match(C.norm(cell)[0]) is not None


def _plain(cell: str) -> C.Value | None:
    v = C.value(cell)
    return v if v is not None and not v.percent and v.max is None else None


def rows(g: Grid, records: list[PasteRecord]) -> list[PasteRecord]:
    """The table's records with the bonus decided where the module's identity holds."""
    if not any(
        r.printed_length is not None and any(_named(k, _ACCEPTED) for k, _ in r.fields)
        for r in records
    ):
        return records
    # (metrics as rows first: a transposed table keeps its runs as columns)
    pair = _metric_rows(g) or _columns(g, records)
    if pair is None:
        return records
    return [_decided(r, pair.get(r.first_line, pair.get(-1))) for r in records]


def _metric_rows(g: Grid) -> dict[int, tuple[list[str], list[str]]] | None:
    """Metrics as rows: the accepted row and the generated row, each found once (key -1: every
    record of the table, a column each)."""
    acc = [c for _, c in g.rows if c and _named(c[0], _ACCEPTED)]
    gen = [c for _, c in g.rows if c and _named(c[0], _GENERATED)]
    if len(acc) != 1 or len(gen) != 1 or len(acc[0]) != len(gen[0]):
        return None
    return {-1: (acc[0][1:], gen[0][1:])}


def _columns(g: Grid, records: list[PasteRecord]) -> dict[int, tuple[list[str], list[str]]] | None:
    """Metrics as columns: each run's row, its accepted and generated cells."""
    if not g.header:
        return None
    head = g.header[-1]
    acc = [j for j, h in enumerate(head) if _named(h, _ACCEPTED)]
    gen = [j for j, h in enumerate(head) if _named(h, _GENERATED)]
    if len(acc) != 1 or len(gen) != 1:
        return None
    a, b = acc[0], gen[0]
    return {ln: ([cells[a]], [cells[b]]) for ln, cells in g.rows if len(cells) == len(head)} or None


def _decided(r: PasteRecord, pair: tuple[list[str], list[str]] | None) -> PasteRecord:
    if pair is None or r.printed_length is None or r.bonus.value != UNKNOWN:
        return r
    said = [t for k, t in r.fields if _named(k, _ACCEPTED)]
    if len(said) != 1:
        return r
    acc, gen = pair
    # the run's column: the one accepted cell holding the record's own figure
    at = [j for j, c in enumerate(acc) if c.strip() == said[0].strip()]
    if len(at) != 1:
        return r
    a, g = _plain(acc[at[0]]), _plain(gen[at[0]])
    if a is None or g is None or a.number != r.printed_length:
        return r
    tol = C.half_unit(a.decimals) + C.half_unit(g.decimals)
    if abs(g.number - a.number - 1) > tol:
        return r
    why = (
        f"identity: generated = accepted + 1 ({g.number:g} = {a.number:g} + 1, the run's mean "
        "generated and mean accepted tokens): the accepted mean leaves out the target's own token"
    )
    return printed_decided(r, EXCLUDED, why)
