"""An acceptance name carried along a list of clauses joined by semicolons: `chat reaches ~58%
acceptance; summaries ~40%; tool calls ~12%`.

Prose splitting a figure by workload often names the figure once, after the first clause's
value, and leaves it out of the later clauses, each a label and a value alone (a bracket after
a value, `(1.4x speedup)`, allowed). The later clauses of that shape, each after a `;`, whose
value is of the first's kind (a percentage after a percentage, a plain number after a plain
number of the same kind: a share after a share, a length after a length), are the same figure:
the first clause's name is written after each of their values (`summaries ~40% acceptance`), so
the line's readers read one record a clause.

Never carried: a first value without an acceptance name right after it, a later clause whose
value a word other than a bracket or the clause's end follows (`40% of requests`), a label
naming another measure (`throughput 40%`, `hit rate 40%`) or setting the value apart (`up from
40%`, `vs 40%`, `target 70%`), a label holding a number, a value of another kind, or a clause
after `,` (a list of commas may be a sentence's own parts).

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.slash_carry import NAME, carried

_NUM = r"\d+(?:\.\d+)?"
# a bracket after a value, naming what else the clause measured ('(1.5x speedup)')
_BRACKET = r"(?:\s*\([^()\n]{0,80}\))?"
# the first clause's value, named: '~58% acceptance'
_FIRST = re.compile(
    r"(?<![\w.])(?P<val>[~≈]?\s?"
    + _NUM
    + r")(?P<pct>\s*%)?\s+(?P<name>"
    + NAME
    + r")(?![\w-])"
    + _BRACKET,
    re.I,
)
# a label of one to four words, no number in it
_LABEL = r"[A-Za-z][A-Za-z.+/-]*(?:\s[A-Za-z][A-Za-z.+/-]*){0,3}"
# a later clause: '; summaries ~40%' then a bracket, the next ';' or the sentence's end
_NEXT = re.compile(
    r"\s*;\s+(?P<lab>" + _LABEL + r")\s+(?P<val>[~≈]?\s?" + _NUM + r")(?P<pct>\s*%)?"
    r"(?P<br>" + _BRACKET + r")(?=\s*(?:;|\.(?!\d)|$))",
    re.I,
)
# a label naming a measure of its own: its value is that measure's, not the carried figure's
_OTHER_MEASURE = re.compile(
    r"\b(?:speed\s?up|throughput|latency|hit|miss|accuracy|utili[sz]ation|util|memory|usage|"
    r"efficiency|error|loss|slower|faster|share|coverage|precision|recall|score|pass|win|"
    r"rate|ratio|length|len|tok/s|tps|ttft|tpot|cost|overhead|drop|gain|improvement|"
    # a word setting the value apart as another moment or a bound: a change's other end, a
    # target ('up from 50%', 'vs 40%', 'target 70%'), no run of the list
    r"from|than|vs|versus|was|were|previously|before|after|baseline|target|goal|expected|"
    r"up|down|below|above|under|over|least|most|max|min|maximum|minimum)\b",
    re.I,
)


def _quick(line: str) -> bool:
    return ";" in line and re.search(r"accept|\bA[LR]\b", line, re.I) is not None


def _place(n: re.Match[str], v: float, pct: bool) -> int | None:
    """Where a later clause takes the carried name: right after its value (its `%`)."""
    if _OTHER_MEASURE.search(n.group("lab")) or (pct and v > 100):
        return None
    return n.end("pct") if n.group("pct") else n.end("val")


def rewrite(line: str) -> str:
    """``line`` with the first clause's acceptance name written after each later clause's
    value."""
    if not _quick(line):
        return line
    return carried(line, _FIRST, _NEXT, _place)
