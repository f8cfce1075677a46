"""A setting's values joined by `/`, then figures joined by `/` in as many values: one run per
setting value, `at concurrency 1 / 8 / 32: acceptance 2.91 / 2.88 / 2.70, throughput 120 / 690
/ 1480 tok/s`.

Prose summing up a sweep often lists the setting's values once and each figure's values in the
same order. The i-th value of every list is the run at the i-th setting value, so the span is
written as one clause a run (`concurrency=1: acceptance 2.91, throughput 120 tok/s; concurrency=8:
...`), which the key-value reader reads as one record a run, labelled by its setting.

Only where the setting is a known knob (`concurrency`, `batch size`, `k`, `gamma`, `temperature`,
`draft tokens`, ...) or written `name=a/b/c`; where every list right after it (each a name of a
few words, then exactly as many values joined by `/`, perhaps a unit) holds as many values as
the setting, one of them naming acceptance; and where nothing but separators (`,`, `;`, `:`,
`and`, or the one reference figure of the baseline: `against a 38.0 tok/s baseline,`) stands
between them. A list of another count, a list whose values go on (`/ 4`), or a
range (`1-3`) leaves the line as it is: which value is whose run is not told.

With no setting on the line, an accept length's name followed by three to eight lengths joined by
`/` (`Mean acceptance length: 2.41 / 2.87 / 3.12`: each a decimal from 1 to 16, no percent) is
three runs of that figure, told apart by order only: one clause a value, unlabelled, where the
line holds no other `/` (configurations or labels listed before or after it are the pairing rules'
to read: `AL 1.10 / 1.10 / 1.10` after `chat / code / math`). Two values
stay `x / max` (`2.6 / 5`), and so do rates (a falling list of rates is the positions' own rule).

Pure: a line in, a line out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_V = r"\d+(?:\.\d+)?%?"
_KNOB = (
    r"concurrency|max[ _-]concurrency|batch[ _-]size|bs|batch|k|gamma|γ|temperature|temp|"
    r"draft[ _-]tokens|num[ _-]speculative[ _-]tokens|spec(?:ulative)?[ _-]tokens|draft[ _-]length|"
    r"depth|topk|top[ _-]k|qps|rps|request[ _-]rate|tp|context(?:[ _-]length)?|seq(?:uence)?[ _-]len(?:gth)?"
)
# 'concurrency 1 / 8 / 32', 'k=1/2/4', 'batch size: 1 / 16'; or configurations' own short
# labels after 'at' ('at C1 / C4 / C8', 'at bs1/bs8': a letter or two, then a number)
_LABEL = r"[A-Za-z]{1,3}\d{1,4}"
_SETTING = re.compile(
    r"(?<![\w-])(?:(?P<knob>" + _KNOB + r")\s*[=:]?\s*|(?P<name>[A-Za-z][\w-]{0,20})\s*=\s*)"
    r"(?P<vals>" + _V + r"(?:\s*/\s*" + _V + r"){1,7})(?![\w.%]|\s*/\s*\d|\s*[-–]\s*\d)"
    r"|(?<![\w-])at\s+(?P<labels>" + _LABEL + r"(?:\s*/\s*" + _LABEL + r"){1,7})(?![\w.%/])",
    re.I,
)
# a figure's list: 'acceptance 7.72 / 7.70 / 7.52', 'throughput 398 / 2351 / 3231 tok/s'
_ITEM = re.compile(
    r"\s*(?P<name>[A-Za-z][\w .()-]{0,30}?)\s*[:=]?\s*(?P<vals>"
    + _V
    + r"(?:\s*/\s*"
    + _V
    + r"){1,7})(?![\w%]|\.\d|\s*/\s*\d)(?P<unit>\s*(?:tok/s|tokens/s|t/s|tps|ms|s|x|×)(?![\w/]))?",
    re.I,
)
_SEP = re.compile(r"\s*(?:[,;:]\s*(?:and\s+|with\s+)?|\s+(?:and|with)\s+|\s*[—–-]\s+)")
_ACCEPT = re.compile(r"\baccept|\bAL\b|τ|\btau\b", re.I)
# the one reference figure of the run without drafts, said between the setting and a list
# ('at k=2/4/8 against a 38.0 tok/s baseline, acceptance ...'): an aside, no list of its own
_BASELINE_ASIDE = re.compile(
    r"\s+(?:against|vs\.?|versus|compared\s+(?:to|with))\s+(?:an?\s+|the\s+)?"
    r"\d+(?:\.\d+)?\s*(?:tok/s|tokens/s|t/s)?\s+(?:AR\s+|no[- ]?spec\s+)?baseline(?=\s*[,;:])",
    re.I,
)


def _values(s: str) -> list[str]:
    return [v.strip().strip("`") for v in s.split("/")]


def rewrite(line: str) -> str:
    """``line`` with a setting's slash-joined values and the figures' lists after it written as
    one clause a run; the line itself where the rule does not hold."""
    if line.count("/") < 2:
        return line
    if _ACCEPT.search(line) is None:
        return _listed(line)  # ('acc len' holds no 'accept')
    for sm in _SETTING.finditer(line):
        if sm.group("labels"):
            setting = _values(sm.group("labels"))
            name = "config"
        else:
            setting = _values(sm.group("vals"))
            name = (sm.group("knob") or sm.group("name")).strip()
        n = len(setting)
        pos = sm.end()
        items: list[tuple[str, list[str], str]] = []
        while True:
            if (aside := _BASELINE_ASIDE.match(line, pos)) is not None:
                pos = aside.end()
            sep = _SEP.match(line, pos)
            start = sep.end() if sep is not None else pos
            if sep is None and items:
                break
            im = _ITEM.match(line, start)
            if im is None or len(_values(im.group("vals"))) != n:
                break
            items.append(
                (im.group("name").strip(), _values(im.group("vals")), im.group("unit") or "")
            )
            pos = im.end()
        if not items or not any(_ACCEPT.search(nm) for nm, _, _ in items):
            continue
        if any(re.search(r"\d", nm) for nm, _, _ in items):
            continue  # a name holding a number: another list's tail, not a figure's name
        runs = "; ".join(
            f"{name}={setting[i]}: "
            + ", ".join(f"{nm} {vals[i]}{unit}" for nm, vals, unit in items)
            for i in range(n)
        )
        return line[: sm.start()] + runs + line[pos:]
    return _listed(line)


# an accept length's name, then three or more lengths joined by '/' (after a colon, '=' or a
# verb of being: 'Mean emitted length was `1.41`/`1.62`/`1.80`'; each value perhaps in backticks)
_LENGTHS = re.compile(
    r"(?P<name>(?<![\w-])(?:mean\s+|average\s+|avg\.?\s+)?"
    r"(?:accept(?:ance|ed)?[ _-]?len(?:gth)?|acc[ _-]?len|emitted[ _-]len(?:gth)?s?|(?-i:AL)|τ))"
    r"(?:\s*[:=]|\s+(?:was|were|is|are|of))?\s*\*{0,2}"
    r"(?P<vals>`?\d+\.\d+`?(?:\s*/\s*`?\d+\.\d+`?){2,7})(?![\w%]|\.\d|\s*/\s*`?\d)",
    re.I,
)


# a sentence's end after a list: a full stop (perhaps after a closing mark) before a capital
_SENTENCE_END = re.compile(r"[.!?](?=[`*_)\]]{0,2}\s+[`*_(\[]{0,2}[A-Z])")


# three to eight labels joined by '/' ('chat / code / math', 'MT-Bench/GSM8K/HumanEval')
_LABELS = re.compile(
    r"(?<![\w/.-])[A-Za-z][\w.+-]{0,20}(?:\s*/\s*[A-Za-z][\w.+-]{0,20}){2,7}(?![\w/])"
)


# a figure's list after the lengths' on the same line: as many numbers joined by '/', perhaps
# a unit after them
# (each value perhaps in backticks, percentages too: '`4.1%`/`6.0%`/`8.2%`')
_NUM_LIST = re.compile(
    r"(?<![\w./`])`?\d+(?:\.\d+)?%?`?(?:\s*/\s*`?\d+(?:\.\d+)?%?`?)+(?![\w/%`]|\.\d|\s*/)"
)
# a unit whose slash is no list's ('tokens/s', 'tok/s', 't/s')
_UNIT_SLASH = re.compile(r"\b(?:tokens?|toks?|t)/s\b", re.I)


def _parallel(tail: str, n: int) -> list[str] | None:
    """The text after a list of ``n`` lengths written once per run where every '/' in it is
    another figure's list of ``n`` values (a unit's 'tok/s' aside) after a `name:` of its own:
    the i-th run's copy holds each list's i-th value. None where any other '/' is there, a
    list holds another count, or no such list is."""
    lists = list(_NUM_LIST.finditer(tail))
    if not lists or any(len(_values(x.group())) != n for x in lists):
        return None
    rest = _UNIT_SLASH.sub("", _NUM_LIST.sub("", tail))
    if "/" in rest or not all(_named_before(tail[: x.start()]) for x in lists):
        return None

    def nth(i: int) -> Callable[[re.Match[str]], str]:
        return lambda x: _values(x.group())[i]

    return [_NUM_LIST.sub(nth(i), tail) for i in range(n)]


_BEING = re.compile(r"\s(?:was|were|is|are|of)$")


def _named_before(before: str) -> bool:
    """Whether the text before a list ends on a figure's name and a colon ('..., Throughput:')
    or a verb of being ('; throughput was')."""
    head = before.rstrip()
    if head.endswith(":"):
        head = head[:-1]
    elif (be := _BEING.search(head)) is not None:
        head = head[: be.start()]
    else:
        return False
    name = re.split(r"[,;]", head)[-1]
    return any(c.isalpha() for c in name)


def _listed(line: str) -> str:
    """``line`` with an accept length's list of three or more lengths (no setting on the line)
    written as one clause a value; the line itself where there is none."""
    m = _LENGTHS.search(line)
    if m is None or not all(1 <= float(v) <= 16 for v in _values(m.group("vals"))):
        return line
    vals = _values(m.group("vals"))
    head, tail = line[: m.start()], line[m.end() :]
    # (a later sentence of the line is another statement's: its '/' pairs nothing with the
    # lengths, 'Accept length: 2.41 / 2.87 / 3.12. All checks pass (4/4).'; so is an earlier
    # one: 'Rows 500/1,000/2,000. Mean emitted length was 1.4/1.6/1.8.')
    end = _SENTENCE_END.search(tail)
    own = tail if end is None else tail[: end.start()]
    after = "" if end is None else tail[end.start() :]
    start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, m.start() + 1)), default=0)
    own_head = head[start:]
    if "/" not in own_head + own:
        runs = "; ".join(f"{m.group('name')}: {v}" for v in vals)
        return head + runs + tail
    if "/" not in own_head and (tails := _parallel(own, len(vals))) is not None:
        # the same runs' other figures after it, lists of as many values ('..., Accepted
        # throughput: 274.6 / 270.2 / 267.6 tokens/s'): each run its own clause of its values
        return (
            head
            + "; ".join(f"{m.group('name')}: {v}{t}" for v, t in zip(vals, tails, strict=True))
            + after
        )
    # one list of as many labels before it, and no other list: the labels in order
    labels = list(_LABELS.finditer(head))
    if "/" in tail or len(labels) != 1 or head.count("/") != len(vals) - 1:
        return line
    names = _values(labels[0].group(0))
    if len(names) != len(vals):
        return line
    runs = "; ".join(f"config={n}: {m.group('name')} {v}" for n, v in zip(names, vals, strict=True))
    lab = labels[0]
    return head[: lab.start()] + head[lab.end() :] + runs + tail


def _items(line: str) -> int:
    """How many figures each run holds once ``rewrite`` writes ``line`` out (0: the rule does
    not hold): the commas of the first run's clause, plus one."""
    out = rewrite(line)
    if out == line:
        return 0
    at = next((m.end() for m in re.finditer(r"\w=[^\s:;]+: ", out)), None)
    if at is None:
        return 0
    return out[at:].split(";", 1)[0].count(", ") + 1


def joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Prose wrapped by hand through a setting's list and the figures' lists after it ('...
    tok/s at' / 'C1 / C4 / C8, with mean acceptance lengths 3.41 / 3.45 / 3.51 and draft-token'
    / 'acceptance of 80.45% / 81.57% / 83.63%.'): the two or three lines are one line where the
    rule holds for them joined and for none of them alone, the third joined only where it adds
    a figure's list (the first line's number kept)."""
    if not any("/" in t for _, t in lines):
        return lines
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        ln, t = lines[i]
        take = 0
        if (
            i + 1 < len(lines)
            and "/" in t + lines[i + 1][1]
            and rewrite(t) == t
            and rewrite(lines[i + 1][1]) == lines[i + 1][1]
        ):
            two = f"{t.rstrip()} {lines[i + 1][1].strip()}"
            if rewrite(two) != two:
                take = 1
                if i + 2 < len(lines) and rewrite(lines[i + 2][1]) == lines[i + 2][1]:
                    three = f"{two} {lines[i + 2][1].strip()}"
                    if _items(three) > _items(two):
                        take = 2
        if take:
            t = " ".join([t.rstrip()] + [x.strip() for _, x in lines[i + 1 : i + 1 + take]])
        out.append((ln, t))
        i += 1 + take
    return out
