"""A tool named only to set figures apart from it ('not vLLM', 'Ours vs SGLang', '不是vLLM',
'vLLMではなく'): the contrast words, English, Chinese, Japanese and Korean, and the check both
the structure readers (:mod:`.paste.tools`) and the line scanner's one-line layouts
(:func:`.formats.contradicted`) make. One copy: each passes its own test of whether a text
names a tool (for the two-sided words, 'vs', 'than', '相比', 'より')."""

from __future__ import annotations

import re
from collections.abc import Callable

# CJK characters are word characters to regular expressions: an engine's name written against
# them ('SGLang集成MTP后', 'vLLM测得') is set apart first (:func:`spaced`)
CJK_CHAR = re.compile("[\u3040-\u30ff\u3130-\u318f\u4e00-\u9fff\uac00-\ud7a3]")


def spaced(text: str) -> str:
    """``text`` with each CJK character a space: the same length, so the same places."""
    return CJK_CHAR.sub(" ", text) if CJK_CHAR.search(text) else text


# a tool named only to set the figures apart from it ('(not vLLM)', 'Unlike SGLang, our server',
# 'instead of llama.cpp', 'our harness vs vLLM', "isn't the stock vLLM", 'no official SGLang',
# 'comparing with the original vLLM'):
# the words just before the name
_CONTRAST = re.compile(
    r"\b(?P<w>not|isn't|no|unlike|instead\s+of|rather\s+than|as\s+opposed\s+to|other\s+than|"
    r"vs\.?|versus|compar(?:e|ed|ing)\s+(?:to|with|against)|than)[\s(*_`\"']*(?:(?:the|a|an)\s+)?"
    r"(?:(?:stock|upstream|official|built-in|original)\s+)?$",
    re.IGNORECASE,
)
# comparisons of two sides: a tool named before the word is compared too ('SGLang vs vLLM')
_SYMMETRIC = re.compile(
    r"^(?:vs\.?|versus|compar(?:e|ed|ing)\s+(?:to|with|against)|than)$", re.IGNORECASE
)
# the same words in Chinese, Japanese and Korean. Chinese sets them before the name ('不是vLLM',
# '而不是 SGLang', '不同于', '而非'; '相比' / '比起' compare); with '与' / '和' / '跟' before the
# name, '不同' (unlike) or '相比' (compared) after it. Japanese and Korean set them after the
# name: 'vLLMではなく' / 'じゃなく' / 'とは違って' / 'と異なり' (not, unlike), 'に比べ' / 'と比べ' /
# 'より' (than); 'vLLM가 아니라' / '이 아닌' / '와 달리' / '대신' (not, unlike, instead of),
# '에 비해' / '보다' / '와 비교' (than)
_CJK_OPEN = "\\s（(「『“\"'*`_"
_CJK_CLOSE = "\\s）)」』”\"'*`_"
_CONTRAST_BEFORE_CJK = re.compile(
    r"(?:(?P<w>不是|而非|并非|不同于|不像|而不用)|(?P<s>相比于?|相较于?|比起|对比))["
    + _CJK_OPEN
    + r"]*$"
)
_WITH_BEFORE_CJK = re.compile(r"(?:与|和|跟|同)[" + _CJK_OPEN + r"]*$")
_CONTRAST_AFTER_CJK = re.compile(
    r"^[" + _CJK_CLOSE + r"]*(?:"
    r"(?P<w>では(?:なく|ない)|じゃなく|でなく|とは?(?:違|異な)|(?:이|가)?\s?아니(?:라|고)|"
    r"(?:이|가)?\s?아닌|(?:와|과)\s?(?:달리|다르게)|\s?대신)|"
    r"(?P<s>[にと]比べ|より|에\s?비해|보다|(?:와|과)\s?비교))"
)
_WITH_AFTER_CJK = re.compile(r"^[" + _CJK_CLOSE + r"]*(?:(?P<w>不同)|(?P<s>相比|相较|对比|比较))")


def contrasted(text: str, start: int, end: int | None, names_tool: Callable[[str], bool]) -> bool:
    """Whether the tool name at ``start`` (ending at ``end``) follows a contrast word on its
    line ('not vLLM', 'unlike SGLang', '不是vLLM'), or precedes one in Japanese and Korean
    ('vLLMではなく', 'SGLang이 아니라'); after a two-sided one ('vs', 'than', '相比', 'より')
    only when nothing else on the line names a tool (``names_tool``; in 'SGLang vs vLLM' both
    are the measured ones). Without ``end`` the CJK words are not looked for."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end < 0 else line_end
    m = _CONTRAST.search(text, max(line_start, start - 40), start)
    if m is not None:
        if _SYMMETRIC.match(m.group("w")):
            return not names_tool(text[line_start : m.start()])
        return True
    if end is None or not CJK_CHAR.search(text, line_start, line_end):
        return False
    before, after = text[max(line_start, start - 12) : start], text[end : min(line_end, end + 12)]
    found = _CONTRAST_BEFORE_CJK.search(before) or _CONTRAST_AFTER_CJK.match(after)
    if found is None and _WITH_BEFORE_CJK.search(before):
        found = _WITH_AFTER_CJK.match(after)
    if found is None:
        return False
    if found.group("s"):
        # a comparison: only where the rest of the line names no tool ('SGLang比vLLM' compares)
        return not names_tool(text[line_start:start] + " " + text[end:line_end])
    return True
