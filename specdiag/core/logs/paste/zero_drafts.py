"""The run without speculation told by a table row's own settings: zero drafts a step ('| DRAFT
|' over '| 0 |', 'k=0 (no spec)', '--draft-max 0', '| MTP steps |' over '| 0 |'), or speculation
switched off ('| speculative |' over '| 0 |'), the row printing no acceptance but one token a
step. Shared by the readers that set such a row aside (reader.py) and the one it decides a
length column's convention for (interpret.py), and by one_draft.py's settings of one draft.

Pure: records in, booleans out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord

# a draft maximum or count set to a number, in the number's group: a maximum (vocab.DRAFT_MAX,
# group 'max'); a fixed count of drafts a step, as a flag (vLLM's '--num-speculative-tokens',
# MLX's '--num-draft-tokens'; group 'n') or a key ('num_speculative_tokens', 'k', 'gamma',
# 'mtp_k', 'n_spec', 'depth', a bare 'draft='; group 'm'). This module wants both: a fixed k
# of one and a maximum of one alike allow at most one draft a step (one_draft.py), and a row of
# zero of every one is the run without speculation (no_drafts).
COUNT_TAIL = r"\b(?![.,]\d)(?!\s*(?:[/,\-–]|and|or|to)\s*\d)"
SETTING = re.compile(
    V.DRAFT_MAX_RE + r"|(?<![\w-])--(?:num[-_]speculative[-_]tokens|num[-_]draft(?:[-_]tokens)?)"
    r"(?:[ =]+|\s*`\s*)(?P<n>\d{1,3})"
    + COUNT_TAIL
    # ('MTP n=1': MTP's n, the drafts a step, right after its name)
    # ('draft size 1', 'draft_size=1', 'draft size of 1': the tokens drafted a step, after a
    # space too; never a model's size, 'draft size 1B', '1 GB', nor a decimal)
    + r"|(?<![\w-])[\"']?(?:num_speculative_tokens|draft[-_ ]size|draft|k|gamma|γ|mtp[_ ]?k|"
    r"n[_ ]?spec|depth|mtp|mtp\s+n)"
    # ('MTP=1', 'MTP-1': the MTP drafts a step; 'MTP D1', 'mtp_d2': its depth, as 'depth=1';
    # never a list of depths, 'MTP D1/D2')
    r"[\"']?(?:(?<!size)\s*[=:]\s*"
    r"|(?<=size)(?:\s*[=:]\s*|\s+(?:of\s+)?)(?=\d{1,3}(?!\d|[.,]\d)"
    r"(?!\s*(?:[kmgt]i?b|b|bytes?|params|parameters|layers?)\b))"
    r"|(?<=mtp)-|(?<=mtp)[ _-]?d(?!\d{1,3}\s*(?:[/,]|and|or)\s*d\d))(?P<m>\d{1,3})"
    + COUNT_TAIL
    # SGLang's steps and tree width: a tree may hold several drafts a step, never a maximum of
    # one (group 'o', any value)
    + r"|(?<![\w-])-*(?:speculative[-_](?:num[-_]steps|eagle[-_]topk|num[-_]draft[-_]tokens))"
    r"[\"']?\s*(?:[=:]\s*|\s+)(?P<o>\d{1,3})\b",
    re.I,
)


def told(r: PasteRecord, steps: set[str]) -> str:
    """A row's labels as words: a label's own, and a draft-count column as 'name=value' ('| K
    | ... |' over '| 1 |': 'k=1'), a column of draft steps alike ('| MTP steps |' over '| 1 |');
    a bare number under a column named as a setting ('| n_max |' over '| 1 |'): 'n_max=1'."""
    return " ".join(
        f"k={v.strip()}"
        if C.key(n).metric == C.K or n in steps
        else f"{n.strip()}={v.strip()}"
        if n.strip() and re.fullmatch(r"\d{1,3}", v.strip())
        else v
        for n, v in r.labels
    )


def no_rate(r: PasteRecord) -> bool:
    """A record printing no acceptance but a run's one token a step: no rate (or 0), no
    accepted draft, no length but 1 (within 0.05)."""
    return (
        not r.printed_rate
        and not r.accepted_tokens
        and not r.per_position
        and (r.printed_length is None or abs(r.printed_length - 1.0) <= 0.05)
    )


# a row's switch of speculation set off ('| speculative |' over '| 0 |', 'spec decode: off')
SWITCH = re.compile(
    r"(?:use[_ -]?)?spec(?:ulative|ulation)?(?:[_ -]?(?:decod(?:e|ing)|enabled))?", re.I
)


def switched_off(r: PasteRecord) -> bool:
    return any(
        SWITCH.fullmatch(n.strip()) and v.strip().lower() in ("0", "false", "off", "no")
        for n, v in r.labels
    )


def no_drafts(r: PasteRecord) -> bool:
    """Whether a table row's own labels set zero drafts a step ('| DRAFT |' over '| 0 |', 'k=0
    (no spec)', '--draft-max 0', '| MTP steps |' over '| 0 |'), or switch speculation off
    ('| speculative |' over '| 0 |'), every draft setting they state zero, and it prints no acceptance (``no_rate``): the run without speculation. A row of zero
    printing a rate (a draft position 0, a draft model numbered 0) is none."""
    if r.kind != TABLE_ROW or not no_rate(r):
        return False
    steps = {n for n, _ in r.labels if C.STEPS_SETTING.match(C.norm(n)[0])}
    found = [
        int(next(g for g in (m.group("max"), m.group("n"), m.group("m"), m.group("o")) if g))
        for m in SETTING.finditer(told(r, steps))
    ]
    return not any(found) and (bool(found) or switched_off(r))
