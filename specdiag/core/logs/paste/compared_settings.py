"""One acceptance figure compared between two settings, each value in brackets right after
its setting, the two joined by ``than``: `lower acceptance in greedy mode (0.52) than in sampled
mode (0.64)`, `the draft accepted fewer tokens on chat (48%) than on code (70%)`, `the
acceptance rate for batch one (0.71) was higher than for batch 32 (0.66)`. Each bracket is one
run's figure: a record each, in text order, the convention not told.

The sentence must name the figure (``acceptance``, ``acceptance rate``, ``accept length``, or
the verb ``accepted`` with a count's noun: ``accepted fewer draft tokens``) at most a few words
before the first setting, with no number between, and say a comparison (``lower``, ``higher``,
``fewer``, ``more``, ``less``, ``better``, ``worse``, ...) before ``than``. Each setting is
``in`` / ``on`` / ``for`` / ``with`` / ``under`` / ``at`` and one to four words; each bracket
holds one value alone (a figure with a unit of another measure, a range or words is none). The
two values must be of one kind (both percentages, or both plain numbers). A rate's name (or the
verb ``accepted``) reads shares only: percentages, or fractions at most 1 with decimals; a
length's name reads plain numbers of at least 1. Nothing where the sentence states a condition
(``if``: arrival.conditional) or an expectation (``would``, ``should``, ``expected``).

Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import cells as C

# (an approximate value, '~60.9%', '≈ 0.52', is the run's figure as printed)
_VALUE = r"(?:[~≈]\s*)?(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
# (a setting's word may assign it: 'the fast p_min=0.0 run')
_SETTING = (
    r"\b(?:in|on|for|with|under|at)\s+(?P<s{n}>[A-Za-z][\w.+=-]*(?:\s+[A-Za-z0-9][\w.+=-]*){{0,3}})"
    r"\s*\(\s*(?P<v{n}>" + _VALUE + r")\s*\)"
)
_PAIR = re.compile(
    _SETTING.format(n=1) + r"(?P<mid>[^()\d;:!?.\n]{0,40}?)\bthan\s+" + _SETTING.format(n=2),
    re.I,
)
# the figure's name: a noun ('acceptance', 'accept length') or the verb with its count's noun
# ('accepted fewer draft tokens'), its key from the noun
_NAME = re.compile(
    r"\b(?:(?P<noun>(?:draft\s+)?accept(?:ance)?(?:[\s_-]+(?:rates?|lengths?|len|ratio))?)\b|"
    r"(?P<verb>accept(?:ed|s))\b)",
    re.I,
)
_COMPARATIVE = re.compile(
    r"\b(?:lower|higher|fewer|more|less|better|worse|smaller|larger|greater|bigger)\b", re.I
)
# a figure expected, not measured ('would be lower in X (0.3) than in Y (0.4)')
_HEDGE = re.compile(
    r"\b(?:would|could|might|should|may|expect\w*|predict\w*|estimat\w*|projected|assumed)\b",
    re.I,
)
# how far before the first setting the figure's name may stand
_NAME_REACH = 60


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a comparison (cheap test before the regex)."""
    return "than" in low and "accept" in low and "(" in low


def _key(name: re.Match[str], v1: C.Value, v2: C.Value) -> C.Key | None:
    """The figure the name says the two values are, or None where they cannot be it."""
    if v1.percent != v2.percent:
        return None
    # ('accepted fewer tokens (0.33)': the verb's figure a share of the drafted)
    key = C.key("acceptance") if name.group("verb") is not None else C.key(name.group("noun"))
    if key.metric == C.RATE:
        shares = v1.percent or (0 < v1.number <= 1 and 0 < v2.number <= 1 and v1.decimals > 0)
        return key if shares and v2.number <= 100 and (v1.percent or v2.decimals > 0) else None
    if key.metric == C.LENGTH and not v1.percent and v1.number >= 1 and v2.number >= 1:
        return key
    return None


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each comparison: a record a bracket, or none (the span claimed
    all the same) where the name, the comparison or the values do not fit."""
    for m in _PAIR.finditer(text):
        lo = max(0, m.start() - _NAME_REACH)
        # (the last name before the first setting)
        name = next(reversed(list(_NAME.finditer(text, lo, m.start()))), None)
        if name is None or any(c.isdigit() for c in text[name.end() : m.start()]):
            continue
        said = text[max(0, name.start() - 30) : m.start("v1")] + " " + m.group("mid")
        if _COMPARATIVE.search(said) is None or _HEDGE.search(said) is not None:
            yield m.start(), m.end(), []
            continue
        if A.conditional(text, m.start("v1")):
            continue
        v1, v2 = C.value(m.group("v1")), C.value(m.group("v2"))
        if v1 is None or v2 is None:
            continue
        key = _key(name, v1, v2)
        if key is None:
            yield m.start(), m.end(), []
            continue
        printed = name.group(0).strip()
        yield (
            m.start(),
            m.end(),
            [
                (key, v1, f"{printed} {m.group('s1').strip()}", m.group("v1").strip()),
                (key, v2, f"{printed} {m.group('s2').strip()}", m.group("v2").strip()),
            ],
        )
