"""Per-position rates in a bracket right after an acceptance figure's value: the bracket names
them by position alone ('per-position', 'by position', 'positional') and lists them, falling
('mean accept length ~3.1 (per-position ~0.85 / 0.61 / 0.40)'), and the figure before it
names their acceptance: the same run's breakdown, one record, its positions.

The figure before the bracket may print a range ('~2.9-3.2 tokens/step'): a range is no
length, but the bracket still breaks down that one run. What stays as before: a bracket after
another measure's value ('120 tok/s (per-position ...)'), a per-position list standing as a
clause of its own, away from any figure ('...; per-position ~0.7 / 0.5'), rates that rise, a
value above 1, one value alone, or a bracket holding more than the list.

Pure: a line in, a match and its rates out (bounded patterns on one clause: linear).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
# the bracket: a name of positions alone, perhaps a hedge, then two or more values joined by '/'
# or ','
_BRACKET = re.compile(
    r"\(\s*(?P<label>(?:per[-\s]?pos(?:ition)?|by\s+(?:draft\s+)?position|positional|"
    r"position[-\s]?wise)(?:\s+(?:rates?|acceptance))?)\s*[:=]?\s*[~≈]?\s*"
    rf"(?P<list>{_NUM}(?:\s*[,/]\s*[~≈]?\s*{_NUM}){{1,15}})\s*\)",
    re.I,
)
# the clause the bracket follows: an acceptance figure's name, perhaps a verb or a separator,
# then its value or a range of values, perhaps a per-step unit, markup around them
_FIGURE = re.compile(
    r"^\s*(?:[-*•]\s+)?[*_`]{0,2}(?P<key>[A-Za-z][\w -]{0,60}?)[*_`]{0,2}\s*"
    r"(?:[:=≈]|\b(?:is|was|of|at|about|around|roughly)\b)?\s*[*_`]{0,2}\s*[~≈]?\s*"
    rf"{_NUM}(?:\s*(?:[-–—]|to)\s*[~≈]?\s*{_NUM})?"
    r"(?:\s*(?:tokens?|tok)\s*(?:/|per\s+)\s*(?:verify\s+)?(?:step|round|iteration|forward))?"
    r"\s*[*_`]{0,2}\s*$",
    re.I,
)
# where the bracket's clause opens: a sentence end, a colon, a semicolon or a comma and a space
_CLAUSE_OPEN = re.compile(r"[.;:,!?](?:\s|$)")


def after_figure(t: str) -> tuple[re.Match[str], tuple[float, ...]] | None:
    """The bracket of per-position rates right after an acceptance figure's value on line
    ``t``, and its rates (fractions, falling), or None."""
    if "(" not in t or "pos" not in t.lower():
        return None
    for m in _BRACKET.finditer(t):
        before = t[: m.start()]
        opens = [x.end() for x in _CLAUSE_OPEN.finditer(before)]
        clause = before[opens[-1] if opens else 0 :]
        f = _FIGURE.match(clause)
        if f is None or C.key(f.group("key")).metric not in C.ACCEPTANCE:
            continue
        if C.key(f.group("key")).metric in (C.PER_POSITION, C.POSITION):
            continue  # (a list after a list: read by the per-position rules)
        rl = C.rate_list(re.sub(r"[~≈]", "", m.group("list")))
        if rl is None or any(b > a for a, b in zip(rl, rl[1:], strict=False)):
            continue
        return m, rl
    return None
