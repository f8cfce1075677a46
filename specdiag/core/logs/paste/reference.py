"""A reference value on the line under a measured figure: the line names only where the value
comes from (a model card, the official or published figure, a paper, 官方, 模型卡, 论文) and
gives one value of the figure the line above named (`- DFlash2 acceptance length: **5.37**.`
over `- 官方模型卡：5.46；差异 -1.6%。`, `- model card: 5.46 (diff -1.6%)`): a reported run of that
figure, its own record, printed as given (its convention unknown unless a rule decides it). A
signed difference or a clause naming the gap after the value (`差异 -1.6%`, `diff -0.09`, `Δ
-1.6%`) is the comparison, not another value; any other number on the line, a second value or
another measure (`tok/s`, `speedup`) leaves the line unread.

Pure: the caller (interpret.py) says which figure the line above named; here the line's shape.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import vocab as V

# where a reference value comes from; never the run itself ('ours', 'measured')
_SOURCE = (
    r"(?:model[\s_-]*card|official|published|upstream|paper|reported|vendor|"
    r"官方|模型卡|论文|公布|公开|報告値|公式|モデルカード|論文)"
)
SOURCE_LINE = re.compile(
    r"^(?P<lead>\s*(?:[-*+•]\s+)?)"
    r"(?P<src>[*`_]{0,2}(?=[^:=\n\d]{0,40}?" + _SOURCE + r")[^:=\n\d]{1,40}?[*`_]{0,2})"
    r"\s*[:=]\s*"
    r"(?P<val>[*`]{0,2}[~≈]?\d+(?:\.\d+)?\s*%?[*`]{0,2})"
    r"(?P<rest>(?:\s*[;,.(（].*)?)\s*$",
    re.I,
)
# the comparison after the value ('差异 -1.73%', 'diff -0.09', '(Δ -1.6%)', 'gap: 0.09')
_COMPARISON = re.compile(
    r"差异|差距|偏差|误差|\bdiff(?:erence)?\b|\bdelta\b|Δ|\bgap\b|\bvs\.?\b|\boff\s+by\b|"
    r"(?<![\w.])[-+−]\s?\d",
    re.I,
)
_OTHER_MEASURE = re.compile(
    r"tok/s|t/s|tokens/s|\bspeed(?:up)?\b|\bthroughput\b|\blatency\b|\baccuracy\b|\bscore\b|"
    r"\bms\b|[x×]\s*$",
    re.I,
)
# a source's goal or bound is no reported run ('official target: 3.0', 'paper's minimum')
_NO_RUN = re.compile(
    V.GOAL_WORDS + r"|\b(?:threshold|minimum|maximum|typical|theoretical|upper|lower|bound)\b|"
    r"阈值|上限|下限",
    re.I,
)
_CLAUSE = re.compile(r"[;,(（)）]")


def single_value(src: str, rest: str) -> bool:
    """Whether the line's label and what follows its value hold no other value nor another
    measure: every clause after the value holding a number is a comparison."""
    if _OTHER_MEASURE.search(src) or _OTHER_MEASURE.search(rest) or _NO_RUN.search(src):
        return False
    return all(
        _COMPARISON.search(clause) is not None
        for clause in _CLAUSE.split(rest)
        if re.search(r"\d", clause)
    )
