"""The whole ``expected-accept`` computation as one pure function returning one frozen report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from specdiag.core import accept
from specdiag.core.accept import (
    AcceptProfile,
    AccKind,
    Engine,
    EngineReport,
    Judgement,
    Observation,
    ObservedKind,
    SweepRow,
)
from specdiag.core.datafiles import fill, load
from specdiag.core.profile import resolve_profile
from specdiag.core.simulate import Simulation
from specdiag.errors import UsageError


@dataclass(frozen=True)
class ExpectedAcceptReport:
    profile: AcceptProfile
    topk: int
    num_draft_tokens: int | None
    reports: tuple[EngineReport, ...]
    observation: Observation | None
    judgement: Judgement | None
    cost_ratio: float | None
    speedup: float | None
    observed_speedup: float | None
    sweep: tuple[SweepRow, ...] | None
    simulation: Simulation | None
    notes: tuple[str, ...]


def expected_accept(
    acc_values: Sequence[float],
    *,
    steps: int | None = None,
    acc_kind: AccKind = AccKind.CONDITIONAL,
    topk: int = 1,
    num_draft_tokens: int | None = None,
    observed: float | None = None,
    observed_kind: ObservedKind = ObservedKind.LENGTH,
    engine: Engine | None = None,
    engine_version: str | None = None,
    cost_ratio: float | None = None,
    sweep: bool = False,
    simulate_steps: int | None = None,
    seed: int = 0,
) -> ExpectedAcceptReport:
    """Predict accept length from training accuracy and, optionally, judge an observation."""
    prof = resolve_profile(acc_values, steps, None, kind=acc_kind).profile
    k = prof.steps
    notes: list[str] = []
    text = load("specdiag.core", "conventions.json")["expected_notes"]
    if engine_version is not None and engine is None:
        raise UsageError(
            "--engine-version needs --engine (a version means nothing without its engine)",
            hint="e.g. --engine vllm --engine-version 0.8.5",
        )
    if topk < 1:
        raise UsageError(
            f"--eagle-topk must be at least 1, got {topk}", hint="1 is a chain; > 1 a draft tree"
        )
    if num_draft_tokens is not None:
        if num_draft_tokens < 2:
            raise UsageError(
                f"--num-draft-tokens must be at least 2, got {num_draft_tokens}",
                hint="SGLang's num_draft_tokens counts the verified root token: steps + 1 for a chain",
            )
        if topk == 1 and num_draft_tokens != k + 1:
            raise UsageError(
                f"--num-draft-tokens {num_draft_tokens} does not fit a chain of {k} drafts "
                f"(it must be {k + 1})",
                hint="for tree drafting set --eagle-topk > 1",
            )
    ndt = num_draft_tokens if num_draft_tokens is not None else (k + 1 if topk == 1 else None)
    if (
        observed is not None
        and observed_kind is ObservedKind.RATE
        and engine is Engine.SGLANG
        and ndt is None
    ):
        # measured on the real 0.5.23 (steps 3, topk 2, 6 draft tokens: one accepted draft per
        # step prints rate 0.20 = 1/5): the rate divides by the verified tree nodes
        raise UsageError(
            f"SGLang's accept rate of a tree (topk {topk}) is accepted drafts / (verify steps x "
            "(num_draft_tokens - 1)), over the verified tree nodes, not the draft steps",
            hint="give --num-draft-tokens (the server's --speculative-num-draft-tokens)",
        )
    if topk > 1:
        notes.append(fill(text["tree"], topk=topk))
    if acc_kind is AccKind.UNCONDITIONAL:
        notes.append(text["unconditional"])

    observation = judgement = observed_speedup = None
    if observed is not None:
        observation = accept.convert_observed(
            observed,
            observed_kind,
            k,
            engine=engine,
            engine_version=engine_version,
            num_draft_tokens=ndt,
        )
        judgement = accept.judge(prof, observation, topk=topk)
    elif engine is not None or engine_version is not None:
        notes.append(text["engine_unused"])

    speed = None
    if cost_ratio is not None:
        speed = accept.speedup(prof.expected_accept_length, k, cost_ratio)
        if observation is not None:
            observed_speedup = accept.speedup(observation.accept_length, k, cost_ratio)
        if topk > 1:
            notes.append(text["tree_speedup"])
    rows = None
    if sweep:
        if cost_ratio is None:
            raise UsageError(
                "--sweep needs --cost-ratio (without a draft cost the longest chain always wins)",
                hint="e.g. --sweep --cost-ratio 0.05",
            )
        rows = accept.sweep(prof.acc, cost_ratio)
    sim = None
    if simulate_steps is not None:
        from specdiag.core.simulate import simulate

        sim = simulate(prof.acc, simulate_steps, seed, prof.expected_accepted_drafts)
    return ExpectedAcceptReport(
        profile=prof,
        topk=topk,
        num_draft_tokens=ndt,
        reports=accept.engine_reports(prof, ndt),
        observation=observation,
        judgement=judgement,
        cost_ratio=cost_ratio,
        speedup=speed,
        observed_speedup=observed_speedup,
        sweep=rows,
        simulation=sim,
        notes=tuple(notes),
    )
