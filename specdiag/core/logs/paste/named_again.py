"""A later sentence naming a record's figure again by its whole name, with the same value.

A model card lists its figure as a field (`- Mean Draft Acceptance: 71%`), then its summary
sentence says it again in words (`The draft reaches a mean draft acceptance of 71%, which makes
it worth serving.`). That sentence is the field told again, not a second run: where a one-line
prose record printing one figure alone (a length or a rate: no counts, labels or per-position
rates) comes after exactly one other record printing that figure digit for digit (`71%` and
`71%`; not `71.0%`), that earlier record a one-line key-value or prose record of one figure
alone (the settings of its list as its labels or none), and the sentence's words right before the value end in the earlier record's whole name
(`Mean Draft Acceptance`, case aside, its markup dropped), and the sentence prints no other
number (no setting, size or second run named by one), the later record goes, the earlier one
noting it.

A name the sentence does not end in (`a first-draft acceptance of 71%` under `Mean Draft
Acceptance`), a sentence telling a run of its own (a first person measuring, `we measured`, or another
run named, `on the second board`), a sentence printing another number (`after 3 epochs`, `k=4`), a third record of
the value, a value at other decimals, or two records of fields (`name: 71%` or `NAME 1.0100`
twice, the name opening its line: each line its run) leave the records.

Pure: records and the paste's lines in, records out; the records grouped by their value once a
paste.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord, without

NOTE = "named again with its value at line {line}"
_EARLIER = ("key-value", "prose")
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")
_NUMBER = re.compile(r"\d")
# a sentence telling a run of its own: a first person measuring, or another run named
_OWN_RUN = re.compile(
    r"\b(?:(?:we|i)\s+(?:measured|got|observed|saw|ran|obtained|see|get)|second|another|other|"
    r"different)\b",
    re.I,
)


def _words(text: str) -> str:
    return " ".join(C._MARKUP.sub("", text).lower().replace("_", " ").split())


def _alone(r: PasteRecord, raw: list[str]) -> str | None:
    """The record's one figure as printed ('71%', '2.31'), where it prints a length or a rate
    alone on one line, no counts or per-position rates; else None."""
    if r.first_line != r.last_line or not 0 < r.first_line <= len(raw):
        return None
    return lone_figure(r)


def lone_figure(r: PasteRecord) -> str | None:
    """The record's one figure as printed ('71%', '2.31'), where it prints a length or a rate
    alone, no counts or per-position rates (its labels aside); else None."""
    if (
        (r.printed_length is None) == (r.printed_rate is None)
        or len(r.fields) != 1
        or r.per_position
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.steps is not None
    ):
        return None
    v = C.value(C._MARKUP.sub("", r.fields[0][1]).strip().lstrip("~≈ "))
    if v is None or v.max is not None or v.spread is not None:
        return None
    return f"{v.number:.{v.decimals}f}" + ("%" if v.percent else "")


def _named_again(line: str, shown: str, name: str) -> bool:
    """Whether the line prints the value once, right after the name's words in its sentence,
    and no other number in that sentence."""
    text = C._MARKUP.sub("", line)
    num = re.escape(shown.rstrip("%"))
    tail = r"\s?%" if shown.endswith("%") else r"(?![\d%]|\.\d)"
    found = list(re.finditer(r"(?<![\d.])" + num + tail, text))
    if len(found) != 1:
        return False
    m = found[0]
    start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
    stop = _SENTENCE_END.search(text, m.end())
    end = stop.start() if stop else len(text)
    before = _words(text[start : m.start()])
    # (the name's words, then at most a linking word: 'of', 'is', 'at', ':' or '=')
    linked = re.sub(r"\s*(?:\b(?:of|is|was|at|around|about|reaching)|[:=~≈])\s*$", "", before)
    if not linked.endswith(" " + name):
        return False  # (the name alone before the value: a field's line, each its run)
    rest = text[start : m.start()] + text[m.end() : end]
    if _OWN_RUN.search(rest):
        return False  # ('we measured ... on the second board': a run of the sentence's own)
    return _NUMBER.search(rest) is None


def fold_told_again(
    records: list[PasteRecord],
    block_of: list[int],
    shown_of: Callable[[PasteRecord], str | None],
    again: Callable[[PasteRecord, PasteRecord, str], bool],
    note: str,
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each later record of a figure exactly two records print alike
    (``shown_of``: the one figure as printed, or None) that ``again`` says tells the earlier one
    again, the earlier noting it (``note``, its ``{line}`` the later one's). A rate and a length,
    one telling or three (runs alike) are left."""
    by_value: dict[str, list[int]] = {}
    for i, r in enumerate(records):
        if (shown := shown_of(r)) is not None:
            by_value.setdefault(shown, []).append(i)
    drop: set[int] = set()
    out = list(records)
    for shown, group in by_value.items():
        if len(group) != 2:
            continue  # (one telling, or three: runs alike)
        i, j = sorted(group, key=lambda k: records[k].first_line)
        first, later = records[i], records[j]
        if later.first_line <= first.first_line:
            continue
        if (first.printed_rate is None) != (later.printed_rate is None):
            continue  # (a rate and a length: two figures)
        if not again(first, later, shown):
            continue
        drop.add(j)
        out[i] = dataclasses.replace(
            out[i], notes=(*out[i].notes, note.format(line=later.first_line))
        )
    return without(out, block_of, drop)


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each later sentence naming one earlier record's figure again by its
    whole name and value (see the module's rules), the earlier one noting it."""

    def again(first: PasteRecord, later: PasteRecord, shown: str) -> bool:
        if first.structure not in _EARLIER or later.structure != "prose" or later.labels:
            return False  # (a sentence of a setting's run: the earlier record's setting may be its own)
        name = _words(first.fields[0][0])
        return C.key(name).metric in C.ACCEPTANCE and _named_again(
            raw[later.first_line - 1], shown, name
        )

    return fold_told_again(records, block_of, lambda r: _alone(r, raw), again, NOTE)
