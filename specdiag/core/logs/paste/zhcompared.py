"""Other runs' figures in a Chinese sentence that states one run's figure, the figure's name
written once: `A 的平均接受长度为 3.2，较 B（2.6）提升 23%` (compared with B, whose length is
2.6, in brackets) and `..., 代码集高达 3.9` after a comma, a subset's name then a verb of
reaching (`高达`, `达到`, `达`, `低至`) and its value. The bracket after `较` / `相比` /
`相较` / `对比` and a run's name holds that run's value of the same figure; the clause after
the comma is the same figure on that subset. Each is a run of its own: the figure's name is
written before its value (`较 B（B 平均接受长度为 2.6）`, `代码集 平均接受长度高达 3.9`), so the
prose reader reads one record each, in the order written. A change or a multiple after them
(`提升 23%`, `约 1.6×`) stays as written (no record).

Only a sentence (no `。`, `；`, `！`, `？` between) in which the figure's name is followed by its
value first; the other value of the same kind (both percentages, or both plain numbers with
decimals, a plain length at least 1); the run's or subset's name written in Latin letters
(digits, `-`, `+`, `.` and up to three words), naming no measure of its own (`TPOT`,
`throughput`, `speedup`, ...). A bracket holding anything but the value alone (a unit, a sign,
words), a value of another kind, a clause going on after its value (a unit such as `×` or `ms`)
or no figure stated before leave the line as written.

Pure: a line in (the Chinese words not yet read as English), the line out; linear: one pass a
pattern.
"""

from __future__ import annotations

import re

# a run's or a subset's name in Latin letters: a word opening on a letter, then up to three
# more words of letters, digits and '-', '+', '.', '_' (a lone '+' joining two names too)
_NAME = r"[A-Za-z][\w.+-]*(?:[ \t]+(?:\+|[A-Za-z0-9][\w.+-]*)){0,3}"
_VALUE = r"(?P<v>\d+(?:\.\d+)?)[ \t]*(?P<pct>%?)"
_MARK = r"[*_`]{0,2}"
# the compared run: a comparison's word, its name, then its value alone in brackets
_COMPARED = re.compile(
    r"(?P<verb>较之?|相较于?|相比于?|对比)[ \t]*(?P<name>" + _NAME + r")[ \t]*"
    r"(?P<open>[（(])[ \t]*" + _MARK + _VALUE + _MARK + r"[ \t]*(?P<close>[）)])"
)
# the subset's clause: after a comma, its name, a verb of reaching and its value ending the
# clause
_SUBSET = re.compile(
    r"(?P<lead>[，,][ \t]*)(?P<name>"
    + _NAME
    + r")[ \t]*(?P<verb>高达|达到|低至|达)[ \t]*"
    + _MARK
    + r"[约~≈]?[ \t]*"
    + _VALUE
    + _MARK
    + r"(?=[ \t]*(?:[，,。；;、！!？?]|$))"
)
# a sentence's end: a figure stated before it is none of the next sentence's
_SENTENCE_END = re.compile(r"[。；;！!？?]")
# names of other measures: their values are none of the figure's
_OTHER_MEASURE = re.compile(
    r"throughput|speed|latency|ttft|tpot|itl|tok/s|t/s|tps|qps|memory|accuracy|score|time|"
    r"\bms\b|pass@|acc\b|accept|rate|length|len\b",
    re.I,
)


def _stated(names: re.Pattern[str], text: str) -> tuple[str, str] | None:
    """The figure's name and its first value's kind ('%', '.', or '' for a whole number) in the
    last sentence of ``text``, where the name is followed by a value; None otherwise."""
    sentence = _SENTENCE_END.split(text)[-1]
    for m in names.finditer(sentence):
        got = re.match(
            r"[ \t]*(?:的)?[ \t]*(?:已经)?(?:达到了?|高达|达|为|是|约为|约|:|：|=)?[ \t]*"
            + _MARK
            + r"[约~≈]?[ \t]*(\d+(?:\.\d+)?)[ \t]*(%?)",
            sentence[m.end() :],
        )
        if got is not None:
            kind = "%" if got.group(2) else ("." if "." in got.group(1) else "")
            return m.group(0), kind
    return None


def _fits(kind: str, m: re.Match[str]) -> bool:
    """Whether the value is of the stated figure's kind, and the name names no other measure."""
    if _OTHER_MEASURE.search(m.group("name")) is not None:
        return False
    v, pct = m.group("v"), m.group("pct")
    if kind == "%":
        return bool(pct) and float(v) <= 100.0
    if pct or kind != "." or "." not in v:
        return False
    return float(v) >= 1.0


def rewrite(line: str, figure_names: str) -> str:
    """The line with the figure's name (``figure_names``: an alternation of the Chinese names)
    written before each compared run's and each subset's value (see the module's rules)."""
    if "（" not in line and "(" not in line and "达" not in line and "低至" not in line:
        return line
    names = re.compile(figure_names)
    if names.search(line) is None:
        return line

    def compared(m: re.Match[str]) -> str:
        stated = _stated(names, line[: m.start()])
        if stated is None or not _fits(stated[1], m):
            return m.group(0)
        head = line[m.start() : m.end("open")]
        value = f"{m.group('v')}{m.group('pct')}"
        return f"{head}{m.group('name')} {stated[0]}为 {value}{m.group('close')}"

    def subset(m: re.Match[str]) -> str:
        stated = _stated(names, line[: m.start()])
        if stated is None or not _fits(stated[1], m):
            return m.group(0)
        rest = line[m.start("verb") : m.end()]
        return f"{m.group('lead')}{m.group('name')} {stated[0]}{rest}"

    # (the subsets' clauses are read in the line with its compared runs' names written)
    line = _COMPARED.sub(compared, line)
    return _SUBSET.sub(subset, line)
