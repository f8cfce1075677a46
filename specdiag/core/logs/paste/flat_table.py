"""A markdown pipe table that a web page flattened into one line ('... |Task|tok/s|Accept
Rate| |:-|:-|:-| |chat|41.2|62.9%| |code|52.0|60.7%| Even at ...'): its header row, its
delimiter row and every body row of the same number of cells, each back on a line of its own;
the text before the header and after the last row each a block of their own (blank lines
between; every line keeps the flattened line's number). A line whose delimiter row is not
preceded by a header of as many cells, or which holds one row only, is left as it is.

The other way round (:func:`rejoined`): a table a web page broke at every cell, one cell a line
ending with its closing pipe ('| engine |' opening a row, then 'tokens per step |', ...), its
rows put back together.

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

# a cell a line: text closed by a pipe, with no other pipe ('3.85 |', 'accept rate |')
_CELL_LINE = re.compile(r"^\s*[^|\s][^|]*\|\s*$")

# a delimiter row ('|:-|:--:|---|') inside a line, after a header row's closing pipe and spaces
_DELIMITER = re.compile(r"(?<=\|)[ \t]+(\|(?:[ \t]*:?-+:?[ \t]*\|){2,})")
_NEXT_ROW = re.compile(r"[ \t]+\|")


def _row_end(t: str, start: int, cells: int) -> int | None:
    """Where a row of ``cells`` cells starting at the pipe ``start`` ends (after its closing
    pipe), or None when the line runs out of pipes first."""
    at = start
    for _ in range(cells):
        at = t.find("|", at + 1)
        if at < 0:
            return None
    return at + 1


def split(line: Line) -> list[Line]:
    """``line`` as its flattened table's rows, or as it is."""
    n, t = line
    m = _DELIMITER.search(t)
    if m is None:
        return [line]
    delimiter = m.group(1)
    cells = delimiter.count("|") - 1
    # the header: the ``cells`` cells closing where the delimiter's spaces begin
    head_end = m.start()  # just after the header's closing pipe
    pipes = [i for i, c in enumerate(t[:head_end]) if c == "|"]
    if len(pipes) < cells + 1:
        return [line]
    head_start = pipes[-(cells + 1)]
    rows = [t[head_start:head_end], delimiter]
    at = m.end()
    while (nxt := _NEXT_ROW.match(t, at)) is not None:
        end = _row_end(t, nxt.end() - 1, cells)
        if end is None:
            break
        rows.append(t[nxt.end() - 1 : end])
        at = end
    if len(rows) < 3:
        return [line]
    before, after = t[:head_start].rstrip(), t[at:].strip()
    out: list[Line] = [(n, before), (n, "")] if before.strip() else []
    out += [(n, r) for r in rows]
    if after:
        out += [(n, ""), (n, after)]
    return out


def _width(t: str) -> int:
    """The cells of a pipe table's row ('| a | b |': 2); 0 for any other line."""
    u = t.strip()
    return u.count("|") - 1 if len(u) > 1 and u[0] == u[-1] == "|" else 0


def _run(lines: list[Line], i: int) -> tuple[int, list[str]]:
    """The row broken at every cell that starts at ``lines[i]`` (a one-cell row opening it, or
    none), as (the index after its last line, its cells); no cells where none starts there."""
    t = lines[i][1]
    opened = _width(t) == 1
    j = i + opened
    while j < len(lines) and _CELL_LINE.match(lines[j][1]):
        j += 1
    if j == i + opened:
        return i, []
    head = [t.strip()[1:-1].strip()] if opened else []
    return j, head + [c.strip()[:-1].strip() for _, c in lines[i + opened : j]]


def rejoined(lines: list[Line]) -> list[Line]:
    """Rows a web page broke at every cell, back on a line each (keeping their first line's
    number): rows of cell lines ('text |') each opened by a one-cell row ('| name |'), two or
    more in a row of as many cells (the first the header, a delimiter row added under it) or
    any under a table's row of as many; a row of cell lines alone under a table's row of as
    many cells. Any other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        above = _width(out[-1][1]) if out else 0
        rows: list[tuple[int, list[str]]] = []
        at, (end, cells) = i, _run(lines, i)
        opened = _width(lines[i][1]) == 1
        while cells and (not rows or _width(lines[at][1]) == 1) and len(cells) >= 2:
            if rows and len(cells) != len(rows[0][1]):
                break
            rows.append((lines[at][0], cells))
            at = end
            end, cells = _run(lines, at) if at < len(lines) and opened else (at, [])
        width = len(rows[0][1]) if rows else 0
        if not rows or (width != above and (not opened or len(rows) < 2)):
            skip = max(_run(lines, i)[0], i + 1)  # (a run of cell lines passed once, not per line)
            out.extend(lines[i:skip])
            i = skip
            continue
        for k, (n, row) in enumerate(rows):
            out.append((n, "| " + " | ".join(row) + " |"))
            if k == 0 and width != above:
                out.append((n, "|" + "---|" * width))
        i = at
    return out
