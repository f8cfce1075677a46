"""A measured figure in brackets after its name's clause: `fails just under the 50% acceptance
rate threshold (observed 49.70%)`, `lifts K=4 acceptance to 52.7–74.6% (P3 K=2 hits 88.2%)`.

The bracket holds at most three words of a label (`P3 K=2`), a verb of measuring or arrival
(observed, measured, got, hits, reached, was, at, ...) and one value, nothing else (a range is
no figure); the figure it measures is the one the clause before names (an acceptance rate or
length, the last named in the sentence). The bracket is rewritten with that name before its
value (`(observed acceptance rate 49.70%)`, `(P3 K=2, hits acceptance 88.2%)`), so the line's
readers read one record there, its label kept, and a threshold's blanking
(thresholds.py) keeps it as measured.

Never rewritten: a label of a goal, a bound or a quoted figure (`(target 70%)`, `(threshold
is 0.5)`, `(paper: 80%)`), a modal (`(would hit 60%)`), a condition in the sentence (`if ...`),
another measure named between the name and the bracket (`acceptance is fine but throughput
fell (observed 40 tok/s)`), a plain `was` / `is` / `at` after a goal's or a bound's word
(`lower the acceptance threshold (was 0.50)`: the goal's former value), a value between them that is not a range (`acceptance 0.497
(observed 49.7%)` restates it); values between are allowed where a bound's word follows the name (`acceptance
rate threshold for X raised: 45% -> 50% (achieves ~53%)`: the bound's values, the bracket the
run's) and the verb is one of measuring, or a value of the wrong kind (a share after a length's name).

A bracket right after the figure's name holding an approximate value and the runs it holds
for (`near-identical acceptance (~0.80 both quants)`, `accept rate (about 72% on average)`,
`AL (≈2.9, all runs)`): one value for all of them, as measured, rewritten alike (`(measured
acceptance ~0.80, both quants)`); never a range (`(~0.70-0.80 both quants)`), a value without a
hedge, a goal, a condition, a threshold's or a target's bracket, or a value of the wrong kind.

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import arrival as A

# an acceptance figure's name in prose ('the 50% acceptance rate threshold', 'K=4 acceptance',
# 'mean AL')
_NAME = re.compile(
    r"(?:\b(?:mtp|draft|token|spec\w*|mean|average|avg|overall)[\s_-]+)?"
    r"(?:\baccept(?:ance)?[\s_-]+(?P<kind>rate|ratio|length|len)\b|\bacceptance\b|"
    r"\baccept(?:ed)?[\s_-]+length\b|\bAL\b)",
    re.I,
)
_ASIDE = re.compile(
    r"\(\s*(?P<label>(?:[A-Za-z][\w=.-]*\s+(?:[\w=.-]+\s+){0,2}?)?)"
    r"(?P<verb>observed|measured|actual(?:ly)?|got|gets|hits?|reached|reaches|achieved|achieves|"
    r"saw|sees|scored|scores|recorded|logged|was|is|at)\s*[:=]?\s*[*`]{0,2}"
    r"(?P<val>[~≈]?\s?\d+(?:\.\d+)?\s*%?)[*`]{0,2}\s*\)",
    re.I,
)
# a label of a goal, a bound, a quoted or an estimated figure: no run's measurement
_NOT_RUN = re.compile(
    r"\b(?:target\w*|thresholds?|goals?|limits?|cut-?offs?|bounds?|min(?:imum)?|max(?:imum)?|"
    r"expected|expect\w*|required|requirement|default|budget|spec(?:ification)?|papers?|reported|"
    r"claimed|cited|quoted|sla|slo|needed|needs?|floor|ceiling|up|least|over|under|above|below|"
    r"less|more|estimated?|estimates|predicted|prediction|theoretical|ideal|ideally|upper|lower|"
    r"baseline|reference|ref|vs|versus|than|e\.g|i\.e|like)\b",
    re.I,
)
# an approximate value and the runs it holds for, in a bracket right after the figure's name
# ('near-identical acceptance (~0.80 both quants)', 'accept rate (about 72% on average)',
# 'AL (≈2.9, all runs)'): one value for all of them, as measured
_SCOPED = re.compile(
    r"(?P<name>" + _NAME.pattern + r")[*`]{0,2}\s*\(\s*"
    r"(?P<hedge>~|≈|about\s|around\s|roughly\s|approx(?:imately|\.)?\s)\s*"
    r"(?P<val>\d+(?:\.\d+)?\s*%?)(?![\d.]|\s*%?\s*(?:[-–—]|to\b))\s*[,;]?\s*"
    r"(?P<scope>(?:in\s+|for\s+|across\s+(?:the\s+)?)?(?:both|all|every|each)(?:\s+[A-Za-z][\w.-]*){1,2}|"
    r"on\s+average|across\s+(?:the\s+)?[A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*)?)\s*\)",
    re.I,
)
# an approximate value alone in a bracket closing a sentence that names the figure, perhaps with
# the setup it holds for ('... decent accept rate as a draft. (around 71% when paired with the
# 70B)'; a hedge's common misspellings, 'aroud', 'arround', read as it)
_HEDGED = re.compile(
    r"\(\s*(?P<hedge>~|≈|about\b|ar+ou?n?d\b|roughly\b|approx(?:imately\b|\.)?)\s*"
    r"(?P<val>\d+(?:\.\d+)?\s*%?)(?![\d.]|\s*%?\s*(?:[-–—]|to\b))"
    r"(?P<tail>\s+(?:when|with|on|for|in|using|at|paired)\b[^()\n]{0,60}?)?\s*\)",
    re.I,
)
_RANGE = re.compile(r"\d+(?:\.\d+)?\s*%?\s*(?:[-–—]|to\b)\s*[*`]{0,2}\d+(?:\.\d+)?\s*%?")
# the first value of a comparison between two settings ('lower in X (~0.61) than in Y (0.70)'):
# compared_settings.py reads both, so its bracket is no aside
_COMPARED_AFTER = re.compile(r"[^()\n.;]{0,40}?\bthan\s+(?:in|on|for|with|under|at)\s", re.I)
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")
# a bound's word right after the figure's name ('acceptance rate threshold', '... floor')
_BOUND_AFTER = re.compile(r"\s*(?:thresholds?|floors?|bars?|cut-?offs?)\b", re.I)
# how far before the bracket its figure's name is looked for
_REACH = 200


def _quick(text: str) -> bool:
    return "(" in text and re.search(r"accept|\bAL\b", text, re.I) is not None


def rewrite(line: str) -> str:
    """``line`` with each bracket of a measured figure given its figure's name."""
    if not _quick(line):
        return line
    out: list[str] = []
    at = 0
    for m in _ASIDE.finditer(line):
        named = _named(line, m)
        if named is None:
            continue
        lab = m.group("label").strip()
        # (a plain 'was' / 'is' / 'at' said as measured: a threshold's blanking keeps it)
        verb = m.group("verb")
        word = f"{'measured' if verb.lower() in ('was', 'is', 'at') else verb} {named} "
        # (the label spaced off the bracket, so its settings read as labels: '( K=2, ...')
        out.append(line[at : m.start()] + "(" + (f" {lab}, " if lab else "") + word)
        out.append(line[m.start("val") : m.end()])
        at = m.end()
    if out:
        line = "".join(out) + line[at:]
    return _hedged(_scoped(line))


