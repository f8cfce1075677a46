"""A markdown pipe table that a web page flattened into one line ('... |Task|tok/s|Accept
Rate| |:-|:-|:-| |chat|41.2|62.9%| |code|52.0|60.7%| Even at ...'): its header row, its
delimiter row and every body row of the same number of cells, each back on a line of its own;
the text before the header and after the last row each a block of their own (blank lines
between; every line keeps the flattened line's number). A line whose delimiter row is not
preceded by a header of as many cells, or which holds one row only, is left as it is.

Pure: a line in, its lines out.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

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
