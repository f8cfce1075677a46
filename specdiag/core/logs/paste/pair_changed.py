"""Two figures changed at once, each end a pair: `went from a mean acceptance length of 3.81 and
93.6% draft acceptance early on to 2.43 and 47.7% later`, `moved from 0.71 acceptance and 2.9
accept length to 0.55 and 2.4`.

A sentence telling how a run's figures changed between two moments (or two settings) often
names both figures once, on the pair before the change (`from A and B`), and gives the pair
after it bare (`to C and D`). The pair before is one run's, the pair after another's: the
clause is written out as the two runs it compares, each naming both figures (`mean acceptance
length 3.81, draft acceptance 93.6%; mean acceptance length 2.43, draft acceptance 47.7%`), as
two_changes.py writes `A from a1 to a2 and B from b1 to b2`. Without it the reader took the
pair before as a run and lost the pair after (or joined its values to the wrong figures).

Each value before the change is named, before it (`a mean acceptance length of 3.81`,
`acceptance 71%`) or right after it (`93.6% draft acceptance`), by an acceptance figure's name
(:func:`cells.key`: a rate, a length, tokens a step), the two names of two different figures;
words of when or where after the second (`early in the round`, no number in them) are allowed.
The values after the change are bare, each written as its counterpart (a percentage after a
percentage, a plain value after a plain value), and followed by no unit or a word (never
`tok/s`, `x`, `ms`). A sentence wrapped by hand across the pair is read joined
(:func:`joined`).

Never rewritten: one figure's pair (`from 0.71 and 0.69 to ...`: two runs' values of one
figure, whose ends are unclear), a pair before whose values lack a name, a name of another
measure (`throughput`), values after of another kind or with a unit, a condition (`if
acceptance goes from ...`: arrival.py).

Pure: a line in, the line (perhaps rewritten) out; one pattern, gated by `from`, ` and ` twice
and ` to `; its parts bounded.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.wrapjoin import pairs_joined

_NUM = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:[ \t]?%)?"
_WORD = r"[A-Za-z][\w/.-]*"
_WORDS = rf"{_WORD}(?:[ \t]+{_WORD}){{0,4}}?"
# a value before the change, perhaps named before it ('a mean acceptance length of 3.81') and
# perhaps after it ('93.6% draft acceptance ...'): which names it is decided in code
_ITEM1 = (
    rf"(?:(?P<n1>{_WORDS})[ \t]+(?:of[ \t]+|at[ \t]+|[:=][ \t]*)?)?(?P<a1>{_NUM})"
    rf"(?:[ \t]+(?P<m1>{_WORDS}))?"
)
_ITEM2 = (
    rf"(?:(?P<n2>{_WORDS})[ \t]+(?:of[ \t]+|at[ \t]+|[:=][ \t]*)?)?(?P<b1>{_NUM})"
    rf"(?:[ \t]+(?P<m2>{_WORD}(?:[ \t]+{_WORD}){{0,8}}))?"
)
_PAIRS = re.compile(
    rf"\bfrom[ \t]+{_ITEM1}[ \t]*,?[ \t]+and[ \t]+{_ITEM2}[ \t]*,?[ \t]+to[ \t]+"
    rf"(?P<a2>{_NUM})[ \t]*,?[ \t]+and[ \t]+(?P<b2>{_NUM})(?![\w.]*\d)"
    # (after the last value: no unit of another measure)
    r"(?![ \t]*(?:tok/s|t/s|tps|tokens?/s|x\b|×|ms\b|s\b|GB|%|[/\d]))",
    re.I,
)
_ARTICLE = re.compile(r"^(?:(?:a|an|the|its|our|their)[ \t]+)", re.I)


# a word no figure's name ends on (the words of when or where after it)
_NOT_LAST = frozenset(
    ("on", "in", "at", "for", "of", "with", "to", "and", "the", "a", "an", "during", "over")
    + ("across", "under", "early", "late", "once", "when", "after", "before", "while", "by")
)


def _name_after(words: str | None) -> tuple[str, str] | None:
    """(name, rest) where ``words`` open on an acceptance figure's name (longest first)."""
    if not words:
        return None
    ws = words.split()
    for n in range(len(ws), 0, -1):
        cand = " ".join(ws[:n])
        if ws[n - 1].lower() not in _NOT_LAST and C.key(cand).metric in C.ACCEPTANCE:
            return cand, " ".join(ws[n:])
    return None


def _name_before(words: str | None) -> str | None:
    """The acceptance figure's name ``words`` end on (an article before it dropped)."""
    if not words:
        return None
    ws = _ARTICLE.sub("", words.strip()).split()
    for i in range(len(ws)):
        cand = " ".join(ws[i:])
        if C.key(cand).metric in C.ACCEPTANCE:
            return cand if i == 0 else None  # (a word before the name: no such pair)
    return None


def _named(before: str | None, after: str | None, last: bool) -> tuple[str, str] | None:
    """(name, words left after the value) of one value: named before or after, not both; the
    first value's words after it must be its name alone, the last's may go on (when, where)."""
    pre = _name_before(before)
    post = _name_after(after)
    if pre is not None and post is None:
        if after and not last:
            return None
        return pre, after or ""
    if post is not None and pre is None and before is None:
        if post[1] and not last:
            return None
        return post
    return None


def _spell(m: re.Match[str]) -> str:
    if A.conditional(m.string, m.start()):
        return m.group(0)
    one = _named(m.group("n1"), m.group("m1"), False)
    two = _named(m.group("n2"), m.group("m2"), True)
    if one is None or two is None:
        return m.group(0)
    (n1, _), (n2, rest) = one, two
    if re.search(r"\d", rest):
        return m.group(0)
    k1, k2 = C.key(n1).metric, C.key(n2).metric
    if k1 == k2:
        return m.group(0)
    a1, b1, a2, b2 = (m.group(g) for g in ("a1", "b1", "a2", "b2"))
    if ("%" in a1) != ("%" in a2) or ("%" in b1) != ("%" in b2):
        return m.group(0)
    return f"{n1} {a1}, {n2} {b1}; {n1} {a2}, {n2} {b2}"


def _quick(low: str) -> bool:
    return "from" in low and " to " in low and low.count(" and ") >= 2


def rewrite(text: str) -> str:
    """The line with each change of a pair written out as the two runs it compares."""
    if not _quick(text.lower()):
        return text
    return _PAIRS.sub(_spell, text)


def joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Prose wrapped by hand through such a change ('... went from a mean acceptance length of
    3.81 and 93.6% draft' / 'acceptance early in the round to 2.43 and 47.7% once ...'): the two
    lines are one where the rule holds for them joined and for neither alone (the first line's
    number kept)."""
    return pairs_joined(
        lines,
        lambda t, nxt, two: (
            "from" in t.lower()
            and "to" in t + nxt
            and rewrite(two) != two
            and rewrite(t) == t
            and rewrite(nxt) == nxt
        ),
    )
