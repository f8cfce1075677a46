"""A Chinese sentence wrapped by an editor between a figure's name and its copula: `... 平均接受长度`
over `为 4.16；...` (`为`, `是`, `约为`, `约是`, `仅为`, `达到`, the value perhaps in a code span or
bold: `` 为 `4.16` ``).

Chinese prose has no spaces, so an editor wrapping it at a width breaks a line anywhere, here
between the name and the `为` that pairs it with its value (text.py reads `为` after a name as
`is`). The next line, opening on the copula and the value, then names nothing, and the value
was read by no one. Where a line, read into English, ends on a figure's name (`length`, `len`,
`rate`) and the next opens on such a copula right before a number, the copula is moved to the
end of the line above: the two lines read as the one line unwrapped reads, no more (the value's
kind, the records and their conventions are that line's).

Japanese wraps the same way, between the name and its particle (`... 受理長` over `は 2.6
です`), the particle perhaps after a bracket glossing the name with a count (`(生成数)は 2.6`):
moved up alike, the bracket with it; Korean alike after such a bracket (`평균 수용 길이` over
`(출력 수)는 2.2로`: the number output).

Never moved: a copula not right before a number (`为了`, `是否`), a line above ending on any
other word (`模型`), or a next line opening on a value with no copula (join_wrapped reads that).

Pure: lines in, lines out; one pass, each line looked at once (the translation of a line above
only where the next opens on a copula and a number).
"""

from __future__ import annotations

import re
from collections.abc import Callable

# the copula opening a line, right before a value (perhaps approximate, in a code span or bold);
# in Japanese the topic's particle ('は', 'が'), perhaps after a bracket of CJK words naming a
# count that glosses the name ('(生成数)は 2.6': text._ZH_IS reads the two as 'is')
# (CJK words naming a count, what the figure counts: '生成数', the number generated; text._ZH_IS
# reads such a bracket after a name as its gloss)
CJK_COUNT_GLOSS = (
    r"(?:[\u3040-\u30ff\u4e00-\u9fff][\u3040-\u30ff\u4e00-\u9fffA-Za-z ]{0,8}(?:数|个数|個数)|"
    # (Korean: '출력 수', '생성 토큰 수', the number output or generated)
    r"[\uac00-\ud7a3][\uac00-\ud7a3A-Za-z ]{0,8}\s?수)"
)
_COPULA_FIRST = re.compile(
    r"^(\s*)(约为|约是|仅为|达到了?|为|是|"
    r"(?:[(（]"
    + CJK_COUNT_GLOSS
    + r"[)）]\s*)?(?:[はが]|(?<=[)）])[은는이가]))(?=\s*[`*]{0,2}\s*[~≈約]?\s*\d)"
)
# a line's break before such a copula (the gate)
_BROKEN = re.compile(r"\n[ \t]*(?:约|仅|达|为|是|は|が|[(（][^)）\n]{1,12}[)）]\s*[はが은는이가])")
# a line (read into English) ending on a figure's name
_NAME_LAST = re.compile(r"(?<![A-Za-z])(?:length|len|rate)\s*[*`\"“”」』]{0,2}\s*$", re.I)


def hinted(text: str) -> bool:
    """Whether a paste may hold such a wrap (a cheap test first): a copula after a line's
    break."""
    return _BROKEN.search(text) is not None


def rejoined(raw: list[str], english: Callable[[str], str]) -> list[str]:
    """``raw`` with each copula opening a line after a figure's name moved to the end of the
    line above (``english``: a line read into English words, text.py's own)."""
    out = list(raw)
    for i in range(1, len(out)):
        m = _COPULA_FIRST.match(out[i])
        if m is None or not out[i - 1].strip():
            continue
        if _NAME_LAST.search(english(out[i - 1])) is None:
            continue
        out[i - 1] = out[i - 1].rstrip() + m.group(2)
        out[i] = m.group(1) + out[i][m.end() :]
    return out
