"""A table whose cells print two figures joined by `/`, named once in the line above it.

A results table often packs two figures of a run into each cell (`4.12 / 139`) and names them
once, in a bracket closing the line right above the table (`Measured on one card (tokens per
step / decode tok/s):`) or in a line of their names alone (`accept length / tok/s:`): the first
an acceptance figure (a length, tokens or accepted drafts a step, a rate), the second another
measure (a speed, a latency). Each cell's first number is the acceptance figure of that run, the
second the other measure's. The line is rewritten to name the first figure alone, and each cell
to its first numbers (a cell of two runs, `3.42 / 115 / 3.30 / 110`, keeps both runs' first
numbers, `3.42 / 3.30`: two records, as a titled table reads them).

Every body cell but the row's label must be empty, a dash, or pairs of numbers (the markup
around them dropped); one cell of another form (`2.1`, `3 / 4 / 5`), a title naming no
acceptance figure first or no other measure second, or no table within the two lines below
leave the lines as written.

Pure: the paste's lines in, the lines out; the title searched once a paste.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# the two names closing the line: in a bracket, or the line's only words; then a colon
# (each name opens on a mark that is no space; spaces and tabs only around them: one line)
_TITLE_PAIR = re.compile(
    r"(?:\((?P<a>[^\s()/][^()/\n]{2,39})/(?P<b>[^()\n]{2,40})\)|^[ \t]*"
    r"(?P<a2>[^\s()/:|][^()/\n:|]{2,39})/(?P<b2>[^()\n:|]{1,39}[^\s():|]))[ \t]*:[ \t]*$",
    re.M,
)
# another measure than acceptance: a speed, a time, a throughput
_OTHER = re.compile(
    r"tok(?:en)?s?\s*/\s*s\b|\bt/s\b|\btps\b|\bms\b|latency|throughput|speed|\btime\b|\bttft\b|"
    r"\btpot\b|tok(?:en)?s?\s+per\s+second",
    re.I,
)
_NUMBER = r"\d+(?:\.\d+)?"
# a cell of pairs of numbers joined by '/', the markup around them dropped
_PAIRS = re.compile(rf"^{_NUMBER}\s*/\s*{_NUMBER}(?:\s*/\s*{_NUMBER}\s*/\s*{_NUMBER}){{0,3}}$")
_MARKUP = re.compile(r"[*`_]")
_EMPTY = frozenset(("", "-", "—", "–", "n/a"))
_DELIMITER = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$")
_ACCEPTANCE = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE)


def _cells(line: str) -> list[str] | None:
    t = line.strip()
    if not t.startswith("|") or not t.endswith("|") or len(t) < 3:
        return None
    return [c.strip() for c in t[1:-1].split("|")]


def _first_numbers(cell: str) -> str | None:
    """A cell's acceptance numbers ('4.12 / 139' -> '4.12'; two pairs -> two numbers), the cell
    unchanged when empty, None when it is of another form."""
    bare = _MARKUP.sub("", cell).strip()
    if bare.lower() in _EMPTY:
        return cell
    if _PAIRS.match(bare) is None:
        return None
    nums = re.findall(_NUMBER, bare)
    return " / ".join(nums[0::2])


def _table(raw: list[str], start: int) -> list[int] | None:
    """The body rows' indices of the pipe table opening within two lines after ``start``."""
    i = start + 1
    while i < len(raw) and i <= start + 2 and not raw[i].strip():
        i += 1
    if i + 1 >= len(raw) or _cells(raw[i]) is None:
        return None
    if not _DELIMITER.match(raw[i + 1]):
        return None
    body = []
    j = i + 2
    while j < len(raw) and _cells(raw[j]) is not None:
        body.append(j)
        j += 1
    return body or None


def rewritten(raw: list[str]) -> list[str]:
    """``raw`` with each table under a title naming its cells' two figures read as the first's
    (see the module's docstring)."""
    out: list[str] | None = None
    text = "\n".join(raw)
    for m in _TITLE_PAIR.finditer(text):
        a = (m.group("a") or m.group("a2") or "").strip()
        b = (m.group("b") or m.group("b2") or "").strip()
        if C.key(a).metric not in _ACCEPTANCE or not _OTHER.search(b) or _OTHER.search(a):
            continue
        at = text.count("\n", 0, m.start())
        if at >= len(raw) or (body := _table(raw, at)) is None:
            continue
        rows: dict[int, str] = {}
        for j in body:
            cells = _cells(raw[j])
            assert cells is not None
            firsts = [_first_numbers(c) for c in cells[1:]]
            if any(f is None for f in firsts) or all(
                f == c for f, c in zip(firsts, cells[1:], strict=True)
            ):
                break
            rows[j] = "| " + " | ".join([cells[0], *(f or "" for f in firsts)]) + " |"
        else:
            out = list(raw) if out is None else out
            line = raw[at]
            cut = m.start() - text.rfind("\n", 0, m.start()) - 1
            out[at] = line[:cut] + ("(" + a + "):" if m.group("a") else a + ":")
            for j, row in rows.items():
                out[j] = row
    return raw if out is None else out
