"""A pipe table's length column whose every row is its speed times its step time: the tokens a
step emits, the target's own token counted.

    | set | tau | round | tok/s |
    |---|---|---|---|
    | chat | 5.840 | 59.5 ms | 98.12 |
    | code | 2.287 | 62.6 | 36.51 |

A column named as an acceptance length whose convention its name leaves open (`tau`, `accept
length`), beside a column of tokens a second (`tok/s`, `t/s`, `tokens/s`) and a column of times
in milliseconds (its header names `ms`, or a cell of it carries the unit), where on every row
(two at least) the length equals speed x time / 1000 within the printed rounding (and 1 % for
a mean of ratios against a ratio of means): the time is the step's, and the length counts every
token a step emits, the accepted drafts and the target's own token. Its header is read as
`NAME (tokens per round)`, a name the readers know (bonus included). A length one less than
speed x time is the other convention, left to the readers as it was; a row that fits neither,
a row missing a cell, or a table without both columns leave the header as written.

Pure: a paste's lines in, lines out. One look at each line opening a table (the line above a
delimiter row), gated by a speed's unit in the paste; each row's cells split once.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_SPEED = re.compile(r"^(?:tok(?:ens)?\s*/\s*s(?:ec)?|t/s|tps)$", re.I)
_MS_HEAD = re.compile(r"(?<![A-Za-z])ms(?![A-Za-z])")
_NUMBER = re.compile(r"^[~≈]?\s*(?P<v>\d+(?:\.\d+)?)\s*(?P<ms>ms)?$", re.I)
_GLOSS = " (tokens per round)"
_LENGTHS = (C.LENGTH,)
# a cell's markup (bold, code)
_MARKUP = re.compile(r"[*_`]")


def hinted(text: str) -> bool:
    """Whether the paste may hold such a table (a speed's unit and a table bar)."""
    return "|" in text and "/s" in text and "ms" in text


def _cells(t: str) -> list[str]:
    cells = t.strip().split("|")
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return [_MARKUP.sub("", c).strip() for c in cells]


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with the header of each pipe table's length column that every row proves to
    be speed x step time read as tokens per round (see the module); the rest as written."""
    out = list(lines)
    n = len(out)
    for i in range(n - 1):
        ln, head = out[i]
        if "|" not in head or not C.PIPE_DELIM.match(out[i + 1][1]):
            continue
        names = _cells(head)
        rows: list[list[str]] = []
        j = i + 2
        while j < n and "|" in out[j][1] and not C.PIPE_DELIM.match(out[j][1]):
            rows.append(_cells(out[j][1]))
            j += 1
        if len(rows) < 2 or any(len(r) != len(names) for r in rows):
            continue
        speed = [k for k, c in enumerate(names) if _SPEED.match(c)]
        if len(speed) != 1:
            continue
        times = [
            k
            for k, c in enumerate(names)
            if _MS_HEAD.search(c) or any(r[k].lower().endswith("ms") for r in rows)
        ]
        lengths = [
            k
            for k, c in enumerate(names)
            if k not in times and k != speed[0] and C.key(c).metric in _LENGTHS
        ]
        cols = [(a, b) for a in lengths for b in times if _paced(rows, a, b, speed[0])]
        if len(cols) != 1:
            continue
        a = cols[0][0]
        cells = head.split("|")
        # (the header's cell by its place among the bars: the same split as _cells)
        offset = 1 if head.strip().startswith("|") else 0
        k = a + offset
        cells[k] = cells[k].rstrip() + _GLOSS + (" " if cells[k].endswith(" ") else "")
        out[i] = (ln, "|".join(cells))
    return out


def _paced(rows: list[list[str]], a: int, t: int, s: int) -> bool:
    """Whether every row's length (column ``a``) is its speed (``s``) x its time in ms (``t``)
    / 1000, within the printed rounding and 1 %."""
    for r in rows:
        la, tm, sp = _NUMBER.match(r[a]), _NUMBER.match(r[t]), _NUMBER.match(r[s])
        if la is None or tm is None or sp is None or la.group("ms"):
            return False
        length, ms, speed = float(la["v"]), float(tm["v"]), float(sp["v"])
        if length <= 0 or ms <= 0 or speed <= 0:
            return False
        made = speed * ms / 1000
        tol = (
            speed * C.half_of(tm["v"]) / 1000 + ms * C.half_of(sp["v"]) / 1000 + C.half_of(la["v"])
        )
        if abs(made - length) > tol + 0.01 * length:
            return False
    return True
