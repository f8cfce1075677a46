"""A figure's change in a bracket after its name's clause, and values no rate can take under a
rate's name: `better acceptance rate with the fused head (about 4 -> 4.6)`.

The bracket holds whose run it was (`ours:`, `mine:`; a quoted `yours:` or `theirs:` is the
other party's figure beside the poster's own: no record) and a hedge at most (`about`, `around`,
`roughly`, `~`, `≈`, `from`), then a value before and one after (`->`, `→`, `=>`, `⟶`, or `from
X to Y`; with an arrow, each end perhaps approximate and told when, `0.20 before -> ~0.08 now`),
nothing after them but the draft position both were measured at (`at pos-1`) and a short note
after a comma; the clause between the name and the bracket names no other measure, holds no
number and ends no sentence. Two records: before and after; an end after the arrow that is a
range (`0.07-0.09`) is no figure, the start alone is read. Each end may be told at its own
setting after the subset both were measured on (`(coding/medium 5.71 at b8 → 7.27 at b15)`:
`at`, then a setting holding a digit, `b8`, `k=3`, `bs 16`, `ctx 4k`), the two settings
different: two runs, read the same way; the same setting at both ends, or one end's alone,
leave the bracket as before.

A rate is at most 1, or 100% with `%`. Under a rate's name (`acceptance rate`, `acceptance`), a
before and after of plain values above 1 (at most 16 tokens, one of them with decimals, no
`%` anywhere in the sentence: `4 -> 4.6`, `from 5.1 to 5.7`) are lengths (tokens per step),
their convention (the target's token counted or not) unknown: printed as they are, no
normalised length. The same holds for a change after a verb (`went from 4 to 4.6`,
interpret.py's arrows and `from ... to`). Unless the paste shows that it writes its rates as
percentages without `%`: a rate's name with a `%` unit anywhere in it (`acceptance rate (%)`,
`accept rate [%]`, `acceptance in %`), or another rate printed plainly above 16 (no length can
be: a percentage without its sign); then such records (no other figure, no length decided) are
rates again, each value a percentage (:func:`as_percentages`, run by the reader on the paste's
records, noted). Rates written with `%` elsewhere, or a plain rate of 16 or less, prove nothing. Whole values (`from 8 to 12`: a percentage without
its sign as often) and values above 16 stay what the readers made of them; a percentage stays a
rate (`(about 50% -> 57%)`: two rates).

Never read: a bracket after a condition or a goal (`if ...`, `we want ...`), a range (`(4-5)`),
values of two kinds (`(0.5 -> 4.6)`), a length's name over a percentage, a bracket with no
acceptance name before it in the sentence (`(about 4 -> 4.6)` alone).

Pure: text in, spans of (key, value) items out; records in, records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from specdiag.core.logs.paste import arrival as A
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import BONUS_UNKNOWN, UNKNOWN, PasteRecord

_NAME = re.compile(
    r"(?:\b(?:mtp|draft|token|spec\w*|mean|average|avg|overall)[\s_-]+)?"
    r"(?:\baccept(?:ance)?[\s_-]+(?:rate|ratio|length|len)\b|\bacceptance\b|"
    r"\baccept(?:ed)?[\s_-]+length\b|\bAL\b)",
    re.I,
)
# (a value's spaces before its '%' only inside the optional group, so no two quantifiers share a
# run of spaces: each part scans it once)
_VAL = r"\d+(?:\.\d+)?(?:\s*%)?"
# when each end of a bracketed change was measured ('(0.20 before -> 0.08 now)')
_THEN = r"(?:before|earlier|previously|initially|originally|then)"
_NOW = r"(?:now|after|today|currently)"
# a change written with an arrow: each end perhaps told when it was ('before' / 'now'; the first
# after a word of the subset measured, '0.20 prose before'), the second perhaps approximate too,
# or a range ('rng': no figure, the first end alone is read)
_ARROW_CHANGE = (
    rf"(?P<a>{_VAL})(?:\s+(?:[A-Za-z][\w-]*\s+)?{_THEN})?\s*{V.ARROW}\s*(?:[~≈]\s*)?"
    rf"(?P<b>{_VAL})(?P<rng>\s*[-–]\s*[~≈]?{_VAL})?(?:\s+{_NOW})?"
)
# ... or each end measured at its own setting, after the subset both were measured on
# ('(coding/medium 5.71 at b8 → 7.27 at b15)'): 'at', then a setting holding a digit (`b8`,
# `k=3`, `bs 16`), the second end's setting another
_SETTING = r"[A-Za-z][\w-]{0,15}(?:\s*=\s*|\s)?\d[\w.]{0,8}|\d[\w.]{0,8}"
_AT_SETTINGS = re.compile(
    r"\(\s*(?:[A-Za-z][\w/.+-]{0,30}\s+)?(?P<a>" + _VAL + r")\s+at\s+(?P<ta>" + _SETTING + r")"
    r"\s*" + V.ARROW + r"\s*(?:[~≈]\s*)?(?P<b>" + _VAL + r")\s+at\s+(?P<tb>" + _SETTING + r")"
    r"\s*\)",
    re.I,
)
_ARROW = V.ARROW
_BRACKET = re.compile(
    # (whose run it was, 'ours:', 'mine:'; a quoted 'yours:' or 'theirs:' is another's run
    # quoted beside the paste's own: no record, the house rule for a source's figure)
    r"\(\s*(?:(?:ours|mine)\s*:\s*)?"
    r"(?:(?:about|around|roughly|approx(?:imately|\.)?|~|≈)\s*)?"
    r"(?:" + _ARROW_CHANGE + r"|"
    r"from\s+(?P<fa>" + _VAL + r")\s+to\s+(?P<fb>" + _VAL + r")|"
    # (bare 'X to Y': only after a setting swept from one end to the other, _SWEPT)
    r"(?P<sa>" + _VAL + r")\s+to\s+(?P<sb>" + _VAL + r"))"
    # (the draft position both were measured at: 'at pos-1', 'at position 2')
    r"(?:\s+at\s+pos(?:ition)?[-\s]?\d{1,2})?"
    r"\s*(?:[,;][^()\d]{0,60})?\)",
    re.I,
)
# ... or a verb of change closing the words between ('the acceptance length rises (2.4 to
# 2.7)'): the bracket's values are the figure before and after, read only where they go the
# verb's way (a range is written low to high whatever the verb: 'falls (2.4 to 2.7)' is none)
_UP = re.compile(
    r"\b(?:ris\w*|rose|climb\w*|improv\w*|increas\w*|jump\w*|gr[eo]w\w*|recover\w*|soar\w*|"
    r"spike\w*|bump\w*|(?:go|goes|went|gone|going)\s+up)\b",
    re.I,
)
_DOWN = re.compile(
    r"\b(?:drop\w*|f[ae]ll\w*|decreas\w*|declin\w*|shr[iau]nk\w*|s[iau]nk\w*|plummet\w*|"
    r"slip\w*|dip\w*|degrad\w*|collaps\w*|regress\w*|worsen\w*|deteriorat\w*|decay\w*|"
    r"erod\w*|slid\w*|crater\w*|tank\w*|sag\w*|(?:go|goes|went|gone|going)\s+down)\b",
    re.I,
)
# what lies between the name and the bracket: no number, no sentence's end, no other measure
# ... but a setting swept from one end to the other ('as the prompt grows from 1K to 32K tokens
# (2.69 to 2.65)'): the bracket's values are the figure at its two ends
_SWEPT = re.compile(
    r"\bfrom\s+[\w.~]{1,10}\s+to\s+[\w.~]{1,10}(?:\s+[A-Za-z][\w-]*){0,2}\s*,?\s*$", re.I
)
_BETWEEN = re.compile(r"^[^\d.;:!?()]{0,80}$")
_OTHER = re.compile(
    r"throughput|speed|latency|tok/s|t/s|\bms\b|memory|time|accuracy|loss|perplexity|score|"
    r"\bcost|power|\bbatch",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
Items = list[tuple[C.Key, C.Value, str, str]]


def _sentence_start(text: str, at: int) -> int:
    start = 0
    for m in _SENTENCE_END.finditer(text, 0, at):
        start = m.end()
    return start


def sentence(text: str, at: int) -> str:
    """The sentence holding ``at``."""
    end = _SENTENCE_END.search(text, at)
    return text[_sentence_start(text, at) : end.start() if end else len(text)]


def _plain_lengths(a: C.Value, b: C.Value, sentence: str) -> bool:
    """Whether a before and after under a rate's name are tokens per step: plain values above 1
    and at most 16, one with decimals, no percentage in the sentence."""
    return (
        not a.percent
        and not b.percent
        and "%" not in sentence
        and all(1 < v.number <= C.MAX_STEP_TOKENS for v in (a, b))
        and (a.decimals > 0 or b.decimals > 0)
    )


def change_key(k: C.Key, a: C.Value, b: C.Value, sentence: str) -> C.Key:
    """The key of a change's two values: a rate's name over values no rate can take is a length
    of unknown convention; any other key as it is."""
    if k.metric in (C.RATE, C.ACCEPT_RATIO) and _plain_lengths(a, b, sentence):
        return C.Key(
            C.LENGTH, f"{k.text} {RATE_NAMED} {C.UNSURE_LENGTH}", False, None, k.tool, k.pooled
        )
    return k


# the key of a length read from plain values under a rate's name, and the note its record
# carries (evidence.Figures.put), so that the paste's own evidence can make them rates again
RATE_NAMED = "(a rate's name over plain values)"
PLAIN_UNDER_RATE = (
    "plain values above 1 under a rate's name, no '%' in the sentence: read as lengths "
    "(tokens per step) of unknown convention"
)
_PERCENT_UNIT = re.compile(
    r"\baccept\w*(?:[\s_-]+(?:rate|ratio))?[\s_-]*(?:\(\s*%\s*\)|\[\s*%\s*\]|\bin\s+(?:%|percent\b))",
    re.I,
)
# the note a rate printed plainly above 1 carries (evidence.py writes it, read back here: the
# wording and its reader side by side)
PLAIN_PERCENT_NOTE = "rate {:g} printed without '%', read as a percentage"
_PLAIN_PERCENT = re.compile(r"^rate (?P<v>\d+(?:\.\d+)?) printed without '%', read as a percentage")


def plain_percent(note: str) -> float | None:
    """The plain value of a rate read as a percentage, where ``note`` is its PLAIN_PERCENT_NOTE."""
    m = _PLAIN_PERCENT.match(note)
    return None if m is None else float(m.group("v"))


def percent_evidence(records: list[PasteRecord], text: str) -> str | None:
    """What in the paste shows that it writes its rates as percentages without '%': a rate's
    name with a '%' unit (`acceptance rate (%)`, `accept rate [%]`, `acceptance in %`), or
    another rate printed plainly above any length (above 16: a percentage without its sign);
    None when nothing does."""
    if "%" in text and (m := _PERCENT_UNIT.search(text)) is not None:
        return f"'{m.group(0)}'"
    for r in records:
        for n in r.notes:
            if (p := _PLAIN_PERCENT.match(n)) is not None and float(
                p.group("v")
            ) > C.MAX_STEP_TOKENS:
                return f"a rate printed as {p.group('v')} (line {r.first_line})"
    return None


def as_percentages(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Records read as lengths from plain values under a rate's name, made rates again (the
    value as a percentage) where the paste shows that it writes its rates without '%'; only a
    record with no other figure and no decided length."""
    if not any(PLAIN_UNDER_RATE in r.notes for r in records):
        return records
    said = percent_evidence(records, text)
    if said is None:
        return records
    out = []
    for r in records:
        if (
            PLAIN_UNDER_RATE in r.notes
            and r.printed_length is not None
            and r.accept_length is None
            and r.printed_rate is None
            and r.bonus.value == UNKNOWN
            and not r.per_position
            and all(
                x is None for x in (r.accepted_tokens, r.drafted_tokens, r.steps, r.output_tokens)
            )
        ):
            r = dataclasses.replace(
                r,
                printed_length=None,
                printed_rate=round(r.printed_length / 100.0, 9),
                notes=(
                    f"a plain value under a rate's name read as a percentage: the paste writes its "
                    f"rates without '%' ({said})",
                    *(
                        n
                        for n in r.notes
                        if n != PLAIN_UNDER_RATE and not n.startswith(BONUS_UNKNOWN)
                    ),
                ),
            )
        out.append(r)
    return out


