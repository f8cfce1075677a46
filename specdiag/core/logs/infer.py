"""Infer what a log line does not say: SGLang's accept-rate formula and num_draft_tokens.

SGLang prints ``accept len`` (bonus included) and ``accept rate`` with 2 decimals, but the rate's
formula changed between versions (engines.md section 1.2):

* >= 0.5.11: rate = (accept_len - 1) / (num_draft_tokens - 1)  (accepted drafts / proposed drafts)
* 0.5.10:    rate = accept_len / num_draft_tokens               (bonus-inclusive)
* 0.5.5:     rate = accept_len / (num_steps + 1)                (same numbers as 0.5.10 for a chain)

For one (length, rate) pair, :func:`sglang_candidates` lists every (formula, num_draft_tokens)
that reproduces both printed numbers after rounding. :class:`SGLangRateInference` tallies those
sets over many lines (bounded memory: one counter per distinct set) and picks the pair consistent
with the most lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

NEW = "0.5.11"  # drafts-only rate
OLD = "0.5.10"  # bonus-inclusive rate (also 0.5.5 for chains)
MAX_NDT = 64  # largest num_draft_tokens considered
REFRESH = 512  # best() is recomputed after this many tallies of sets already counted
_EPS = 1e-9


def _half_ulp(text: str) -> float:
    """Half the last printed digit: '3.21' -> 0.005."""
    _, dot, frac = text.partition(".")
    return 0.5 * 10.0 ** (-len(frac)) if dot else 0.5


@lru_cache(maxsize=65536)
def sglang_candidates(length_text: str, rate_text: str) -> frozenset[tuple[str, int]]:
    """Every (formula, num_draft_tokens) consistent with one printed (accept len, accept rate)."""
    try:
        length = float(length_text)
        rate = float(rate_text)
    except ValueError:
        return frozenset()
    hl, hr = _half_ulp(length_text), _half_ulp(rate_text)
    l_lo, l_hi = max(length - hl, 1.0), length + hl
    r_lo, r_hi = rate - hr - _EPS, rate + hr + _EPS
    if l_hi < 1.0:
        return frozenset()
    out: set[tuple[str, int]] = set()
    for n in range(2, MAX_NDT + 1):
        if l_lo > n + _EPS:  # accept len can never exceed num_draft_tokens
            continue
        lo, hi = (l_lo - 1.0) / (n - 1), (l_hi - 1.0) / (n - 1)
        if hi >= r_lo and lo <= r_hi:
            out.add((NEW, n))
        lo, hi = l_lo / n, l_hi / n
        if hi >= r_lo and lo <= r_hi:
            out.add((OLD, n))
    return frozenset(out)


@lru_cache(maxsize=65536)
def sglang_line_analysis(
    length_text: str, rate_text: str
) -> tuple[frozenset[tuple[str, int]], str | None, dict[str, tuple[int, ...]]]:
    """(candidates, the one formula that fits or None, ndts that fit per formula), cached."""
    cands = sglang_candidates(length_text, rate_text)
    per: dict[str, list[int]] = {}
    for f, n in cands:
        per.setdefault(f, []).append(n)
    only = next(iter(per)) if len(per) == 1 else None
    return cands, only, {f: tuple(sorted(ns)) for f, ns in per.items()}


@dataclass(frozen=True)
class RateInference:
    """The formula and num_draft_tokens that explain the most lines."""

    formula: str | None  # NEW | OLD | None when no line fits either
    num_draft_tokens: int | None  # None when several fit equally well
    consistent: int  # lines consistent with the chosen formula (and ndt when known)
    total: int  # lines with both numbers
    formula_ambiguous: bool  # both formulas explain every line
    notes: tuple[str, ...]


class SGLangRateInference:
    """Tally of candidate sets over lines; memory bounded by the number of distinct sets."""

    def __init__(self, forced_formula: str | None = None) -> None:
        self.forced_formula = forced_formula
        self.counts: dict[frozenset[tuple[str, int]], int] = {}
        self.total = 0
        # lines that fit each formula, and each (formula, num_draft_tokens), kept as they come
        self._formula_support = {NEW: 0, OLD: 0}
        self._pair_support: dict[str, dict[int, int]] = {NEW: {}, OLD: {}}
        self._best: RateInference | None = None
        self._dirty = 0

    def add(self, cands: frozenset[tuple[str, int]], n: int = 1) -> None:
        self.total += n
        before = len(self.counts)
        self.counts[cands] = self.counts.get(cands, 0) + n
        for f in {c[0] for c in cands}:
            self._formula_support[f] += n
        for f, ndt in cands:
            by_ndt = self._pair_support[f]
            by_ndt[ndt] = by_ndt.get(ndt, 0) + n
        if len(self.counts) != before or self._best is None:
            self._best = None
        else:
            self._dirty += n
            if self._dirty >= REFRESH:
                self._best = None

    def refresh_in(self) -> int:
        """Tallies of sets already counted after which :meth:`best` recomputes (0: it does at
        its next call); a set not counted yet makes it recompute at once."""
        return 0 if self._best is None else REFRESH - self._dirty

    def merge(self, other: SGLangRateInference) -> None:
        for cands, n in other.counts.items():
            self.add(cands, n)

    def best(self) -> RateInference:
        if self._best is None:
            self._best = self._compute()
            self._dirty = 0
        return self._best

    def _compute(self) -> RateInference:
        formula_support = self._formula_support
        notes: list[str] = []
        if self.forced_formula is not None:
            formula: str | None = self.forced_formula
            ambiguous = False
        elif formula_support[NEW] == 0 and formula_support[OLD] == 0:
            formula, ambiguous = None, False
        elif formula_support[NEW] == formula_support[OLD]:
            formula, ambiguous = NEW, True
            notes.append(
                "both SGLang accept-rate formulas fit every line; assumed >= 0.5.11 "
                "(accepted drafts / (num_draft_tokens - 1)); pass --engine-version to be sure"
            )
        else:
            formula = NEW if formula_support[NEW] > formula_support[OLD] else OLD
            ambiguous = False
        if formula is None:
            return RateInference(
                None, None, 0, self.total, False, ("accept rate fits no known SGLang formula",)
            )
        pairs = self._pair_support[formula]
        ndt: int | None = None
        consistent = formula_support[formula]
        if pairs:
            top = max(pairs.values())
            best_n = sorted(n for n, s in pairs.items() if s == top)
            if len(best_n) == 1:
                ndt = best_n[0]
                consistent = top
            else:
                notes.append(
                    "num_draft_tokens not determined: "
                    + ", ".join(str(n) for n in best_n[:8])
                    + (" ..." if len(best_n) > 8 else "")
                    + " fit equally well"
                )
        return RateInference(formula, ndt, consistent, self.total, ambiguous, tuple(notes))


def normalised_sglang_rate(
    length: float, raw_rate: float, formula: str | None, ndt: int | None
) -> float | None:
    """Accepted drafts / proposed drafts from an SGLang line, whatever the version's formula."""
    if formula == NEW:
        return raw_rate
    if formula == OLD and ndt is not None and ndt > 1:
        return max(0.0, (length - 1.0) / (ndt - 1))
    return None
