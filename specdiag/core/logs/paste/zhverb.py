"""``接受`` as a verb before ``长度`` in Chinese prose: no accept length.

``代码也接受长度为 6 的向量`` is 'the code also accepts vectors of length 6': ``接受`` is the verb
(to accept, to take), ``长度为 6`` the attribute of its object (``的向量``). So where ``接受长度``
follows a subject that is no speculative run (code, a function, a method, an interface, an API,
a model's input, a parameter; with ``也``, ``还``, ``只``, ``可以`` and the like between) and its
value is followed by ``的`` and a noun (the object, perhaps on the next line of a hand-wrapped
paragraph), the two words are set apart and no figure is named. ``平均接受长度为 2.6``,
``接受长度为 3.1`` and ``代码的接受长度为 2.6`` are left as they are (read).

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

# a subject that takes inputs, never a speculative run
_SUBJECT = (
    r"(?:代码|程序|函数|方法|接口|API|api|模块|类|库|脚本|解析器|构造函数|模型输入|输入|参数|"
    r"该函数|此函数|该接口|此接口)"
)
_ADVERBS = r"(?:也|还|都|只|仅|亦|均|同样|可以|可|能|能够|会|支持|允许){0,3}"
_VERB_USE = re.compile(
    _SUBJECT
    + r"[`'\"」）)]?\s*"
    + _ADVERBS
    + r"(?P<w>接受长度)\s*(?:为|是)?\s*\d+(?:\.\d+)?\s*(?:[×xX*]\s*\d+\s*)?"
    + r"(?:\n\s*)?的\s*[\u4e00-\u9fffA-Za-z`]"
)
_APART = "接受 长度"


def verbs_apart(lines: list[str]) -> list[str]:
    """The lines with ``接受长度`` of a verb and its object's attribute set apart (see the
    module's rules); the others as they are."""
    if not any("接受长度" in ln for ln in lines):
        return lines
    text = "\n".join(lines)
    if _VERB_USE.search(text) is None:
        return lines
    out = _VERB_USE.sub(
        lambda m: (
            m.group(0)[: m.start("w") - m.start()] + _APART + m.group(0)[m.end("w") - m.start() :]
        ),
        text,
    )
    return out.split("\n")
