"""Two runs' rates compared before the rate's name they share: `61% vs 23.5% draft
acceptance`. Both percentages are the named rate's (one a run), so the phrase is written name
first (`draft acceptance 61% vs 23.5%`), the order the prose reader reads a compared pair in:
two records, not the second value alone. (Decimals before a length's name, `2.91 vs 2.85 mean
acceptance`, are `split_rates.versus_first`'s.)

Only two percentages joined by `vs`, `vs.` or `versus`, right before an acceptance rate's name
(`acceptance`, perhaps after `draft` or `draft-token`, perhaps `rate`); a value with another
unit (`2.1x vs 16% acceptance`), a range or a change (`20-44% vs 16%`, `+44% vs +16%`, `by 44%
vs 16%`), a third value, or another word between the second value and the name stays as
written.

Gated by `vs` / `versus` in the paste; one substitution a line.
"""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?"
_PAIR = re.compile(
    rf"(?<![\w.%/+\u2013\u2014-])(?<!\bby\s)(?P<a>{_NUM})%\s+(?:vs\.?|versus)\s+(?P<b>{_NUM})%\s+"
    r"(?P<name>(?:draft(?:-token)?\s+)?acceptance(?:\s+rate)?)\b"
    r"(?![\w-]|\s*(?:vs\b|versus\b|\d))",
    re.I,
)


def _front(m: re.Match[str]) -> str:
    return f"{m['name']} {m['a']}% vs {m['b']}%"


def fronted(raw: list[str], text: str) -> list[str]:
    """``raw`` with every compared pair before its name written name first."""
    if "vs" not in text and "versus" not in text:
        return raw
    if _PAIR.search(text) is None:
        return raw
    return [_PAIR.sub(_front, ln) if ("vs" in ln or "versus" in ln) else ln for ln in raw]
