"""A share and a speed named once and left out of the next pair: `60% accept / 40.3 t/s and
the small one 46% / 33.9 t/s`. A pair of a share named as acceptance, a slash and a speed
(`t/s`, `tok/s`, `tokens/s`), then `and` (or `vs`, `while`, a comma) and a few words naming another run,
then a bare share, a slash and a speed in the same unit: the second pair states the same two
figures of that run, its names written once before. The name is written after the second
share, so the reader takes one record a pair. A second share followed by a name of its own
(`46% memory / ...`), a speed in another unit, or a first share named as no acceptance are left
as they were.

Pure: a line in, the line (perhaps with the name written again) out; linear: each match scans
at most one bounded clause, and a line is rewritten at most a few times.
"""

from __future__ import annotations

import re

_SHARE = r"(?:\d{1,3}(?:\.\d+)?|\.\d+)[ \t]?%"
_NUM = r"\d+(?:\.\d+)?"
_NAME = r"(?:accept(?:ance|ed)?(?:[ \t]+rate)?|acc\.?[ \t]+rate|draft[ \t]+acceptance)"
_UNIT = r"(?:t/s|tok/s|tokens?/s)"
_ELIDED = re.compile(
    rf"(?P<head>(?<![\w.]){_SHARE}[ \t]+(?P<name>{_NAME})[ \t]*/[ \t]*{_NUM}[ \t]?"
    rf"(?P<unit>{_UNIT})(?![\w/]))"
    rf"(?P<mid>(?:[ \t]*,?[ \t]+(?:and|vs\.?|while)|[ \t]*,)[ \t]+[^%/\n]{{0,40}}?)"
    rf"(?<![\w.])(?P<v2>{_SHARE})(?=[ \t]*/[ \t]*{_NUM}[ \t]?(?P=unit)(?![\w/]))",
    re.I,
)
_MAX_PAIRS = 4  # pairs rewritten on one line: each rewrite names the next pair's share


def rewrite(text: str) -> str:
    """The line with the share's name written after each bare share of a following pair."""
    if "%" not in text or "/" not in text:
        return text
    for _ in range(_MAX_PAIRS):
        new = _ELIDED.sub(
            lambda m: m.group("head") + m.group("mid") + m.group("v2") + " " + m.group("name"),
            text,
        )
        if new == text:
            break
        text = new
    return text
