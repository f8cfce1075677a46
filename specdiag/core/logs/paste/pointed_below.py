"""A sentence speaking of a figure shown below it ('the 0% acceptance below is the old build's').

A post tells first what its log shows further down: 'Open question: the 0% acceptance below
came from the old driver.' over a fenced engine line printing no draft accepted. The sentence
names the figure with `below` after it and a definite article or pointer before it (`the`,
`this`, `that`): the figure of the run printed below, told before it is shown, no run of its
own.

Where a one-line record of a sentence prints one figure alone (a length or a rate: no counts,
labels or per-position rates; read as prose, or as a key and its value where the sentence holds
a colon), its paragraph (from its line to the next blank line) names that figure as `the <value>
<name> [shown|printed|logged|quoted|reported|seen] below` or `the <name> of|at <value> [...]
below` (the name a tail of the record's own key naming the figure), and exactly one run
starting below that paragraph has the same figure at the sentence's decimals, the sentence's
record goes (a record below notes it). A run below is a record of the paste (its rate printed or
computed from its counts, its length printed or computed) or a line the line scanner read (its
length and rate); a length of exactly 1, the bonus included (a record's normalised length, every
length of the line scanner), is a rate of 0: no draft accepted.

Not such a pointer: `below` with a value, a determiner or a level after it (`acceptance below
40%`, `below the baseline`, `below target`: a comparison); no article before the figure (`a 40%
acceptance below ...`); no run below of that figure, or two (which one it tells is not said):
the records stay.

Pure: records and the paste's lines in, records out; gated by `below` in the paste and in a
sentence record's paragraph, the runs below indexed once by their figures.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import named_again as NA
from specdiag.core.logs.paste.model import PasteRecord, without

NOTE = "told at line {line} as the figure shown below"
# the paragraph a wrapped sentence's record opens (a post's prose is wrapped at its width)
_MAX_PARAGRAPH = 12
_PARTICIPLE = r"(?:(?:shown|printed|logged|quoted|reported|seen)\s+)?"
# 'below' as a comparison, not a pointer: a value, a determiner or a level after it
_COMPARED = (
    r"(?!\s*(?:[-~≈<>]?\d|(?:the|a|an|that|those|this|these|what|our|its|their|target|baseline|"
    r"threshold|expect\w*|average|normal|usual)\b))"
)
_DEFINITE = r"\b(?:the|this|that)\s+"
# (a key read from a sentence holds the words before the figure's name: its tail is the name)
_NAME_WORDS = 4
_SENTENCE = ("prose", "key-value")

Pointer = tuple[int, bool, int, float, bool, int]  # record, rate?, decimals, number, %, end line
Scanned = tuple[int, float | None, float | None]  # the line scanner's: line, length, rate


def _paragraph(raw: list[str], first: int) -> tuple[str, int]:
    """The lines of the paragraph that the 1-based line ``first`` opens, joined, and its last
    line's number."""
    end = first
    while end < len(raw) and end - first < _MAX_PARAGRAPH and raw[end].strip():
        end += 1
    return " ".join(C._MARKUP.sub("", t).strip() for t in raw[first - 1 : end]), end


def _points_below(text: str, shown: str, name: str) -> bool:
    """Whether ``text`` names the figure ``shown`` ('0%', '2.41') by ``name`` with a definite
    pointer and `below` after it ('the 0% acceptance below', 'the accept length of 2.41 shown
    below')."""
    value = r"(?<![\d.])" + re.escape(shown.rstrip("%")) + (r"\s?%" if shown.endswith("%") else "")
    words = r"\s+".join(re.escape(w) for w in name.split())
    after = r"\s+" + _PARTICIPLE + r"below\b" + _COMPARED
    # (the value before its name, or the name, 'of' or 'at', then the value)
    first = rf"{_DEFINITE}{value}(?![\d.])\s+{words}\b{after}"
    second = rf"{_DEFINITE}{words}\s+(?:of|at)\s+{value}(?![\d.]){after}"
    pattern = f"{first}|{second}"
    return re.search(pattern, text, re.I) is not None


