"""The whole ``expected-accept`` computation as one pure function returning one frozen report."""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core import accept
from specdiag.core.accept import (
    MAX_STEPS,
    AcceptProfile,
    AccKind,
    Engine,
    EngineReport,
    Judgement,
    Observation,
    ObservedKind,
    SweepRow,
)
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.datafiles import fill, load
from specdiag.core.profile import resolve_profile
from specdiag.core.simulate import Simulation
from specdiag.errors import UsageError

MAX_SIMULATE = 10**9  # verify steps --simulate may run (memory stays bounded: blocks of 2^18)


@dataclass(frozen=True)
class ExpectedAcceptOptions:
    """Flags of ``specdiag expected-accept``: the training accuracy (one value, or one per
    position) and what to do with it."""

    acc_values: tuple[float, ...]
    steps: int | None = bounded(flag="--steps", lo=1, hi=MAX_STEPS)
    acc_kind: AccKind = AccKind.CONDITIONAL
    topk: int = bounded(flag="--eagle-topk", lo=1, default=1)
    num_draft_tokens: int | None = bounded(flag="--num-draft-tokens", lo=1)
    observed: float | None = None
    observed_kind: ObservedKind = ObservedKind.LENGTH
    engine: Engine | None = None
    engine_version: str | None = None
    cost_ratio: float | None = None
    sweep: bool = False
    simulate_steps: int | None = bounded(flag="--simulate", lo=1, hi=MAX_SIMULATE)
    seed: int = bounded(flag="--seed", lo=0, hi=2**63 - 1, default=0)

    def __post_init__(self) -> None:
        check_bounds(self)


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


def expected_accept(opts: ExpectedAcceptOptions) -> ExpectedAcceptReport:
    """Predict accept length from training accuracy and, optionally, judge an observation."""
    o = opts
    topk, ndt, observed, engine = o.topk, o.num_draft_tokens, o.observed, o.engine
    prof = resolve_profile(o.acc_values, o.steps, None, kind=o.acc_kind).profile
    k = prof.steps
    notes: list[str] = []
    text = load("specdiag.core", "conventions.json")["expected_notes"]
    if o.engine_version is not None and engine is None:
        raise UsageError(
            "--engine-version needs --engine (a version means nothing without its engine)",
            hint="e.g. --engine vllm --engine-version 0.8.5",
        )
    if ndt is not None:
        if ndt < 2:
            raise UsageError(
                f"--num-draft-tokens must be at least 2, got {ndt}",
                hint="SGLang's num_draft_tokens counts the verified root token: steps + 1 for a chain",
            )
        if topk == 1 and ndt != k + 1:
            raise UsageError(
                f"--num-draft-tokens {ndt} does not fit a chain of {k} drafts (it must be {k + 1})",
                hint="for tree drafting set --eagle-topk > 1",
            )
    elif topk == 1:
        ndt = k + 1
    if (
        observed is not None
        and o.observed_kind is ObservedKind.RATE
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
    if o.acc_kind is AccKind.UNCONDITIONAL:
        notes.append(text["unconditional"])

    observation = judgement = observed_speedup = None
    if observed is not None:
        observation = accept.convert_observed(
            observed,
            o.observed_kind,
            k,
            engine=engine,
            engine_version=o.engine_version,
            num_draft_tokens=ndt,
        )
        judgement = accept.judge(prof, observation, topk=topk)
    elif engine is not None or o.engine_version is not None:
        notes.append(text["engine_unused"])

    speed, cost_ratio = None, o.cost_ratio
    if cost_ratio is not None:
        speed = accept.speedup(prof.expected_accept_length, k, cost_ratio)
        if observation is not None:
            observed_speedup = accept.speedup(observation.accept_length, k, cost_ratio)
        if topk > 1:
            notes.append(text["tree_speedup"])
    rows = None
    if o.sweep:
        if cost_ratio is None:
            raise UsageError(
                "--sweep needs --cost-ratio (without a draft cost the longest chain always wins)",
                hint="e.g. --sweep --cost-ratio 0.05",
            )
        rows = accept.sweep(prof.acc, cost_ratio)
    sim = None
    if o.simulate_steps is not None:
        from specdiag.core.simulate import simulate

        sim = simulate(prof.acc, o.simulate_steps, o.seed, prof.expected_accepted_drafts)
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
