"""Items of a list whose parts a legend line names: a line ending in `format A/B:` (`fmt`,
`format:`), A naming an acceptance rate (`accept`, `acceptance`, `accept rate`), then on the
next line (one blank line between at most) a bracketed list of two quoted items or more, each a
share, a slash and a number (`['58%/36.0t/s', '61%/37.2t/s']`), and nothing else in the
bracket: each item is a run printed in that format, its share the acceptance. The item is
written with the legend's name after its share (`'58% accept / 36.0t/s'`), so the key-value
reader takes one record an item. A legend naming no acceptance first, an item of another shape
(no `%`, three parts), a list not right under the legend or a bracket holding anything else are
left as they were.

Pure: lines in, lines out; linear: a legend is looked for on each line once (the caller gates
the paste by the word `format`), and a list on the two lines after it.
"""

from __future__ import annotations

import functools
import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_LEGEND = re.compile(
    r"(?<![\w-])(?:format|fmt)[ \t]*:?[ \t]+(?P<a>[A-Za-z][\w -]{0,30}?)[ \t]*/[ \t]*"
    r"[A-Za-z][\w/.-]{0,20}[ \t]*:?[ \t]*$",
    re.I,
)
_SHARE = r"(?:\d{1,3}(?:\.\d+)?|\.\d+)[ \t]?%"
_SECOND = r"\d+(?:\.\d+)?[ \t]?[A-Za-z/-]{0,12}"  # the item's second part: a number, its unit
_ITEM_RE = re.compile(
    r"(?P<q>['\"])(?P<v>" + _SHARE + r")[ \t]*/[ \t]*(?P<rest>" + _SECOND + r")(?P=q)"
)
_PLAIN_ITEM = r"['\"]" + _SHARE + r"[ \t]*/[ \t]*" + _SECOND + r"['\"]"
# a bracket of two such items or more and nothing else
_LIST = re.compile(
    r"\[[ \t]*(?:" + _PLAIN_ITEM + r"[ \t]*,[ \t]*)+" + _PLAIN_ITEM + r"[ \t]*,?[ \t]*\]"
)


def _rate_name(a: str) -> bool:
    """Whether a legend's first part names an acceptance rate (a bare `accept` over shares)."""
    a = a.strip()
    return a.lower() in ("accept", "accepted") or C.key(a).metric == C.RATE


def _named_item(x: re.Match[str], name: str) -> str:
    """An item written with the legend's name after its share."""
    q = x.group("q")
    return f"{q}{x.group('v')} {name} / {x.group('rest')}{q}"


def named(lines: list[Line]) -> list[Line]:
    """The lines with each item of a list under a legend naming its share written with it."""
    out = list(lines)
    for i, (_, t) in enumerate(lines):
        m = _LEGEND.search(t)
        if m is None or not _rate_name(m.group("a")):
            continue
        name = m.group("a").strip()
        for j in range(i + 1, min(i + 3, len(lines))):
            ln, nxt = lines[j]
            if not nxt.strip():
                continue
            lm = _LIST.search(nxt)
            if lm is not None:
                body = _ITEM_RE.sub(functools.partial(_named_item, name=name), lm.group(0))
                out[j] = (ln, nxt[: lm.start()] + body + nxt[lm.end() :])
            break
    return out
