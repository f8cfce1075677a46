"""A mean of the tokens a step commits named without its step, its value out of the most a step
commits: ``avgCommitted 3.89/4``, ``avg_committed=2.71/3``, ``mean committed tokens: 1.95 / 2``.
A step commits its accepted drafts and the target's own token, so a mean of them out of a small
whole maximum (at most ``_MOST``: a depth's drafts and the target's token) is tokens per verify
step, the target's own token counted: one figure, read as ``committed tokens per step`` is.

Without the maximum the mean may be a request's (hundreds of tokens committed to the output):
left to the other readers, as is a value above its maximum, below 1, without decimals or a
maximum below 2.
Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# the most tokens one step commits: 16 drafts and the target's own token
_MOST = 17
_KEY = C.key("avg committed tokens per step")
_MEAN_COMMITTED = re.compile(
    r"(?<![\w.])(?P<key>(?:avg|mean|average)[ _]?committed(?:[ _]tokens)?)"
    # (one run of spaces between each mark: no two quantifiers take the same spaces)
    r"(?:[ \t]*[:=])?[ \t]*(?:[*`]{1,2})?(?P<v>\d+\.\d+)[ \t]*/[ \t]*(?P<m>\d{1,2})(?![\d/]|[.,]\d)",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a mean (cheap test before the regex)."""
    return "committed" in low and "/" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each mean of committed tokens out of its maximum."""
    for m in _MEAN_COMMITTED.finditer(text):
        v, most = C.value(m.group("v")), int(m.group("m"))
        if v is None or not 2 <= most <= _MOST or not 1 <= v.number <= most:
            continue
        value = C.Value(v.number, False, v.decimals, float(most))
        yield m.start(), m.end(), [(_KEY, value, m.group("key"), f"{m.group('v')}/{most}")]
