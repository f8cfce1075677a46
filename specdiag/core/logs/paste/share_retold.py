"""One run's rate told again, digit for digit, in later sentences of the same prose.

A release note or a post states its finding in its key points and again in its body (`- the
MTP build reaches `71.46%` draft acceptance`, then `- in our stack, the MTP build reaches
`71.46%` acceptance`): one run, told twice. Where prose (or key-value) records of one line each
print a rate alone (no length, counts, per-position rates or statistic), the same share digit
for digit with a decimal (`71.46%`, `86.6%`: a share of three significant digits or more,
which two runs rarely print alike), the same tool and no setting at two values in their labels,
and every telling stands in a sentence of its own (the share printed in as many sentences of
those lines as there are records), the first record is the run, taking the settings a later
telling names (`at 86.6% with n_max=3`); the later ones go, the first noting them.

A share without a decimal (`72%`: two runs may share it), two tellings in one sentence (`A
reaches 71.5% and B reaches 71.5%`: two runs side by side), a setting at two values (`k=2`,
`k=3`), tools that differ, lines of the very same fields (`acceptance: 71.5%` twice: two runs'
log lines) or table records leave the records.

Pure: records in, records out; the records grouped by their share once a paste.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import PasteRecord

NOTE = "told again at line {line}"
# a share with a decimal, as printed ('71.46%', '86.6 %'); never a digit of a longer number
_SHARE = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\s?%")
# a sentence's end: '.', '!', '?' or ';' before a space, a bullet's dash opening an item
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\s+-\s+(?=[`*A-Za-z])")


def _share_text(r: PasteRecord) -> str | None:
    """The record's rate as printed, a share with a decimal ('71.46%'), else None."""
    if (
        r.structure not in ("prose", "key-value")
        or r.first_line != r.last_line
        or r.printed_rate is None
        or r.printed_length is not None
        or r.accept_length is not None
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.steps is not None
        or r.per_position
        or r.statistic is not None
        or r.summary_row
        or len(r.fields) != 1
    ):
        return None
    m = _SHARE.fullmatch(C._MARKUP.sub("", r.fields[0][1]).strip())
    return m.group(0).replace(" ", "") if m is not None else None


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without the later tellings of one run's share (see the module's rules), the
    first telling noting them."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        if 0 < r.first_line <= len(raw) and (shown := _share_text(r)) is not None:
            groups.setdefault((shown, r.tool), []).append(i)
    drop: set[int] = set()
    out = list(records)
    for (shown, _), group in groups.items():
        if len(group) < 2:
            continue
        labels: dict[str, str] = {}
        if any(labels.setdefault(n, v) != v for i in group for n, v in records[i].labels):
            continue  # (one setting at two values: two runs)
        lines = sorted({records[i].first_line for i in group})
        sentences = [
            s
            for ln in lines
            for s in _SENTENCE_END.split(C._MARKUP.sub("", raw[ln - 1]))
            if shown in s.replace(" %", "%")
        ]
        if len(sentences) < len(group) or any(
            len([m for m in _SHARE.finditer(s) if m.group(0).replace(" ", "") == shown]) > 1
            for s in sentences
        ):
            continue  # (two tellings in one sentence: two runs side by side)
        shapes = [re.sub(r"[\d.,%~≈]+", "#", raw[ln - 1]).strip() for ln in lines]
        if len(lines) > 1 and len(set(shapes)) < len(shapes):
            continue  # (lines of the very same fields: two runs' log lines)
        first = group[0]
        for i in group[1:]:
            drop.add(i)
            out[first] = dataclasses.replace(
                out[first],
                # (the settings a later telling names are the run's: 'at 71.5% with n_max=3')
                labels=(
                    *out[first].labels,
                    *(lb for lb in records[i].labels if lb not in out[first].labels),
                ),
                notes=(*out[first].notes, NOTE.format(line=records[i].first_line)),
            )
    kept = [(r, b) for k, (r, b) in enumerate(zip(out, block_of, strict=True)) if k not in drop]
    return [r for r, _ in kept], [b for _, b in kept]
