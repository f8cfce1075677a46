"""Monte-Carlo check of the analytic acceptance numbers (imports numpy lazily)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from specdiag.errors import UsageError

# Agreement band, in standard errors of the simulated mean.
AGREEMENT_Z = 4.0


@dataclass(frozen=True)
class Simulation:
    """Result of simulating ``n`` verify steps of a chain drafter."""

    n: int
    seed: int
    accepted_drafts_mean: float
    accept_length_mean: float
    standard_error: float
    distribution: tuple[float, ...]  # observed share of steps accepting exactly j drafts
    per_position_unconditional: tuple[float, ...]
    z_score: float  # (simulated - analytic) / standard_error
    agrees: bool


def simulate(acc: Sequence[float], n: int, seed: int, analytic_drafts: float) -> Simulation:
    """Simulate ``n`` verify steps: position i is accepted with probability acc[i] given that
    all earlier ones were; the step ends at the first rejection (greedy chain verification).

    The steps still drafting at position i are thinned by one binomial draw (how many of them
    accept it): the same process as one Bernoulli draw per step and position, in O(steps)
    time and memory whatever ``n`` (10^9 steps of a 1024-long chain drew 10^12 numbers and
    held gigabytes that way)."""
    if n < 1:
        raise UsageError(
            f"--simulate needs at least 1 step, got {n}", hint="e.g. --simulate 1000000"
        )
    if not 0 <= seed < 2**63:
        raise UsageError(
            f"--seed must be in 0..2^63-1, got {seed}", hint="any non-negative integer, e.g. 1"
        )
    import numpy as np

    k = len(acc)
    rng = np.random.default_rng(seed)
    probs = np.asarray(acc, dtype=np.float64)
    counts = np.zeros(k + 1, dtype=np.int64)
    alive = n  # steps whose drafts were all accepted so far
    for i in range(k):
        if alive == 0:
            break
        kept = int(rng.binomial(alive, probs[i]))
        counts[i] = alive - kept  # rejected at position i: i drafts accepted
        alive = kept
    counts[k] += alive
    share = counts / n
    js = np.arange(k + 1)
    mean = float((share * js).sum())
    var = float((share * (js - mean) ** 2).sum())
    se = math.sqrt(var / n) if n > 1 else float("inf")
    reach = 1.0 - np.cumsum(share)[:-1]  # P(at least i+1 accepted)
    if se > 0:
        z = (mean - analytic_drafts) / se
    else:
        z = 0.0 if abs(mean - analytic_drafts) < 1e-12 else float("inf")
    return Simulation(
        n=n,
        seed=seed,
        accepted_drafts_mean=mean,
        accept_length_mean=1.0 + mean,
        standard_error=se,
        distribution=tuple(float(x) for x in share),
        per_position_unconditional=tuple(float(x) for x in reach),
        z_score=float(z),
        agrees=bool(abs(z) <= AGREEMENT_Z),
    )
