"""A log line's acceptance key whose value is the counts it divides with the share in brackets:
``accept=11/18 (61.1%)``, ``acceptance: 240/300 (80.0%)``, ``accept = 7 / 9 [77.8 %]``. A tool
printing its acceptance this way gives the accepted drafts (A) of the drafted (B) and the share
A / B: both counts and the rate, read as a table's ``accept=A/B (P%)`` cell is
(``cells.share_with_counts``), so that the counts can decide a length beside a step count.

Several runs' counts listed after the one key, each with its share (``accept=27/54 (50%),
41/67 (61.2%) and 37/59 (62.7%)``: a comma, or ``and`` before the last) are as many runs, a
record each, where every pair gives its share; a pair of the list that does not (or one with no
share) leaves the key its first pair alone, as before.

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


# one more run's counts with their share after a key's first pair (', 41/67 (61.2%)', ' and
# 37/59 (62.7%)')
_MORE = re.compile(
    r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|and[ \t]+)"
    r"(?P<a>\d[\d,]*)[ \t]*/[ \t]*(?P<b>\d[\d,]*)[ \t]*"
    r"(?P<share>[(\[][ \t]*(?P<p>\d+(?:\.\d+)?)[ \t]*%[ \t]*[)\]])(?![ \t]*/)"
)


def _pair(
    key: str, a: str, b: str, p: str, share: str
) -> list[tuple[C.Key, C.Value, str, str]] | None:
    """The accepted count and the rate of one pair, or None where A / B does not give P."""
    counts = f"{a}/{b}"
    got = C.share_with_counts(f"{counts} ({p}%)")
    if got is None:
        return None
    rate, acc, drafted = got
    accepted = C.Value(acc.number, False, 0, drafted.number)
    return [(_ACCEPTED, accepted, key, counts), (_RATE, rate, key, share.strip("()[] \t"))]


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a field (cheap test before the regex)."""
    return "accept" in low and "/" in low and "%" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each acceptance key printing its counts and their share, and of
    the runs' pairs listed after it when every one gives its share."""
    for m in _KEYED_SHARE.finditer(text):
        key = m.group("key")
        first = _pair(key, m.group("a"), m.group("b"), m.group("p"), m.group("share"))
        if first is None:
            continue
        more: list[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]] = []
        at = m.end()
        while (n := _MORE.match(text, at)) is not None:
            got = _pair(key, n.group("a"), n.group("b"), n.group("p"), n.group("share"))
            if got is None:
                more = []
                break
            more.append((n.start("a"), n.end(), got))
            at = n.end()
        yield m.start(), m.end(), first
        yield from more
