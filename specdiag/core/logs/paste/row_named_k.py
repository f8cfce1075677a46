"""A run's k from the table row its prose names: `EAGLE3 mean acceptance rate 61.2%, mean accept
length 4.06` under a pipe table whose row `| EAGLE3 | 5 | ... |` gives a column headed by k
(`| Method | gamma | tok/s |`).

A paste often prints each method's throughput in a table, its draft tokens a step in a column of
it, and tells each method's acceptance rate and length in a sentence below or above, naming the
method as the subject of the figures (`MTP two-run acceptance rate ...`, `EAGLE3 平均接受率
...`). The sentence's run is the row's: it drafted the row's k tokens a step, so the identity the
readers check for a rate and a length printed together (reader._rate_times_k: length = 1 + k x
rate, the bonus included; = k x rate, left out) decides with that k, where the paste states no
one k of its own.

The column: a header cell naming k (`cells.key` gives k: `gamma`, `num_speculative_tokens`, `draft
len`; a bare `k`), or a qualifier before such a name (`rollout gamma`, `runtime gamma`: the cell
naming no other figure); one such column a table, its cells whole numbers from 1 to
``evidence.FIXED_K_MOST`` (other cells, `-` for the run without drafts, give no k).

The subject: the words of the rate's or the length's name before the figure's own name (`MTP
两轮 average` of `MTP 两轮 average acceptance rate`: the shortest tail naming an acceptance
figure is the figure). A word of a row's first cell (markup removed) names the subject where it is a
word of it, case aside, or that word with a version's digits after it (`MTP2` for `MTP`, `EAGLE3`
for `EAGLE`): where a row matches a subject word exactly, rows matching only by digits are not
counted.

Only where the rows so named give one k; a record with no subject, a subject naming no row, rows
of two k's, or a record whose own labels state a k decide nothing here. The identity then
decides or not, as for a k the paste states (its rounding too coarse, or neither reading
fitting: nothing).

Pure: text in, rows out; a record and rows in, a k out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import PasteRecord

# how reader._rate_times_k says where its k came from
SAID = "from the table row its sentence's subject names (that row's k column)"
# a word of a name: Latin letters and digits, perhaps joined by '-', '_', '.' or '+'
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-_.+][A-Za-z0-9]+)*")
_DELIMITER = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_WHOLE = re.compile(r"^\d{1,2}$")


def _cells(line: str) -> list[str]:
    t = line.strip()
    return [c.strip() for c in t.strip("|").split("|")]


def _k_head(cell: str) -> bool:
    """Whether a header cell names the draft tokens a step (the module's column)."""
    name = C._MARKUP.sub("", cell).strip()
    if not name:
        return False
    if C.key(name).metric == C.K or I._BARE_K_HEADER.fullmatch(name):
        return True
    words = name.split()
    return len(words) >= 2 and C.key(name).metric is None and C.key(words[-1]).metric == C.K


def _table_rows(head: list[str], body: list[str]) -> list[tuple[str, int]]:
    """(first cell, k) of each body row of one table, [] unless one header cell names k."""
    cols = [i for i, c in enumerate(head) if i > 0 and _k_head(c)]
    if len(cols) != 1:
        return []
    col, out = cols[0], []
    for line in body:
        cells = _cells(line)
        if len(cells) != len(head):
            continue
        cell = C._MARKUP.sub("", cells[col]).strip()
        if _WHOLE.match(cell) and 1 <= (k := int(cell)) <= E.FIXED_K_MOST:
            out.append((C._MARKUP.sub("", cells[0]).strip(), k))
    return out


def k_rows(text: str) -> list[tuple[str, int]]:
    """(row label, k) of every pipe table row of the paste under a header naming k."""
    if "|" not in text:
        return []
    lines = text.splitlines()
    out: list[tuple[str, int]] = []
    i = 0
    while i + 1 < len(lines):
        if not (lines[i].lstrip().startswith("|") and _DELIMITER.match(lines[i + 1].strip())):
            i += 1
            continue
        j = i + 2
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            j += 1
        out.extend(_table_rows(_cells(lines[i]), lines[i + 2 : j]))
        i = j
    return out


# words of a sentence around its subject, never a method's name ('For the new head the rate
# was ...', 'was 61% and the accept length')
_FUNCTION = frozenset(
    ["the", "a", "an", "and", "or", "of", "for", "with", "was", "is", "were", "are", "on", "in"]
    + ["at", "to", "by", "our", "its", "their", "this", "that", "two", "one", "both", "each"]
    + ["run", "runs", "average", "mean", "avg", "overall"]
)


def _subject(name: str) -> list[str]:
    """The words of a figure's name before the figure's own name (the run it is said of)."""
    words = C._MARKUP.sub("", name).split()
    # (the shortest tail naming the figure: a method's name may be read into a longer one)
    for i in range(len(words) - 1, -1, -1):
        if C.key(" ".join(words[i:])).metric in C.ACCEPTANCE:
            found = (w.lower() for w in _WORD.findall(" ".join(words[:i])))
            return [w for w in found if w not in _FUNCTION]
    return []


def _matches(label: str, subject: set[str]) -> tuple[bool, bool]:
    """(exact, by digits): whether a word of a row's label is a subject word, or one with a
    version's digits after it."""
    exact = digits = False
    for w in _WORD.findall(label):
        low = w.lower()
        if low in subject:
            exact = True
        elif (stem := low.rstrip("0123456789")) != low and len(stem) >= 2 and stem in subject:
            digits = True
    return exact, digits


def k_for(r: PasteRecord, rows: list[tuple[str, int]]) -> int | None:
    """The k of the rows the record's subject names, one k; else None (the module's rule)."""
    if I._k_of_labels(list(r.labels)) is not None:
        return None
    subject = {w for name, _ in r.fields for w in _subject(name)}
    if not subject:
        return None
    matched = [(_matches(label, subject), k) for label, k in rows]
    exact = {k for (e, _), k in matched if e}
    ks = exact or {k for (_, d), k in matched if d}
    return ks.pop() if len(ks) == 1 else None
