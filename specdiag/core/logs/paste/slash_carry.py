"""A figure's name carried along a list of `speedup / figure` pairs: `code 2.04x decode / 68.1%
acceptance and chat 1.37x / 44.9%`.

Prose splitting a run by category often prints each category's speedup and acceptance joined
by `/`, naming the acceptance once, after the first pair. The later pairs of the same shape (a
label, a speedup `Nx`, `/`, a value of the first's kind, a percentage after a percentage, a
plain number after a plain number), joined by `and`, `,` or `;`, are the same figure: the first
pair's name is written after each of their values (`1.37x / 44.9% acceptance`), so the line's
readers read one record a pair.

Never carried: a first pair without an acceptance name after its value, a later pair whose
value another word already names (`1.37x / 40% hit rate`: another measure), a value of another
kind, a speedup alone (`2.04x / 1.37x`: no figure). The speedups are no records.

Pure: a line in, a line out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_NUM = r"\d+(?:\.\d+)?"
_SPEEDUP = _NUM + r"\s*[x×]"
# a run's label of one or two words before its figures (at_rate_carry.py too)
LABEL = r"[A-Za-z][\w.+-]*(?:\s[A-Za-z][\w.+-]*)?"
# an acceptance figure's name, carried (semicolon_carry.py too)
NAME = (
    r"(?:(?:mean|average|avg|draft|token)\s+)?"
    r"(?:accept(?:ance)?(?:\s+(?:rate|ratio|length|len))?|AL\b|AR\b)"
)
# the first pair, named: 'coding 1.91x decode / 70.4% acceptance'
_FIRST = re.compile(
    r"(?<![\w.])(?P<lab>" + LABEL + r")\s+" + _SPEEDUP + r"(?:\s+[a-z]+)?\s*/\s*"
    r"(?P<val>~?" + _NUM + r")(?P<pct>\s*%)?\s+(?P<name>" + NAME + r")(?![\w-])",
    re.I,
)
# a word after a pair's value that joins it to what follows, naming nothing
_JOINING = r"(?:and|but|while|whereas|yet|or|with|on|for|in|at|vs|versus|then|so|which|though)"
# a later pair without a name: ' and RAG 1.50x / 50.1%'
_NEXT = re.compile(
    r"(?P<sep>\s*(?:,\s*and|,|;|\band)\s+)(?P<lab>" + LABEL + r")\s+" + _SPEEDUP + r"(?:\s+[a-z]+)?"
    r"\s*/\s*(?P<val>~?"
    + _NUM
    + r")(?P<pct>\s*%)?(?!\s*(?:[%\d]|\.\d|(?!"
    + _JOINING
    + r"\b)[A-Za-z]))",
    re.I,
)


def _quick(line: str) -> bool:
    return "/" in line and re.search(r"\d\s*[x×]", line) is not None


def carried(
    line: str,
    first: re.Pattern[str],
    later: re.Pattern[str],
    place: Callable[[re.Match[str], float, bool], int | None],
) -> str:
    """``line`` with each ``first`` match's name (its groups ``val``, ``pct``, ``name``) written
    after the values of the ``later`` matches that follow it one after another, each of the
    first's kind (a percentage after a percentage; a plain number after a plain number, a share
    after a share, a length of at most 16 after a length); ``place`` gives where the name goes in
    a later match (its value, as a number, and whether a percentage), or None to stop there."""
    out: list[str] = []
    at = 0
    for m in first.finditer(line):
        if m.start() < at:
            continue
        name = m.group("name")
        pct = m.group("pct") is not None
        small = _number(m.group("val")) <= 1
        end = m.end()
        while (n := later.match(line, end)) is not None and (n.group("pct") is not None) == pct:
            v = _number(n.group("val"))
            if not pct and ((v <= 1) != small or v > 16):
                break  # (a plain value of another kind: a share after a length, or none)
            if (where := place(n, v, pct)) is None:
                break
            out.append(line[at:where] + " " + name)
            at = where
            end = n.end()
    return "".join(out) + line[at:]


def _number(text: str) -> float:
    return float(text.lstrip("~≈").strip())


# a throughput and the figure, named, then another run's pair set against it ('13.8 tok/s / 0.47
# acceptance against block 3's 16.5 / 0.59', 'vs draft-b 15.1 t/s / 61%'): the same two
# measures in the same order, the figure's name written once
_TPS = r"(?:tok/s|t/s|tps|tokens/s)"
_FIRST_TPS = re.compile(
    r"(?<![\w.])" + _NUM + r"\s*" + _TPS + r"\s*/\s*"
    r"(?P<val>~?" + _NUM + r")(?P<pct>\s*%)?\s+(?P<name>" + NAME + r")(?![\w-])",
    re.I,
)
# the later pair: 'against' (vs, versus, compared to) a label of one or two words (perhaps
# possessive), a throughput (its unit perhaps left out) and the value, then no word
_NEXT_VS = re.compile(
    r"\s*,?\s+(?:against|vs\.?|versus|compared\s+(?:to|with))\s+"
    r"(?P<lab>[A-Za-z][\w.+-]*(?:\s[\w.+-]+)?)(?:['’]s)?\s+" + _NUM + r"(?:\s*" + _TPS + r")?"
    r"\s*/\s*(?P<val>~?" + _NUM + r")(?P<pct>\s*%)?(?!\s*(?:[%\d]|\.\d|[A-Za-z]))",
    re.I,
)


def rewrite(line: str) -> str:
    """``line`` with the first pair's acceptance name written after each later pair's value."""
    if not _quick(line):
        if "/" in line and re.search(_TPS + r"\s*/", line, re.I) is not None:
            return carried(line, _FIRST_TPS, _NEXT_VS, lambda n, v, pct: n.end())
        return line
    return carried(line, _FIRST, _NEXT, lambda n, v, pct: n.end())