def _hedged(line: str) -> str:
    """``line`` with each bracket of an approximate value alone (_HEDGED) given the name of the
    figure the sentence it closes names, or the sentence right before it where the bracket
    opens after that sentence's end: '(measured acceptance rate ~68%, when paired with ...)'."""
    out: list[str] = []
    at = 0
    for m in _HEDGED.finditer(line):
        if "than" in line and _COMPARED_AFTER.match(line, m.end()):
            continue
        before = line[: m.start()].rstrip()
        if before.endswith((".", "!", "?")):
            before = before[:-1]  # (the bracket after its sentence's end: that sentence)
        named = _named(line, m, len(before)) if not _NOT_RUN.search(m.group("tail") or "") else None
        if named is None:
            continue
        tail = (m.group("tail") or "").strip()
        out.append(line[at : m.start()])
        out.append(f"(measured {named} ~{m.group('val').strip()}" + (f", {tail})" if tail else ")"))
        at = m.end()
    if not out:
        return line
    return "".join(out) + line[at:]


def _scoped(line: str) -> str:
    """``line`` with each bracket of an approximate value over several runs right after its
    figure's name given that name ('acceptance (~0.80 both quants)' -> 'acceptance (measured
    acceptance ~0.80, both quants)'): one value, as measured."""
    out: list[str] = []
    at = 0
    for m in _SCOPED.finditer(line):
        if A.conditional(line, m.start("val")) or A.target(
            line[max(0, m.start() - 40) : m.start()]
        ):
            continue
        if _NOT_RUN.search(m.group("scope")):
            continue
        val = m.group("val").strip()
        kind = (m.group("kind") or "").lower()
        length = kind in ("length", "len") or m.group("name").strip().upper().endswith("AL")
        num = float(val.rstrip("% "))
        if length and (val.endswith("%") or num < 1):
            continue  # a length is a number of tokens, never a share
        if not length and not val.endswith("%") and num > 1:
            continue  # a rate is a share or a fraction
        named = (
            "acceptance length"
            if length
            else "acceptance rate"
            if kind in ("rate", "ratio")
            else "acceptance"
        )
        bracket = line.index("(", m.end("name"))
        out.append(line[at : bracket + 1])
        # (any hedge said as '~': the value approximate, as printed)
        out.append(f"measured {named} ~{val}, {m.group('scope')})")
        at = m.end()
    if not out:
        return line
    return "".join(out) + line[at:]


