"""``--acc/--steps``: compare what the logs show with what training accuracy predicts.

All acceptance math is the expected-accept core's (:mod:`specdiag.core.accept`): the profile,
the observation in both conventions and the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core.accept import (
    AcceptProfile,
    Judgement,
    Observation,
    ObservedKind,
    convert_observed,
    judge,
)
from specdiag.core.logs.summary import SeriesStats
from specdiag.errors import UsageError


@dataclass(frozen=True)
class PositionComparison:
    position: int
    predicted: float  # P(position accepted), unconditional
    observed: float


@dataclass(frozen=True)
class Comparison:
    engine: str
    observed_from: str  # "weighted_mean" | "mean"
    observation: Observation | None
    judgement: Judgement | None
    per_position: tuple[PositionComparison, ...]
    problem: str | None  # why no verdict could be given


def compare(stats: SeriesStats, prof: AcceptProfile, *, topk: int = 1) -> Comparison:
    """Judge one engine's summary against the predicted profile."""
    length = stats.accept_length
    if length is None:
        return Comparison(stats.engine, "mean", None, None, (), "no accept length in the logs")
    observed_from = "weighted_mean" if length.weighted_mean is not None else "mean"
    per_pos = tuple(
        PositionComparison(p.position, prof.unconditional[p.position - 1], p.unconditional)
        for p in stats.per_position
        if p.position <= prof.steps
    )
    problem = None
    if stats.draft_positions is not None and stats.draft_positions != prof.steps and topk == 1:
        problem = (
            f"the logs show {stats.draft_positions} draft tokens per step but --steps is "
            f"{prof.steps}: the comparison assumes --steps"
        )
    try:
        obs = convert_observed(length.central - 1.0, ObservedKind.DRAFTS, prof.steps)
    except UsageError as exc:
        why = f"{exc.message}: the server accepts more drafts per step than --steps allows"
        return Comparison(stats.engine, observed_from, None, None, per_pos, why + "; check --steps")
    return Comparison(
        stats.engine, observed_from, obs, judge(prof, obs, topk=topk), per_pos, problem
    )
