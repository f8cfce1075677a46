"""Two figures that changed together in one sentence, each `from` its value before `to` its
value after: `acceptance rose from 41% to 63% and the accept length from 1.6 to 2.3`, `draft
acceptance went from 0.38 to 0.52, while speculation went from 1.4 to 1.9 tok/step`. The values
before are one run's and the values after another's (the change compares two runs), so the
clause is written out as two runs, each naming both figures: `acceptance 41%, accept length
1.6; acceptance 63%, accept length 2.3`. Without it the reader, taking values in order, would
join the first figure's value after with the second figure's value before.

Each figure is named by its words before `from` (a verb of change between allowed), the second
perhaps by a unit after its last value alone (`speculation from 1.4 to 1.9 tok/step`); both
must name acceptance figures (a rate, a length, tokens per step), the values plain decimals or
shares. A condition before the sentence (`if acceptance goes from ...`: arrival.py) and a pair
of changes of other measures (`throughput from 20 to 30 tok/s`) are left as they were.

Pure: a line in, the line (perhaps rewritten) out; one linear pattern, gated by `from` twice.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import cells as C

_NUM = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:\s?%)?"
_WORDS = r"[A-Za-z][\w/.-]*(?:[ \t]+[A-Za-z][\w/.-]*){0,3}?"
_VERB = (
    r"(?:jumped|jumps|went|goes|rose|rises|climbed|climbs|grew|grows|fell|falls|dropped|drops|"
    r"improved|improves|increased|increases|decreased|decreases|moved|moves|changed|changes|"
    r"shifted|shifts|slipped|slips|went\s+up|went\s+down|is\s+up|is\s+down|was\s+up|was\s+down)"
)
_PAIR = re.compile(
    rf"(?P<n1>{_WORDS})[ \t]+(?:{_VERB}[ \t]+)?from[ \t]+(?P<a1>{_NUM})[ \t]+to[ \t]+"
    rf"(?P<a2>{_NUM})(?![\w.]\d)[ \t]*,?[ \t]+(?:and|while|whereas|with)[ \t]+"
    rf"(?:(?:the|its|our)[ \t]+)?(?P<n2>{_WORDS})[ \t]+(?:{_VERB}[ \t]+)?from[ \t]+"
    rf"(?P<b1>{_NUM})[ \t]+to[ \t]+(?P<b2>{_NUM})(?![\w.]\d)"
    r"(?P<u>[ \t]+(?:toks?|tokens?)(?:/|[ \t]+per[ \t]+)[A-Za-z]+(?:[ \t]+pass)?)?",
    re.I,
)


def _named(words: str, unit: str | None) -> str | None:
    """The figure's name from its words, else from the unit after its value."""
    for cand in (words, " ".join(words.split()[1:]), unit):
        if cand and C.key(cand.strip()).metric in C.ACCEPTANCE:
            return cand.strip()
    return None


def _spell(m: re.Match[str]) -> str:
    u = m.group("u")
    n1, n2 = _named(m.group("n1"), None), _named(m.group("n2"), u)
    if n1 is None or n2 is None or A.conditional(m.string, m.start()):
        return m.group(0)
    tail = (u or "").strip()
    k1, k2 = C.key(n1).metric, C.key(n2).metric
    if k1 == k2 or ("%" in m.group("a1")) != ("%" in m.group("a2")):
        return m.group(0)
    a1, a2, b1, b2 = (m.group(g) for g in ("a1", "a2", "b1", "b2"))
    if n2 == tail:  # (named by its unit: the value before it)
        return f"{n1} {a1}, {b1} {tail}; {n1} {a2}, {b2} {tail}"
    return f"{n1} {a1}, {n2} {b1}; {n1} {a2}, {n2} {b2}"


def rewrite(text: str) -> str:
    """The line with each pair of changes written out as the two runs it compares."""
    low = text.lower()
    if low.count("from") < 2 or " to " not in low:
        return text
    return _PAIR.sub(_spell, text)
