"""A heading summing up the runs of its section as a length out of the drafts a step.

    ## Summary: 2.35 / 4 tokens

    vllm serve org/model --speculative-config '{"method": "eagle3", "num_speculative_tokens": 4}'

    Mean acceptance length: 2.31, Accepted: 131 tokens, Drafted: 400 tokens, ...
    Mean acceptance length: 2.40, Accepted: 140 tokens, Drafted: 400 tokens, ...

A markdown heading whose text is a length and ``/ K tokens`` (perhaps after a few words and a
colon), K the one ``num_speculative_tokens`` the paste sets (fixed_k.stated: vLLM's setting, no
other k, no draft maximum, no tree), over two or more records of vLLM's (or ATOM's) own lines
in its section (up to the next heading of its level or above) whose lengths are decided one
way: the writer's summary of those runs (their mean, say), lying strictly between the least
and the greatest of them and equal to none at the heading's decimals. It is a record of its
own (a statistic of the runs, no run's figure told again), its convention the runs' (bonus
included where theirs is; excluded, 1 + it, where theirs is).

A heading's K other than the paste's, no K set, a value equal to a run's (that run told
again: reader._summarises) or outside the runs' span, one run below, runs decided two ways or
not at all: no record, as before.

Pure: records and the paste in, new records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import fixed_k as FK
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    SUMMARY,
    Decision,
    PasteRecord,
    blank_record,
)

RULE = "a heading summing up the runs of its section (the writer's own figure)"
# '## TLDR: 1.85 / 5 tokens', '### Result 2.4/4 draft tokens'
_HEADING = re.compile(
    r"^(?P<marks>#{1,6})\s+(?:[\w .,()-]{0,40}?[:：-]\s*)?[*_`]{0,2}(?P<v>\d+\.\d+)\s*/\s*"
    r"(?P<k>\d{1,2})[*_`]{0,2}\s+(?:draft\s+)?tokens?\s*[*_`]{0,2}\s*$",
    re.I,
)
_ANY_HEADING = re.compile(r"^(#{1,6})\s")
# the tools whose lines print a length beside vLLM's num_speculative_tokens
_TOOLS = frozenset(("vllm", "atom"))


def summaries(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """The records of the headings summing up their section's runs (see the module's rule)."""
    if "/" not in text or "#" not in text:
        return []
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    heads = [(i + 1, m) for i, t in enumerate(raw) if (m := _HEADING.match(t.strip()))]
    if not heads:
        return []
    k = FK.stated(text)
    if k is None:
        return []
    out = []
    for ln, m in heads:
        v = C.value(m.group("v"))
        if int(m.group("k")) != k or v is None or not 1 <= v.number <= k + 1:
            continue
        level = len(m.group("marks"))
        end = len(raw)
        for j in range(ln, len(raw)):
            h = _ANY_HEADING.match(raw[j].strip())
            if h is not None and len(h.group(1)) <= level:
                end = j
                break
        runs = [
            r
            for r in records
            if ln < r.first_line <= end
            and r.tool in _TOOLS
            and r.printed_length is not None
            and r.bonus.value in (INCLUDED, EXCLUDED)
        ]
        ways = {r.bonus.value for r in runs}
        if len(runs) < 2 or len(ways) != 1:
            continue
        lengths = [r.printed_length for r in runs if r.printed_length is not None]
        digits = v.decimals
        if any(round(x, digits) == round(v.number, digits) for x in lengths):
            continue  # a run told again, no summary
        if not min(lengths) < v.number < max(lengths):
            continue
        way = ways.pop()
        rec = blank_record(
            SUMMARY,
            "unknown",
            RULE,
            "prose",
            (ln, ln),
            fields=(("heading", f"{m.group('v')} / {m.group('k')} tokens"),),
        )
        out.append(
            dataclasses.replace(
                rec,
                printed_length=v.number,
                accept_length=round(v.number + (1 if way == EXCLUDED else 0), 6),
                bonus=Decision(
                    way,
                    f"the runs it sums up: {len(runs)} of its section, each decided {way}",
                ),
            )
        )
    return out
