"""Two runs' counts after one verb of acceptance, in prose: `the patched requests accepted 2 of
4 drafts before the change and 4 of 4 after it`, `accepted 5 of 8 draft tokens on the old head,
but 7 of 8 on the new one`. The verb (`accepted`, `accepts`) takes one count of the drafted,
then a conjunction (`and`, `but`, `while`, `vs`) opens a second count of the same things with
no verb of its own: each count is its own run's, read as `accepted A of B` alone is (before,
the second count ran into the first run's figures and was lost).

Both counts whole, each accepted at most its drafted; the first names what it counts (`drafts`,
`draft tokens`, `tokens`), the second perhaps repeating that noun, never another (`and 2 of 5 tests failed`: another thing counted); after each, a qualifier
of when or where it was measured (`before the fix`, `afterward`, `on chat`) or nothing, and the
second closes its clause (a comma, a full stop, a bracket opening or closing, the line's end). Pure: a line in,
spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_COUNT = r"(?<![\w.,])(?P<{a}>\d{{1,9}})\s+(?:out\s+)?of\s+(?P<{b}>\d{{1,9}})(?![\w%]|[.,]\d|\s*%)"
_NOUN = r"(?:\s+(?P<{n}>draft(?:ed)?\s+tokens|proposed\s+tokens|drafts|tokens))?"
# when or where a count was measured: a preposition and a few words, or an adverb of time
_WHEN = (
    r"(?:\s+(?:(?:before|after|with|without|on|in|under|at|for|using|during)\s+"
    r"[^,;.:()\n\d]{1,40}?|afterwards?|afterward|before|after|later|now|then|today|previously|"
    r"earlier|originally|initially))?"
)
_TWO = re.compile(
    r"\baccept(?:ed|s)\s+"
    + _COUNT.format(a="a", b="b")
    + _NOUN.format(n="n1")
    + _WHEN
    + r"\s*,?\s+(?:and|but|while|whereas|vs\.?|versus)\s+(?:(?:only|just|all|then|now)\s+)?"
    + _COUNT.format(a="c", b="d")
    + _NOUN.format(n="n2")
    + _WHEN
    + r"(?=\s*(?:[,.;:!()\[\]]|$))",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold two such counts (cheap test before the regex)."""
    return "accept" in low and low.count(" of ") >= 2


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each verb with two counts: an accepted count of its drafted per
    run, as the line's reader reads `accepted A of B`."""
    for m in _TWO.finditer(text):
        n1, n2 = (m.group("n1") or "").lower(), (m.group("n2") or "").lower()
        if not n1:
            continue  # what was counted unsaid ('accepted 3 of 4 before ...'): no drafts
        if n2 and " ".join(n2.split()) != " ".join(n1.split()):
            continue  # another thing counted
        a, b, c, d = (int(m.group(g)) for g in "abcd")
        if not b or not d or a > b or c > d:
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for x, y in ((a, b), (c, d)):
            # (the drafted count given apart: the second count names no noun of its own, the
            # first's is what both count)
            items.append((C.key("accepted"), C.Value(float(x), False, 0), "accepted", str(x)))
            items.append((C.key("drafted"), C.Value(float(y), False, 0), n1, str(y)))
        yield m.start(), m.end(), items
