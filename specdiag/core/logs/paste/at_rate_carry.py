"""A figure's name carried along a list of `speed at rate` items: `structured 92.8 tok/s at 94%
acceptance, code 83.2 at 100%, prose 28.3 at 24%`.

Prose splitting a run by workload often prints each workload's speed and the acceptance it ran
at, naming the unit and the figure once, in the first item (a label, a speed with its unit,
`at`, a value and the acceptance's name), and leaving both out of the later items. The later
items of the same shape (a label of one or two words, a speed, its unit perhaps left out, `at`
and a value of the first's kind: a percentage after a percentage, a plain share after a plain
share), joined by `,`, `, and`, `and` or `;`, are the same figure: the first item's name is
written after each of their values, so the line's readers read one record an item (the speeds
are no records). Markdown's bold around an item's figures (`**92.8 tok/s at 94% acceptance**`)
is allowed. A list wrapped by hand inside an item (`prose **28.3 at` / `24%**.`) is read joined
(:func:`joined`).

Never carried: a first item without an acceptance name after its value or without a speed's
unit (`tok/s`, `t/s`, `tps`, `tokens/s`), a later item whose value another word follows (`at
40% hit rate`, `at 40% of peak`), a value of another kind or above 100%.

Pure: a line in, a line out; linear (each pattern bounded, gated by ` at ` and a speed's unit).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.slash_carry import LABEL, NAME, carried
from specdiag.core.logs.paste.wrapjoin import pairs_joined

_NUM = r"\d+(?:\.\d+)?"
_TPS = r"(?:tok/s|t/s|tps|tokens/s|tok/sec|tokens/sec)"
# the first item, named: 'structured **92.8 tok/s at 94% acceptance**'
_FIRST = re.compile(
    r"(?<![\w.])(?P<lab>" + LABEL + r")\s+\**" + _NUM + r"\s*" + _TPS + r"\s+at\s+"
    r"(?P<val>~?" + _NUM + r")(?P<pct>\s*%)?\s+(?P<name>" + NAME + r")(?![\w-])\**",
    re.I,
)
# a word after an item's value that joins it to what follows, naming nothing
_JOINING = r"(?:and|but|while|whereas|yet|or|with|on|for|in|vs|versus|then|so|which|though)"
# a later item without a name: ', code-pattern **83.2 at 100%**'
_NEXT = re.compile(
    r"(?P<sep>\**\s*(?:,\s*and|,|;|\band)\s+)(?P<lab>"
    + LABEL
    + r")\s+\**"
    + _NUM
    + r"(?:\s*"
    + _TPS
    + r")?\s+at\s+(?P<val>~?"
    + _NUM
    + r")(?P<pct>\s*%)?"
    r"(?!\**\s*(?:[%\d]|\.\d|(?!" + _JOINING + r"\b)[A-Za-z]))",
    re.I,
)


def _place(n: re.Match[str], v: float, pct: bool) -> int | None:
    """Where a later item takes the carried name: right after its value (its `%`)."""
    if pct and v > 100:
        return None
    return n.end("pct") if n.group("pct") else n.end("val")


def rewrite(line: str) -> str:
    """``line`` with the first item's acceptance name written after each later item's value."""
    if " at " not in line or "/s" not in line and "tps" not in line.lower():
        return line
    return carried(line, _FIRST, _NEXT, _place)


def _carried(line: str) -> int:
    """How much the rewrite wrote into ``line`` (0: nothing carried)."""
    return len(rewrite(line)) - len(line)


def joined(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Prose wrapped by hand inside such a list's item ('... prose **28.3 at' / '24%**. Those
    are ...'): two lines are one where the list joined carries the name further than the two
    lines apart (the first line's number kept)."""
    return pairs_joined(
        lines, lambda t, nxt, two: " at" in two and _carried(two) > _carried(t) + _carried(nxt)
    )
