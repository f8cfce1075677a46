"""A bare `accept` column filled only on the rows that drafted, and an MTP row's bare `K`.

A column headed `accept` alone over fractions may be an accuracy (interpret.py reads it as the
acceptance rate only where the lines about the table call the figure acceptance). A table whose
`K` column (the draft tokens a step) is a placeholder (`-`, `—`, `n/a`) on some rows tells
more: where the `accept` column is a placeholder on exactly those rows (the runs without
drafts) and a share on every row of a whole K, the figure exists only where something was
drafted, which no accuracy does: it is the drafts' acceptance rate. A row that measured nothing
(its `accept` cell empty or a placeholder, `pending`) says nothing either way.

A bare `K` is perhaps a draft maximum (llama.cpp's), so never the k of 1 + k x rate by itself;
on a row whose label names MTP (and no run without it: `no MTP`, `w/o MTP`), K from 1 to a
fixed chain's most (evidence.FIXED_K_MOST), it is MTP's depth: an MTP head drafts its whole
chain every step, as a label `MTP 2` says (interpret._mtp_depths).

Never read: no row without drafts beside the drafting ones, a share on a row whose K is a
placeholder, a row of a whole K whose cell is no share, percentages beside fractions.

Pure: one pass over the table's rows, gated by the header's names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C

# a cell holding no value (the run without drafts, a figure not measured)
_PLACEHOLDER = re.compile(r"^(?:-|—|–|n/?a|N/?A|)$")
_WHOLE_K = re.compile(r"^\d{1,2}$")
_SHARE = re.compile(r"^0?\.\d{1,6}$|^1(?:\.0{1,6})?$")
_BARE_K = re.compile(r"^k$", re.I)
# a label naming MTP's run, not one without it
_MTP = re.compile(r"(?<![\w-])MTP(?![\w-])", re.I)
_NO_MTP = re.compile(r"(?<![\w-])(?:no|w/o|without|sans)\s+MTP\b", re.I)


def _plain(cell: str) -> str:
    return C._MARKUP.sub("", cell).strip()


def k_column(names: Sequence[str]) -> int | None:
    """The one column headed by the bare symbol `K`, None when none or several."""
    found = [i for i, n in enumerate(names) if _BARE_K.match(_plain(n))]
    return found[0] if len(found) == 1 else None


def accept_drafted_only(rows: Sequence[Sequence[str]], names: Sequence[str], col: int) -> bool:
    """Whether column ``col`` (a bare `accept`) holds a share on every row of a whole K and a
    placeholder on every row whose K is a placeholder, one such row at least of each."""
    kc = k_column(names)
    if kc is None or kc == col:
        return False
    drafted = undrafted = 0
    for cells in rows:
        if max(kc, col) >= len(cells):
            continue
        k, v = _plain(cells[kc]), _plain(cells[col])
        if _WHOLE_K.match(k) and int(k) >= 1:
            if not _SHARE.match(v):
                return False
            drafted += 1
        elif _PLACEHOLDER.match(k) and k:
            if not _PLACEHOLDER.match(v):
                return False
            undrafted += 1
    return drafted >= 1 and undrafted >= 1


def mtp_depth(labels: Sequence[tuple[str, str]], most: int) -> int | None:
    """The k of a row's bare `K` cell where another label names MTP (not a run without it),
    K from 1 to ``most``; None otherwise."""
    ks = [_plain(v) for n, v in labels if _BARE_K.match(_plain(n))]
    if len(ks) != 1 or not _WHOLE_K.match(ks[0]) or not 1 <= int(ks[0]) <= most:
        return None
    words = " ".join(_plain(v) for n, v in labels if not _BARE_K.match(_plain(n)))
    if _MTP.search(words) is None or _NO_MTP.search(words) is not None:
        return None
    return int(ks[0])
