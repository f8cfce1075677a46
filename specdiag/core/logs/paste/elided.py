"""A share named once and left out of the next parallel clause: `depth 2 runs 0.84x at 72.4%
accept; depth 3 runs 0.48x at 54.3%`. Each clause after the `;` that ends with the same
preposition and a bare share (`at 54.3%`, nothing named after it, the clause or sentence ending
there) states the same figure for its own run: the name is written after it, so the reader takes
one record a clause. A share followed by a name of its own (`at 54% GPU memory`), a clause
without the preposition, or a value without `%` is left as it was.

Pure: a line in, the line (perhaps with the name written again) out; linear: each match scans
at most one bounded clause.
"""

from __future__ import annotations

import re

_SHARE = r"(?:\d{1,3}(?:\.\d+)?|\.\d+)[ \t]?%"
_PREP = r"(?:at|with|@)"
_NAME = r"(?:accept(?:ance)?(?:[ \t]+rate)?|acc\.?[ \t]+rate|draft[ \t]+acceptance)"
_ELIDED = re.compile(
    rf"(?P<head>(?<![\w]){_PREP}[ \t]+[*`]{{0,2}}{_SHARE}[*`]{{0,2}}[ \t]+(?P<name>{_NAME})\b)"
    rf"(?P<mid>[*`]{{0,2}}[ \t]*;[^;\n]{{1,80}}?[ \t]{_PREP}[ \t]+[*`]{{0,2}})"
    rf"(?P<v2>{_SHARE})(?=[*`]{{0,2}}[ \t]*(?:[.;,)]|$))",
    re.I,
)


def rewrite(text: str) -> str:
    """The line with the share's name written after each bare share of a parallel clause."""
    if "%" not in text or ";" not in text:
        return text
    return _ELIDED.sub(
        lambda m: m.group("head") + m.group("mid") + m.group("v2") + " " + m.group("name"), text
    )
