"""A table's caption stating the one draft count every row of it ran with.

A report introduces its table with a caption ending in a colon that sets the runs' fixed k
once, for all rows, where a row label would set it for one (``**Core data** (K=5, 2.8B +
70M):``, ``Results at k=4:``, ``核心数据（K=5，...）：``), then prints each row's acceptance rate
alone (``| Accept% |`` over ``99.3%``). The caption's k is every row's k as a row's own
``k=5`` label is (``interpret._K_IN_LABEL``'s spellings): each step drafts k tokens and the
rate is accepted over drafted tokens, so the length is 1 + k x rate, bonus included.

Only where every bit holds:

- the caption is the last line above the table in its block, ending in ``:`` (``：``), and it
  sets exactly one k (one value, never a list ``k=2/4``), from 1 to a fixed chain's most
  (evidence.FIXED_K_MOST: a larger k is a draft maximum's scale); it states no draft maximum
  (``n_max=4``, ``--draft-max``) and names no drafter whose drafts vary a step (n-gram, prompt
  lookup, suffix) nor a draft position or depth it measures at (``at depth 1, k=3``: that
  position's rates), and the paste sets no draft maximum anywhere;
- the record is a table row of an exact per-draft rate alone (no length printed, none
  decided, no counts, not per position or per output token, no ``~``, no range), whose labels
  state no k or maximum of their own and name no varying drafter, of a tool neither llama.cpp
  (its k a maximum) nor SGLang (its steps a tree's depth).

A caption not ending in a colon (a sentence), a heading, a caption of two k's, or a row with a
length or a k of its own leave the table as it was.

Pure: records and the caption in, records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cell_phrases as CPH
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import (
    INCLUDED,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

RULE = "computed: 1 + k x rate, k = the draft tokens per step the table's caption states"
DRAFT_MAX = re.compile(V.DRAFT_MAX_RE, re.I)
# a rate printed as an approximation or a range ('~75%', '70-80%', 'about 70%')
APPROX = re.compile(
    r"[~≈∼]|\b(?:about|around|approx\w*|roughly|circa)\b|\d\s*%?\s*(?:-|–|to)\s*\d", re.I
)
# a draft position or depth the caption measures at ('Acceptance at depth 1, k=3 chain:'): the
# rates are that position's, never the run's over its k drafts
_AT_POSITION = re.compile(r"\b(?:depth|position|pos|draft\s+token)\s*#?\s*\d", re.I)


def caption_k(above: Sequence[str], paste: str) -> tuple[int, str] | None:
    """(k, the caption) where the last line of ``above`` (the lines over the table in its
    block) is a caption ending in a colon that sets one k (the module's rules); else None."""
    lines = [t for t in above if t.strip()]
    if not lines or "=" not in lines[-1]:
        return None  # (the cheap test: a caption setting no value)
    cap = C._MARKUP.sub("", lines[-1]).strip()
    if not cap.endswith((":", "：")) or cap.lstrip().startswith("#"):
        return None
    found = {int(m.group(1)) for m in I._K_IN_LABEL.finditer(cap)}
    if (
        len(found) != 1
        or I._maxima(cap)
        or CPH.variable_drafts([("", cap)])
        or _AT_POSITION.search(cap) is not None
    ):
        return None
    k = found.pop()
    if not 1 <= k <= E.FIXED_K_MOST or DRAFT_MAX.search(paste) is not None:
        return None
    return k, cap


def lengths(records: list[PasteRecord], said: tuple[int, str] | None) -> list[PasteRecord]:
    """The table's records, each exact lone rate given 1 + k x rate where its caption states
    one k (``said``: :func:`caption_k`); the others as they are."""
    if said is None:
        return records
    k, cap = said
    out = []
    for r in records:
        rate = r.printed_rate
        shown = [s for n, s in r.fields if C.key(n).metric == C.RATE or C.ACCEPT_ALONE.match(n)]
        labels = list(r.labels)
        if (
            r.kind != TABLE_ROW
            or rate is None
            or not 0.0 <= rate <= 1.0
            or r.printed_length is not None
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or r.accepted_tokens is not None
            or r.drafted_tokens is not None
            or r.rate_basis.value == "per_output_token"
            or r.per_position
            or r.tool in ("llamacpp", "sglang")
            or len(shown) != 1
            or APPROX.search(C._MARKUP.sub("", shown[0])) is not None
            or any(C.key(n).metric == C.K for n, _ in labels)
            or I._k_of_labels(labels) is not None
            or I.most_of_labels(labels) is not None
            or CPH.variable_drafts(labels)
        ):
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=round(1 + k * rate, 6),
                bonus=Decision(INCLUDED, f"{RULE} ('{cap}')"),
                notes=decided_notes(r.notes),
            )
        )
    return out
