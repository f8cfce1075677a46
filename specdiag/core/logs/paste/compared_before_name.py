"""Two runs' values compared before the one figure's name they share: `61% vs 23.5% draft
acceptance`, `3.1 vs 2.4 mean accept length`. Both values are the named figure's (one a run),
so the phrase is written name first (`draft acceptance 61% vs 23.5%`), the order the prose reader
reads a compared pair in: two records, not the second value alone.

Only two plain numbers of one kind (both with `%` or neither), joined by `vs`, `vs.` or
`versus`, right before an acceptance figure's name (`acceptance`, perhaps after `draft` or
`draft-token`, perhaps `rate`; `accept length`, `acceptance length`, perhaps after `mean`); a
value with another unit (`2.1x vs 16% acceptance`), a third value, or another word between the
second value and the name stays as written.

Gated by `vs` / `versus` in the paste; one substitution a line.
"""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?"
_PAIR = re.compile(
    rf"(?<![\w.%/-])(?P<a>{_NUM})(?P<pa>%?)\s+(?:vs\.?|versus)\s+(?P<b>{_NUM})(?P<pb>%?)\s+"
    r"(?P<name>(?:(?:mean|average|avg)\s+)?(?:draft(?:-token)?\s+)?(?:acceptance(?:\s+rate)?|"
    r"accept(?:ance)?\s+length))\b(?!\s*(?:vs\b|versus\b|\d))",
    re.I,
)


def _front(m: re.Match[str]) -> str:
    if m["pa"] != m["pb"]:
        return m.group(0)
    return f"{m['name']} {m['a']}{m['pa']} vs {m['b']}{m['pb']}"


def fronted(raw: list[str], text: str) -> list[str]:
    """``raw`` with every compared pair before its name written name first."""
    if "vs" not in text and "versus" not in text:
        return raw
    if _PAIR.search(text) is None:
        return raw
    return [_PAIR.sub(_front, ln) if ("vs" in ln or "versus" in ln) else ln for ln in raw]
