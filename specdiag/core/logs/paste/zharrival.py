"""Chinese verbs of arrival between a figure's name and its value (`接受长度已经达到 3.6`,
`接受率上升到 70%`, `接受长度下降至 3.3`, `跌到 1.8`): the value the run arrived at, read as `为`
(is), as the English `has reached` / `decreased to` are (arrival.py). A condition in the
sentence before the verb (`如果`, `假如`, `假设`, `若`, `一旦`, `要是`) is what would be, and so is
a goal or a modal (`我们希望接受率达到 70%`, `应该达到`, `需要达到`; never `目标模型`, the target
model): the verb is then read as `would reach`, which no reader takes for a run. A change alone
(`提升了 5%`) has no value arrived at and is not touched.

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

_ARRIVE = re.compile(
    r"(?<=[A-Za-z\s])(?:已经|已|现在|目前|最终|终于|最后)?"
    r"(?:达到了|达到|上升到|上升至|升到|升至|涨到|涨至|增至|增加至|回升到|回升至|提升了到|"
    r"下降至|降低至|跌到|跌至|减少到|减少至|减至|回落到|回落至|变为|变成|"
    # ('高达', as high as: the value reached, said with emphasis; '低至', as low as)
    r"高达|低至|"
    # (those text.py reads as 'is' too: under a condition they are no run either)
    r"提升至|提升到|提高到|提高至|增加到|降至|降到|降低到|下降到)"
    r"(?=\s*[~≈约]?\s*[*`]{0,2}\d)"
)
_CONDITION = re.compile(
    r"如果|假如|假设|若|一旦|要是|倘若|"
    # a goal or an expectation before the verb ('我们希望接受率达到 70%'; never '目标模型', the
    # target model)
    r"希望|期望|预期|目标(?!模型)|需要|应该|应当|要求|争取|力争|计划|打算|想要|有望"
)
_SENTENCE_END = re.compile(r"[。！？；.!?;\n]")


def as_is(line: str) -> str:
    """``line`` with each arrival verb right after a figure's name read as ``为`` (is), or as
    ``would reach`` in a sentence stating a condition before it."""
    if _ARRIVE.search(line) is None:
        return line

    def one(m: re.Match[str]) -> str:
        start = max((e.end() for e in _SENTENCE_END.finditer(line, 0, m.start())), default=0)
        # (under a condition: what would be, left to no reader)
        return " would reach " if _CONDITION.search(line, start, m.start()) else "为"

    return _ARRIVE.sub(one, line)
