"""A speed worked out as a speed times the paste's length: the length counts every token a
step emits.

    the draft head averages an acceptance length of 2.57 tokens:
    decode with drafts = 11.3 tok/s x 2.57 ≈ 29 tok/s

Without drafts a verify step is one forward pass emitting one token, so the passes a second are
the plain decode speed; with drafts each pass emits the tokens a step commits, the target's own
among them. A paste that works the speed with drafts out as the plain speed times its printed
length (``S tok/s × L ≈ R tok/s``, or ``L × S tok/s = R tok/s``; ``×``, ``x``, ``*``, ``·``
and LaTeX's ``\\times`` / ``\\approx`` / ``\\text{...}``), the result R its product within
the three printed roundings (where R is a range, ``29--36.8``, one end of it), counts the
target's own token in that length: a length of accepted drafts alone would make the speed
S x (1 + L). The paste's lengths nothing else decided are read so
(``reader._as_the_paste_says``).

A multiplier the paste prints as no length, a length of 1 or less, a product off the result,
a factor with a unit of its own (``2.57x``, ``%``), or a speed times a rate leave the lengths
as they were. The formula is no record of its own.

Pure: text in, the formulas out; one search a paste, behind a cheap substring test.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# LaTeX a page's formula is typeset in, read as the plain text it shows
_LATEX = (
    (re.compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}"), r"\1"),
    (re.compile(r"\\times\b"), " × "),
    (re.compile(r"\\cdot\b"), " · "),
    (re.compile(r"\\approx\b"), " ≈ "),
    (re.compile(r"\\sim\b"), " ≈ "),
    (re.compile(r"\\,|\\ |\$"), " "),
)
_NUM = r"(\d+(?:\.\d+)?)"
_SPEED = r"\s*(?:tok(?:en)?s?\s*/\s*s(?:ec)?|t/s|tps|tokens?\s+per\s+second)(?![\w/])"
_TIMES = r"\s*(?:×|\*|·|(?<=\s)x(?=\s))\s*"
_EQUALS = r"\s*(?:≈|=|~=|≃|->|→)\s*~?\s*"
# the result: a value or a range of values, then its speed unit
_RESULT = _NUM + r"(?:\s*(?:-{1,2}|–|—|to)\s*" + _NUM + r")?" + _SPEED
# the speed first ('11.3 tok/s × 2.57 ≈ 29 tok/s') or the length first ('2.57 × 11.3 tok/s')
_SPEED_FIRST = re.compile(
    r"(?<![\d.])"
    + _NUM
    + _SPEED
    + _TIMES
    + _NUM
    + r"(?![\d.]|\s*(?:[x×%]|tok|t/s))"
    + _EQUALS
    + _RESULT,
    re.I,
)
_LENGTH_FIRST = re.compile(
    r"(?<![\d.])" + _NUM + _TIMES + _NUM + _SPEED + _EQUALS + _RESULT,
    re.I,
)


def _fits(speed: str, length: str, results: tuple[str, ...]) -> bool:
    """Whether speed x length is one of the results within the three printed roundings."""
    s, lng = float(speed), float(length)
    slack = C.half_of(speed) * lng + C.half_of(length) * s
    return any(abs(s * lng - float(r)) <= slack + C.half_of(r) for r in results)


def said(text: str, lengths: set[float]) -> list[str]:
    """The formulas by which ``text`` works a speed out as a speed times one of its printed
    ``lengths`` (above 1), in order; none where it has no such formula."""
    if not any(x > 1.0 for x in lengths):
        return []
    low = text.lower()
    if not ("tok" in low or "t/s" in low or "tps" in low) or not (
        "×" in text or "\\times" in text or "*" in text or "·" in text or " x " in low
    ):
        return []
    for pattern, repl in _LATEX:
        text = pattern.sub(repl, text)
    out = []
    for rx, speed_at, length_at in ((_SPEED_FIRST, 1, 2), (_LENGTH_FIRST, 2, 1)):
        for m in rx.finditer(text):
            speed, length = m.group(speed_at), m.group(length_at)
            if "." not in length or float(length) <= 1.0:
                continue  # (a whole factor: a count of GPUs, of requests)
            if not any(abs(float(length) - x) < 1e-9 for x in lengths):
                continue  # a multiplier the paste prints as no length
            results = tuple(g for g in (m.group(3), m.group(4)) if g is not None)
            if _fits(speed, length, results):
                out.append((m.start(), " ".join(m.group(0).split())))
    return [w for _, w in sorted(out)]
