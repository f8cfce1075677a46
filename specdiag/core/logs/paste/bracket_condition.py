"""A measured figure, then in a bracket the same figure's value under another condition:
`draft acceptance 0.0 on long prompts (0.75 shallow, output fine)`, `acceptance 41% with the
new cache (63% at short prompts)`, `accept length 2.9 on chat (3.4 on code)`.

A report (an issue title often) gives the figure of the case it is about, then, in a bracket,
the value the same measure takes under another condition: a bare value followed by the words
of that condition, a word alone (`shallow`, `greedy`) or a phrase opening on a preposition
(`at short prompts`, `without the cache`, `on code`). That value is a second run of the same
measure. The figure's name is written before the bracket's value (`(acceptance 0.75 shallow,
...)`), so the line's readers read it as a record of its own (before, the bracket's value was
no record). A bracket opening on `vs` was read so already and is left as it is.

Only where, earlier on the same line, an acceptance figure is named with its value right beside
its name (`acceptance 0.0`, `41% acceptance`, `accept length: 2.9`); between that value and the
bracket at most twelve words of the first value's own condition (no other value with decimals
or `%`, no bracket, no other measure or bound: `throughput`, `target`, `vs`, ...); the
bracket's value of the first's kind (`%` both or neither; a plain value at most 1 both or above
1 both) and not the first value again; then the condition's words (letters, perhaps digits
inside a word: `bf16`), none a unit, a statistic, a hedge or a word of a goal or of measuring
(`ms`, `tokens`, `mean`, `overall`, `measured`, `expected`, `target`, `paper`, ...), a bare
condition no plural noun (`(0.5 epochs)` counts something); after them the bracket closes, or
goes on after `,` / `;` with words holding no digit. A bracket of a range, a sign, a unit, words
before the value, or no condition words is left as it was.

Pure: a line in, a line out; gated by `(` and `accept`, one search a line.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.semicolon_carry import _OTHER_MEASURE
from specdiag.core.logs.paste.slash_carry import NAME

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)"
# the figure named beside its value: '0.01% acceptance', 'acceptance rate 0.61', 'AL: 2.9'
_NAMED = re.compile(
    r"(?<![\w.])(?P<v1>" + _NUM + r")(?P<p1>[ \t]*%)?[ \t]+(?P<n1>" + NAME + r")(?![\w-])|"
    r"(?<![\w-])(?P<n2>" + NAME + r")[ \t]*[:=]?[ \t]*[~≈]?[ \t]*(?P<v2>" + _NUM + r")"
    r"(?P<p2>[ \t]*%)?(?![\w.])",
    re.I,
)
_WORD = r"[A-Za-z][\w-]{0,30}"
_PREP = r"(?:at|on|for|with|without|in|when|during|w/o|w/)"
# the bracket: a value, then the condition's words, then the bracket's close or more words
_BRACKET = re.compile(
    r"\([ \t]*(?P<v>" + _NUM + r")(?P<pct>[ \t]*%)?[ \t]+"
    r"(?P<cond>" + _PREP + r"(?:[ \t]+" + _WORD + r"){1,4}|" + _WORD + r"(?:[ \t]+" + _WORD + r")?)"
    r"[ \t]*(?P<rest>[,;][^()\d\n]{0,80})?\)",
    re.I,
)
# words no condition is made of: units, statistics, hedges, goals, words of measuring
_NOT_CONDITION = re.compile(
    r"^(?:tokens?|tok|toks|ms|s|sec|secs|seconds?|minutes?|min|x|steps?|tps|gb|gib|mb|mib|kb|"
    r"hours?|h|percent|pct|pp|points?|mean|avg|average|median|overall|total|pooled|aggregate|"
    r"std|stdev|p\d{1,2}|measured|observed|est|estimated|estimate|predicted|prediction|"
    r"theoretical|theory|projected|paper|reported|claimed|ideal|nominal|approx|about|roughly|"
    r"around|nearly|almost|ok|okay|fine|good|bad|better|worse|higher|lower|same|identical|"
    r"similar|too|also|only|each|both|all|per|of|or|and|to|the|a|an|is|was|were|are|be|"
    r"would|could|should|might|may|will|if|then|now|ish|typical|typically|usually|"
    r"normally|required|needed|want|wanted|hoped|hope|goal|target|threshold|limit|bound|"
    r"floor|ceiling|cap|max|min|maximum|minimum|expected|expect|baseline|reference|ref|"
    r"before|after|previously|earlier|prior|old|new)$",
    re.I,
)
_DETERMINERS = frozenset(("the", "a", "an", "its", "their", "our", "my", "this", "that"))
_BETWEEN_VALUE = re.compile(r"\d\.\d|\.\d|%|\d\s*x\b|[()]")


def _kind(value: str, pct: bool) -> str:
    if pct:
        return "pct"
    return "share" if float(value) <= 1 else "length"


def rewrite(line: str) -> str:
    """``line`` with the figure's name written before another condition's bracketed value."""
    if "(" not in line or "accept" not in line.lower() and " AL" not in line:
        return line
    for b in _BRACKET.finditer(line):
        first = None
        for f in _NAMED.finditer(line, 0, b.start()):
            first = f
        if first is None:
            continue
        v1 = first.group("v1") or first.group("v2")
        pct1 = bool(first.group("p1") or first.group("p2"))
        v2, pct2 = b.group("v"), bool(b.group("pct"))
        if _kind(v1, pct1) != _kind(v2, pct2) or float(v1) == float(v2):
            continue
        between = line[first.end() : b.start()]
        words = between.split()
        if len(words) > 12 or _BETWEEN_VALUE.search(between):
            continue
        if _OTHER_MEASURE.search(between) or "accept" in between.lower():
            continue
        cond = b.group("cond").split()
        prep = re.match(_PREP + r"$", cond[0], re.I) is not None
        # (a preposition's object may open on a determiner: 'without the cache')
        content = [w for w in cond[1:] if w.lower() not in _DETERMINERS] if prep else cond
        if not content or any(_NOT_CONDITION.match(w) for w in content):
            continue
        if _OTHER_MEASURE.search(b.group("cond")) or "accept" in b.group("cond").lower():
            continue
        if not prep and re.search(r"[^s]s$", cond[0]):
            # a bare plural after the value counts something ('0.5 epochs'), no condition
            continue
        name = first.group("n1") or first.group("n2")
        at = b.start("v")
        return line[:at] + name + " " + line[at:]
    return line
