"""SGLang's own test output: a line ``acc_length=V`` in a paste running SGLang.

    acc_length=2.8125
    acc_length=3.41 speed=151.20

SGLang's request script (``sglang.test.send_one``) and its engine and server tests print the
accept length with Python's self-documenting f-string (``print(f"{acc_length=}")``, perhaps
``:.2f`` and ``{speed=}`` after it): the name, ``=`` with no space around it, the value, perhaps
``speed=`` and its value after, alone on its line. They compute it as completion tokens / verify
steps (``spec_verify_ct``), every step's own token of the target counted: bonus included.

Read only where the record's tool is SGLang and the paste starts SGLang's server (its
``launch_server`` command, ``tools.launched``) or names ``send_one``: a user's own script may
print the same shape. A key written otherwise (``acc_length = 2.8``, ``acc_length: 2.8``: other
printers), more on the line, a record of another tool or one a rule decided already: as before.

Pure: records and the paste in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste.model import (
    INCLUDED,
    UNDECIDED,
    Decision,
    PasteRecord,
    decided_notes,
)

RULE = (
    "tool: SGLang's send_one script and its tests print acc_length= as completion tokens / "
    "verify steps (bonus included)"
)
# the f-string's line: 'acc_length=2.81', 'acc_length=2.81 speed=151.20', '..., speed=151.2'
_LINE = re.compile(
    r"^\s*acc_length=(?P<v>\d+(?:\.\d+)?)(?:,?\s+speed=\d+(?:\.\d+)?(?:\s*token/s)?)?\s*$"
)


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Lengths nothing decided on SGLang's ``acc_length=`` lines (see the module's rule)."""
    if "acc_length=" not in text:
        return records
    if "sglang" not in T.launched(text) and "send_one" not in text:
        return records
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = []
    for r in records:
        pl = r.printed_length
        m = (
            _LINE.match(raw[r.first_line - 1])
            if r.tool == "sglang"
            and r.bonus == UNDECIDED
            and pl is not None
            and r.first_line == r.last_line
            and 1 <= r.first_line <= len(raw)
            and "own script" not in r.tool_rule
            else None
        )
        if m is None or float(m.group("v")) != pl:
            out.append(r)
            continue
        out.append(
            dataclasses.replace(
                r,
                accept_length=pl,
                bonus=Decision(INCLUDED, RULE),
                notes=decided_notes(r.notes),
            )
        )
    return out
