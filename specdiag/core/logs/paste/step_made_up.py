"""A rate told with its step's make-up in words, then its tokens a step.

Posts explain speculation as what one step produces: ``1 decode step produces ~2 tokens (1
regular + 1 speculative, 95% accepted)``, and later multiply it out: ``~1.95 accepted tokens
per step``. The make-up says each step drafts one token beside the target's own; with one draft
a step a rate of accepted drafts is the accepted drafts a step, so the step's tokens are 1 +
rate (the target's own token counted). Where a one-figure record of a rate alone is read on a
line stating that make-up (``1 regular + 1 speculative``, ``one target token + one draft``) and
exactly one later one-figure record of a length prints 1 + that rate within its printed
decimals, the two are one run told twice: the length's record keeps the rate, bonus included
by the identity, and the rate's record goes.

A make-up of more than one draft (``1 regular + 2 speculative``: what a step accepts of them is
not the rate), no make-up on the rate's line, a later length other than 1 + rate, or two such
lengths leave both records as they were.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import INCLUDED, Decision, PasteRecord, decided_notes, without

_ONE = r"(?:1|one|a\s+single)"
# the step's tokens: the target's one, plus one drafted ('1 regular + 1 speculative', 'one
# target token + one draft token')
_MADE_UP = re.compile(
    r"\b" + _ONE + r"\s+(?:regular|normal|target|verified|base|real)(?:\s+tokens?)?\s*"
    r"(?:\+|plus|and)\s*" + _ONE + r"\s+(?:speculative|speculated|draft(?:ed)?|predicted|MTP)"
    r"(?:\s+tokens?)?\b(?!\s*(?:\+|plus)\s*\d)",
    re.I,
)
_PROSE = ("prose", "key-value")
RULE = "identity: printed length = 1 + the rate of line {line}, one draft a step ({words!r})"


def lone(r: PasteRecord, drafted: tuple[int | None, ...] = (None,)) -> bool:
    """A one-line prose record with no counts (but a drafted count in ``drafted``), labels or
    per-position rates."""
    return (
        r.structure in _PROSE
        and r.first_line == r.last_line
        and not r.labels
        and not r.per_position
        and r.accepted_tokens is None
        and r.drafted_tokens in drafted
        and r.steps is None
    )


def _decimals(r: PasteRecord) -> int | None:
    """The decimals the length's record prints it with."""
    for _, text in r.fields:
        v = C.value(C._MARKUP.sub("", text).strip().lstrip("~≈ "))
        if v is not None and not v.percent and v.number == r.printed_length:
            return v.decimals
    return None


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` with each rate told with a one-draft make-up joined to the one later length
    printing 1 + that rate (see the module's rules)."""
    if not any("+" in t or "plus" in t for t in raw):
        return records, block_of
    out = list(records)
    drop: set[int] = set()
    for i, r in enumerate(records):
        if (
            # (the make-up's '1 drafted' read as a count of one: what it says, no other run)
            not lone(r, (None, 1))
            or r.printed_rate is None
            or r.printed_length is not None
            or not 0 < r.first_line <= len(raw)
            or (made := _MADE_UP.search(C._MARKUP.sub("", raw[r.first_line - 1]))) is None
        ):
            continue
        later = []
        for j, o in enumerate(records):
            if (
                o.first_line > r.first_line
                and lone(o)
                and o.printed_rate is None
                and o.printed_length is not None
                and (d := _decimals(o)) is not None
                and abs(o.printed_length - (1 + r.printed_rate)) <= C.half_unit(d)
            ):
                later.append(j)
        if len(later) != 1 or later[0] in drop:
            continue
        (j,) = later
        o = out[j]
        out[j] = dataclasses.replace(
            o,
            printed_rate=r.printed_rate,
            accept_rate=r.accept_rate,
            rate_basis=r.rate_basis,
            accept_length=o.printed_length,
            bonus=Decision(INCLUDED, RULE.format(line=r.first_line, words=made.group(0))),
            notes=decided_notes(o.notes),
        )
        drop.add(i)
    return without(out, block_of, drop)
