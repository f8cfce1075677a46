"""SGLang's accept length under a rate's name: a user's table row or column named `accept rate`
whose values are plain numbers above 1 (`| accept rate | 2.9 | 2.4 |`) beside SGLang's launch
setting its draft steps (`--speculative-num-steps=3`).

SGLang prints its accept rate as a fraction (`accept rate: 0.73` on its scheduler line; its
bench_serving prints no rate at all, only `Accept length:`), and its accept length is at most
`speculative-num-steps` + 1 for a chain, and at most that for a tree too (a step accepts one
path, one token a step of depth). So a value above 1 under a rate's name, in a paste whose
SGLang run sets one number of steps N, and every such value of the paste within (1, N + 1], is
SGLang's accept length misnamed, bonus included (SGLang's convention), not a percentage without
its sign; before this the readers took it for a percentage (`2.9` as 2.9%).

Only where every part is the paste's own word: the record's tool is SGLang by a rule that decides
its convention (named in the block or its heading, ...), the paste sets
`speculative-num-steps` (`speculative_num_steps`) to one value, shows no sign that it writes its
rates as percentages without `%` (rate_changes.percent_evidence), and every rate of the paste
read as a percentage from a plain value is within (1, N + 1] (one above: the paste's plain rates
are percentages, none is taken). A record with counts, positions or a length of its own stays.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import rate_changes as RCH
from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED, Decision, PasteRecord, decided_notes

# SGLang's own setting of its draft steps, set to a number ('--speculative-num-steps 3',
# '--speculative-num-steps=3', '"speculative_num_steps": 3')
_STEPS = re.compile(
    r"speculative[-_]num[-_]steps[\"'`]?\s*(?:[:=]\s*|\s+)[\"'`]?(?P<n>\d{1,2})(?!\d)", re.I
)
RULE = (
    "SGLang prints its rate as a fraction: a plain value above 1 under a rate's name, within the "
    "paste's speculative-num-steps + 1, is its accept length (bonus included)"
)
NOTE = "a plain value above 1 under a rate's name read as SGLang's accept length"


def _plain(r: PasteRecord) -> float | None:
    """The plain value of a rate the readers took for a percentage (its note), else None."""
    return next((v for n in r.notes if (v := RCH.plain_percent(n)) is not None), None)


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """The records with SGLang's rate-named plain values made its accept lengths (see above)."""
    if "num" not in text or not any(r.tool == "sglang" for r in records):
        return records
    steps = {int(m.group("n")) for m in _STEPS.finditer(text)}
    if len(steps) != 1 or RCH.percent_evidence(records, text) is not None:
        return records
    most = next(iter(steps)) + 1
    plain = [(i, v) for i, r in enumerate(records) if (v := _plain(r)) is not None]
    if not plain or any(not 1.0 < v <= most for _, v in plain):
        return records
    out = list(records)
    for i, v in plain:
        r = records[i]
        if (
            r.tool != "sglang"
            or r.tool_rule not in E.CONVENTION_RULES
            or r.printed_length is not None
            or r.per_position
            or any(x is not None for x in (r.accepted_tokens, r.drafted_tokens, r.steps))
        ):
            continue
        out[i] = dataclasses.replace(
            r,
            printed_length=v,
            accept_length=v,
            printed_rate=None,
            accept_rate=None,
            bonus=Decision(INCLUDED, RULE),
            rate_basis=UNDECIDED,
            notes=decided_notes((NOTE, *(n for n in r.notes if RCH.plain_percent(n) is None))),
        )
    return out
