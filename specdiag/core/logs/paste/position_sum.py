"""A per-step figure with its per-position rates in a bracket after it, in prose: `acceptance at
k=3 averages 1.52 (per-position acceptance 0.74 / 0.49 / 0.29)`, `実測受理は平均 1.52 (深度別の
受理 0.74 / 0.49 / 0.29)`.

A per-position rate of a chain is the share of the verify steps that accept that position, so
their sum is the accepted drafts a step: a figure equal to the sum within the printed rounding
(and not to 1 + it) counts the drafts alone (the bonus excluded: the length is 1 + it); equal to
1 + the sum, it counts the target's own token too (the bonus included). One record: the figure
and the rates. Read only where

- the bracket holds nothing but a per-position name (`per-position`, `by depth`, `at each
  position`, `深度別`, `位置别`, `各深度`, ...) and two or more rates joined by `/` or `,`, not
  rising (a chain's positions never accept more further on);
- acceptance is named, in the bracket or in the sentence before the figure;
- the figure is a plain decimal (no `%`, no unit after it), and exactly one of the two sums
  gives it.

Also the rates joined to a length by `and` rather than bracketed: `reaching mean length 3.15
and per-position 0.95 / 0.65 / 0.55`, the list perhaps in backticks. There the figure's own name
(`length`, `mean length`, `average length` right before it) stands for acceptance, and only 1 +
the sum may give it (a length counts the steps' tokens: the sum alone giving it decides
nothing); the rates are a chain's (not rising), two or more.

Any other figure, or a sum that gives neither or both, is left to the other readers (the span is
not claimed). A sentence of that second form wrapped by hand between the length and its rates
is read as one line (:func:`joined`), and a block holding one is read (:func:`held`). Pure:
regular expressions over one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.wrapjoin import pairs_joined

# a per-position name, English or CJK ('per-position', 'per draft depth', 'by position', 'at
# each position', 'position-wise', '深度別', '深度ごと', '位置别', '各深度'; a bare '位置' right before
# a number is read as that position's number, 'pos3', before this)
_POS_WORD = (
    r"(?:\bper[\s-]?(?:draft[\s-]?)?(?:position|depth|pos)s?\b|"
    r"\bby\s+(?:draft\s+)?(?:position|depth)s?\b|"
    r"\bat\s+each\s+(?:draft\s+)?(?:position|depth)\b|\bposition[\s-]?wise\b|"
    r"深度[別别]|深度ごと|位置[別别]|位置ごと|各深度)"
)
_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
_BRACKET = re.compile(
    r"(?<![\w.])(?P<x>\d{1,2}\.\d{1,4})[*`]{0,2}\s*[(（]\s*"
    r"(?P<name>[^()（）\d\n]{0,30}?" + _POS_WORD + r"[^()（）\d\n]{0,30}?)\s*[:：=]?\s*"
    r"(?P<list>" + _NUM + r"(?:\s*[,/]\s*" + _NUM + r"){1,15})\s*[)）]",
    re.I,
)
# a length, then `and` its per-position rates (perhaps in backticks), no bracket
_AND_FORM = re.compile(
    r"(?<![\w-])(?:(?:mean|average|avg)\.?\s+)?length\s*(?:of\s+|[:=]\s*)?"
    r"(?P<x>\d{1,2}\.\d{1,4})(?![\d.%]|\.\d)\s*,?\s+and\s+(?P<name>" + _POS_WORD + r")"
    r"\s*(?:rates?\s*)?[:：=]?\s*`?(?P<list>\d?\.\d{1,4}(?:\s*[,/]\s*\d?\.\d{1,4}){1,15})"
    r"(?![\d.]|\s*%)`?",
    re.I,
)
_ACCEPT = re.compile(r"accept|受理|接受|采纳|採択|受け入れ|수락", re.I)
_SENTENCE_END = re.compile(r"[.!?](?=\s)")
HINTS = ("(", "（")


def hinted(text: str) -> bool:
    """Whether the line may hold such a bracket (a cheap test before the pattern)."""
    return (any(h in text for h in HINTS) and _ACCEPT.search(text) is not None) or (
        "length" in text.lower() and " and " in text
    )


def spans(
    text: str,
) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each figure whose bracket of per-position rates sums to it (the
    module's rule): the figure as accepted drafts or tokens a step, and each position's rate."""
    for m in _BRACKET.finditer(text):
        rates = C.rate_list(m.group("list"))
        x = C.value(m.group("x"))
        if rates is None or x is None or any(b > a for a, b in zip(rates, rates[1:], strict=False)):
            continue
        head = text[: m.start()]
        start = max((e.end() for e in _SENTENCE_END.finditer(head)), default=0)
        if _ACCEPT.search(m.group("name")) is None and _ACCEPT.search(head, start) is None:
            continue
        parts = re.split(r"\s*[,/]\s*", m.group("list").strip())
        scale = 100.0 if "%" in m.group("list") else 1.0
        tol = C.half_unit(x.decimals) + sum(
            C.half_unit(len(p.rstrip("% ").partition(".")[2])) / scale for p in parts
        )
        total = sum(rates)
        drafts = abs(total - x.number) <= tol + 1e-9
        tokens = abs(1 + total - x.number) <= tol + 1e-9
        if drafts == tokens:
            continue  # neither sum gives it, or both (rates too coarse): nothing told
        # (a length beside its per-position rates: the identity decides its bonus where the
        # record is built, evidence.py, as for '(0.74 / 0.49 / 0.29, mean length 1.52)')
        yield m.start(), m.end(), _items(m, x, rates, parts)
    for m in _AND_FORM.finditer(text):
        got = _and_items(m)
        if got is not None:
            yield m.start(), m.end(), got


