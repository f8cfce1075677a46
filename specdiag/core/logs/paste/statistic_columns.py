"""Columns of one acceptance figure that differ only by a statistic or a pooling qualifier:
``| task | AL (mean) | AL (median) |``, ``| run | accept len pooled | accept len per request |``,
``| set | p50 AL | avg AL |``: two statistics of each row's one run, never two runs.

A row of a table of runs is one run; a figure printed twice in it, once as the mean over its
requests and once as their median (or once pooled over the run's totals and once as the mean
per request), is that run's figure summarised two ways. One record per row, as a metric's
statistics on one line are one figure (``AL: mean=2.73, p50=2.75``: the mean, else the median):

- the columns name the same acceptance figure (the same words once the qualifier is taken off,
  a name ``cells.key`` reads as an acceptance figure; the whole header read as that same figure
  or as none: ``AL median`` gives no record of its own), each with a qualifier in brackets after it (``(mean)``, ``[p50]``, ``(pooled
  ratio)``, ``(per-request mean)``) or as a word before or after it (``mean AL``, ``AL
  median``);
- the qualifier is made of statistic and pooling words alone (``mean``, ``avg``, ``median``,
  ``p50``, ``p90``, ``min``, ``max``, ``std``, ``pooled``, ``aggregate``, ``weighted``, ``ratio``,
  ``per request``, ...), and at least one column's is a centre (a mean, a median, a pooled
  value): a column of ``min`` or ``max`` alone is no run's figure;
- the column kept is the mean (or the pooled value, or a mean per request) where one is named,
  else the median; between two of the same rank, the first; it must read as the figure (else
  all are left as before). The others give no record.

Kept as before: columns of the same figure qualified by a configuration or a workload (``AL
(k=3)`` / ``AL (k=5)``, ``AL (chat)`` / ``AL (code)``, a drafter's name), columns of different
figures (``AL (mean)`` / ``accept rate (mean)``), a figure's column without a qualifier, and
statistics of which none is a centre, and a figure also printed in a column with no
qualifier (which statistic that one is, nothing says).

Pure: the header's column names in, the indexes of the columns giving no record out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C

# the words a qualifier may be made of, and the rank of the centres among them (lower is kept)
_MEANS = frozenset(("mean", "avg", "average", "pooled", "aggregate", "aggregated", "weighted"))
_MEDIANS = frozenset(("median", "p50"))
_SPREADS = frozenset(("p90", "p95", "p99", "min", "max", "std", "stddev", "sd"))
_FILLERS = frozenset(("ratio", "token", "tokens", "of", "totals", "arithmetic"))
_ITEMS = r"(?:request|req|prompt|sample|sequence|seq|query|item|example)s?"
_PER_ITEM = re.compile(r"\bper[\s_-]*" + _ITEMS + r"\b", re.I)
_WORD = (
    r"(?:mean|avg|average|median|p50|p90|p95|p99|min|max|std|stddev|pooled|aggregated?|weighted)"
)
_BRACKETED = re.compile(r"^(?P<fig>.*?\S)\s*[(\[](?P<q>[^()\[\]]+)[)\]]$")
_LEADING = re.compile(r"^(?P<q>" + _WORD + r")[\s_.:-]+(?P<fig>\S.*)$", re.I)
_TRAILING = re.compile(r"^(?P<fig>.*?\S)[\s_,:-]+(?P<q>" + _WORD + r")$", re.I)


def _rank(qualifier: str) -> int | None:
    """The qualifier's rank (0 a mean or a pooled value, 1 a median, 2 a spread or a
    percentile), or None where it holds a word of another kind (a setting, a workload)."""
    q = _PER_ITEM.sub(" per-item ", qualifier.lower())
    words = [w for w in re.split(r"[\s_/,-]+", q) if w]
    per_item = "per" in words
    words = [w for w in words if w not in ("per", "item")]
    if any(w not in _MEANS | _MEDIANS | _SPREADS | _FILLERS for w in words):
        return None
    if any(w in _MEANS for w in words):
        return 0
    if any(w in _MEDIANS for w in words):
        return 1
    if any(w in _SPREADS for w in words):
        return 2
    # a mean over the run's items named by its items alone ('per request')
    return 0 if per_item else None


def _split(name: str) -> tuple[str, int, bool] | None:
    """The figure's words, its qualifier's rank and whether the whole header reads as that
    figure, where ``name`` is a figure qualified by a statistic (``_BRACKETED``, ``_LEADING`` or
    ``_TRAILING``); else None."""
    t = C._MARKUP.sub("", name).strip()
    for pat in (_BRACKETED, _LEADING, _TRAILING):
        m = pat.match(t)
        if m is None:
            continue
        rank = _rank(m.group("q"))
        fig = m.group("fig").strip(" :-_,")
        if rank is None or not fig:
            continue
        k = C.key(fig)
        whole = C.key(t).metric
        if k.metric not in C.ACCEPTANCE or whole not in (None, k.metric):
            continue
        return " ".join(fig.lower().split()), rank, whole is not None
    return None


def dropped(names: Sequence[str]) -> set[int]:
    """The indexes of the columns (after the first, the row's label) that print a statistic of
    a figure another column prints a better centre of (the module's rule): no record."""
    groups: dict[str, list[tuple[int, int, bool]]] = {}
    # the figures some column prints with no qualifier: which statistic it is, nothing says
    bare: set[str] = set()
    for j, name in enumerate(names):
        if j == 0:
            continue
        if (s := _split(name)) is not None:
            groups.setdefault(s[0], []).append((j, s[1], s[2]))
        elif C.key(t := C._MARKUP.sub("", name).strip()).metric in C.ACCEPTANCE:
            bare.add(" ".join(t.lower().split()))
    out: set[int] = set()
    for fig, members in groups.items():
        if len(members) < 2 or fig in bare:
            continue
        keep = min(members, key=lambda m: (m[1], m[0]))
        if keep[1] > 1 or not keep[2]:
            continue  # no centre among them, or one no reader takes: left as before
        out |= {j for j, _, _ in members if j != keep[0]}
    return out
