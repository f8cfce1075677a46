"""A log line's acceptance key whose value is the counts it divides with the share in brackets:
``accept=11/18 (61.1%)``, ``acceptance: 240/300 (80.0%)``, ``accept = 7 / 9 [77.8 %]``. A tool
printing its acceptance this way gives the accepted drafts (A) of the drafted (B) and the share
A / B: both counts and the rate, read as a table's ``accept=A/B (P%)`` cell is
(``cells.share_with_counts``), so that the counts can decide a length beside a step count.

Only where the counts give the share at its printed precision: ``accept=3/4 (20%)`` (the counts
then mean something else) is left to the other readers, as is ``accept=3/4`` with no share, a
count above its total, or a key that names another thing (``accepted_requests=3/4 (75%)``).
Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_ACCEPTED = C.key("accepted")
_RATE = C.key("accept rate")
_KEYED_SHARE = re.compile(
    # (one run of blanks between each mark: no two quantifiers take the same blanks)
    r"(?<![\w.-])(?P<key>accept(?:ance|ed)?)[ \t]*[=:][ \t]*"
    r"(?P<a>\d[\d,]*)[ \t]*/[ \t]*(?P<b>\d[\d,]*)[ \t]*"
    r"(?P<share>[(\[][ \t]*(?P<p>\d+(?:\.\d+)?)[ \t]*%[ \t]*[)\]])",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a field (cheap test before the regex)."""
    return "accept" in low and "/" in low and "%" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each acceptance key printing its counts and their share."""
    for m in _KEYED_SHARE.finditer(text):
        counts = f"{m.group('a')}/{m.group('b')}"
        got = C.share_with_counts(f"{counts} ({m.group('p')}%)")
        if got is None:
            continue
        rate, acc, drafted = got
        accepted = C.Value(acc.number, False, 0, drafted.number)
        yield (
            m.start(),
            m.end(),
            [
                (_ACCEPTED, accepted, m.group("key"), counts),
                (_RATE, rate, m.group("key"), m.group("share").strip("()[] \t")),
            ],
        )
