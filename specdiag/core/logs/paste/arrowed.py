"""A table a web page copied with single spaces whose header joins two columns by an arrow.

    Category Before → After Δ Accept Length
    Chat 101.5 → 140.2 +38.1% 2.415
    Code 98.0 → 151.7 +54.8% 2.870

The header's `Before → After` is one column (a change: the value before and after, one cell
`101.5 → 140.2` in each row), and its last words one figure's name (`Accept Length`) where the
counts leave one word too many and those two words name an acceptance figure. Every row: a
label of one to three words, then as many cells as the header has after its label, each a number
(perhaps signed, perhaps `%`) or two numbers joined by the same arrow where the header's arrow
stands; two rows or more, single spaces only, a header naming acceptance. The table is put back
as a pipe table, before the other readers (the spaced-table reader takes no arrow for a cell);
any other line as it is.

Pure: lines in, lines out; each line looked at a bounded number of times (linear).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_ARROWS = ("→", "->", "⟶")
_NUM = re.compile(r"[-+]?\d+(?:\.\d+)?%?$")


def _joined(words: list[str]) -> list[str]:
    """The words with each arrow and its two neighbours one cell ('a → b')."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1] in _ARROWS:
            out.append(f"{words[i]} {words[i + 1]} {words[i + 2]}")
            i += 3
        else:
            out.append(words[i])
            i += 1
    return out


def _head(t: str) -> list[str] | None:
    """The header's cells: arrows joined, and one pair of words naming an acceptance figure
    joined where the caller asks for one cell fewer (``None``: no such header)."""
    if "|" in t or any(ch.isdigit() for ch in t) or t.rstrip()[-1:] in ".:;,!?":
        return None
    cells = _joined(t.split())
    if len(cells) < 3 or not any(any(a in c for a in _ARROWS) for c in cells):
        return None
    return cells


def _named_pair(cells: list[str]) -> list[str] | None:
    """The header with the one adjacent pair of plain words naming an acceptance figure
    joined (the pair alone names it; neither arrow cell), or None where no pair or several."""
    hits = [
        i
        for i in range(len(cells) - 1)
        if not any(a in cells[i] + cells[i + 1] for a in _ARROWS)
        and C.key(f"{cells[i]} {cells[i + 1]}").metric in C.ACCEPTANCE
    ]
    if len(hits) != 1:
        return None
    i = hits[0]
    return [*cells[:i], f"{cells[i]} {cells[i + 1]}", *cells[i + 2 :]]


def _row(t: str) -> list[str] | None:
    """A row's cells: a label of one to three words, then numbers or arrowed pairs of numbers."""
    if "|" in t or re.search(r"\s\s|\t", t.strip()):
        return None
    cells = _joined(t.split())
    i = next((i for i, c in enumerate(cells) if _NUM.match(c) or " " in c), len(cells))
    if not 1 <= i <= 3 or i == len(cells) or any(_NUM.match(c) for c in cells[:i]):
        return None
    rest = cells[i:]
    for c in rest:
        parts = c.split(" ")
        if not (
            _NUM.match(c) or (len(parts) == 3 and _NUM.match(parts[0]) and _NUM.match(parts[2]))
        ):
            return None
    return [" ".join(cells[:i]), *rest]


def arrowed(lines: list[Line]) -> list[Line]:
    """``lines`` with each such table (see the module's rules) put back as a pipe table."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        hc = _head(head) if "accept" in head.lower() else None
        if hc is None:
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        rows: list[tuple[int, list[str]]] = []
        while j < len(lines) and (r := _row(lines[j][1])) is not None:
            rows.append((lines[j][0], r))
            j += 1
        widths = {len(r) for _, r in rows}
        width = widths.pop() if len(widths) == 1 else 0
        if width and len(hc) == width + 1:
            hc = _named_pair(hc) or hc
        arrows_at = [k for k, c in enumerate(hc) if any(a in c for a in _ARROWS)]
        if (
            len(rows) < 2
            or len(hc) != width
            or not arrows_at
            or not all(" " in r[k] for _, r in rows for k in arrows_at)
            # (an arrowed pair only where the header's arrow stands)
            or any(" " in c for _, r in rows for k, c in enumerate(r) if k and k not in arrows_at)
        ):
            out.append(lines[i])
            i += 1
            continue
        out.append((n, "| " + " | ".join(hc) + " |"))
        out.append((n, "|" + "---|" * len(hc)))
        out.extend((m, "| " + " | ".join(r) + " |") for m, r in rows)
        i = j
    return out
