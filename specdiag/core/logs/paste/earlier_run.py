"""An earlier run named after a run's acceptance figure, its own value alone in a bracket:
`0.01% acceptance (2 accepted of 25,182 drafted), essentially identical to the previous run
with `/v1/completions` (0.009%)`, `acceptance rate 0.61, up on the last build (0.55)`.

A report comparing a run with an earlier one often gives the earlier run's figure as a bare
value in a bracket after the words naming that run (`the previous run`, `the earlier build`,
`our first attempt`, `the baseline config`): the same figure, of another run. The figure's
name is written after the bracket's value (`(0.009% acceptance)`), so the line's readers read
it as a record of its own (before, the bracket's value was no record).

Only where, earlier on the same line, the figure is named with a value of the same kind right
beside its name (`0.01% acceptance`, `acceptance rate 0.61`, `acceptance: 61%`); a determiner
(`the`, `our`, `my`, `a`, `that`) and `previous`, `earlier`, `prior`, `last`, `first`,
`original` or `old` before a run's noun (`run`, `build`, `attempt`, `test`, `version`,
`config`, `setup`, `measurement`, `benchmark`, `commit`); at most eight words or code spans
after it, none a number outside a code span nor naming another measure or a bound
(semicolon_carry's words: `throughput`, `target`, ...); then a bracket holding one value alone,
a percentage where the first value is one (a plain number where it is plain). A bracket with a
unit, words, a range or a sign, or a value of the other kind, is left as it was.

Pure: a line in, a line out; linear: gated by the run's adjectives and `(`, one search a line.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.semicolon_carry import _OTHER_MEASURE
from specdiag.core.logs.paste.slash_carry import NAME

_NUM = r"\d+(?:\.\d+)?"
# the figure named beside a value, earlier on the line: '0.01% acceptance', 'acceptance rate 0.61'
_NAMED = re.compile(
    r"(?<![\w.])(?P<v1>" + _NUM + r")(?P<p1>[ \t]*%)?[ \t]+(?P<n1>" + NAME + r")(?![\w-])|"
    r"(?<![\w-])(?P<n2>" + NAME + r")[ \t]*[:=]?[ \t]*(?P<v2>" + _NUM + r")(?P<p2>[ \t]*%)?"
    r"(?![\w.])",
    re.I,
)
_EARLIER = re.compile(
    r"\b(?:the|our|my|a|that|their|your)[ \t]+(?:previous|earlier|prior|last|first|original|old)"
    r"[ \t]+(?:run|build|attempt|test|version|config(?:uration)?|setup|measurement|benchmark|"
    r"commit)s?\b(?P<words>(?:[ \t]+(?:`[^`\n]{1,60}`|[^\s()`]{1,30})){0,8}?)[ \t]*"
    r"\((?P<v>[ \t]*" + _NUM + r")(?P<pct>[ \t]*%)?[ \t]*\)",
    re.I,
)
_WORDS = ("previous", "earlier", "prior", "last", "first", "original", "old")


def rewrite(line: str) -> str:
    """``line`` with the figure's name written after an earlier run's bracketed value."""
    if "(" not in line or "accept" not in line.lower():
        return line
    low = line.lower()
    if not any(w in low for w in _WORDS):
        return line
    m = _EARLIER.search(line)
    if m is None:
        return line
    first = None
    for f in _NAMED.finditer(line, 0, m.start()):
        first = f
    if first is None:
        return line
    name = first.group("n1") or first.group("n2")
    pct = bool(first.group("p1") or first.group("p2"))
    if pct != bool(m.group("pct")):
        return line
    words = re.sub(r"`[^`\n]*`", " ", m.group("words"))
    if re.search(r"\d", words) or _OTHER_MEASURE.search(words) or "accept" in words.lower():
        return line
    at = m.end("pct") if m.group("pct") else m.end("v")
    return line[:at] + " " + name + line[at:]
