"""A pipe table's column of percentages under a name that says no figure (`Head per-draft`,
`MTP share`) where the paste's prose restates one of its cells, as printed, as acceptance
(`at 71–83% acceptance`, `acceptance of 64%`): the prose names the column, so its header is
read as `acceptance rate` (a range cell is then a record with no figure, as in any rate column).

A column whose header already names a figure or another measure (`accept`, `accuracy`, `util`,
`speedup`, ...), a column holding anything but percentages, or prose restating no cell of it
(another value, or the value before another measure: `71% accuracy`) leave the header as it is.
So does every column of a table of metrics as rows (a row's first cell naming an acceptance
figure: `| Draft acceptance | ~7% | 84.5% |` under `| Measure | Strict | Lenient |`): its columns
are runs, each cell's figure named by its row already; read as acceptance, a run's name would
make the table one of runs by rows and the other runs' cells would be lost.

Pure: a paste's lines in, lines out. One search of the paste for the restated values, gated by
`%` and `acceptance` in it; then one look at each table's cells.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_PCT = r"\d{1,3}(?:\.\d+)?\s?%?"
_VALUE = _PCT + r"(?:\s?[-–—]\s?" + _PCT + r")?"
# the value, then acceptance (perhaps 'draft'), never a length's; or acceptance of the value
_SAID = re.compile(
    r"(?<![\w.])(?P<a>" + _VALUE + r")\s+(?:draft\s+)?acceptance\b(?!\s+len)"
    r"|\bacceptance(?:\s+rate)?\s+(?:of|at|around|near)\s+(?P<b>" + _VALUE + r")(?![\w.])",
    re.I,
)
_CELL = re.compile(r"^~?" + _VALUE + r"$")
# a header naming a figure or another measure already
_NAMED = re.compile(
    r"acc|rate|ratio|util|speed|gain|loss|score|pass|mem|cpu|gpu|hit|error|share of|tok|len|time",
    re.I,
)
_GLOSS = "acceptance rate"


def _key(value: str) -> str:
    return re.sub(r"[\s%~]", "", value).replace("—", "-").replace("–", "-")


def _metric_rows(body: list[list[str]]) -> bool:
    """Whether a row of the table's body opens on an acceptance figure's name: a table of
    metrics as rows, whose columns are runs (no column of it a figure for the prose to name)."""
    return any(C.key(r[0].strip()).metric in C.ACCEPTANCE for r in body if r)


def hinted(text: str) -> bool:
    return "%" in text and "acceptance" in text.lower()


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with each table column the prose restates as acceptance named so (call only
    where :func:`hinted`)."""
    said = {
        _key(m.group("a") or m.group("b"))
        for _, t in lines
        if "|" not in t
        for m in _SAID.finditer(t)
        if "%" in (m.group("a") or m.group("b"))
    }
    if not said:
        return lines
    out = list(lines)
    for i in range(len(out) - 1):
        ln, head = out[i]
        if "|" not in head or not C.PIPE_DELIM.match(out[i + 1][1]):
            continue
        heads = head.strip().strip("|").split("|")
        body = []
        for _, t in out[i + 2 :]:
            if "|" not in t:
                break
            body.append(t.strip().strip("|").split("|"))
        if not body or any(len(r) != len(heads) for r in body) or _metric_rows(body):
            continue
        for j, h in enumerate(heads):
            cells = [r[j].strip().strip("*_`").strip() for r in body]
            if (
                h.strip()
                and not _NAMED.search(h)
                and all("%" in c and _CELL.match(c) for c in cells)
                and any(_key(c) in said for c in cells)
            ):
                heads[j] = f" {_GLOSS} "
                out[i] = (ln, "| " + "|".join(heads) + " |")
    return out
