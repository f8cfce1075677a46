"""A server's verbose log line of one speculative result: a message naming speculation, a ``|``,
then its fields as ``key=value`` (``speculative decoding result | id_slot=0 accepted=5
total=8 new_n_past=40``, the layout of a server that logs a message and its fields on one
line). Its ``accepted=A`` and its one count of the drafts proposed (``total=B``,
``drafted=B``, ``proposed=B``) are the accepted drafts A of the B drafted: the counts and
their share A / B, a rate, no length (the line tells no verify steps, so no convention).

Only where the message before the first ``|`` names speculation (vocab.SPECULATIVE), the line
prints one accepted count and one drafted count, A no more than B, B above 0, and no rate or
length of its own (``%``, ``rate=``, ``len=``, ``alpha=``: other readers take those). A line
with no ``|`` message, a message naming no speculation (``request done | accepted=3
total=4``: requests, perhaps), two totals or a count above its total stays unread. Pure: a
line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

_ACCEPTED = C.key("accepted")
_DRAFTED = C.key("drafted")
_FIELD = r"[ \t]*=[ \t]*(?P<n>\d+)(?![\w.])"
_ACCEPTED_FIELD = re.compile(r"(?<![\w-])accepted" + _FIELD, re.I)
_DRAFTED_FIELD = re.compile(r"(?<![\w-])(?:total|drafted|proposed)" + _FIELD, re.I)
# a figure of its own on the line: a share, a rate, a length, an α
_OWN_FIGURE = re.compile(r"%|\b(?:rate|ratio|len|length|alpha|mean)\b|α", re.I)


def hinted(low: str) -> bool:
    """Whether a lowered line may be such a line (cheap test before the patterns)."""
    return "accepted" in low and "|" in low and "=" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of the line's accepted and drafted counts, where it is such a line."""
    bar = text.find("|")
    if bar < 0 or not V.SPECULATIVE.search(text, 0, bar):
        return
    fields = text[bar + 1 :]
    if _OWN_FIGURE.search(fields):
        return
    acc, drafted = list(_ACCEPTED_FIELD.finditer(fields)), list(_DRAFTED_FIELD.finditer(fields))
    if len(acc) != 1 or len(drafted) != 1:
        return
    a, b = int(acc[0].group("n")), int(drafted[0].group("n"))
    if b == 0 or a > b:
        return
    start = bar + 1 + min(acc[0].start(), drafted[0].start())
    end = bar + 1 + max(acc[0].end(), drafted[0].end())
    yield (
        start,
        end,
        [
            (_ACCEPTED, C.Value(a, False, 0), "accepted", acc[0].group("n")),
            (_DRAFTED, C.Value(b, False, 0), "drafted", drafted[0].group("n")),
        ],
    )
