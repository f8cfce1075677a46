"""A per-step total that Japanese prose says is its accepted drafts with the bonus token added:
`平均受理長は 3.18 で、2.18 個の受理トークンに 1 個のボーナストークンを加えた値` (3.18, that
is 2.18 accepted draft tokens plus the bonus token), `3.18 (2.18 の受理済みドラフトとボーナス
トークンの合計)` (their sum).

The sentence proves the total counts the target's own token, as the English `3.18 (2.18 accepted
draft tokens + 1 bonus token)` does (decomposed.py): where the sum holds within the printed
rounding (total = drafts + 1), the span is rewritten into those English words, so the total is
read as a length with the bonus by the same rule, and the drafts never as a figure of their own.
Japanese prose wraps anywhere, so the span may run over onto the next line (`ボーナス` /
`トークンを加えた`): the part on the next line is moved up with it.

Korean says it with the drafts' name before their count: `평균 수용 길이는 2.24로, 수용 드래프트
토큰 1.24에 보너스 토큰을 더한 것이다` (1.24 accepted draft tokens with the bonus token added),
rewritten alike.

Never rewritten: a sum that fails (nothing proven: the total is read as printed, its convention
undecided), drafts that are not named (`2.18 にボーナスを加えた`), a token added that is no bonus
or target token (`2.18 個の受理トークンにウォームアップ分を加えた`), a verb of adding not in the
past (`足すと`, an instruction or a condition) or a sentence that denies it (`加えた値ではない`).

Pure: lines in, lines out; gated by a substring test on the whole text, each line looked at once
(with the next, for a wrap).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import decomposed as DC

_NUM = r"\d{1,3}(?:\.\d{1,4})?"
_CJK_CHAR = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")
_HANGUL = re.compile("[\uac00-\ud7a3]")
# the total, perhaps its unit, then what joins it to its parts ('3.18 で、', '3.18、', '3.18 (')
_TOTAL = (
    r"(?P<x>" + _NUM + r")(?P<unit>\s*(?:トークン|tokens?))?[*`]{0,2}\s*"
    r"(?:(?:で(?:あり|あって)?|であり)\s*[、,]?|[、,:=≈]|[(])\s*"
    r"(?:(?:つまり|すなわち|これは|内訳は)\s*[、,]?\s*)?"
)
# the accepted drafts, named after their count ('2.18 個の受理トークン', '2.18 の受理済み
# ドラフト', '2.18 個の受理されたドラフトトークン')
_DRAFTS = (
    r"(?P<y>" + _NUM + r")\s*(?:個|つ)?\s*の?\s*"
    r"(?:受理(?:された|済みの?)?\s*(?:ドラフト|草稿|下書き)?\s*(?:トークン|tokens?)?|"
    r"(?:受理された|採択された)?\s*(?:ドラフト|草稿)\s*(?:トークン|tokens?)?)"
)
# the target's one token ('ボーナストークン', '1 個のボーナストークン', 'ターゲットのトークン')
_ONE = (
    r"(?:(?:1|一)\s*(?:個|つ)?\s*の?\s*)?"
    r"(?:ボーナス\s*(?:トークン|tokens?)?|bonus\s*(?:tokens?)?|"
    r"(?:ターゲット|target|本体|検証)\s*(?:モデル)?\s*の?\s*(?:トークン|tokens?))"
    r"(?:\s*(?:1|一)\s*(?:個|つ))?"
)
# added to the drafts ('... に ... を足した', '加えた') or summed with them ('... と ... の合計')
_SPAN = re.compile(
    _TOTAL
    + _DRAFTS
    + r"\s*(?:に\s*"
    + _ONE
    + r"\s*を\s*(?:足した|加えた|加算した|足し合わせた|プラスした)|と\s*"
    + _ONE
    + r"\s*の\s*(?:合計|和))"
    # (a sentence that denies it: '加えた値ではない')
    + r"(?!\s*(?:もの|値|数|結果)?\s*(?:では|じゃ)\s*(?:ない|なく|あり))"
    + r"(?:\s*(?:もの|値|数)(?=\s*(?:です|である|だ|に|$|[。.、,)）])))?"
    + r"(?:\s*[)）])?",
    re.I,
)
# Korean writes the drafts' name before their count and adds the bonus with '에 ... 을 더한'
# ('2.244로, 수용 드래프트 토큰 1.244에 보너스 토큰을 더한 것': 2.244, that is 1.244 accepted
# draft tokens plus the bonus token); the total joined by '로' / '으로' / '이며' or a comma
_KO_TOTAL = (
    r"(?P<x>" + _NUM + r")(?P<unit>\s*(?:토큰|tokens?))?[*`]{0,2}\s*"
    r"(?:(?:으로|로|이며|이고|이고요)\s*[,，]?|[,:=≈(])\s*"
    r"(?:(?:즉|이는)\s*[,，]?\s*)?"
)
_KO_DRAFTS = (
    r"(?:수용|수락|채택|승인)(?:된|한)?\s*(?:드래프트|초안)\s*(?:토큰)?\s*(?:수\s*)?"
    r"(?P<y>" + _NUM + r")\s*(?:개)?\s*"
)
_KO_ONE = r"(?:(?:1|한)\s*개의?\s*)?(?:보너스|타깃|타겟|대상\s*모델의?)\s*(?:토큰)?(?:\s*1\s*개)?"
_KO_SPAN = re.compile(
    _KO_TOTAL
    + _KO_DRAFTS
    + r"(?:에\s*"
    + _KO_ONE
    + r"\s*(?:을|를)\s*(?:더한|합한|추가한)|(?:과|와)\s*"
    + _KO_ONE
    + r"\s*의\s*합)"
    # (a sentence that denies it: '더한 값이 아니다')
    + r"(?!\s*(?:것|값|수)?\s*(?:이|은|는)?\s*아니)"
    + r"(?:\s*(?:것|값)(?=\s*(?:이다|입니다|이며|$|[.。,)）])))?"
    + r"(?:\s*[)）])?",
    re.I,
)
_WRAP = re.compile(r"\n[ \t]*")
_VERB_HINT = re.compile(
    "足した|加えた|加算した|足し合わせた|プラスした|の合計|の和|더한|합한|추가한|의 ?합"
)


_BONUS_HINTS = ("ボーナス", "ターゲット", "本体", "検証", "보너스", "타깃", "타겟", "대상")


def hinted(text: str) -> bool:
    """Whether a paste may hold such a sentence (a cheap test first): a token named as the
    bonus or the target's, and a verb of adding (looked for with the lines joined: a wrap may
    cut a word)."""
    if (
        "受理" not in text
        and "ドラフト" not in text
        and "草稿" not in text
        and "드래프트" not in text
        and "초안" not in text
    ):
        return False
    flat = _WRAP.sub("", text)
    return any(w in flat for w in _BONUS_HINTS) and _VERB_HINT.search(flat) is not None


def _english(m: re.Match[str]) -> str:
    return f"{m.group('x')}{m.group('unit') or ''} ({m.group('y')} accepted draft tokens + 1 bonus token)"


def _spans(joined: str) -> list[re.Match[str]]:
    """The Japanese and the Korean spans of a line (with the next), in order."""
    found = list(_SPAN.finditer(joined))
    if _HANGUL.search(joined):
        found = sorted([*found, *_KO_SPAN.finditer(joined)], key=lambda m: m.start())
    return found


def rewritten(raw: list[str]) -> list[str]:
    """``raw`` with each such span whose sum holds rewritten into decomposed.py's English; a span
    running over onto the next line is rewritten on its first line, the next line's part of it
    removed (its indent kept)."""
    out = list(raw)
    for i, line in enumerate(out):
        if not _CJK_CHAR.search(line):
            continue
        nxt = out[i + 1] if i + 1 < len(out) else ""
        body = nxt.lstrip()
        # (a wrap between CJK characters joins them with nothing, as the text was written)
        cjk_edge = (
            bool(line)
            and bool(body)
            and bool(_CJK_CHAR.match(line[-1]) or _CJK_CHAR.match(body[0]))
        )
        joined = line + ("" if cjk_edge or not body else " ") + body
        edge = len(line)
        pieces: list[str] = []
        at = 0
        spill = -1
        for m in _spans(joined):
            if m.start() >= edge:
                break
            if not DC.holds(m.group("x"), m.group("y")):
                continue
            pieces.append(joined[at : m.start()] + _english(m))
            at = m.end()
            if m.end() > edge:
                spill = m.end()
                break
        if not pieces:
            continue
        if spill >= 0:
            out[i] = "".join(pieces)
            out[i + 1] = nxt[: len(nxt) - len(body)] + joined[spill:]
        else:
            out[i] = "".join(pieces) + line[at:]
    return out
