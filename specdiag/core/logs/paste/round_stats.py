"""A table cell holding a run's speculative statistics per round, in words:
``1.85 accepted/round, 46.3% of drafted, avg draft 4.00 over 212 rounds`` under a column such
as ``Spec stats`` that names no figure.

Such a cell gives three figures of one run: a mean accepted per draft-verify round (``A
accepted/round``, ``accepted per step``), the share of drafted tokens accepted (``R% of
drafted``) and the mean drafted per round (``avg draft D``); a count of rounds may follow (``over
N rounds``, not read). ``A accepted/round`` alone does not say whether the target's own token
is counted (docs/logs.md: a length left undecided). The cell proves it where A / D = R within
the printed rounding of the three values, and (A - 1) / D = R does not hold: the accepted
figure then counts accepted DRAFTS only (drafted tokens are drafts), so the run's length is
1 + A (bonus included) and R its rate per draft token.

The cell is split into two columns of the table, ``accepted drafts per step`` and ``acceptance
rate`` (one record per row, read as any such columns are); a row whose cell is a placeholder
(``n/a``, ``-``: a run without drafts) or words without the three figures gets empty cells
there (no record from them). Only where every such cell of the column proves the identity:
one cell that fails it (or a rate without ``%``) leaves the column as it was (unread).

Pure: a cell's text in, its figures out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specdiag.core.logs.paste import cells as C

_NUM = r"(?P<{0}>\d{{1,3}}(?:\.\d+)?)"
_PER = r"(?:/\s*|\s+per\s+)(?:round|step|cycle|iteration|verify(?:\s+step)?|verification)s?"
_ACCEPTED = re.compile(
    rf"^(?:(?:avg|mean|average)\s+)?{_NUM.format('a')}\s*(?:tokens?\s+)?accepted"
    rf"(?:\s+(?:drafts?|draft\s+tokens?|tokens?))?\s*{_PER}$",
    re.I,
)
_RATE = re.compile(
    rf"^{_NUM.format('r')}\s*%\s*(?:of\s+(?:the\s+)?)"
    r"(?:drafted|drafts|draft\s+tokens|drafted\s+tokens|proposed(?:\s+tokens)?)"
    r"(?:\s+accepted)?$",
    re.I,
)
_DRAFT = re.compile(
    r"^(?:avg|mean|average)\s+(?:draft(?:ed)?|drafts)(?:\s+(?:len(?:gth)?|size|tokens?))?"
    rf"\s*[:=]?\s*{_NUM.format('d')}(?:\s*(?:tokens?)?\s*{_PER})?"
    r"(?:\s+(?:over|across|in)\s+\d[\d,]*\s+(?:rounds|steps|cycles|iterations))?$",
    re.I,
)
_ROUNDS = re.compile(r"^(?:over|across|in)?\s*\d[\d,]*\s+(?:rounds|steps|cycles|iterations)$", re.I)
_PLACEHOLDER = re.compile(r"^\s*(?:-{1,4}|—|–|n/?a|none|)\s*$", re.I)

# the names the cell's two figures take as columns of the table (the vocabulary of cells.py)
ACCEPTED_NAME = "accepted drafts per step"
RATE_NAME = "acceptance rate"


@dataclass(frozen=True)
class RoundStats:
    """One cell's figures: accepted per round, the rate per drafted token (as printed, a
    percentage), drafted per round; each as its printed text."""

    accepted: str
    rate: str
    drafted: str


def _decimals(t: str) -> int:
    return len(t.split(".", 1)[1]) if "." in t else 0


def stats(cell: str) -> RoundStats | None:
    """The three figures of a cell ``A accepted/round, R% of drafted, avg draft D``, in any
    order, separated by ``,`` or ``;`` (a count of rounds after them allowed), or None."""
    text = C._MARKUP.sub("", cell).strip().rstrip(".").strip()
    got: dict[str, str] = {}
    for part in re.split(r"\s*[,;]\s*", text):
        for name, pat in (("a", _ACCEPTED), ("r", _RATE), ("d", _DRAFT)):
            m = pat.match(part)
            if m is not None:
                if name in got:
                    return None  # a figure twice: two runs or another layout
                got[name] = m.group(name)
                break
        else:
            if not _ROUNDS.match(part):
                return None  # words the cell's three figures do not account for
    if set(got) != {"a", "r", "d"}:
        return None
    return RoundStats(got["a"], got["r"], got["d"])


def _holds(acc: float, drafted: float, s: RoundStats) -> bool:
    """Whether acc / drafted equals the printed rate within the printed rounding of the three."""
    d = float(s.drafted)
    if d <= 0:
        return False
    rate = float(s.rate) / 100.0
    h_rate = C.half_unit(_decimals(s.rate)) / 100.0
    h_acc = C.half_unit(_decimals(s.accepted))
    h_d = C.half_unit(_decimals(s.drafted))
    tol = h_rate + h_acc / d + acc * h_d / (d * d) + 1e-9
    return abs(acc / d - rate) <= tol


def proven(s: RoundStats) -> bool:
    """Whether the cell proves that its accepted figure counts drafts only: A / D = R, and not
    (A - 1) / D = R (the figure with the target's token taken out would fit as well)."""
    a, d = float(s.accepted), float(s.drafted)
    if not 0 < a <= d <= 64:
        return False
    return _holds(a, d, s) and not _holds(a - 1.0, d, s)


def column(cells: list[str]) -> list[RoundStats | None] | None:
    """Each cell's figures where a column of cells is such statistics: every cell either a
    placeholder or a cell of the three figures proving the identity, one of them at least;
    else None (the column left as it is)."""
    out: list[RoundStats | None] = []
    for c in cells:
        if _PLACEHOLDER.match(C._MARKUP.sub("", c)):
            out.append(None)
            continue
        s = stats(c)
        if s is None or not proven(s):
            return None
        out.append(s)
    return out if any(s is not None for s in out) else None
