"""Infer what a log line does not say: SGLang's accept-rate formula and num_draft_tokens.

SGLang prints ``accept len`` (bonus included) and ``accept rate`` with 2 decimals, but the rate's
formula changed between versions (engines.md section 1.2):

* >= 0.5.11: rate = (accept_len - 1) / (num_draft_tokens - 1)  (accepted drafts / proposed drafts)
* 0.5.10:    rate = accept_len / num_draft_tokens               (bonus-inclusive)
* 0.5.5:     rate = accept_len / (num_steps + 1)                (same numbers as 0.5.10 for a chain)

Each line's candidates (every formula and num_draft_tokens that reproduce both printed numbers)
are tallied per rank; the pair consistent with the most lines decides the lines that do not
decide themselves (docs/logs.md describes the rule).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

NEW = "0.5.11"  # drafts-only rate
OLD = "0.5.10"  # bonus-inclusive rate (also 0.5.5 for chains)
MAX_NDT = 64  # largest num_draft_tokens considered
REFRESH = 512  # best() is recomputed after this many tallies of sets already counted
PAIRS_KEPT = 65536  # text pairs coded per source before the table is started afresh
NOTE_NOFIT, NOTE_AMBIG = 1, 2  # a line's note: no formula fits it; its formula is the best guess
_FORMULAS = (None, NEW, OLD)  # a best pair's formula as a number (SGLangRates.decide)
_EPS = 1e-9


def _half_ulp(text: str) -> float:
    """Half the last printed digit: '3.21' -> 0.005."""
    _, dot, frac = text.partition(".")
    return 0.5 * 10.0 ** (-len(frac)) if dot else 0.5


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
def _analysis(length_text: str, rate_text: str) -> Analysis:
    """(candidates, the num_draft_tokens that fit per formula), cached across sources."""
    cands = sglang_candidates(length_text, rate_text)
    return cands, {f: tuple(sorted(n for g, n in cands if g == f)) for f in {g for g, _ in cands}}


Analysis = tuple[frozenset[tuple[str, int]], dict[str, tuple[int, ...]]]


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
        self.counts: dict[frozenset[tuple[str, int]], int] = {}  # lines per candidate set
        # lines that fit each formula, and each (formula, num_draft_tokens), brought up to date
        # when the best pair is computed from the tallies since (``_since``: per set)
        self._formula_support = {NEW: 0, OLD: 0}
        self._pair_support: dict[str, Counter[int]] = {NEW: Counter(), OLD: Counter()}
        self._since: dict[frozenset[tuple[str, int]], int] = {}
        self._best: RateInference | None = None
        self._dirty = 0

    def add(self, cands: frozenset[tuple[str, int]], n: int = 1) -> None:
        counts = self.counts
        had = counts.get(cands)
        counts[cands] = n if had is None else had + n
        self._since[cands] = self._since.get(cands, 0) + n
        self._dirty += n  # (counted from the last best(), which sets it to 0)
        if had is None or self._dirty >= REFRESH:
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
        for cands, n in self._since.items():
            for f in {c[0] for c in cands}:
                formula_support[f] += n
            for f, k in cands:
                self._pair_support[f][k] += n
        self._since.clear()
        notes: list[str] = []
        total = sum(self.counts.values())
        new, old = formula_support[NEW], formula_support[OLD]
        ambiguous = self.forced_formula is None and new == old > 0
        formula = self.forced_formula or (None if new == old == 0 else NEW if new >= old else OLD)
        if ambiguous:
            notes.append(
                "both SGLang accept-rate formulas fit every line; assumed >= 0.5.11 "
                "(accepted drafts / (num_draft_tokens - 1)); pass --engine-version to be sure"
            )
        if formula is None:
            return RateInference(
                None, None, 0, total, False, ("accept rate fits no known SGLang formula",)
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
        return RateInference(formula, ndt, consistent, total, ambiguous, tuple(notes))


def normalised_sglang_rate(
    length: float, raw_rate: float, formula: str | None, ndt: int | None
) -> float | None:
    """Accepted drafts / proposed drafts from an SGLang line, whatever the version's formula."""
    if formula == NEW:
        return raw_rate
    if formula == OLD and ndt is not None and ndt > 1:
        return max(0.0, (length - 1.0) / (ndt - 1))
    return None


# a line's (formula, num_draft_tokens, note): note 0, NOTE_NOFIT or NOTE_AMBIG
Outcome = tuple[str | None, int | None, int]
Pair = tuple[str, str, bool]  # accept len and accept rate as printed, 0.5.5's trailing comma


