"""A run named by its figure (`the 71.3% acceptance run`, `that 2.4 acceptance length setup`,
`your 64% accept rate result`): a determiner, a value, the figure's name and a noun for a run
(`run`, `result`, `setup`, `config`, `checkpoint`, `number`, `figure`, `case`, `one`) point back
at a run already told. Where a record read earlier in the paste prints that very value, the
sentence's one-figure record is a mention of it, no second run. A value no earlier record
prints, a figure with no such noun after its name (`the 71.3% acceptance was`), or a record
of more than one figure is read as before.

Pure: a block's records, its lines and the earlier records' figures in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.model import PasteRecord

_BY_FIGURE = re.compile(
    r"\b(?:the|that|this|your|their|our)\s+[~≈]?(?P<v>\d+(?:\.\d+)?)(?P<pct>\s*%)?[ \t-]+"
    r"(?:(?:draft|mean|avg|average)[ \t-]+)?"
    r"(?:accept(?:ance|ed)?(?:[ \t_-]+(?:rate|length|len))?|AL|tau|τ)[ \t-]+"
    r"(?:run|result|setup|config(?:uration)?|checkpoint|number|figure|case|one)s?\b",
    re.I,
)
HINTS = (
    " run",
    " result",
    " setup",
    " config",
    " checkpoint",
    " number",
    " figure",
    " case",
    " one",
)


def hinted(body: str) -> bool:
    """Whether a block may name a run by its figure (a cheap test, then the pattern once)."""
    low = body.lower()
    return any(h in low for h in HINTS) and _BY_FIGURE.search(body) is not None


def _named(r: PasteRecord, lines: list[tuple[int, str]]) -> bool:
    for ln, t in lines:
        if not r.first_line <= ln <= r.last_line:
            continue
        for m in _BY_FIGURE.finditer(t):
            v = float(m.group("v"))
            if (
                m.group("pct")
                and r.printed_rate is not None
                and abs(v / 100 - r.printed_rate) < 1e-9
            ):
                return True
            if not m.group("pct") and r.printed_length is not None and v == r.printed_length:
                return True
    return False


def mentions_dropped(
    kv: list[PasteRecord],
    lines: list[tuple[int, str]],
    earlier: set[tuple[float | None, float | None]],
) -> list[PasteRecord]:
    """``kv`` without the one-figure records that name an earlier run by its figure."""
    rates = {pr for _, pr in earlier if pr is not None}
    lengths = {pl for pl, _ in earlier if pl is not None}
    out = []
    for r in kv:
        one = len(r.fields) == 1 and r.accepted_tokens is None and r.steps is None
        known = (
            (r.printed_rate in rates) if r.printed_length is None else (r.printed_length in lengths)
        )
        if one and known and _named(r, lines):
            continue
        out.append(r)
    return out
