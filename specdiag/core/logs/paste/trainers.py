"""A training framework named as what trained the draft, not as what measured the figures.

SpecForge trains draft models and ships a benchmark script (``bench_eagle3.py``) that prints the
accept length of the server it drives. A paste naming SpecForge only as the code that trained
the draft (``trained the EAGLE-3 head with SpecForge``, ``我使用 SpecForge 代码训练了 DFlash
模型``) says where the draft came from: the figures it reports were measured by a server or a
script the paste may not name, and SpecForge's benchmark convention does not decide them. A
paste naming SpecForge's benchmark (``bench_eagle3``, ``SpecForge's benchmark``) or naming
SpecForge once without a training word beside it is left to the other rules.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import tools as T

Line = tuple[int, str]

TRAINERS = frozenset(("specforge",))
_NAME = {"specforge": re.compile(r"specforge", re.I)}
# a training word within a few words of the name, either side
_TRAINING = re.compile(r"训练|微调|\btrain(?:ed|ing|s)?\b|\bfine-?tun\w*|\bfinetun\w*", re.I)
_NEAR = 40
# the framework's benchmark named: its script, or a benchmark beside the name
_BENCH = re.compile(
    r"bench_\w+\.py|\bbench_eagle3\b|\bbenchmark\w*|\bbench\b|评测脚本|基准测试", re.I
)


# a markdown link's address ('](https://...)')
_LINK_TARGET = re.compile(r"\]\([^()\s]*\)")
# a bracket opened right after a serving engine's name ('SGLang (', 'SGLang([', a link's
# text): what follows inside is that engine's part
_OPENED = re.compile(r"\(\s*\[?\s*$")


def _engine_bracket(t: str, start: int, tool: str) -> bool:
    """Whether the trainer's name at ``start`` stands first in a bracket right after another
    tool's name ('SGLang (SpecForge)', 'SGLang([SpecForge](...))'): that engine's part, the
    engine the code that ran."""
    before = t[max(0, start - _NEAR) : start]
    if (m := _OPENED.search(before)) is None:
        return False
    named = T.tools_named(before[: m.start()].rstrip()[-20:])
    return bool(named) and tool not in named


def only_as_trainer(lines: list[Line], tool: str) -> bool:
    """Whether every line naming ``tool`` (a training framework) names it beside a training
    word, or first in a bracket right after a serving engine's name ('SGLang (SpecForge)'),
    and no line names its benchmark."""
    if tool not in TRAINERS:
        return False
    naming = [t for _, t in lines if tool in T.tools_named(t)]
    if not naming or any(_BENCH.search(t) for _, t in lines):
        return False
    for t in naming:
        t = _LINK_TARGET.sub("]", t)  # (a link's address repeats its text's name: no mention)
        if _NAME[tool].search(t) is None:
            return False  # (named by its benchmark's output, its result file's keys: no trainer)
        for m in _NAME[tool].finditer(t):
            near = t[max(0, m.start() - _NEAR) : m.end() + _NEAR]
            if _TRAINING.search(near) is None and not _engine_bracket(t, m.start(), tool):
                return False
    return True


RULE = "no tool named but {tool} as the framework that trained the draft"
