"""Prose correcting a figure a tool showed: `made acceptance show 100% when it was actually about
81.6%`, `the accept length read 3.00 while it really was 2.41`: the actual figure is the run's,
the shown one (a display bug's value) is no record. The sentence is rewritten to name the actual
figure alone, in place, for the prose reader. Pure: a line in, a line out.
"""

from __future__ import annotations

import re

_NUMBER = r"\d+(?:\.\d+)?\s*%?"
_NAME = r"(?P<name>(?:draft\s+)?accept(?:ance)?(?:[ _](?:rate|ratio|length|len))?)"
_SHOW = (
    r"(?:show(?:s|ed|n|ing)?|read(?:s|ing)?|display(?:s|ed|ing)?|report(?:s|ed|ing)?|"
    r"say(?:s|ing)?|said)"
)
_ACTUAL = (
    r"\s*,?\s+(?:when|while|whereas|but|though|although)\s+"
    r"(?:it|the\s+(?:real|actual|true|correct)\s+(?:value|figure|rate|length|one))\s+"
    r"(?:was|is|were|had\s+been)\s+"
    r"(?:(?P<mark>actually|really|in\s+fact|truly|in\s+reality)\s+)?"
    r"(?:(?:only|about|around|roughly|approximately|~|≈)\s*)?(?P<real>" + _NUMBER + r")"
)
# the figure's name, then what it showed ('acceptance show 100%'), or what showed it, then the
# figure's name ('the tile showed acceptance rate 100%'); then the actual value
_CORRECTED = (
    re.compile(
        r"\b" + _NAME + r"\s+(?:to\s+)?(?:" + _SHOW + r"|appear(?:s|ed)?)\s+(?:as\s+|at\s+)?"
        r"(?P<shown>" + _NUMBER + r")" + _ACTUAL,
        re.I,
    ),
    re.compile(
        r"\b"
        + _SHOW
        + r"\s+(?:an?\s+|the\s+)?"
        + _NAME
        + r"\s+(?:of\s+)?(?P<shown>"
        + _NUMBER
        + r")"
        + _ACTUAL,
        re.I,
    ),
)
# the sentence must say which is the real one: 'actually', 'really' or 'the real value'
_REAL = re.compile(r"\b(?:real|actual|true|correct)\b", re.I)


def corrected(line: str) -> str:
    """``line`` with a figure it corrects ('acceptance show 100% when it was actually 81.6%')
    rewritten as the actual figure alone ('acceptance 81.6%', padded to the same length); any
    other line as it is."""
    if "accept" not in line.lower():
        return line  # (both patterns name the figure: 'accept...')
    m = next((m for p in _CORRECTED if (m := p.search(line)) is not None), None)
    if m is None or (m.group("mark") is None and _REAL.search(m.group(0)) is None):
        return line
    said = f"{m.group('name')} {m.group('real')}"
    return line[: m.start()] + said.ljust(m.end() - m.start()) + line[m.end() :]