def _verb_way(verb: str, m: re.Match[str]) -> bool:
    """Whether a bare '(X to Y)' goes the way of the verb of change before it: up after a
    rising verb, down after a falling one (a verb of neither way: no change told)."""
    a, b = float(m.group("sa").rstrip("% ")), float(m.group("sb").rstrip("% "))
    if _UP.search(verb):
        return b > a
    return _DOWN.search(verb) is not None and b < a


_BARE_TO = re.compile(r"\(\s*\d+(?:\.\d+)?\s*%?\s+to\s+\d")


def hinted(text: str) -> bool:
    return "(" in text and (
        re.search(_ARROW + r"|\bfrom\s+\d", text) is not None or _BARE_TO.search(text) is not None
    )


def spans(text: str) -> Iterator[tuple[int, int, Items]]:
    """(start, end, items) of each bracketed change after an acceptance figure's name."""
    ms = list(_BRACKET.finditer(text))
    if " at " in text:
        ms += [
            m
            for m in _AT_SETTINGS.finditer(text)
            if " ".join(m.group("ta").split()) != " ".join(m.group("tb").split())
        ]
        ms.sort(key=lambda m: m.start())
    for m in ms:
        start = max(_sentence_start(text, m.start()), m.start() - 120)
        head = text[start : m.start()]
        swept = _SWEPT.search(head)
        changed = None
        if m.re is _BRACKET and m.group("sa") and swept is None:
            changed = A.CHANGE_BEFORE_FROM.search(head)
            if changed is None:
                continue  # '(2.5 to 3.0)' alone: a range as often as a change
        if swept is not None:
            head = head[: swept.start()] + " " * (swept.end() - swept.start())
        names = [n for n in _NAME.finditer(head) if _BETWEEN.match(head[n.end() :])]
        if not names:
            continue
        name = names[-1]
        between = head[name.end() :]
        if changed is not None and (
            changed.start() < name.end() or not _verb_way(changed.group(0), m)
        ):
            continue
        if _OTHER.search(between) or A.conditional(text, m.start()) or A.target(head):
            continue
        k = C.key(name.group(0))
        if k.metric not in C.ACCEPTANCE:
            continue
        ga, gb = (
            ("a", "b")
            if m.re is _AT_SETTINGS or m.group("a")
            else ("fa", "fb")
            if m.group("fa")
            else ("sa", "sb")
        )
        a, b = C.value(m.group(ga)), C.value(m.group(gb))
        if a is None or b is None:
            continue
        said = sentence(text, m.start())
        k = change_key(k, a, b, said)
        if k.metric in (C.RATE, C.ACCEPT_RATIO):
            if a.percent != b.percent or (not a.percent and (a.number > 1) != (b.number > 1)):
                continue  # (values of two kinds)
            if not a.percent and a.number > 1 and not (a.number > 16 and b.number > 16):
                continue  # (plain values a share or a length may be: neither told)
        elif k.metric in (C.LENGTH, C.TOK_PER_STEP):
            if (
                a.percent
                or b.percent
                or not all(1 <= v.number <= C.MAX_STEP_TOKENS for v in (a, b))
            ):
                continue
        else:
            continue
        kt = name.group(0).strip()
        if m.re is _BRACKET and ga == "a" and m.group("rng"):
            # the end a range ('(~0.20 -> ~0.07-0.09)'): no figure; the start alone is read
            yield start + name.start(), m.end(), [(k, a, kt, m.group(ga).strip())]
            continue
        yield (
            start + name.start(),
            m.end(),
            [(k, a, kt, m.group(ga).strip()), (k, b, kt, m.group(gb).strip())],
        )


def other_between(text: str) -> bool:
    """Whether ``text`` names a measure of another kind (throughput, latency, a score, ...)."""
    return _OTHER.search(text) is not None or re.search(r"\d\s*[x×](?!\w)|%", text) is not None
