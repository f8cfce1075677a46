"""A cell printing one figure twice, pooled and per item: `0.81 aggregate (4,050/5,000), per-
prompt median 0.79` under a rate's name.

The first value is named as the run's totals' ratio by a pooling word right after it
(`aggregate`, `pooled`, `overall`, `token-weighted`, `weighted`), perhaps with the counts it
divides in brackets (accepted / drafted, which must give it at its printed precision); after a
comma or a semicolon, the second is a statistic over the run's items (`median`, `mean`,
`avg`, `average`, perhaps `per-task`, `per-request`, `per-prompt` before it), before or after its
value. Two figures of one run measured two ways, each its own record, as a transposed table's
totals row beside the per-request means is (interpret.py's `pooled`).

Never read: counts that do not give the first value, two values of different kinds (a
percentage and a share of one), a value outside a rate's range, any other word between or after.

Pure: a cell's text in, (pooled value, its counts, the statistic's value) out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
_COUNT = r"\d{1,3}(?:,\d{3})+|\d+"
_STAT = r"(?:per[- ]?(?P<item>[a-z]+)\s+)?(?P<stat>median|mean|avg|average)"
_POOLED_CELL = re.compile(
    r"^\s*(?P<v1>" + _NUM + r")\s+(?P<pool>aggregate|pooled|overall|token[- ]weighted|weighted)"
    r"(?:\s*\(\s*(?P<a>" + _COUNT + r")\s*/\s*(?P<b>" + _COUNT + r")\s*\))?\s*[,;]\s*"
    r"(?:" + _STAT + r"\s+(?P<v2>" + _NUM + r")|(?P<v3>" + _NUM + r")\s+"
    r"(?:per[- ]?(?P<item2>[a-z]+)\s+)?(?P<stat2>median|mean|avg|average))\s*$",
    re.I,
)


@dataclasses.dataclass(frozen=True)
class PooledCell:
    pooled: C.Value
    pool_word: str
    accepted: C.Value | None
    drafted: C.Value | None
    stat: C.Value  # with its statistic ('median' or 'mean')


def _rate(v: C.Value) -> float:
    return v.number / 100 if v.percent else v.number


def read(cell: str) -> PooledCell | None:
    """The cell's two figures, or None when it is no such cell (the module's rule)."""
    t = C._MARKUP.sub("", cell)
    if "," not in t and ";" not in t:
        return None
    m = _POOLED_CELL.match(t)
    if m is None:
        return None
    v1 = C.value(m.group("v1"))
    stat = (m.group("stat") or m.group("stat2")).lower()
    v2 = C.value(m.group("v2") or m.group("v3"))
    if v1 is None or v2 is None or v1.percent != v2.percent:
        return None
    if not all(0 <= _rate(v) <= 1 for v in (v1, v2)):
        return None
    v2 = dataclasses.replace(v2, statistic="median" if stat == "median" else "mean")
    a = b = None
    if m.group("a"):
        a, b = C.value(m.group("a")), C.value(m.group("b"))
        if a is None or b is None or not b.number or a.number > b.number:
            return None
        if (
            abs(a.number / b.number - _rate(v1))
            > C.half_unit(v1.decimals) / (100 if v1.percent else 1) + 1e-9
        ):
            return None  # (counts of something else)
    return PooledCell(v1, m.group("pool").lower(), a, b, v2)
