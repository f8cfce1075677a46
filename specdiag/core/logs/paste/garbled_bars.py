"""A pipe table some of whose cell bars a web page garbled into `^` or `&`: `| Suite ^ Depth |
Rate |` over `|---|---|---|`, `| chat & 2 | 71.0% |`. The delimiter row, intact, says how many
columns the table has; a header or body row with fewer cells whose ` ^ ` and ` & ` (a space on
each side), read as bars, give exactly that many is the row with its bars restored.

Only in a table holding at least one such ` ^ ` (a caret between spaces is no word of a cell:
an ampersand may be, `Q & A`, so it is restored only beside a caret's evidence), only on the
header right above the delimiter row and the rows right below it (up to the first line that is
no pipe row), and only where the count then matches the delimiter's exactly, for every short
row of the table (one short row no restoring explains leaves the whole table as written). A row
with as many cells as the delimiter, or a table with no caret, stays as written.

Gated by the paste holding `^` or `&`, `|` and `--`; one pass over the lines.
"""

from __future__ import annotations

import re

_DELIMITER = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")
_GARBLED = re.compile(r"(?<=\S) [\^&] (?=\S)")
_CARET = re.compile(r"(?<=\S) \^ (?=\S)")


def _cells(line: str) -> int:
    """The cells of a pipe row (outer bars optional)."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return s.count("|") + 1


def _restored(line: str, n: int) -> str | None:
    """``line`` with its garbled bars as bars, where that gives ``n`` cells; else None."""
    if _cells(line) >= n or not _GARBLED.search(line):
        return None
    fixed = _GARBLED.sub(" | ", line)
    return fixed if _cells(fixed) == n else None


def restored(raw: list[str], text: str) -> list[str]:
    """``raw`` (the paste's lines) with the garbled bars of each pipe table restored
    (``_restored``), where the table holds a caret between spaces; ``raw`` itself otherwise."""
    if not ("^" in text or "&" in text) or "|" not in text or "--" not in text:
        return raw
    out: list[str] | None = None
    for i, ln in enumerate(raw):
        if "-" not in ln or not _DELIMITER.match(ln):
            continue
        n = _cells(ln)
        rows = [i - 1] if i > 0 and "|" in raw[i - 1] else []
        j = i + 1
        while j < len(raw) and raw[j].lstrip().startswith("|"):
            rows.append(j)
            j += 1
        fixes = {k: f for k in rows if (f := _restored(raw[k], n)) is not None}
        if not any(_CARET.search(raw[k]) for k in fixes):
            continue
        if any(k not in fixes and _cells(raw[k]) < n for k in rows):
            continue  # (a short row no restoring explains: the table is not read so)
        if out is None:
            out = list(raw)
        for k, f in fixes.items():
            out[k] = f
    return raw if out is None else out
