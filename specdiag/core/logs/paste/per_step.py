"""Accepted drafts per step beside drafts per step, with the rate their quotient: a table (pandas
printed, aligned columns) naming a mean of accepted tokens a step ('avg_accept_toks') and a
mean of drafted tokens a step ('avg_spec_toks') beside an acceptance rate
('accept_rate'), where in the row the rate equals accepted / drafted within the printed
rounding: the accepted figure counts accepted drafts per step (the drafts' own share), so the
tokens a step emits are 1 + that figure (bonus left out of the printed one).

Never for counts summed over a run (a name without a mean or a per-step word:
'num_accepted_tokens'), nor where the quotient fails.

The same word proves it across a paste: where one record's counts print `A accepted` of `D`
drafted (or `generated`) with the rate their quotient (the identity rate = accepted / drafted
tokens), the paste's `accepted` counts accepted drafts; its bare mean of that count a step
(`accepted per round`, `accepted-per-step`: no noun of its own, which could count the target's
token) is then accepted drafts per step, and the length 1 + it. A name with a noun (`accepted
tokens per step`) or a paste with no such proved counts is left as it was.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import EXCLUDED, UNKNOWN, Decision, PasteRecord, decided_notes

_MEAN = r"(?:avg|mean|average)_?(?:num_?)?"
_PER = r"(?:_?per_?(?:step|round|iter|iteration|spec|verify))"
_ACCEPTED = re.compile(
    rf"^(?:{_MEAN}accept(?:ed)?_?(?:toks?|tokens|drafts?){_PER}?|"
    rf"accept(?:ed)?_?(?:toks?|tokens|drafts?){_PER})$",
    re.I,
)
_DRAFTED = re.compile(
    rf"^(?:{_MEAN}(?:spec|draft(?:ed)?|proposed)_?(?:toks?|tokens){_PER}?|"
    rf"(?:spec|draft(?:ed)?|proposed)_?(?:toks?|tokens){_PER})$",
    re.I,
)

RULE = (
    "identity: rate = accepted / drafted per step in the row, the accepted figure a mean per "
    "step by its name: accepted drafts per step, so the length is 1 + it (bonus left out)"
)


# the count's own word, a mean of it per step ('accepted per round', 'accepted-per-step')
_BARE_PER = re.compile(
    r"^accepted[\s_-]*per[\s_-]*(?:verify[\s_-]*)?(?:step|round|iter(?:ation)?)$", re.I
)
COUNTED_RULE = (
    "counts: the paste's 'accepted' counts accepted drafts (rate = accepted / drafted tokens), "
    "so accepted per step leaves out the bonus token"
)


def counted_drafts(records: list[PasteRecord]) -> list[PasteRecord]:
    """Records whose bare 'accepted per step' the paste's proved counts name accepted drafts
    (module rules) given the length 1 + it; the others as they are."""
    proved = any(
        r.accepted_tokens is not None
        and r.rate_basis.rule == "identity: rate = accepted / drafted tokens"
        and any(lab == "accepted" for lab, _ in r.fields)
        for r in records
    )
    if not proved:
        return records
    out = []
    for r in records:
        if (
            r.printed_length is None
            or r.accept_length is not None
            or r.bonus.value != UNKNOWN
            or len(r.fields) != 1
            or _BARE_PER.match(r.fields[0][0].strip("*`_ ")) is None
        ):
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=round(1 + r.printed_length, 6),
                bonus=Decision(EXCLUDED, COUNTED_RULE),
                notes=decided_notes(r.notes),
            )
        )
    return out


def _headers(lines: list[str]) -> list[tuple[list[str], int, int, int] | None]:
    """For each line, the nearest header above it (one pass over the block)."""
    out: list[tuple[list[str], int, int, int] | None] = []
    last = None
    for t in lines:
        out.append(last)
        cols = t.split()
        a = [i for i, c in enumerate(cols) if _ACCEPTED.match(c)]
        s = [i for i, c in enumerate(cols) if _DRAFTED.match(c)]
        if len(a) == 1 and len(s) == 1:
            r = [i for i, c in enumerate(cols) if C.key(c).metric == C.RATE]
            if len(r) == 1:
                last = (cols, a[0], s[0], r[0])
    return out


def accepted_per_step(records: list[PasteRecord], blk: list[tuple[int, str]]) -> list[PasteRecord]:
    """Records of the block's rows whose rate is accepted / drafted per step (module rules)
    given the length 1 + accepted per step; the others as they are."""
    if not any(
        r.printed_length is None and r.printed_rate is not None and r.bonus.value == UNKNOWN
        for r in records
    ):
        return list(records)
    lines = [t for _, t in blk]
    line_at = {n: i for i, (n, _) in enumerate(blk)}
    heads = _headers(lines)
    out = []
    for r in records:
        i = line_at.get(r.first_line)
        head = heads[i] if i is not None else None
        if (
            head is None
            or i is None
            or r.printed_length is not None
            or r.printed_rate is None
            or r.bonus.value != UNKNOWN
        ):
            out.append(r)
            continue
        cols, ai, si, ri = head
        row = lines[i].split()
        if len(row) < len(cols):
            out.append(r)
            continue
        row = row[len(row) - len(cols) :]  # (an index column on the left, as pandas prints)
        a, s, q = C.value(row[ai]), C.value(row[si]), C.value(row[ri])
        if a is None or s is None or q is None or a.percent or s.percent:
            out.append(r)
            continue
        rate = q.number / 100.0 if q.percent else q.number
        if not (0.0 < a.number < s.number <= 64.0) or abs(rate - r.printed_rate) > 1e-9:
            out.append(r)
            continue
        tol = (
            C.half_unit(q.decimals) / (100.0 if q.percent else 1.0)
            + C.half_unit(a.decimals) / s.number
            + a.number * C.half_unit(s.decimals) / s.number**2
        )
        if abs(a.number / s.number - rate) > tol:
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                printed_length=a.number,
                accept_length=round(1 + a.number, 6),
                bonus=Decision(EXCLUDED, RULE),
                fields=(*r.fields, (cols[ai], row[ai]), (cols[si], row[si])),
                notes=decided_notes(r.notes),
            )
        )
    return out
