"""A pipe table's column named by a bare verb of emitting (`emits`, `emitted`, `emit`) in a
paste whose own prose gives that verb its unit: tokens per verify step (`a chain of k emits at
most k + 1 tokens per verify`, `each round emits 2.3 tokens per step`).

The column then holds what a verify step emits, the accepted drafts and the target's own token:
its header is read as `emitted per verify` (a name the readers know: tokens per step, bonus
included). A paste that never says what its emitting counts, or says it of another unit
(`emits 40 tokens per second`, `emits a log line per request`), leaves the header as it is: a
bare `emits` may count anything.

Pure: a paste's lines in, lines out. One search of the paste for the unit, gated by `emit` in
it; then one look at each line opening a table (the line above a delimiter row).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

# the verb, then at most six words (no sentence end), then tokens per verify step
_UNIT = re.compile(
    r"\bemit(?:s|ted)?\b(?:[ \t]+[^\s.;:!?]+){0,6}?[ \t]+tokens?[ \t]*(?:per[ \t]+|/[ \t]*|a[ \t]+)"
    r"(?:verify|verification|verify[ \t]+step|step|round|cycle|target[ \t]+forward|forward)\b",
    re.I,
)
_BARE = frozenset(("emits", "emitted", "emit"))
_GLOSS = "emitted per verify"


def told(text: str) -> bool:
    """Whether the paste says its emitting counts tokens per verify step."""
    return "emit" in text.lower() and _UNIT.search(text) is not None


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with each pipe table's bare `emits` header cell read as tokens per verify
    (call only where :func:`told`)."""
    out = list(lines)
    for i in range(len(out) - 1):
        ln, t = out[i]
        if "|" not in t or not C.PIPE_DELIM.match(out[i + 1][1]):
            continue
        cells = t.split("|")
        changed = False
        for j, c in enumerate(cells):
            bare = c.strip().strip("*_`").strip().lower()
            if bare in _BARE:
                cells[j] = c.replace(c.strip(), _GLOSS)
                changed = True
        if changed:
            out[i] = (ln, "|".join(cells))
    return out
