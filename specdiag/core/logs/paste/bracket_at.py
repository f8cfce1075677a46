"""A rate's name, perhaps plural and perhaps qualified (`for short prompts`), then a bracket
holding one rate and the one setting it was measured at: `acceptance rates for the small build
(71.5% at k=2)`. The bracket pins one value to one setting, so the plural names one figure:
the sentence is written `acceptance rate of 71.5% for the small build at k=2` and read as such
(the setting a label of the record, as after any `at`).

Only a rate's name (`acceptance rate`, `accept rate`, a word such as `draft` or `token` before
it); the bracket's value a percentage or a fraction, alone, then `at` and one setting
(`name=N` or `depth N`). A bracket of two values (`(71% and 64% at k=2)`), a range, a signed
change (`+5%`), a value of another kind (`3.1x`, `12 ms`), no setting, or words between the
name and the bracket other than one qualifier after `for`, `on`, `in` or `with` stay as
written.

Gated by the paste holding `rate`, `(` and ` at `; one pass over each line that holds a bracket.
"""

from __future__ import annotations

import re

_NAME = r"\b(?P<name>(?:(?:draft|token|mean|average|overall)\s+)?accept(?:ance)?\s+rate)s?"
# (a word may open with a count joined by a hyphen: '1-token drafts')
_WORD = r"(?:\d{1,3}-)?[A-Za-z][\w-]*"
_QUALIFIER = r"(?P<q>\s+(?:for|on|in|with)\s+(?:" + _WORD + r"\s+){0,3}?" + _WORD + r")?"
_VALUE = r"(?P<v>\d{1,3}(?:\.\d+)?\s?%|0?\.\d+|0|1(?:\.0+)?)"
_SET = r"(?P<s>[A-Za-z][\w-]{0,20}\s?=\s?\d{1,3}|depth\s+\d{1,3})"
_BRACKET_AT = re.compile(
    _NAME + _QUALIFIER + r"\s*\(\s*" + _VALUE + r"\s+at\s+" + _SET + r"\s*\)",
    re.I,
)


def _written(m: re.Match[str]) -> str:
    return f"{m.group('name')} of {m.group('v')}{m.group('q') or ''} at {m.group('s')}"


def rewritten(raw: list[str], text: str) -> list[str]:
    """``raw`` (the paste's lines) with each rate's bracket of one value at one setting
    (``_BRACKET_AT``) written as the rate's value at that setting; ``raw`` itself where the
    paste holds none."""
    if "(" not in text or " at " not in text or "rate" not in text.lower():
        return raw
    return [_BRACKET_AT.sub(_written, ln) if "(" in ln else ln for ln in raw]
