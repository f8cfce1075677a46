"""A table cell holding a run's draft statistics as llama.cpp counts them, abbreviated:
``mtp: drafts 266/302, tokens 696/906`` under a column such as ``Draft stats``.

llama.cpp's ``statistics`` line prints ``#gen drafts``, ``#acc drafts``, ``#gen tokens`` and
``#acc tokens``; a table summing up runs often writes them as two ratios, accepted over
generated DRAFTS and accepted over generated draft TOKENS, after the drafter's name. Read as
those counts, the cell gives what the statistics line gives (its keys go through the same
vocabulary, so the same rule applies): every generated draft is one verify step, and the length
is 1 + accepted tokens / generated drafts (bonus included).

The abbreviation does not say by itself which count is which, so the cell is read only where
the paste proves it:

- **shape**: ``drafts A/G`` and ``tokens a/g`` (either order, an optional ``name:`` before
  them), with A <= G, a <= g, G <= g (a draft holds one token or more) and A <= a (an accepted
  draft accepted a token or more); ``drafts A/G`` alone, or any other count, is no such cell;
- **proof on the row**: the row's printed rate equals a / g at the rate's printed precision
  (an exact rate, not ``~``): the tokens ratio is the rate per draft token;
- **a row of a proven column**: where another row of the same table proves the column's
  cells so, a row whose printed rate is a mean over repeats (``26.5% +/- 4.0%``, a spread above
  zero) and differs from a / g is read too: the cell's counts are one run's, proving that run's
  own length, and the mean is another statistic of the row. Only where a / g lies within three
  spreads of that mean (one of the repeats it averages); its rate is then not claimed (the
  identity with the printed rate fails).

Never read: a table where no row proves the cells (a rate differing from every a / g, or no
rate), a row whose rate differs from a / g without a spread (two figures of one run that
disagree), or a row without a printed rate.

Pure: cells in, counts out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from specdiag.core.logs.paste import cells as C

_RATIO = r"(?P<{0}>\d[\d,]*)\s*/\s*(?P<{1}>\d[\d,]*)"
_DRAFTS = r"drafts?\s*[:=]?\s*" + _RATIO.format("ad", "gd")
_TOKENS = r"(?:draft\s+)?tokens?\s*[:=]?\s*" + _RATIO.format("at", "gt")
_NAME = r"(?:[A-Za-z][\w.+-]{0,30}\s*:\s*)?"
_CELL = re.compile(
    rf"^{_NAME}(?:{_DRAFTS}\s*[,;]\s*{_TOKENS}|"
    + _TOKENS.replace("(?P<at>", "(?P<at2>").replace("(?P<gt>", "(?P<gt2>")
    + r"\s*[,;]\s*"
    + _DRAFTS.replace("(?P<ad>", "(?P<ad2>").replace("(?P<gd>", "(?P<gd2>")
    + r")$",
    re.I,
)
_APPROXIMATE = re.compile(r"[~≈∼]|\b(?:about|around|approx\w*|roughly|nearly)\b", re.I)

# the keys the counts are put under: llama.cpp's own names, read by the key-value vocabulary
ACCEPTED_KEY = "acc tokens"
DRAFTED_KEY = "gen tokens"
STEPS_KEY = "gen drafts"
# how many spreads of a mean over repeats one repeat's counts may lie from it
_SPREADS = 3.0


@dataclass(frozen=True)
class StatsCounts:
    """One cell's counts: accepted and generated drafts, accepted and generated draft tokens."""

    accepted_drafts: int
    drafts: int
    accepted_tokens: int
    tokens: int

    @property
    def token_rate(self) -> float:
        return self.accepted_tokens / self.tokens


def _int(t: str | None) -> int | None:
    if t is None:
        return None
    t = t.replace(",", "")
    return int(t) if t.isdigit() else None


def counts(cell: str) -> StatsCounts | None:
    """The counts of a cell ``[name:] drafts A/G, tokens a/g`` (or tokens first), or None."""
    m = _CELL.match(C._MARKUP.sub("", cell).strip().strip(".").strip())
    if m is None:
        return None
    g = m.groupdict()
    ad, gd = _int(g["ad"] or g["ad2"]), _int(g["gd"] or g["gd2"])
    at, gt = _int(g["at"] or g["at2"]), _int(g["gt"] or g["gt2"])
    if ad is None or gd is None or at is None or gt is None:
        return None
    if not (0 < gd <= gt and ad <= gd and at <= gt and ad <= at):
        return None
    if (ad == 0) != (at == 0):
        return None
    return StatsCounts(ad, gd, at, gt)


def _fraction(v: C.Value) -> float | None:
    if v.percent:
        return v.number / 100.0
    return v.number if 0.0 <= v.number <= 1.0 else None


def _proves(rate_cell: str, c: StatsCounts) -> bool:
    v = C.value(rate_cell)
    if v is None or v.max is not None or _APPROXIMATE.search(rate_cell):
        return False
    fr = _fraction(v)
    tol = C.half_unit(v.decimals) / (100.0 if v.percent else 1.0)
    return fr is not None and abs(fr - c.token_rate) <= tol


def _mean_of_repeats(rate_cell: str, c: StatsCounts) -> bool:
    v = C.value(rate_cell)
    if v is None or v.spread is None or v.spread <= 0 or _APPROXIMATE.search(rate_cell):
        return False
    fr = _fraction(v)
    spread = v.spread / 100.0 if v.percent else v.spread
    return fr is not None and abs(fr - c.token_rate) <= _SPREADS * spread + 1e-9


MEAN_NOTE = (
    "the printed rate is a mean over repeats (+/- its spread); the draft statistics cell's "
    "counts are one run's, whose length they give (1 + accepted tokens / generated drafts)"
)


def admitted(rows: list[tuple[str, StatsCounts | None]]) -> list[tuple[bool, bool]]:
    """For each row of one table (its printed rate cell, its stats cell's counts), whether the
    counts are read and whether the row's own rate proves them: read where proven so, or where
    the rate is a mean over repeats in a column that another row proves."""
    proven = [c is not None and bool(rate) and _proves(rate, c) for rate, c in rows]
    if not any(proven):
        return [(False, False)] * len(rows)
    return [
        (p or (c is not None and bool(rate) and _mean_of_repeats(rate, c)), p)
        for p, (rate, c) in zip(proven, rows, strict=True)
    ]
