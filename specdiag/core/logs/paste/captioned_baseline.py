"""A bench line under a caption naming the run without speculation.

A paste often shows two runs of one bench, each a line (or a fenced block) under a short
caption of its own:

    no spec:
    ```
    #prompts: 40, Throughput: 51.2 token/s, Accept length: 1.00
    ```
    with MTP:
    ```
    #prompts: 40, Throughput: 118.9 token/s, Accept length: 3.12
    ```

The first run drafted nothing: its length of exactly 1 is the one token a step plain decoding
emits, no measurement of acceptance, so it is no record (as a table row labelled ``baseline``
printing 1.00 is none, ``interpret.baseline_one``). The caption is the nearest line above the
record's line that is not blank and not a code fence (at most three lines up): a short label
ending with ``:`` (markup, a list mark or a heading's ``#`` around it dropped) that
``interpret.baseline_label`` reads as the run without drafts (``w/o spec``, ``baseline``, ``no
MTP``, ``without speculation``).

Never dropped: a record printing another length (a ``w/o spec`` run printing 1.35 is a
measurement of something), a rate or counts, a table's row (told by its own cells, as
``interpret.baseline_one`` reads them), a record of several lines, or a caption that is a sentence (no colon
closing it, or longer than a label).

Pure: a record and the paste's lines in, a yes or no out; a few lines read per record.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import PasteRecord

# the lines looked at above a record for its caption (blank lines and fences skipped)
_REACH = 3
# the longest caption read as a label
_LONGEST = 48
# a code fence's line ('```', '~~~', '```text')
_FENCE = re.compile(r"^\s*(?:`{3,}|~{3,})[\w+-]*\s*$")
# a caption: a label closed by a colon, perhaps a heading's '#', a list mark and emphasis around
_CAPTION = re.compile(
    r"^\s*(?:#{1,6}\s+|[-*+]\s+)?[*_]{0,2}(?P<label>[^:*_]+?)[*_]{0,2}\s*:\s*[*_]{0,2}\s*$"
)


def caption_above(line_no: int, raw: list[str]) -> str | None:
    """The caption of 1-based line ``line_no`` of ``raw``: the label of the nearest line above
    that is neither blank nor a fence, where that line is a short label closed by a colon."""
    i = line_no - 2
    seen = 0
    while i >= 0 and seen < _REACH:
        t = raw[i]
        i -= 1
        if not t.strip() or _FENCE.match(t):
            continue
        seen += 1
        if len(t) > _LONGEST:
            return None
        m = _CAPTION.match(t)
        return m.group("label").strip() if m else None
    return None


def captioned_baseline(r: PasteRecord, raw: list[str]) -> bool:
    """Whether ``r`` is a one-line record, no table row, printing a length of exactly 1
    and nothing else of acceptance, under a caption naming the run without drafts."""
    if (
        r.printed_length != 1.0
        or r.printed_rate is not None
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.per_position
        or "table" in r.structure
        or r.first_line != r.last_line
        or not 0 < r.first_line <= len(raw)
    ):
        return False
    label = caption_above(r.first_line, raw)
    return label is not None and I.baseline_label(label)
