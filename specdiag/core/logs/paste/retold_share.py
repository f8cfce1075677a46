"""One run's share told again, alone, digit for digit, in a later sentence of a page flattened
onto one line.

A model card or a post copied as one line (its paragraphs and list items run together) tells
its finding more than once: `the Q4 build with two drafts reaches 71.35% draft acceptance and
96 tok/s ... Key points: - two drafts reach 71.35% acceptance, so speculation pays`. Where
prose records of one line print a share and nothing else (no length, counts or per-position
rates), the same share digit for digit, written with three significant digits or more and not
ending in a zero (`71.35%`, `86.6%`, `0.866`: two runs rarely share such a value; `64%`,
`70.0%` they may), of the same tool, and the line prints that share as many times with a
sentence end (`.`, `!`, `?`; not `vs.`) or a list dash between the tellings, the first record is the
run and the later ones go, the first noting them. A later record may carry a setting the first
does not (`at 86.6% with n_max=3`); two settings that differ are two runs.

Two values said side by side in one sentence (`chat 71.35% and code 71.35%`), two clauses of one sentence (`depth 2 at 71.35%; depth 3
at 71.35%`), a line shorter than a flattened page (200 characters) stay two records,
and so do records of lines of their own (each line may tell its own run: the paste's lines are
its structure, as the other readers take them).

Pure: records in, records out; the records grouped by their share once a paste, one line searched
per group.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord, without

NOTE = "told again at line {line}"
_PROSE = ("prose", "key-value")
# the end of a sentence (not an abbreviation's dot: 'vs.', 'cf.'), or a list dash, between two
# tellings on one line ('; ' parts two clauses of one sentence, which may be two runs)
_APART = re.compile(r"(?<!\bvs)(?<!\bcf)[.!?](?:\s|$)|\s[-•*]\s")
# a page flattened onto one line is long; a short line of two sentences may tell two runs
_FLAT = 200


def _shown(r: PasteRecord) -> str | None:
    """The record's share as printed ('71.35%'), where it is its one figure, has three
    significant digits or more and does not end in a zero."""
    if (
        r.structure not in _PROSE
        or r.first_line != r.last_line
        or r.printed_rate is None
        or r.printed_length is not None
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.steps is not None
        or r.per_position
        or len(r.fields) != 1
    ):
        return None
    v = C.value(C._MARKUP.sub("", r.fields[0][1]).strip().lstrip("~≈ "))
    if v is None or v.max is not None or v.spread is not None:
        return None
    shown = f"{v.number:.{v.decimals}f}"
    digits = shown.replace(".", "").lstrip("0")
    if len(digits) < 3 or digits.endswith("0"):
        return None
    return shown + ("%" if v.percent else "")


def _tellings(line: str, shown: str) -> int:
    """How many times a line tells the share apart (sentence ends or dashes between)."""
    num = re.escape(shown.rstrip("%"))
    tail = r"\s?%" if shown.endswith("%") else r"(?![\d%]|\.\d)"
    text = C._MARKUP.sub("", line)
    spans = [m.span() for m in re.finditer(r"(?<![\d.])" + num + tail, text)]
    if not spans:
        return 0
    return 1 + sum(
        1
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False)
        if _APART.search(text, end, start)
    )


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without the later tellings of one run's lone share (see the module's
    rules), the first telling noting them."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        if (shown := _shown(r)) is not None and 0 < r.first_line <= len(raw):
            groups.setdefault((r.tool, shown), []).append(i)
    drop: set[int] = set()
    out = list(records)
    for (_, shown), group in groups.items():
        if len(group) < 2:
            continue
        first = group[0]
        if len({records[i].first_line for i in group}) != 1:
            continue  # (lines of their own: two runs may share a figure, each told on its line)
        line = raw[records[first].first_line - 1]
        if len(line) < _FLAT:
            continue  # (a line of a sentence or two, no page flattened: each may be a run)
        if _tellings(line, shown) < len(group):
            continue  # (said side by side in one sentence: two runs)
        for i in group[1:]:
            a, b = records[first].labels, records[i].labels
            if a and b and a != b:
                continue  # (two settings: two runs)
            drop.add(i)
            out[first] = dataclasses.replace(
                out[first],
                notes=(*out[first].notes, NOTE.format(line=records[i].first_line)),
            )
    return without(out, block_of, drop)
