"""A table row whose last cell restates the row's own figure as the tokens a verify step emits
('| Mean accept length | - | 2.41 | each target verification emits 2.41 tokens on average |',
'每次验证平均产出 2.41 Token'): the row's figure is tokens per verify step, the target's own token
counted (what a step emits is its accepted drafts and the target's token). Its label is read
with that gloss (`emitted per verify`, a name the readers know). (Read after the CJK words are
put in English: '平均' may stand as 'average'.)

Only where the note's number is, digit for digit, a figure of another cell of the same row, and
the note says emitting (`emits`, `produces`, `yields`, `outputs`; `产出`, `生成`, `输出`, `产生`)
per verification (`each verification`, `per verify step`; `每次...验证`). A note of another
number, of accepted tokens (`accepts 1.41 drafts`), or of a throughput (`emits 40 tokens per
second`) leaves the row as it is.

Pure: a paste's lines in, lines out. Gated once a paste by its words; then one look at each
pipe table row.
"""

from __future__ import annotations

import re

Line = tuple[int, str]

_NUM = r"(?P<v>\d+(?:\.\d+)?)"
_EN = re.compile(
    r"\b(?:each|every|per|a)[ \t]+(?:target[ \t]+)?(?:verif(?:y|ication)(?:[ \t]+(?:step|round))?)"
    r"[ \t]+(?:emits|produces|yields|outputs)[ \t]+(?:on[ \t]+average[ \t]+|an[ \t]+average[ \t]+"
    r"of[ \t]+|about[ \t]+|~)?" + _NUM + r"[ \t]+tokens?\b",
    re.I,
)
_ZH = re.compile(
    r"每(?:次|轮|一次|一轮)[^|\d\n]{0,16}?验证[ \t]*(?:平均|average)?[ \t]*"
    r"(?:产出|生成|输出|产生)[ \t]*(?:约)?[ \t]*" + _NUM + r"[ \t]*(?:个)?[ \t]*(?:tokens?|词元)",
    re.I,
)
_GLOSS = " (emitted per verify)"
_LEAD = re.compile(r"^[~≈]?\d+(?:\.\d+)?(?![\d.])")


def told(text: str) -> bool:
    """Whether the paste may hold such a note (its words, a cheap test)."""
    low = text.lower()
    return "|" in text and (
        ("verif" in low and any(w in low for w in ("emits", "produces", "yields", "outputs")))
        or ("验证" in text and any(w in text for w in ("产出", "生成", "输出", "产生")))
    )


def _restated(note: str) -> str | None:
    m = _EN.search(note) or _ZH.search(note)
    return m.group("v") if m else None


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with the label of each pipe table row whose last cell restates one of its
    figures as tokens a verify step emits glossed so (call only where :func:`told`)."""
    out = list(lines)
    for i, (ln, t) in enumerate(out):
        if t.count("|") < 3:
            continue
        cells = t.split("|")
        filled = [j for j, c in enumerate(cells) if c.strip()]
        if len(filled) < 3:
            continue
        first, last = filled[0], filled[-1]
        v = _restated(cells[last])
        if v is None or any(ch.isdigit() for ch in cells[first]):
            continue
        if not any(
            (m := _LEAD.match(cells[j].strip().strip("*_`").lstrip("~≈"))) and m.group(0) == v
            for j in filled[1:-1]
        ):
            continue
        cells[first] = cells[first].rstrip() + _GLOSS + " "
        out[i] = (ln, "|".join(cells))
    return out
