"""Rows labelled by a bare ``steps=N`` under a caption naming the draft head's steps.

A report compares a draft head's settings in a table whose rows say only ``steps=1``,
``steps=2``, the caption right above naming whose steps they are (``MTP steps=1 → 2:``,
``EAGLE steps 2/3/4``). ``steps=N`` alone names no k (it may count a trainer's steps), but
under such a caption each row is the run at that head's setting, as a label ``MTP steps=N``
is (``interpret._K_IN_LABEL``): the head drafts at most N tokens a step, so a length above N
counts the bonus token (the table's machinery then decides as for that label).

Only where every bit holds:

- the caption is the last line above the table (in its block, or the block right before:
  the reader's ``setup``), not a heading, naming MTP or EAGLE right before ``steps`` (markup
  between allowed: ``MTP `steps=1 → 2```) and then every value the rows' labels state, and no
  tree's width (``topk``, ``draft tokens``, ``width``: a step may hold several drafts at one
  depth);
- a row's first cell is ``steps=N`` (``num_steps=N``) alone, N from 1 to 16.

A caption naming no head (``steps=1 → 2``), a row's value the caption does not list, or a
label with more words (``steps=2 warm``) leave the table as written.

Pure: a grid and its caption in, a grid out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.tables import Grid

# a row's label of the steps alone ('steps=2', '`num_steps = 3`' once its markup is dropped)
_ROW = re.compile(r"(?:num[_ ])?steps\s*=\s*(\d{1,2})", re.I)
# the caption's head and the steps it lists ('MTP steps=1 → 2', 'EAGLE num_steps 2/3'): one
# value, or a list joined by arrows, slashes, commas or 'vs'
_SEP = r"\s*(?:→|->|=>|/|,|\bvs\.?|\bto\b|和|与)\s*"
_CAPTION = re.compile(
    r"(?<![A-Za-z0-9_-])(?P<head>mtp|eagle-?\d?)[\s`*_]*(?:num[_ ])?steps\s*[=:]?\s*"
    r"(?P<vals>\d{1,2}(?:" + _SEP + r"\d{1,2})*)(?!\s*\.?\d)",
    re.I,
)
_TREE = re.compile(r"top[-_ ]?k|draft[-_ ]tokens|width", re.I)


def _caption_steps(setup: Sequence[str]) -> tuple[str, set[int]] | None:
    """(the head's name as written, the steps the caption lists) where the last line of
    ``setup`` names a draft head's steps and no tree's width; else None."""
    lines = [t for t in setup if t.strip()]
    if not lines:
        return None
    cap = lines[-1]
    if "steps" not in cap.lower() or cap.lstrip().startswith("#") or _TREE.search(cap):
        return None
    found = list(_CAPTION.finditer(cap.replace("`", " ")))
    heads = {m.group("head").upper() for m in found}
    if len(heads) != 1:
        return None
    vals = {int(v) for m in found for v in re.findall(r"\d{1,2}", m.group("vals"))}
    return found[0].group("head"), vals


def _row_steps(cell: str) -> int | None:
    m = _ROW.fullmatch(C._MARKUP.sub("", cell).strip())
    return int(m.group(1)) if m is not None and 1 <= int(m.group(1)) <= 16 else None


def relabel(g: Grid, setup: Sequence[str]) -> Grid:
    """``g`` with each row label ``steps=N`` read as ``HEAD steps=N``, where the caption
    (``setup``'s last line) names the head's steps and lists every such row's N; else ``g``."""
    # (the cheap gate: a row's first cell setting steps)
    if not any(cells and "steps" in cells[0].lower() for _, cells in g.rows):
        return g
    said = _caption_steps(setup)
    if said is None:
        return g
    head, listed = said
    steps = [_row_steps(cells[0]) if cells else None for _, cells in g.rows]
    if not any(s is not None for s in steps) or any(
        s is not None and s not in listed for s in steps
    ):
        return g
    rows = [
        (ln, cells if s is None else [f"{head} {C._MARKUP.sub('', cells[0]).strip()}", *cells[1:]])
        for (ln, cells), s in zip(g.rows, steps, strict=True)
    ]
    return dataclasses.replace(g, rows=rows)