def _names(key: str) -> list[str]:
    """The tails of a sentence record's key (at most four words) naming an acceptance figure:
    the words the sentence names its figure by ('acceptance rate' of 'Status - the acceptance
    rate')."""
    words = NA._words(key).split()
    tails = (" ".join(words[-n:]) for n in range(1, min(len(words), _NAME_WORDS) + 1))
    return [t for t in tails if C.key(t).metric in C.ACCEPTANCE]


def _pointer(i: int, r: PasteRecord, raw: list[str]) -> Pointer | None:
    """The figure the one-line prose record ``r`` points below at, with the line its
    paragraph ends on; None where its sentence points at none."""
    # (a sentence with a colon in it is read as a key and its value: prose all the same)
    if r.structure not in _SENTENCE or r.labels or r.first_line != r.last_line:
        return None
    if not 0 < r.first_line <= len(raw) or (shown := NA.lone_figure(r)) is None:
        return None
    text, end = _paragraph(raw, r.first_line)
    if "below" not in text.lower():
        return None
    if not any(_points_below(text, shown, name) for name in _names(r.fields[0][0])):
        return None
    v = C.value(shown)
    if v is None:
        return None
    return i, r.printed_rate is not None, v.decimals, v.number, v.percent, end


Figure = tuple[int, float | None, float | None, int | None]  # line, length, rate, record


def _figures(records: list[PasteRecord], scanned: list[Scanned]) -> list[Figure]:
    """Each record's length (printed, else computed) and rate (printed, else computed from its
    counts), and the line scanner's figures. A length of exactly 1, the bonus included (a
    record's normalised length, and every length of the line scanner), is a rate of 0: no
    draft accepted."""
    out: list[Figure] = []
    for k, o in enumerate(records):
        length = o.printed_length if o.printed_length is not None else o.accept_length
        rate = o.printed_rate if o.printed_rate is not None else o.accept_rate
        out.append((o.first_line, length, _zero(rate, o.accept_length), k))
    out.extend((ln, length, _zero(rate, length), None) for ln, length, rate in scanned)
    return out


def _zero(rate: float | None, length: float | None) -> float | None:
    """The rate, or 0 where none is given and the length (bonus included) is exactly 1."""
    return 0.0 if rate is None and length == 1.0 else rate


def _key(x: float, rate: bool, decimals: int, percent: bool) -> tuple[bool, int, bool, float]:
    return rate, decimals, percent, round(x * (100 if percent else 1), decimals)


def fold(
    records: list[PasteRecord],
    block_of: list[int],
    raw: list[str],
    scanned: Callable[[], list[Scanned]] | None = None,
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each sentence pointing at the figure of exactly one run shown below
    it, a record or a line scanner's line (``scanned``: their figures, asked for only where a
    sentence points below; see the module's rules), that record noting it."""
    pointers = [p for i, r in enumerate(records) if (p := _pointer(i, r, raw)) is not None]
    if not pointers:
        return records, block_of
    figures = _figures(records, scanned() if scanned is not None else [])
    # (the figures by their values at the pointers' decimals: one look at each figure)
    forms = {(rate, d, pct) for _, rate, d, _, pct, _ in pointers}
    at: dict[tuple[bool, int, bool, float], list[Figure]] = {}
    for f in figures:
        for rate, d, pct in forms:
            if (x := f[2] if rate else f[1]) is not None:
                at.setdefault(_key(x, rate, d, pct), []).append(f)
    drop: set[int] = set()
    out = list(records)
    for i, rate, d, number, pct, end in pointers:
        later = [f for f in at.get((rate, d, pct, round(number, d)), []) if f[0] > end]
        if len(later) != 1 or later[0][3] in drop:
            continue  # (none below, or several: which one it tells is not said)
        drop.add(i)
        if (k := later[0][3]) is not None:
            out[k] = dataclasses.replace(
                out[k], notes=(*out[k].notes, NOTE.format(line=records[i].first_line))
            )
    return without(out, block_of, drop)
