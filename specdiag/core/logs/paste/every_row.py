"""A figure said alike of every row of the table above, its values listed in a bracket.

Under a table keyed by a column of settings (`| len | base | draft-a | draft-b |` over rows `|
256 | ... |`, `| 1024 | ... |`), a sentence may give a figure of every row in one list, the
label naming the column: `Accept length is the same for both drafts at every len (2.41, 2.65,
2.38).` Where a sentence names one acceptance figure (a length, tokens a step or a rate; no
other measure named before the list), then `at`, `for` or `in`, `every` or `each`, a label and
a bracket of plain numbers alone (two to sixteen, joined by commas, all of one kind: shares,
percentages or lengths), and the nearest table above (blank lines only between) has a column
headed by that label (the same word, a plural, or an abbreviation of it: `ctx` for `context`,
its letters in order from the same first letter) and as many rows as the bracket has values:
one record a value, labelled by its row's cell in that column, in row order, convention unknown.
A bracket of another count, a label naming no column of the table, a table not right above, or a
sentence naming no acceptance figure give nothing, as before.

Pure: the paste's lines in, records out; a line read only where it holds `every` or `each` and
a bracket.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import BONUS_UNKNOWN, SUMMARY, PasteRecord, blank_record

RULE = "a figure said of every row of the table above, listed in a bracket (every_row.py)"
NOTE = f"{BONUS_UNKNOWN}: the figure of the table's row '{{row}}', listed in a sentence under it"
_EVERY = re.compile(
    r"\b(?:at|for|in|on)\s+(?:every|each)\s+(?P<label>[A-Za-z][\w-]{1,24})\s*"
    r"\((?P<vals>[^()\n]{1,200})\)",
    re.I,
)
_VAL = re.compile(r"\s*(?P<v>\d{1,3}(?:\.\d{1,4})?)\s*(?P<pct>%)?\s*")
_SEP = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
_SENTENCE_END = re.compile(r"[.!?](?=\s)")
_OTHER = re.compile(
    r"throughput|speed|latency|\btok(?:ens)?/s\b|t/s\b|accuracy|\bscores?\b|memory|\btime\b|"
    r"ttft|tpot|itl\b|cost|perplexity|\bloss\b|duration|\bvram\b|speedup",
    re.I,
)
_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.RATE)
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE_ROW = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")


def _name(words: str) -> tuple[str, str] | None:
    """The one acceptance figure the words name (its text, its metric), or None: none, two, or
    another measure named."""
    if _OTHER.search(words):
        return None
    ws = C._MARKUP.sub("", words).split()
    found: list[tuple[str, str]] = []
    i = 0
    while i < len(ws):
        for n in (4, 3, 2, 1):
            text = " ".join(ws[i : i + n]).strip(",;:")
            if i + n <= len(ws) and C.key(text).metric in _FIGURES:
                found.append((text, str(C.key(text).metric)))
                i += n
                break
        else:
            i += 1
    return found[0] if len({m for _, m in found}) == 1 else None


def _values(body: str) -> list[tuple[str, float, bool]] | None:
    """The bracket's plain numbers (text, number, percent), all of one kind, or None."""
    parts = _SEP.split(body.strip())
    if not 2 <= len(parts) <= 16:
        return None
    out: list[tuple[str, float, bool]] = []
    for p in parts:
        m = _VAL.fullmatch(p)
        if m is None:
            return None
        out.append((m.group(0).strip(), float(m.group("v")), m.group("pct") is not None))
    kinds = {("pct" if pct else "share" if v <= 1 else "length") for _, v, pct in out}
    if len(kinds) != 1 or any((not pct and v > 16) or v > 100 for _, v, pct in out):
        return None
    return out


def _abbreviates(short: str, word: str) -> bool:
    """Whether ``short`` is ``word`` shortened: its letters in order, from the same first one."""
    if len(short) < 2 or short[0] != word[0]:
        return False
    it = iter(word)
    return all(ch in it for ch in short)


def _names_column(label: str, header: str) -> bool:
    a = label.lower().rstrip("s")
    b = re.sub(r"[*_`]", "", header).strip().lower()
    b_one = b.rstrip("s")
    return bool(b) and (a == b_one or _abbreviates(b_one, a) or _abbreviates(a, b_one))


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


def _table_above(raw: list[str], ln: int) -> tuple[list[str], list[list[str]]] | None:
    """The header and rows of the pipe table right above line ``ln`` (1-based; blank lines only
    between), or None."""
    i = ln - 2
    while i >= 0 and not raw[i].strip():
        i -= 1
    if i < 0 or not _ROW.match(raw[i]):
        return None
    end = i
    while i >= 0 and _ROW.match(raw[i]):
        i -= 1
    rows = raw[i + 1 : end + 1]
    if len(rows) < 3 or not _RULE_ROW.match(rows[1]):
        return None
    header = _cells(rows[0])
    body = [_cells(r) for r in rows[2:]]
    if any(len(r) != len(header) for r in body):
        return None
    return header, body


def records(raw: list[str], taken: set[int]) -> list[PasteRecord]:
    """The records of every sentence listing a figure of each row of the table above (see the
    module's rule); none on a line in ``taken`` (read already)."""
    out: list[PasteRecord] = []
    for ln, line in enumerate(raw, 1):
        if ln in taken or "(" not in line or not re.search(r"\b(?:every|each)\b", line, re.I):
            continue
        for m in _EVERY.finditer(line):
            vals = _values(m.group("vals"))
            if vals is None:
                continue
            start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, m.start())), default=0)
            named = _name(line[start : m.start()])
            table = _table_above(raw, ln)
            if named is None or table is None:
                continue
            header, body = table
            col = next(
                (k for k, h in enumerate(header) if _names_column(m.group("label"), h)), None
            )
            if col is None or len(body) != len(vals):
                continue
            name, metric = named
            if metric != C.RATE and any(pct or v <= 1 for _, v, pct in vals):
                continue  # (a length's name over shares: no length)
            for row, (text, v, pct) in zip(body, vals, strict=True):
                rec = blank_record(
                    SUMMARY,
                    "unknown",
                    RULE,
                    "prose",
                    (ln, ln),
                    labels=((header[col], row[col]),),
                    fields=((name, text),),
                    notes=(NOTE.format(row=row[col]),),
                )
                if pct or v <= 1:
                    out.append(dataclasses.replace(rec, printed_rate=v / 100 if pct else v))
                else:
                    out.append(dataclasses.replace(rec, printed_length=v))
    return out
