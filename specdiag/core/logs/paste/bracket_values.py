"""A figure's name, words saying where it was taken, then a bracket of its values alone:
`Mean acceptance is the same on both heads at each length (4.20, 4.65, 3.90)`. The bracket
lists one value a run (a context, a prompt set, a setting the sentence sweeps over), each the
named figure: one record a value (before, none was read: a bracket of bare numbers names none).

The name must be an acceptance figure's (:func:`cells.key` says length, tokens per step or a
rate); the words between it and the bracket hold no number, no bracket, no sentence end and
no other measure's name; the bracket holds three to nine values joined by commas and nothing
else, every one of one kind (all percentages, or none) and a value the figure can take (a
length from 1 to the most a step emits, a rate a share). Two values are left alone (an
interval, a range: `(0.61, 0.74)`), and so is a bracket after a value of the name's own
(`acceptance 2.5 (2.1, 2.4, 2.9)`: a spread around it). Pure: a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.respectively import _NAME, _PLURAL
from specdiag.core.logs.paste.semicolon_carry import _OTHER_MEASURE

_ONE_VALUE = r"[~≈]?\d+(?:\.\d+)?\s*%?"
_SPANS = re.compile(
    r"\b"
    + _NAME
    + r"(?P<mid>[^()\d\n.;:!?]{0,100}?)\(\s*(?P<list>"
    + _ONE_VALUE
    + r"(?:\s*,\s*"
    + _ONE_VALUE
    + r"){2,8})\s*\)",
    re.I,
)
_ONE = re.compile(_ONE_VALUE)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a bracket (cheap test before the regex)."""
    return "(" in low and ("accept" in low or "per step" in low)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such bracket: one item a value, under the figure's name."""
    for m in _SPANS.finditer(text):
        if _OTHER_MEASURE.search(m.group("mid")):
            continue
        k = C.key(_PLURAL.sub(r"\1", m.group("name")))
        if k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO):
            continue
        vals = [(one.group(0), C.value(one.group(0))) for one in _ONE.finditer(m.group("list"))]
        if any(v is None for _, v in vals) or len({v.percent for _, v in vals if v}) != 1:
            continue
        items: list[tuple[C.Key, C.Value, str, str]] = []
        for txt, v in vals:
            assert v is not None
            if v.percent and v.number > 100 or not v.percent and v.number > C.MAX_STEP_TOKENS:
                break
            if k.metric in (C.LENGTH, C.TOK_PER_STEP) and (v.percent or v.number < 1.0):
                break
            items.append((k, v, m.group("name"), txt))
        else:
            yield m.start("list"), m.end(), items
