"""A serving engine named only in the setup of another source's figures, not the paste's own run.

A writer sets their own measurement beside a figure someone else reported, giving that source's
setup in a bracket right after its name: 'the vendor's model card (H20, vLLM 0.11, k=2, batch 1)
reports an accept length of about 2.0; on our 4090 we measured 1.70'. The engine in the bracket
is the one the card's figure came from, not the program that printed the writer's own figure:
its printing convention decides nothing of it. A paste naming a tool only inside such brackets
is left with no tool, its figures' convention undecided.

The source is named by its own words right before the bracket (at most a few words between, no
sentence's end): a model card, a paper, a vendor, an official or upstream report, a blog post, a
leaderboard, a technical report, in English or Chinese (`模型卡`, `论文`, `官方`, `厂商`, `博客`,
`技术报告`). The tool named elsewhere in the paste only as the owner of such a source ('vLLM 2024
blog', "SGLang's paper") is named so too. Not such a bracket: one after any other words ('our run (H100, vLLM 0.11)'), or
the tool also named outside such brackets anywhere in the paste (then it may be the own run's).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as T

Line = tuple[int, str]

_SOURCE_WORDS = (
    r"(?:\b(?:model\s*cards?|papers?|vendors?|official|upstream|blog(?:\s*posts?)?|"
    r"leaderboards?|technical\s+reports?|tech\s+reports?)\b|模型卡|论文|官方|厂商|博客|技术报告)"
)
# another source's own words, then up to three short words or a possessive, then the bracket
# holding its setup (no nested bracket, one line)
_SOURCE_BRACKET = re.compile(
    _SOURCE_WORDS + r"(?:'s)?[^\S\n]{0,2}(?:[^\s()（）.;!?。；]{1,20}[^\S\n]{1,2}){0,3}?"
    r"(?P<bracket>[(（][^()（）\n]{1,120}[)）])",
    re.IGNORECASE,
)
# right after a tool's name, the source it owns ('vLLM 2024 blog', "SGLang's paper"): the tool
# as the author of another's figures, no printer of the paste's own
_OWNER_TAIL = re.compile(r"(?:'s)?[^\S\n]{0,2}(?:\d{4}[^\S\n]{1,2})?" + _SOURCE_WORDS, re.I)
_QUICK = ("card", "paper", "vendor", "official", "upstream", "blog", "leaderboard", "report")
_QUICK_ZH = ("模型卡", "论文", "官方", "厂商", "博客", "技术报告")


def _spans(text: str) -> list[tuple[int, int]]:
    low = text.lower()
    if not any(w in low for w in _QUICK) and not any(w in text for w in _QUICK_ZH):
        return []
    return [m.span("bracket") for m in _SOURCE_BRACKET.finditer(text)]


def _in_setup(text: str, tool: str) -> tuple[bool, bool]:
    """(whether every name of the tool on the line is in a source's setup bracket or the owner
    of a source, whether one is in such a bracket)."""
    spans = _spans(text)
    places = T.name_places(text, tool)
    bracketed = [any(a <= p < b for a, b in spans) for p, _ in places]
    owner = [_OWNER_TAIL.match(text, e) is not None for _, e in places]
    return all(b or o for b, o in zip(bracketed, owner, strict=True)), any(bracketed)


def only_in_source_setup(lines: list[Line], tool: str) -> bool:
    """Whether every name of ``tool`` in the paste lies inside a bracket giving the setup of
    another source's figures ('模型卡（H20、vLLM 0.11.2、γ=2）') or names a source it owns ('vLLM
    2024 blog'), one in such a bracket at least."""
    naming = [t for _, t in lines if tool in T.tools_named(t)]
    if not naming:
        return False
    found = [_in_setup(t, tool) for t in naming]
    return all(ok for ok, _ in found) and any(b for _, b in found)


RULE = "no tool named but {tool} in the setup of another source's figures (a bracket after it)"