def held(body: str) -> bool:
    """Whether ``body`` holds a length joined by `and` to per-position rates that 1 + their sum
    gives (a block worth reading for it, wrapped across two lines or not)."""
    if "length" not in body.lower():
        return False
    flat = re.sub(r"\s*\n\s*", " ", body)
    return any(_and_items(m) is not None for m in _AND_FORM.finditer(flat))


def joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Two lines one such sentence was wrapped across ('... mean length 3.2 and per-position'
    / '0.9 / 0.7 / 0.6 ...') as one (the first line's number kept), where only the two joined
    hold a length its rates prove."""
    return pairs_joined(
        lines,
        lambda t, nxt, two: "length" in t.lower() and held(two) and not held(t) and not held(nxt),
    )


def _and_items(m: re.Match[str]) -> list[tuple[C.Key, C.Value, str, str]] | None:
    """The length and its rates of a length joined by `and` to its per-position rates, where
    1 + their sum gives the length within the printed rounding and the sum alone does not."""
    rates = C.rate_list(m.group("list"))
    x = C.value(m.group("x"))
    if (
        rates is None
        or x is None
        or any(b > a for a, b in zip(rates, rates[1:], strict=False))
        or any(r > 1 for r in rates)
    ):
        return None
    parts = re.split(r"\s*[,/]\s*", m.group("list").strip())
    tol = C.half_unit(x.decimals) + sum(C.half_unit(len(p.partition(".")[2])) for p in parts)
    total = sum(rates)
    if abs(1 + total - x.number) > tol + 1e-9 or abs(total - x.number) <= tol + 1e-9:
        return None  # only 1 + the sum proves a length of every token a step emits
    return _items(m, x, rates, parts)


def _items(
    m: re.Match[str], x: C.Value, rates: tuple[float, ...], parts: list[str]
) -> list[tuple[C.Key, C.Value, str, str]]:
    """The length ``x`` (group ``x`` of ``m``) and each position's rate (named by group
    ``name``, printed as ``parts``) as the items of one record."""
    items = [(C.key("mean acceptance length"), x, "mean length", m.group("x"))]
    items.extend(
        (
            C.Key(C.POSITION, f"acceptance at position {i}", False, i),
            C.Value(r, False, 4),
            m.group("name").strip(),
            parts[i],
        )
        for i, r in enumerate(rates)
    )
    return items
