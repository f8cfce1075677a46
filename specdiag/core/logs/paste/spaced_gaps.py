"""A table a web page copied with single spaces between its cells and a blank line after every
line (a forum's copy puts each row in a paragraph of its own: 'Task Base tok/s Draft tok/s AL'
over 'chat 30.1 52.4 3.10', 'code 31.0 61.7 3.72', a blank line between each): its header and
rows back in one block, the blank lines between them dropped, so the spaced table reader
(tables.py) reads it as it reads the table copied without them.

Only where every line of the run is a paragraph of one line, the first a header (three words or
more, no number, no sentence's closing mark, no pipe), the next two or more rows of figures
(half their words or more, no sentence's closing mark) with exactly one blank line between each, and the tables reader reads the whole run as one
spaced table from the header to the last row. Any other line as it is; a run the tables reader
does not read keeps its blank lines.

Pure: lines in, lines out; each line looked at as a header once, as a row under one header at
most (a row holds a number, a header none).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tables as TB

Line = tuple[int, str]

_NUMBER_WORD = re.compile(r"^[-+~]?\d[\d.,]*[%x×]?$")


def _alone(lines: list[Line], i: int) -> bool:
    """Whether line ``i`` is a paragraph of one line (blank or nothing on either side)."""
    return (
        bool(lines[i][1].strip())
        and (i == 0 or not lines[i - 1][1].strip())
        and (i + 1 == len(lines) or not lines[i + 1][1].strip())
    )


def _header(t: str) -> bool:
    u = t.strip()
    words = u.split()
    return (
        3 <= len(words) <= 16
        and "|" not in u
        and u[-1:] not in ".:,;!?"
        and u[:1] != "#"
        and not any(_NUMBER_WORD.match(w) for w in words)
    )


def _row(t: str) -> bool:
    # (figures for half its words or more, and no sentence's closing mark: 'Evaluated on 10
    # prompts per length, temperature 0.' is a sentence, no row)
    words = t.split()
    figures = sum(1 for w in words if _NUMBER_WORD.match(w))
    return (
        "|" not in t
        and figures >= 2
        and 2 * figures >= len(words)
        and t.rstrip()[-1:] not in ".:;!?"
    )


def closed(lines: list[Line]) -> list[Line]:
    """``lines`` with the blank lines inside a spaced table copied a paragraph a line dropped."""
    out: list[Line] = []
    i, n = 0, len(lines)
    while i < n:
        if _alone(lines, i) and _header(lines[i][1]):
            rows: list[int] = []
            j = i + 2
            while j < n and _alone(lines, j) and _row(lines[j][1]):
                rows.append(j)
                j += 2  # (exactly one blank line before the next row)
            if len(rows) >= 2:
                run = [lines[i], *(lines[k] for k in rows)]
                grids = TB.find(run)[0]
                g = next((g for g in grids if g.structure == "spaced table"), None)
                if g is not None and g.first_line == run[0][0] and g.last_line == run[-1][0]:
                    out.extend(run)
                    i = rows[-1] + 1
                    continue
        out.append(lines[i])
        i += 1
    return out
