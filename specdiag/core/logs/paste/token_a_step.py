"""A paste saying its target decodes one token a step whatever is accepted: no length from a rate.

    k=1 for now (no batched verify yet): 31% accepted, yet still one target decode per token.

A length computed from a rate or from counts (``1 + rate``, ``1 + k x rate``, ``1 + accepted /
steps``) holds only where each verify step turns its accepted drafts into tokens. A paste saying
that its decoding does not (one target decode, forward, pass or step per token, per output token
or per generated token; no batched or parallel verify yet, or verification without one) tells of
a prototype whose acceptance yields no tokens a step: no such length is computed for any record
of it; the rates stay as printed, their length unknown. A length the paste prints is its own and
stays. Never for a step per draft position, per draft token or per round (``one target forward
per draft round``: a verify step) nor for a batched verify the paste has (``batched verify
enabled``, ``with batched verify``), nor for a future or a negation of the statement (``will no
longer need one target decode per token``: read as said; the rule asks the plain statement).

Pure: the paste's text and its records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste.model import BONUS_UNKNOWN, UNDECIDED, PasteRecord

# one target step for each token: '1 target decode per token', 'one target forward pass per
# generated token', 'a target step for every output token'
_ONE_PER_TOKEN = re.compile(
    r"\b(?:1|one|a|a\s+single|single)\s+(?:full\s+)?target(?:[\s-]+model)?\s+"
    r"(?:decode|decoding|forward(?:\s+pass)?|pass|step|call|run)s?\s+"
    r"(?:per|for\s+(?:each|every))\s+(?:generated\s+|output\s+|emitted\s+|new\s+)?token\b",
    re.I,
)
# no batched verify: 'no batched verify yet', 'without batched verification', 'batched verify is
# not implemented'
_NO_BATCHED = re.compile(
    r"\b(?:no|without)\s+(?:a\s+)?(?:batched|parallel)\s+(?:target[\s-]+)?verif(?:y|ication|ier)\b"
    r"|\b(?:batched|parallel)\s+(?:target[\s-]+)?verif(?:y|ication|ier)\s+(?:is\s+|was\s+)?"
    r"(?:not\s+(?:yet\s+)?(?:implemented|supported|done|wired)|missing|unimplemented|todo)\b",
    re.I,
)
# a statement undone right before it ('no longer', 'will not', 'instead of', 'avoids')
_UNDONE = re.compile(
    r"(?:\bno\s+longer|\bwill\s+not|\bwon't|\binstead\s+of|\bavoid(?:s|ing)?|\brather\s+than|"
    r"\bnot|\bremov(?:es|ed|ing))(?:\s+\w+){0,3}\s*$",
    re.I,
)


def said(text: str) -> str | None:
    """The words of the paste saying its target decodes one token a step whatever is
    accepted, or None."""
    for pat in (_ONE_PER_TOKEN, _NO_BATCHED):
        for m in pat.finditer(text):
            if pat is _ONE_PER_TOKEN and _UNDONE.search(text[max(0, m.start() - 40) : m.start()]):
                continue
            return m.group(0)
    return None


def computed(r: PasteRecord) -> bool:
    """Whether a record's length was computed (no length printed) by a rule of tokens a step."""
    return (
        r.accept_length is not None
        and r.printed_length is None
        and r.bonus.rule.startswith("computed: 1 +")
    )


def undo(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Records with no length computed from their rate or counts where the paste says its
    target decodes one token a step whatever is accepted (see the module)."""
    if not any(computed(r) for r in records):
        return records
    words = said(text)
    if words is None:
        return records
    note = f"{BONUS_UNKNOWN}: the paste says its target decodes one token a step ('{words}')"
    return [
        dataclasses.replace(r, accept_length=None, bonus=UNDECIDED, notes=(*r.notes, note))
        if computed(r)
        else r
        for r in records
    ]