def _named(line: str, m: re.Match[str], end: int | None = None) -> str | None:
    """The acceptance figure's name the bracket ``m`` measures, None when it measures none;
    ``end``: where the sentence holding the name ends (the bracket's own, by default)."""
    label = m.groupdict().get("label") or ""
    if _NOT_RUN.search(label) or A.target(label):
        return None
    end = m.start() if end is None else end
    start = max(0, end - _REACH)
    for e in _SENTENCE_END.finditer(line, start, end):
        start = e.end()
    if A.conditional(line, m.start("val")):
        return None
    names = list(_NAME.finditer(line, start, end))
    if not names:
        return None
    name = names[-1]
    between = line[name.end() : m.start()]
    verb = (m.groupdict().get("verb") or "").lower()
    # the name is a bound's ('acceptance rate threshold for X raised: 45% -> 50% (achieves
    # ~53%)'): the values between are the bound's, a verb of measuring gives the run's
    bounds = _BOUND_AFTER.match(between) is not None and verb not in ("was", "is", "at")
    if A.other_measure(between) or (not bounds and re.search(r"\d", _RANGE.sub(" ", between))):
        return None
    if _NOT_RUN.search(between) and verb in ("was", "is", "at"):
        # 'lower the acceptance threshold (was 0.50)': the goal's own former value; only a
        # verb of measuring says the bracket is the run's ('threshold (observed 49.70%)')
        return None
    val = m.group("val").strip()
    pct = val.endswith("%")
    kind = (name.group("kind") or "").lower()
    length = kind in ("length", "len") or name.group(0).strip().upper() == "AL"
    if length:
        # a length is a number of tokens (at least 1), never a share
        if pct or float(val.lstrip("~≈ ")) < 1:
            return None
        return "acceptance length"
    if not pct and float(val.lstrip("~≈ ")) > 1:
        return None  # a rate is a share or a fraction
    return "acceptance rate" if kind in ("rate", "ratio") else "acceptance"
