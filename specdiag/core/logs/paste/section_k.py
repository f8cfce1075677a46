"""A k in the label of a table section's first row, for that section's lone rates.

A table of metrics as rows grouped by configuration names its configuration once, on the first
row of each group, the rows under it leaving that cell empty (``| **model A** k=4 (chain) |
acceptance rate | 0.31 | 0.33 |`` over ``| | throughput | 510 | 498 |``): each group is a table
of its own, every value column a run (``interpret._carried_sections``), and the configuration
cell is the label of every run of the group. A k stated there (``k=4``, in
``interpret._K_IN_LABEL``'s spellings) is the drafts a step of the group's runs, as a row's own
``k=4`` label is; so a rate alone, accepted over drafted tokens, gives 1 + k x rate, bonus
included.

Only where the paste decides the rate is per drafted token:

- another group of the same table (the same label's name, another value) prints a length
  beside its rate that the identity 1 + k x rate decided (its bonus rule says so): the table's
  rates are accepted over drafted tokens; or
- the record is vLLM's or ATOM's (their draft acceptance rate is accepted over drafted tokens).

And only for an exact rate alone (no length printed or decided, no counts, not per position or
per output token, no ``~``, no range), the group's label stating exactly one k from 1 to a
fixed chain's most (evidence.FIXED_K_MOST), no draft maximum and no drafter whose drafts vary
a step in any label, no other label of the record stating a k, a tool neither llama.cpp (its
k a maximum) nor SGLang (its steps a tree's depth), and no draft maximum in the paste.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import captioned_k as KC
from specdiag.core.logs.paste import cell_phrases as CPH
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import (
    INCLUDED,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

RULE = "computed: 1 + k x rate, k = the draft tokens per step the label of the row's group states"
# the bonus rule of a length the identity 1 + k x rate decided (reader._rate_times_k,
# reader._one_k_fits): the rate beside it is accepted over drafted tokens
_PER_DRAFT_IDENTITY = re.compile(r"^identity: (?:every run's )?printed length = 1 \+ k x rate")
# tools whose draft acceptance rate is accepted over drafted tokens
_PER_DRAFT_TOOLS = ("vllm", "atom")


def _lone_rate(r: PasteRecord) -> bool:
    """Whether ``r`` is a table row's exact per-draft rate alone, nothing else deciding it."""
    rate = r.printed_rate
    shown = [s for n, s in r.fields if C.key(n).metric == C.RATE or C.ACCEPT_ALONE.match(n)]
    return (
        r.kind == TABLE_ROW
        and rate is not None
        and 0.0 <= rate <= 1.0
        and r.printed_length is None
        and r.accept_length is None
        and r.bonus.value == UNKNOWN
        and not r.notes  # (a rule that took a k's length away says why there: it stands)
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.rate_basis.value != "per_output_token"
        and not r.per_position
        and r.tool not in ("llamacpp", "sglang")
        and len(shown) == 1
        and KC.APPROX.search(C._MARKUP.sub("", shown[0])) is None
    )


def _group_k(r: PasteRecord, name: str) -> int | None:
    """The one k the record's label ``name`` states, no other label stating one, no label
    stating a draft maximum or a varying drafter."""
    labels = list(r.labels)
    own = [(n, v) for n, v in labels if n == name]
    rest = [(n, v) for n, v in labels if n != name]
    if len(own) != 1 or I.most_of_labels(labels) is not None or CPH.variable_drafts(labels):
        return None
    if I._k_of_labels(rest) is not None or any(C.key(n).metric == C.K for n, _ in rest):
        return None
    found = {int(m.group(1)) for m in I._K_IN_LABEL.finditer(own[0][1])}
    if len(found) != 1:
        return None
    k = found.pop()
    return k if 1 <= k <= E.FIXED_K_MOST else None


def lengths(records: list[PasteRecord], paste: str) -> list[PasteRecord]:
    """The records, each lone rate of a table group whose label states one k given 1 + k x rate
    where the paste decides the rate is per drafted token (the module's rules); the others as
    they are."""
    lone = [r for r in records if _lone_rate(r)]
    if not lone or KC.DRAFT_MAX.search(paste) is not None:
        return records
    out = []
    for r in records:
        if r not in lone:
            out.append(r)
            continue
        decided = None
        for name, value in r.labels[1:]:
            # (a group's label comes after the run's own ones, and another group of the table
            # holds another value under its name)
            k = _group_k(r, name)
            others = [
                o
                for o in records
                if o.kind == TABLE_ROW
                and o.structure == r.structure
                and any(n == name and v != value for n, v in o.labels)
            ]
            if k is None or not others:
                continue
            proved = r.tool in _PER_DRAFT_TOOLS or any(
                _PER_DRAFT_IDENTITY.match(o.bonus.rule) for o in others
            )
            if proved:
                decided = dataclasses.replace(
                    r,
                    accept_length=round(1 + k * (r.printed_rate or 0.0), 6),
                    bonus=Decision(INCLUDED, f"{RULE} ('{value}')"),
                    notes=decided_notes(r.notes),
                )
                break
        out.append(decided or r)
    return out
