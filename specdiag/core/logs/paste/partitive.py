"""A part of a quantity after `of which` ('40 tokens per step, of which ~14 are kept', '300
drafts, of whom about 120 ...'): the number counts a part of what the words before name, never
their value, so the words before `of which` are no key of it. The span from `of` to the number
is blanked before the line's pairs are read (no record); the quantity before it and any figure
after are read as before.

A share of a run's items (`~50% of blocks have acceptance below 10%`, `30% of the requests
reach 0.8`): the share counts items past a bound, no rate of the figure named around it, so
the share and its items are blanked the same way. Items are units a run is split into
(blocks, requests, prompts, samples, sequences, queries, examples, cases, batches); a share
of tokens or drafts (`70% of drafted tokens are accepted`) is the rate itself and stays read.

Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_PART = re.compile(
    r"\bof\s+(?:which|whom)\s+(?:(?:only|just|about|around|roughly|approximately|nearly|almost)"
    r"\s+)?[~≈]?\s*\d+(?:\.\d+)?%?",
    re.I,
)


# a share of a run's items ('~50% of blocks'): items past a bound, never tokens or drafts
_SHARE_OF_ITEMS = re.compile(
    r"[~≈]?\s*(?<![\w.])\d+(?:\.\d+)?\s*%\s+of\s+(?:the\s+|all\s+)?(?:blocks|requests|prompts|"
    r"samples|sequences|queries|examples|cases|batches|conversations|documents|tasks)\b",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether the (lowercased) line may hold a part after `of which` or a share of items."""
    return "of which" in low or "of whom" in low or ("%" in low and " of " in low)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each part after `of which` in the line."""
    for m in _PART.finditer(text):
        yield m.start(), m.end(), []
    for m in _SHARE_OF_ITEMS.finditer(text):
        yield m.start(), m.end(), []
