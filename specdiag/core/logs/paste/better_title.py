"""A table under a sentence saying which way its figure is better: ``Higher accepted length is
better.``, ``acceptance rate: higher is better``, ``(higher acceptance length is better)``.

A card often names the figure its results table reports only in the sentence that tells the
reader how to read it, the table's own title naming the set (``Evaluation subsets``) and its
header the configurations (``| Subset | Baseline | Ours | Change |``). Such a sentence, in the
three lines right above the table, naming one acceptance figure (``cells.key``: a length,
tokens per step, accepted drafts per step, a rate) and nothing else in its subject, gives the
table its title: that figure, read as a title naming it is (its numeric columns are the
figure's, never a column whose header names another measure, such as a change in ``%``).

Only where the table has no title of its own that the reader takes; ``lower ... is better``
(a latency's phrase) and a subject naming another measure too (``higher throughput and
acceptance length are better``) give none.

Pure: lines in, a title out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I

_HINT = re.compile(r"\bbetter\b", re.I)
_BETTER = re.compile(
    r"(?:^|[(.;:]\s*|\s)(?:higher|larger|greater|bigger)\s+(?P<a>[A-Za-z][\w-]{0,30}"
    r"(?:[ ][A-Za-z][\w-]{0,30}){0,3})\s+is\s+better\b"
    r"|(?<![\w-])(?P<b>[A-Za-z][\w-]{0,30}(?:[ ][A-Za-z][\w-]{0,30}){0,3})\s*[:(,]\s*"
    r"higher\s+is\s+better\b",
    re.I,
)
_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE)


def _figure(words: str) -> str | None:
    parts = words.split()
    for i in range(len(parts)):
        tail = " ".join(parts[i:])
        k = C.key(tail)
        if k.metric in _FIGURES and k.text != "acceptance":
            return None if I._OTHER_FIGURE.search(words) else tail
    return None


def title(above: list[str]) -> str:
    """The figure named by a 'higher ... is better' sentence in the last three lines above a
    table ('' where none names exactly one acceptance figure)."""
    found: set[str] = set()
    name = ""
    for t in above[-3:]:
        if not _HINT.search(t):
            continue
        for m in _BETTER.finditer(t):
            fig = _figure(m.group("a") or m.group("b") or "")
            if fig is not None:
                found.add(C.key(fig).metric or "")
                name = fig
    return name if len(found) == 1 else ""
