"""A per-step total decomposed into its accepted drafts and the target's one token, in prose.

- `Acceptance ≈ 4.32 committed/round = 3.32 accepted draft + 1 bonus`, `accept length 4.32 =
  3.32 + 1 bonus`, `4.32 tokens per step (3.32 drafts + the target's token)`, or the parts
  first, `3.32 accepted + 1 bonus = 4.32 tokens/step`: the paste proves its total counts the
  target's token (bonus included) by the sum itself. One figure, the total, a length with the
  bonus; never the accepted drafts as a length, never the total as a rate.
- Read only where the sum holds within the printed rounding (total = accepted + 1) and the
  parts say what they are (the drafts named `accepted`, `draft`, or the one token named
  `bonus`, `target`, `verified`, `extra`); a sum that fails, or a `+ 1` of another kind (`+ 1
  warmup round`), states no convention: the span is claimed and nothing is read from it.

Pure: regular expressions over one line; the caller names the figure before the total.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_NUM = r"\d{1,3}(?:\.\d{1,4})?"
_MARK = r"[*`]{0,2}"
# the unit of a per-step total after its value ('committed/round', 'tokens per step', 'tok/step')
_UNIT = (
    r"(?:(?:committed|emitted|generated|decoded|output)\s+)?(?:tokens?|toks?|committed|emitted)?"
    r"\s*(?:/|per\s+)\s*(?:verify\s+|verification\s+|draft\s+|spec\s+)?"
    r"(?:rounds?|steps?|cycles?|forwards?|iterations?|iters?|verif(?:y|ications?))\b"
)
# the accepted drafts, named after their value ('3.32 accepted draft', '3.32 drafts', '3.32
# accepted draft tokens')
_DRAFTS = (
    r"(?:(?:accepted|acc\.?)(?:\s+(?:draft(?:ed)?|speculative|spec))?(?:\s+tokens?)?|"
    r"(?:accepted\s+)?drafts?(?:\s+tokens?)?(?:\s+accepted)?)"
)
# the target's one token ('+ 1 bonus', '+ 1 bonus token', '+ the target's token', 'plus one
# verified token'); '+ 1' alone where the drafts are named
_ONE = (
    r"(?:\+|plus)\s*(?:(?P<one>1|one)(?:\s+(?P<w1>bonus|target(?:'s|’s)?|verified|extra|"
    r"correction|corrected|resampled|free))?|(?:the|a)\s+(?P<w2>bonus|target(?:'s|’s)?|"
    r"verified|extra|correction|resampled))(?:\s+(?:model(?:'s|’s)?\s+)?(?:token|tok)s?)?"
)
_TOTAL_FIRST = re.compile(
    _MARK + r"[~≈]?\s?(?P<x>" + _NUM + r")" + _MARK + r"(?P<unit>\s*" + _UNIT + r")?\s*"
    r"(?P<op>=|≈|\()\s*" + _MARK + r"[~≈]?\s?(?P<y>" + _NUM + r")" + _MARK + r"\s*"
    r"(?P<drafts>" + _DRAFTS + r")?\s*" + _ONE,
    re.I,
)
_PARTS_FIRST = re.compile(
    _MARK + r"(?P<y>" + _NUM + r")" + _MARK + r"\s*(?P<drafts>" + _DRAFTS + r")?\s*" + _ONE + r"\s*"
    r"(?:=|≈|->|→)\s*"
    + _MARK
    + r"[~≈]?\s?(?P<x>"
    + _NUM
    + r")"
    + _MARK
    + r"(?P<unit>\s*"
    + _UNIT
    + r")?",
    re.I,
)
# the target's one token first, then the drafts ('3.77 tokens/forward — 1 verified token plus
# 2.77 accepted draft tokens'): the one token named and the drafts named, both required
_ONE_FIRST = re.compile(
    _MARK
    + r"[~≈]?\s?(?P<x>"
    + _NUM
    + r")"
    + _MARK
    + r"(?P<unit>\s*"
    + _UNIT
    + r")?"
    + _MARK
    + r"\s*(?:[—–:=(]|--?)\s*(?P<one>1|one)\s+(?P<w1>bonus|target(?:'s|’s)?|verified|extra|"
    r"correction|corrected|resampled)(?:\s+(?:model(?:'s|’s)?\s+)?(?:token|tok)s?)?\s*"
    r"(?:\+|plus)\s*"
    + _MARK
    + r"(?P<y>"
    + _NUM
    + r")"
    + _MARK
    + r"\s*(?P<drafts>"
    + _DRAFTS
    + r")(?P<w2>)",
    re.I,
)
# what a '+ 1' of another kind would be ('+ 1 warmup', '+ 1 prefill step'): no target's token
_OTHER_ONE = re.compile(r"\s*(?:warm|prefill|round|step|request|run|batch|epoch)", re.I)


@dataclass(frozen=True)
class Decomposed:
    """One total and its parts: ``x`` = ``y`` accepted drafts + 1; ``start`` the total's (or
    the parts') first character, ``end`` the span's end; ``unit``: whether the total carries
    a per-step unit of its own; ``holds``: whether the sum holds within the printed rounding."""

    start: int
    end: int
    x: str
    y: str
    unit: bool
    holds: bool


def _half(v: str) -> float:
    return 0.5 * 10.0 ** -(len(v.split(".")[1]) if "." in v else 0)


def holds(x: str, y: str) -> bool:
    """Whether the printed total ``x`` is the printed accepted drafts ``y`` plus the target's one
    token, within both printings' rounding."""
    return abs(float(x) - float(y) - 1.0) <= _half(x) + _half(y) + 1e-9


def _said(m: re.Match[str]) -> bool:
    """Whether the parts say what they are: drafts named, or the one token named."""
    return bool(m.group("drafts") or m.group("w1") or m.group("w2"))


def decomposed(text: str) -> Iterator[Decomposed]:
    """Every total of one line decomposed into accepted drafts + the target's one token."""
    if "+" not in text and "plus" not in text.lower():
        return
    for rx in (_TOTAL_FIRST, _PARTS_FIRST, _ONE_FIRST):
        for m in rx.finditer(text):
            if not _said(m) or (rx is not _ONE_FIRST and _OTHER_ONE.match(text, m.end())):
                continue
            x, y = m.group("x"), m.group("y")
            unit = bool((m.group("unit") or "").strip())
            yield Decomposed(m.start(), m.end(), x, y, unit, holds(x, y))


def hinted(text: str) -> bool:
    """Whether the line may hold such a decomposition (a cheap test before the search)."""
    return ("+" in text or "plus" in text.lower()) and re.search(
        r"\d\s*(?:\+|plus)|(?:\+|plus)\s*\d|[(=]", text
    ) is not None


# a line ending on the drafts' count right after 'plus' or '+', their name on the next line
_PARTS_CUT = re.compile(r"(?:\+|plus)\s*" + _MARK + _NUM + _MARK + r"\s*$", re.I)


def wrapped(t: str, nxt: str) -> bool:
    """Whether a line wraps a total's decomposition, the one token first ('3.77 tokens/step -
    1 verified token plus 2.77'), before the drafts' name ('accepted draft tokens.'): the two
    lines are one sentence, the decomposition spanning the wrap."""
    if _PARTS_CUT.search(t) is None:
        return False
    head = t.rstrip()
    joined = f"{head} {nxt.strip()}"
    return any(m.start() < len(head) < m.end() for m in _ONE_FIRST.finditer(joined))
