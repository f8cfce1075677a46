"""The draft depth a paste states in a sentence: `The proposal depth is 5`, `draft depth: 4`,
`at a speculation depth of 6`, `tree depth = 3`.

A drafter's depth is the number of draft steps a verify step proposes along one path: the most
drafts one verify step can accept. A mean length above it must count the target's own (bonus)
token, as a length above a stated draft maximum does (`reader._above_stated_k`, which reads the
depth where the paste states no k and no draft maximum).

The depth's name is `depth` after a word of drafting (`proposal`, `draft`, `drafting`,
`speculation`, `speculative`, `spec`, `tree`), then `is`, `was`, `of`, `=` or `:` and a whole
number from 1 to 32, never one of a list or a range (`depth is 5 or 7`, `depth of 3-5`, `depth
5/7`) nor a decimal. A paste stating two depths (`proposal depth is 5`, later `proposal depth
of 7`) states none; a bare `depth` (a network's, `the depth to 7`) is no draft depth; a depth
set as a goal (`raise the depth to 7`) is no `is`/`of` statement and is not read.

The same bound told as the whole of a step's positions: `N drafted positions` (`draft`,
`speculative`, `proposed`) after `of` (`of the 4 drafted positions`, `of its 4 draft positions`,
`of all 6`): a share taken of them, so N is every position a step drafts. Some of them (`the
first 2 draft positions`), a list or range (`of the 2-3 draft positions`), or the words without
`of` state none. Pure: text in, a number out; one pattern a paste, gated by its words.
"""

from __future__ import annotations

import re

_DEPTH = re.compile(
    r"\b(?:proposal|draft(?:ing)?|speculation|speculative|spec|tree)[ _-]depth"
    r"(?:\s+(?:is|was|of)\s+|\s*[=:]\s*)(?:a\s+)?(?P<n>\d{1,2})"
    r"(?![\d/–-]|[.,]\d|\s*(?:,|or|to|and|-)\s*\d)",
    re.I,
)


# a share of every position a step drafts ('2.1 of its 5 draft positions'): N, the whole
_POSITIONS = re.compile(
    r"\bof\s+(?:(?:the|its|their|all|all\s+the|all\s+its)\s+)?(?P<n>\d{1,2})\s+"
    r"(?:draft(?:ed)?|speculative|proposed)\s+positions\b",
    re.I,
)


def stated(text: str) -> int | None:
    """The one draft depth the paste states, or None when it states none or several."""
    low = text.lower()
    found = {int(m.group("n")) for m in _DEPTH.finditer(text)} if "depth" in low else set()
    if " positions" in low:
        found.update(int(m.group("n")) for m in _POSITIONS.finditer(text))
    found = {n for n in found if 1 <= n <= 32}
    return found.pop() if len(found) == 1 else None
