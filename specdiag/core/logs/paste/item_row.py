"""A later table row restating a list item's figure, the row naming the item's run.

A plan or a report often sums its outcomes up in a list first (`- Draft B (run 4): 0.82%
acceptance - dropped`), then gives a table of the same runs (`| **Run 4** | Draft B | dropped |
0.82% accept |`). The row is the item's run told again: one run, one record. Where a one-line
table row (a line of `|` cells) prints one figure alone (a length or a rate: no counts or
per-position rates) that exactly one other record prints too, digit for digit (`0.82%` and
`0.82%`; not `0.820%`), that record a one-line list item (`-`, `*`, `+`, `•`, `1.`) above the
row whose text before its colon names a run (`Draft B (run 4)`, no acceptance figure's name),
and every word of that name is a word of the row (markup and case aside), the row printing no
other number than the name's: the row's record goes, the item's noting it.

A name a word of which the row lacks (another run), a row printing another number (a setting or
a speed of its own: `k=4`, `1.02x`), a third record of the value (runs alike), a value at other
decimals, an item naming the figure itself (`- Acceptance rate: 0.82%`) or a row above the item
leave the records.

Pure: records and the paste's lines in, records out; the records grouped by their value once a
paste.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.named_again import fold_told_again, lone_figure

NOTE = "its run told again in the table row at line {line}"
# a list item's marker, then its key up to the first colon (a time's colon is no key's end)
_ITEM_KEY = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?P<key>[^:\n]{2,80}?)\s*:(?!\d)")
# a word of a name or a row: letters and digits, inner hyphens, dots and pluses kept ('EAGLE-1',
# 'v0.3'); a lone number a word too
_WORD = re.compile(r"\w(?:[\w.+-]*\w)?")
# a number printed on its own ('3.1x', '7', '-5%'), never a part of a word ('EAGLE-1', 'v0.3')
_NUMBER = re.compile(r"(?<![\w.])(?<![A-Za-z]-)\d+(?:\.\d+)?")


def _words(text: str) -> list[str]:
    return _WORD.findall(C._MARKUP.sub(" ", text).lower().replace("_", " "))


def _row(line: str) -> bool:
    """Whether a line is a pipe table's row (not its delimiter row)."""
    s = line.strip()
    return s.count("|") >= 2 and s.startswith("|") and re.search(r"[^\s|:-]", s) is not None


def _run_name(line: str) -> list[str] | None:
    """The words of a list item's key where it names a run, not an acceptance figure; else
    None."""
    m = _ITEM_KEY.match(line)
    if m is None:
        return None
    key = m.group("key")
    if "|" in key or C.key(key).metric in C.ACCEPTANCE:
        return None  # (a table line, or the figure's own name: '- Accept rate: 0.82%')
    words = _words(key)
    if not any(any(ch.isalpha() for ch in w) for w in words):
        return None
    return words


def _restates(row: str, name: list[str], shown: str) -> bool:
    """Whether the table row names the run by every word of ``name`` and prints no number but
    the name's and the value's."""
    words = set(_words(row))
    if not set(name) <= words:
        return False
    allowed = {w for w in name if _NUMBER.fullmatch(w)} | {shown.rstrip("%")}
    return all(m.group() in allowed for m in _NUMBER.finditer(C._MARKUP.sub(" ", row)))


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each table row restating one list item's figure (see the module's
    rules), the item's record noting it."""
    if not any(0 < r.first_line <= len(raw) and "|" in raw[r.first_line - 1] for r in records):
        return records, block_of  # (no row of a table read: the common case, cheap)

    def shown_of(r: PasteRecord) -> str | None:
        one_line = r.first_line == r.last_line and 0 < r.first_line <= len(raw)
        return lone_figure(r) if one_line else None

    def again(item: PasteRecord, later: PasteRecord, shown: str) -> bool:
        if not _row(raw[later.first_line - 1]):
            return False
        name = _run_name(raw[item.first_line - 1])
        return name is not None and _restates(raw[later.first_line - 1], name, shown)

    return fold_told_again(records, block_of, shown_of, again, NOTE)
