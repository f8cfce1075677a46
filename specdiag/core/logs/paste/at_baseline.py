"""Speeds measured at a share beside a baseline's bare speed: ``| 41.2 t/s | 55.0 t/s @ 68.4% |``.

A pipe table comparing a run without speculation (a column headed ``Baseline``,
``no spec``, ``vanilla``, ``autoregressive``, ``plain``, ``w/o spec``) with speculative methods
prints the baseline's speed alone and each method's speed with a share after ``@``: the share
only the speculative runs have is their acceptance, as a paste naming acceptance says it (the
reader's ``acceptance_named``). So where the paste names speculation and such a table's every
row prints the baseline's cell without ``@`` and a ``speed @ share%`` cell in another column,
the paste counts as naming acceptance for its ``@`` cells.

Never where the baseline's cells print a share too (the share is then something both runs
have: a load, a hit rate), where no column is a baseline's, or where the paste names no
speculation.

One pass over the paste's lines (gated by ``@`` in the text): pure.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

# a column of the run without speculation
_BASELINE = re.compile(
    r"^(?:baseline|base|autoregressive|vanilla|plain(?:\s+decod\w*)?|no[\s_-]?spec\w*|"
    r"w/o\s+spec\w*|without\s+spec\w*|target\s+only)$",
    re.I,
)
# a speed measured at a share ('55.0 t/s @ 68.4%')
_SPEED_AT = re.compile(
    r"^\d+(?:\.\d+)?\s*(?:t/s|tok/s|tokens/s|tps)\s*@\s*\d+(?:\.\d+)?\s*%$", re.I
)
# a speed alone ('41.2 t/s')
_SPEED = re.compile(r"^\d+(?:\.\d+)?\s*(?:t/s|tok/s|tokens/s|tps)$", re.I)
_DELIMITER = re.compile(r"^\|?\s*:?-{2,}")


def _cells(line: str) -> list[str]:
    t = line.strip()
    if t.startswith("|"):
        t = t[1:]
    if t.endswith("|"):
        t = t[:-1]
    return [C._MARKUP.sub("", c).strip() for c in t.split("|")]


def speeds_at_shares(text: str) -> bool:
    """Whether ``text`` holds a pipe table of a baseline's bare speeds beside speeds measured
    at a share (every row), in a paste naming speculation."""
    if "@" not in text or V.SPECULATIVE.search(text) is None:
        return False
    lines = text.splitlines()
    i = 0
    while i + 2 < len(lines):
        head, rule = lines[i], lines[i + 1]
        if "|" not in head or not _DELIMITER.match(rule.strip()):
            i += 1
            continue
        names = _cells(head)
        base = [n for n, c in enumerate(names) if _BASELINE.match(c)]
        j = i + 2
        rows = []
        while j < len(lines) and "|" in lines[j]:
            rows.append(_cells(lines[j]))
            j += 1
        if (
            len(base) == 1
            and rows
            and all(
                len(r) == len(names)
                and _SPEED.match(r[base[0]])
                and any(_SPEED_AT.match(c) for n, c in enumerate(r) if n != base[0])
                for r in rows
            )
        ):
            return True
        i = j
    return False
