"""A tally of items won or passed ('wins on 7/8 categories', 'ahead in 5/6 benchmarks'): a whole
count of items over the items counted, never a figure of acceptance, even right after its name
('wins acceptance length on 7/8 categories').

The shape: two whole numbers with a slash between (the first at most the second), then the
plural noun of what was counted (categories, benchmarks, datasets, tasks, prompts, ...). Such a
span is taken with no value, so no other reader of the line reads ``7/8`` as a length out of a
most ('2.6 / 5') or a quotient. A slash figure with a unit or no noun after it (``7/8 tokens``,
``accept length 3/4``) is left to the other readers.
Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# the plural nouns of items a comparison is tallied over
_ITEMS = (
    r"categories|benchmarks|datasets|data\s+sets|tasks|domains|subsets|splits|languages|"
    r"prompts|questions|problems|cases|turns|suites|evals|workloads|scenarios"
)
_TALLY = re.compile(
    r"(?<![\w.,/])(?P<a>\d{1,3})\s*/\s*(?P<b>\d{1,3})(?![\w.,/%])"
    r"\s+(?:of\s+(?:the\s+)?)?(?:" + _ITEMS + r")\b",
    re.I,
)


# the item nouns' stems, lower case: a line with a slash and none of them is not searched
_STEMS = (
    "categor",
    "benchmark",
    "data",
    "task",
    "domain",
    "subset",
    "split",
    "language",
    "prompt",
    "question",
    "problem",
    "case",
    "turn",
    "suite",
    "eval",
    "workload",
    "scenario",
)


def hinted(text: str, low: str) -> bool:
    """Whether the line may hold a tally (a slash and an item noun's stem; ``low``: the line in
    lower case)."""
    return "/" in text and any(s in low for s in _STEMS)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each tally of items in the line."""
    for m in _TALLY.finditer(text):
        if int(m.group("b")) > 0 and int(m.group("a")) <= int(m.group("b")):
            yield m.start(), m.end(), []
