"""A part of a quantity after `of which` ('40 tokens per step, of which ~14 are kept', '300
drafts, of whom about 120 ...'): the number counts a part of what the words before name, never
their value, so the words before `of which` are no key of it. The span from `of` to the number
is blanked before the line's pairs are read (no record); the quantity before it and any figure
after are read as before.

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


def hinted(low: str) -> bool:
    """Whether the (lowercased) line may hold a part after `of which`."""
    return "of which" in low or "of whom" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each part after `of which` in the line."""
    for m in _PART.finditer(text):
        yield m.start(), m.end(), []
