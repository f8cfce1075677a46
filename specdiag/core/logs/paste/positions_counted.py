"""Per-position acceptance rates beside the run's accepted count, no steps printed: the count
tells which rates they are.

A results object may print, for a chain of draft positions, one rate a position and the drafts
accepted in all (``"acceptance_by_depth": [0.826, 0.478], "accepted_drafts": 30``), the verify
steps not printed. Two readings of the rates are possible:

- unconditional, the share of the steps accepting position i (vLLM's and llama.cpp's per-position
  rate): N steps accept N x p_i drafts at position i, each a whole count, never rising along the
  positions, and the accepted drafts are N x the sum of the rates;
- conditional, position i's rate given position i - 1 accepted: the counts are N x the running
  products, and the accepted drafts N x their sum.

Where some whole N gives the accepted count as whole per-position counts under the first reading
and no N does under the second, the rates are unconditional: their sum is the accepted drafts a
step, 1 + the sum the tokens a step emits with the target's own token (the bonus included; the
count over N gives the same figure). An output count printed beside them, where there is one,
must hold at least the N steps' tokens (N + accepted).

Never decided: one position alone (both readings are the same), rates that rise, a count both
readings fit or neither fits, printed digits too coarse to fix each position's count (N x the
rounding of a rate reaching half a draft), or an output count below the steps' tokens.

Pure: figures in, the steps out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate
from operator import mul

RULE = (
    "computed: 1 + the sum of the per-position rates; the accepted count is whole steps x the "
    "sum (each position's count whole), no step count fitting the rates as conditional: the "
    "rates are unconditional"
)
# the most candidate step counts tried (the printed rounding of the rates widens the range)
_MOST_TRIED = 64
_EPS = 1e-9


def _repr_half(p: float) -> float:
    """Half a unit of the last decimal of a rate as its float prints ('0.81' gives 0.005): the
    rounding of a rate read from a JSON body, whose printed digits are its float's. A rate of
    exactly 0 or 1, or one in exponent form, tells none: 0.5 (nothing fixed by it)."""
    text = repr(float(p))
    if "e" in text or "E" in text or "." not in text:
        return 0.5
    dec = len(text.split(".")[1].rstrip("0"))
    return 0.5 * 10.0**-dec if dec else 0.5


def _whole_counts(lo: Sequence[float], hi: Sequence[float], n: int, acc: int) -> bool:
    """Whether each position's count lies in [n x lo, n x hi], exactly one whole number there,
    the counts adding up to ``acc``."""
    total = 0
    for a, b in zip(lo, hi, strict=True):
        low, high = math.ceil(n * a - _EPS), math.floor(n * b + _EPS)
        if low != high or not 0 <= low <= n:
            return False  # none whole there, or several (the digits too coarse to fix it)
        total += low
    return total == acc


def _fitting(lo: Sequence[float], hi: Sequence[float], acc: int) -> list[int] | None:
    """The step counts N giving ``acc`` as whole counts by position within [lo, hi]; None where
    the rounding is too coarse to tell (nothing decided either way)."""
    s_lo, s_hi = sum(lo), sum(hi)
    if s_hi <= 0:
        return None
    first = max(1, math.ceil(acc / s_hi - _EPS))
    last = math.floor(acc / s_lo + _EPS) if s_lo > 0 else first + _MOST_TRIED
    # (every N the count allows times the rounding below half a draft: at most one whole
    # count a position for each; else the digits are too coarse for any N to be told)
    if last - first >= _MOST_TRIED or last * max(b - a for a, b in zip(lo, hi, strict=True)) >= 1:
        return None
    return [n for n in range(first, last + 1) if _whole_counts(lo, hi, n, acc)]


def unconditional_steps(
    positions: Sequence[float], accepted: int, half: float | None, output: int | None = None
) -> int | None:
    """The one step count N proving the rates unconditional (the module's rule), else None.
    ``half``: the rates' printed rounding (a fraction); None where each rate's float tells its
    own (a JSON body's)."""
    if len(positions) < 2 or accepted <= 0 or any(not 0.0 <= p <= 1.0 for p in positions):
        return None
    if any(b > a + _EPS for a, b in zip(positions, positions[1:], strict=False)):
        return None  # (a chain's unconditional rates never rise)
    halves = [half if half is not None else _repr_half(p) for p in positions]
    lo = [max(p - h, 0.0) for p, h in zip(positions, halves, strict=True)]
    hi = [min(p + h, 1.0) for p, h in zip(positions, halves, strict=True)]
    plain = _fitting(lo, hi, accepted)
    if plain is None or len(plain) != 1:
        return None
    n = plain[0]
    if output is not None and output < n + accepted:
        return None  # (fewer tokens than the steps emit: the counts are not of these steps)
    # the conditional reading: the counts are N x the running products of the rates
    if _fitting(list(accumulate(lo, mul)), list(accumulate(hi, mul)), accepted) != []:
        return None  # (fitting too, or too coarse to tell)
    return n
