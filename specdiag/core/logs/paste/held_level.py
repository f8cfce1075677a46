"""A figure said to hold steady, its level in a bracket after: `acceptance flat (~0.62 on both
arms)`, `accept length unchanged (2.8)`. The bracket opens on the figure's one value, perhaps
after an approximate mark, then at most a few words saying over which runs it held (no number):
one record, the level the runs share (before, a bracket of a value after a word that is no
separator was read as none).

The name must be an acceptance figure's (:func:`cells.key` says length, tokens per step or a
rate); the word of holding one of `flat`, `unchanged`, `steady`, `stable`, `constant`,
`identical`, `level`, `unmoved`; the value one the figure can take (a length from 1 to the
most a step emits, a rate a share). A second value in the bracket (`flat (0.61 vs 0.63)`), a
change word (`dropped (0.41)`) or another measure's name is left to the other readers.

A figure named as a problem's subject, its value in a bracket after (`accept length anomaly
(1.42 vs the 3.1 expected)`, `acceptance rate discrepancy (61%)`): the noun of the problem
(`anomaly`, `discrepancy`, `mismatch`, `issue`, `problem`, `oddity`) says what the writer
makes of the figure, no measure of its own; it is blanked (:func:`unproblem`) so the bracket
reads as right after the name. A bracket opening on a whole number (`issue (2 of 5 runs)`),
on no number (`issue (see the log below)`) or a noun after another measure's name stay as
before. Pure: a line in, spans or a line out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.respectively import _NAME

_HELD = re.compile(
    r"\b" + _NAME + r"\s+(?:(?:stayed|stays|was|is|remained|remains|held|holds)\s+)?"
    r"(?:flat|unchanged|steady|stable|constant|identical|level|unmoved)\s*"
    r"\(\s*(?P<val>[~≈]?\s?\d+(?:\.\d+)?\s*%?)(?:\s+(?P<words>[A-Za-z][A-Za-z' -]{0,40}))?\s*\)",
    re.I,
)
_PROBLEM = re.compile(
    r"\b" + _NAME + r"\s+(?P<noun>anomal(?:y|ies)|discrepanc(?:y|ies)|mismatch(?:es)?|issues?|"
    r"problems?|odd(?:ity|ities))\s*(?=\(\s*[*`]{0,2}[~≈]?\s?\d+(?:\.\d+\s*%?|\s*%))",
    re.I,
)
_WORDS_OK = re.compile(r"^(?:(?:on|in|across|over|for|at)\s+)?(?:both|all|each|every|the)\b", re.I)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a bracket (cheap test before the regex)."""
    return (
        "(" in low
        and "accept" in low
        and any(
            w in low
            for w in (
                "flat",
                "unchanged",
                "steady",
                "stable",
                "constant",
                "identical",
                "level",
                "unmoved",
            )
        )
    )


def unproblem(text: str) -> str:
    """``text`` with the noun of a problem between an acceptance figure's name and a bracket
    opening on its value blanked (spaces, the same length)."""
    for m in _PROBLEM.finditer(text):
        a, b = m.span("noun")
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such bracket: its one value, under the figure's name."""
    for m in _HELD.finditer(text):
        words = m.group("words")
        if words is not None and _WORDS_OK.match(words.strip()) is None:
            continue
        k = C.key(m.group("name"))
        v = C.value(m.group("val"))
        if v is None or k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO):
            continue
        if k.metric in (C.LENGTH, C.TOK_PER_STEP) and (
            v.percent or not 1.0 <= v.number <= C.MAX_STEP_TOKENS
        ):
            continue
        if k.metric in (C.RATE, C.ACCEPT_RATIO) and (v.number > 100 if v.percent else v.number > 1):
            continue
        yield m.start("val"), m.end(), [(k, v, m.group("name"), m.group("val"))]
