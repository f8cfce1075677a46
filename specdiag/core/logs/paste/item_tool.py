"""A list item naming the one tool of its figure, in a list whose items name several.

A bullet list of a day's notes or a report's findings ('- patched the vLLM kernel; the draft
now accepts 2.9 tokens a step', '- the SGLang build reached 0.91 acceptance') names a tool an
item: the block as a whole names several, so no one of them is the printer of every figure.
A figure read from one item alone (its record spans that one line), whose item names exactly
one tool and no other (no contrast, no second engine), is that tool's run: the record takes
that tool. Only the tool: the item retells a run in the user's words (no engine's line is
shown), so no engine's convention decides its figures (the rule is no convention rule, as
'the only tool named in the paste' is none for prose).

An item naming two tools, none, or only after a contrast ('unlike vLLM'), an item naming its
tool only as another run's subject ('SGLang gets 2.58.'), a record spanning several lines and a
line that is no list item keep the block's reading.

Pure: records and the paste's lines in, records out; one look at a record's own line.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste.model import PasteRecord

RULE = "the only tool named in the figure's own list item (the list names several)"
SEVERAL = "several tools named in the block"
# a list item's mark: a bullet or a number with its dot or bracket, then a space
_ITEM = re.compile(r"^\s{0,8}(?:[-*+•]|\d{1,3}[.)])\s+\S")


def attribute(records: list[PasteRecord], raw: list[str]) -> list[PasteRecord]:
    """``records`` with each figure of one list item naming one tool given that tool (see the
    module); the others unchanged."""
    out: list[PasteRecord] = []
    for r in records:
        line = raw[r.first_line - 1] if 0 < r.first_line <= len(raw) else ""
        if (
            r.tool == "unknown"
            and r.tool_rule.startswith(SEVERAL)
            and r.first_line == r.last_line
            and _ITEM.match(line)
        ):
            named = T.tools_named(line)
            if len(named) == 1 and T.tools_attributed(line) == named and not T.other_runs(line):
                r = dataclasses.replace(r, tool=named[0], tool_rule=RULE)
        out.append(r)
    return out
