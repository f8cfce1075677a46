"""Chinese words of constancy between a figure's name and its value (`Avg Draft acceptance rate
恒为 0.0%`, `接受率始终为 0%`, `accept length 一直是 1.0`, `稳定在 2.4`): what the run kept
printing, read as `is` (`为`), so the name and its value pair as `接受率为 0%` does (text.py
reads `为` / `是` / `约为` after a figure's name as `is`). A constancy word never makes a value of
a figure that is no measurement (a target or a bound stays what it is: its own words decide).

Pure: a line in, a line out.
"""

from __future__ import annotations

import re

# (longest first) 'constantly / always / throughout / all / steadily at' + 'is'
_ALWAYS = re.compile(
    r"(?:恒定为|恒定在|始终为|始终是|始终在|一直为|一直是|一直在|总是为|总是|均为|都为|都是|"
    r"恒为|恒是|稳定在|保持在|保持为|维持在)"
)


def as_is(line: str) -> str:
    """``line`` with each constancy word between a name and its value read as ``为`` (is)."""
    if _ALWAYS.search(line) is None:
        return line
    return _ALWAYS.sub("为", line)