class SGLangRates:
    """The accept-rate rule of one source's SGLang lines (docs/logs.md). A line is a text pair
    coded by :meth:`codes` (its accept len and accept rate as printed, and whether 0.5.5's
    trailing comma names its formula); :attr:`outcomes` holds what :meth:`decide` returns codes
    into. ``used``: per rank, the best pairs that decided lines (``(formula, None)`` for the new
    formula, which needs no num_draft_tokens); parallel.py checks them when it joins ranges."""

    def __init__(self, forced: str | None) -> None:
        self.forced = forced  # the formula --engine-version names
        self.inference: dict[str, SGLangRateInference] = {}
        self.outcomes: list[Outcome] = []
        self._outcome_code: dict[Outcome, int] = {}
        self.used: dict[str, set[tuple[str | None, int | None]]] = {}
        self._forget()

    def _forget(self) -> None:
        """The text pairs met, coded as they first come: per code its candidates and the
        num_draft_tokens that fit per formula, the candidate set it tallies (one object per
        distinct set: many pairs share one), the formula it is held to, and its outcome when the
        line alone decides it (else -1); outcomes given a best pair, cached by (code, formula,
        num_draft_tokens)."""
        self._code: dict[Pair, int] = {}
        self._analysis: list[Analysis] = []
        self._sets: list[frozenset[tuple[str, int]]] = []
        self._one_set: dict[frozenset[tuple[str, int]], frozenset[tuple[str, int]]] = {}
        self._held: list[str | None] = []
        self._static: list[int] = []
        self._with_best: dict[int, int] = {}  # key: code, formula and num_draft_tokens in one

    def codes(self, pairs: Sequence[Pair]) -> list[int]:
        """The codes of text pairs (accept len text, accept rate text, trailing comma). The
        codes given before are void (the table may start afresh here: memory stays bounded)."""
        if len(self._code) > PAIRS_KEPT:
            self._forget()
        code = self._code
        try:
            return [code[p] for p in pairs]
        except KeyError:  # new pairs among them
            return [self._new(p) if (c := code.get(p)) is None else c for p in pairs]

    def _new(self, pair: Pair) -> int:
        length_text, rate_text, trailing = pair
        code = self._code[pair] = len(self._static)
        analysis = _analysis(length_text, rate_text)
        self._analysis.append(analysis)
        cands = analysis[0]
        # 0.5.5 lines say their formula (the trailing comma): they count only for it, so a log
        # of 0.5.5 lines alone still yields num_draft_tokens
        tallied = frozenset(c for c in cands if c[0] == OLD) if trailing else cands
        self._sets.append(self._one_set.setdefault(tallied, tallied))
        self._held.append(OLD if trailing and self.forced is None else self.forced)
        self._static.append(self._outcome(code, None))
        return code

    def _outcome(self, code: int, best: RateInference | None) -> int:
        """The outcome code of a line of pair ``code`` given its rank's best pair at that line;
        -1 when the line needs the best pair and ``best`` is None."""
        ndts_by = self._analysis[code][1]
        held = self._held[code]
        fits = [f for f in ([held] if held is not None else ndts_by) if f in ndts_by]
        formula: str | None
        if len(fits) == 1:
            formula, note = fits[0], 0
        elif not fits:
            formula, note = None, NOTE_NOFIT
        elif best is None:
            return -1
        else:
            formula, note = best.formula, NOTE_AMBIG
        ndts = ndts_by.get(formula, ()) if formula is not None else ()
        ndt: int | None = None
        if len(ndts) == 1:
            ndt = ndts[0]
        elif formula is not None and formula != NEW:
            if best is None:
                return -1
            if best.formula == formula and best.num_draft_tokens in ndts:
                ndt = best.num_draft_tokens
        out = (formula, ndt, note)
        got = self._outcome_code.setdefault(out, len(self.outcomes))
        if got == len(self.outcomes):
            self.outcomes.append(out)
        return got

    def _tally(self, inf: SGLangRateInference, codes: list[int]) -> None:
        sets = self._sets
        if len(codes) == 1:
            inf.add(sets[codes[0]])
            return
        for s, n in Counter([sets[c] for c in codes]).items():
            inf.add(s, n)

    def decide(self, rank: str, codes: list[int]) -> list[int]:
        """Tally lines of one rank (their codes, in line order) and decide each: its outcome
        code. A line that needs the rank's best pair sees the tallies of every line before it
        and its own, as if the lines came one by one; between the points where the best pair
        can change (a candidate set not counted yet, or REFRESH tallies after it was last
        computed) the lines share it and are tallied together."""
        if (inf := self.inference.get(rank)) is None:
            inf = self.inference[rank] = SGLangRateInference(self.forced)
        out = list(map(self._static.__getitem__, codes))
        if -1 not in out:
            self._tally(inf, codes)
            return out
        dyn = [i for i, o in enumerate(out) if o < 0]
        used = self.used.setdefault(rank, set())
        new: list[int] | None = None
        added = k = 0
        while k < len(dyn):
            j = dyn[k]
            self._tally(inf, codes[added : j + 1])
            added = j + 1
            best = inf.best()
            used.add((best.formula, None if best.formula == NEW else best.num_draft_tokens))
            # the best pair as one number (formula 0-2, num_draft_tokens 0-MAX_NDT)
            bkey = _FORMULAS.index(best.formula) * (MAX_NDT + 1) + (best.num_draft_tokens or 0)
            end = k + 1
            if end < len(dyn):  # the lines after it that share this best pair
                if new is None:
                    # where a set not counted yet comes (the first line of a code whose set
                    # is counted only adds a point where the best pair is found unchanged)
                    sets, counts = self._sets, inf.counts
                    new = sorted(
                        codes.index(c) for c in dict.fromkeys(codes) if sets[c] not in counts
                    )
                e = bisect_right(new, j)
                stale = min(new[e] if e < len(new) else len(codes), j + inf.refresh_in())
                end = max(bisect_left(dyn, stale, k), end)
            for i in dyn[k:end]:
                key = codes[i] * 3 * (MAX_NDT + 1) + bkey
                if (o := self._with_best.get(key)) is None:
                    o = self._with_best[key] = self._outcome(codes[i], best)
                out[i] = o
            k = end
        self._tally(inf, codes[added:])
        return out
