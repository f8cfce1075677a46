"""A verb of acceptance over a list of shares, in prose: `accepted 71.2% chat, 64.0% code and
58.5% math drafts` (each share followed by the subset it was measured on), or `accepted 66.1%,
60.4% and 55.0% respectively` (no subsets, mapped in order onto runs named before): one run a
share, each a rate record of its own, labelled by its subset (before, the verb kept its first share alone and the
others were lost).

Two to nine shares, every one a percentage, joined by commas (the last perhaps after `and`);
either every share has its subset (one to three words, each different, none a word of another
measure or of a comparison: `faster`, `more`, `of`, `tokens`, ...; the last perhaps followed
by the noun of what was accepted, `drafts`, `draft tokens`) or none has and `respectively`
follows. The list closes its clause (a full stop, a semicolon, a colon, a bracket, the line's
end). A condition or a modal before the verb in its sentence (`if it accepted`, `would have
accepted`), a share of two forms, or a subset repeated read nothing here. Pure: a line in,
spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_SHARE = r"[~≈]?\d+(?:\.\d+)?[ \t]?%"
# (never the noun of what was accepted: it follows the last subset, no subset's word)
_WORD = r"(?!(?:and|respectively|drafts?|drafted|tokens?|proposals)\b)[A-Za-z][\w-]{0,24}"
_LABEL = _WORD + r"(?:[ \t]+" + _WORD + r"){0,2}"
_ITEM = _SHARE + r"(?:[ \t]+" + _LABEL + r")?"
_LIST = re.compile(
    r"\baccept(?:ed|s)\s+(?P<list>"
    + _ITEM
    + r"(?:[ \t]*,[ \t]*(?:and[ \t]+)?"
    + _ITEM
    + r"|[ \t]+and[ \t]+"
    + _ITEM
    + r"){1,8})"
    # (the noun of what was accepted after the last subset: 'and 58.5% math drafts')
    r"(?:[ \t]+(?:draft(?:ed)?[ \t]+tokens|drafts|tokens|proposals))?"
    r"(?P<resp>[ \t]*,?[ \t]+respectively)?(?=[ \t]*(?:[.;:!()]|$))",
    re.I,
)
_ONE = re.compile(r"(?P<v>" + _SHARE + r")(?:[ \t]+(?P<lab>" + _LABEL + r"))?")
# words of another measure or of a comparison: no subset
_NO_SUBSET = re.compile(
    r"\b(?:of|than|more|less|fewer|faster|slower|better|worse|higher|lower|up|down|gain|drop|"
    r"loss|speed|speedup|throughput|latency|ms|tok|tokens?|steps?|rounds?|accepted|rejected|"
    r"positions?|pos|over|under|vs|versus|improvement|increase|decrease)\b",
    re.I,
)
# a condition or a modal before the verb in its sentence
_NOT_MEASURED = re.compile(
    r"\b(?:if|would|could|should|might|must|will|can|suppose|assuming|expected|hope|want|"
    r"target|goal)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a list (cheap test before the regex)."""
    return "accept" in low and low.count("%") >= 2


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each verb with its list: one rate a share."""
    for m in _LIST.finditer(text):
        ends = [e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())]
        if _NOT_MEASURED.search(text, ends[-1] if ends else 0, m.start()) is not None:
            continue
        parts = list(_ONE.finditer(m.group("list")))
        labels = [(p.group("lab") or "").strip() for p in parts]
        if m.group("resp"):
            if any(labels):
                continue  # subsets and 'respectively' both: whose is which is unsaid
        elif not all(labels) or len({lb.lower() for lb in labels}) != len(labels):
            continue
        if any(_NO_SUBSET.search(lb) for lb in labels):
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for p, lb in zip(parts, labels, strict=True):
            v = C.value(p.group("v").replace(" ", ""))
            if v is None or not v.percent or v.number > 100:
                break
            if lb:
                # (the share's subset, its record's label: a label again opens the next run)
                items.append(
                    (C.Key(C.LABEL, "subset", False), C.Value(0.0, False, 0), "subset", lb)
                )
            items.append((C.Key(C.RATE, "accepted", True), v, "accepted", p.group("v")))
        else:
            if len(parts) >= 2:
                yield m.start(), m.end(), items
