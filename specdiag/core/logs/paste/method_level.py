"""A speculative method as the subject of a level (`the MTP head was stable at ~58% through May`,
`` `Model-Y EAGLE` sat at 64%, then fell to 31% ``): in a paste that names acceptance, a share
held by the method itself, no other measure named, is the method's acceptance rate; the reader
takes it as if the name were written after the subject (its next leg, `then fell to 31%`, is
read as that figure's next value, as ever).

Read only where the subject (`MTP`, `EAGLE`, `Medusa`, `draft`, `draft head`, `draft model`,
`spec decode`, `speculative decoding`) is followed by a verb of a level (`was`, `is`, `stayed`,
`sat`, `hovered`, perhaps `stable` / `steady`), `at` /
`around` / `near` and a percentage with nothing named after it (a clause's end, or a
preposition of time or place: `from`, `on`, `in`, `through`, `until`, `since`, `for`, `after`,
`and`, `then`); the clause before the subject names no other measure (`throughput`, `speed`,
`latency`, `utilization`, `memory`, `accuracy`, ...). `MTP was at 40% of the baseline`, `MTP
sat at 90% GPU utilization` or `throughput with MTP was stable at 61%` are left as they were.

Pure: a line in, the line (perhaps with the name written) out; linear: one pass of one pattern,
and a bounded look back per match.
"""

from __future__ import annotations

import re

_LEVEL = re.compile(
    r"(?P<subj>(?<![\w-])(?:MTP|EAGLE(?:-?\d)?|Medusa|draft(?:[ \t]+(?:head|model))?|"
    r"spec(?:ulative)?[ \t-]+decod(?:e|ing))[`*]{0,2})"
    r"[ \t]+(?:was|is|stayed|sat|hovered)"
    r"(?:[ \t]+(?:stable|steady|flat))?[ \t]+(?:at|around|near)[ \t]+[~≈]?\d{1,3}(?:\.\d+)?[ \t]?%"
    r"(?=[ \t]*(?:[,.;:)—–]|$|(?:from|on|in|through|until|since|for|after|and|then)\b))",
    re.I,
)
_OTHER_MEASURE = re.compile(
    r"throughput|speed|latency|util|memory|accuracy|tok/s|tokens?/s|time|cost|usage|load|"
    r"hit|cache|share|gpu|cpu|power|loss|score|accept|rate",
    re.I,
)
_CLAUSE_END = re.compile(r"[.;:!?]")
_LOOK_BACK = 80
HINTS = ("mtp", "eagle", "medusa", "draft", "decod")


def hinted(body: str) -> bool:
    """Whether a block may hold such a level (a cheap test)."""
    if "%" not in body:
        return False
    low = body.lower()
    return any(h in low for h in HINTS)


def rewrite(text: str) -> str:
    """The line with the acceptance's name written after each such subject."""
    if "%" not in text:
        return text
    out: list[str] = []
    last = 0
    for m in _LEVEL.finditer(text):
        start = m.start()
        back = text[max(0, start - _LOOK_BACK) : start]
        ends = list(_CLAUSE_END.finditer(back))
        clause = back[ends[-1].end() :] if ends else back
        if _OTHER_MEASURE.search(clause):
            continue
        out.append(text[last : m.end("subj")])
        out.append(" acceptance")
        last = m.end("subj")
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)
