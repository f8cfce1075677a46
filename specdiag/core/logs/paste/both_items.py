"""`label: value both` items: one figure measured alike on several runs, its name in the
sentence or in the table right above: `(v2 head: 3.1% both; v1 head: ~12% both)` under a table
of `| draft quant | mean acceptance |`.

A sentence telling that two settings made no difference (`converted both drafts at F16 and
Q8_0: no change`) often gives each configuration's one figure for all of them: `label: N%
both`, `label: N each`, `label: N all`, items joined by `;` or `,`, in brackets or not. Each item
is one record (one figure for the runs it names, as a bracket's `(~0.80 both quants)` is,
asides.py), its label kept. The figure is the acceptance figure the sentence names before the
items, else the one the table right above the sentence (blank lines between at most) reads;
each item is rewritten with that name before its value (`v2 head: mean acceptance 3.1%, both`)
so the line's readers read it.

Never read: items without the quantifier (`(F16: 1.2 GB; Q8_0: 640 MB)`: sizes), a value of the
wrong kind for the figure (a percentage under a length's name, a length below 1), a value with
a unit, a range, a label naming a goal or a bound (`target: 70% both`), a sentence naming no
acceptance figure under no acceptance table.

Pure: a line and the figure's name in, a line out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_VALUE = r"[~≈]?\s?\d+(?:\.\d+)?\s*%?"
_ITEM = re.compile(
    r"(?P<lab>[A-Za-z][\w.+-]*(?:\s[A-Za-z0-9][\w.+-]*){0,2})\s*:\s*"
    r"(?P<val>" + _VALUE + r")\s+(?P<q>both|each|all)\b(?!\s*[-–]|\s*\d)",
    re.I,
)
_JOIN = re.compile(r"\s*[;,]\s*")
# an acceptance figure's name in the sentence ('no change in acceptance', 'the accept rate')
_NAME = re.compile(
    r"(?:\b(?:mean|average|avg|draft|token|overall)\s+)?"
    r"(?:\baccept(?:ance)?[\s_-]+(?:rate|ratio|length|len)\b|\bacceptance\b|\bAL\b)",
    re.I,
)
_NOT_RUN = re.compile(
    r"\b(?:target|goal|threshold|bound|limit|min(?:imum)?|max(?:imum)?|expected|paper|"
    r"reported|baseline)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def hinted(text: str) -> bool:
    return re.search(r"\d\s*%?\s+(?:both|each|all)\b", text, re.I) is not None


def _fits(metric: str | None, val: str) -> bool:
    v = C.value(val)
    if v is None:
        return False
    if metric == C.RATE:
        return v.percent or 0 < v.number <= 1
    if metric in (C.LENGTH, C.TOK_PER_STEP):
        return not v.percent and 1 <= v.number <= C.MAX_STEP_TOKENS
    return False


def _runs(line: str) -> list[list[re.Match[str]]]:
    """The runs of two or more items, or one item alone in brackets."""
    runs: list[list[re.Match[str]]] = []
    for m in _ITEM.finditer(line):
        if runs and _JOIN.fullmatch(line[runs[-1][-1].end() : m.start()]):
            runs[-1].append(m)
        else:
            runs.append([m])
    return runs


def rewrite(line: str, table_name: str | None) -> str:
    """``line`` with each `label: value both` item given its figure's name, the sentence's own
    before the items, else ``table_name`` (the acceptance figure of the table right above)."""
    if not hinted(line):
        return line
    out: list[str] = []
    at = 0
    for run in _runs(line):
        start = run[0].start()
        sentence = line[:start]
        cut = list(_SENTENCE_END.finditer(sentence))
        sentence = sentence[cut[-1].end() :] if cut else sentence
        names = list(_NAME.finditer(sentence))
        name = names[-1].group(0) if names else table_name
        if name is None:
            continue
        metric = C.key(name).metric
        if metric == C.ACCEPT_RATIO:
            metric = C.RATE
        if any(_NOT_RUN.search(m.group("lab")) for m in run):
            continue
        if not all(_fits(metric, m.group("val")) for m in run):
            continue
        for m in run:
            out.append(
                line[at : m.start("val")]
                + f"{name} "
                + m.group("val").strip()
                + ", "
                + m.group("q")
            )
            at = m.end()
    return "".join(out) + line[at:]
