"""``specdiag doctor`` as one function: gather the evidence, run every check, rank, summarise."""

from __future__ import annotations

from collections.abc import Callable

from specdiag.core.doctor.catalog import load_all
from specdiag.core.doctor.context import Context, DoctorInputs, gather
from specdiag.core.doctor.expected import compute_gap
from specdiag.core.doctor.model import (
    CheckResult,
    DoctorReport,
    EvidenceUse,
    Finding,
    Gap,
    ImpactKind,
    Status,
)
from specdiag.core.doctor.registry import run_check

RANKING_METHOD = (
    "Each warn/fail finding gets the share of the gap (expected minus observed accepted drafts "
    "per verify step) it can explain on its own: a collapse-class fault (wrong aux layers, no "
    "d2t, missing weights, vocabulary mismatch) drives acceptance to ~0 and can explain all of "
    "it (share 1); a partial fault explains the accepted drafts its evidence shows lost (a "
    "trend: early level minus the run's mean; a rank or category: its deficit over their "
    "number) divided by the gap, capped at 1; a measurement artefact explains the difference "
    "between the two readings; a speed finding explains none. Fails rank before warns, then by "
    "share, then collapse before partial before measurement before speed, then by registry "
    "order (configuration first). Without an observed gap, the share is not computed and the "
    "same order without it applies."
)
_KIND_ORDER = {k: i for i, k in enumerate(ImpactKind)}  # the enum lists them in rank order

Progress = Callable[[str], None]


def _explains(c: CheckResult, gap: Gap | None) -> float | None:
    if gap is None or c.impact is None or gap.gap_drafts <= 1e-9:
        return None
    k = c.impact.kind
    if k is ImpactKind.COLLAPSE:
        return 1.0
    if k is ImpactKind.SPEED:
        return 0.0
    if k is ImpactKind.NONE:
        return None
    if c.impact.drafts is None:
        cap = c.details.get("cap")
        if isinstance(cap, int) and cap - 1 < gap.expected_drafts:
            # a verify-width cap: the predicted drafts above cap-1 are lost
            return min(1.0, (gap.expected_drafts - (cap - 1)) / gap.gap_drafts)
        return None
    return max(0.0, min(1.0, c.impact.drafts / gap.gap_drafts))


# the statuses that are findings, in rank order (an unreadable value comes after the faults
# found: it hides a check's answer, it is not a fault of its own)
_FINDING = {Status.FAIL: 0, Status.WARN: 1, Status.UNREADABLE: 2}


def rank(checks: tuple[CheckResult, ...], gap: Gap | None) -> tuple[Finding, ...]:
    order = {c.check: i for i, c in enumerate(checks)}
    rows = []
    for c in checks:
        if c.status not in _FINDING or c.check == "expected-vs-observed":
            continue
        share = _explains(c, gap)
        kind = c.impact.kind if c.impact else ImpactKind.NONE
        key = (
            _FINDING[c.status],
            -(share if share is not None else -1.0),
            _KIND_ORDER[kind],
            order[c.check],
        )
        rows.append((key, c, share, kind))
    rows.sort(key=lambda r: r[0])
    return tuple(
        Finding(
            i + 1, c.check, c.status, c.title, c.message, c.fix, share, kind, c.confirm, c.snippet
        )
        for i, (_, c, share, kind) in enumerate(rows)
    )


def _summary(
    ctx: Context, checks: tuple[CheckResult, ...], findings: tuple[Finding, ...], gap: Gap | None
) -> str:
    n = {s: sum(1 for c in checks if c.status is s) for s in Status}
    ran = len(checks) - n[Status.SKIPPED]
    parts = [
        f"{ran} of {len(checks)} checks could decide on the evidence given "
        f"({', '.join(ctx.inputs.given())}): {n[Status.FAIL]} fail, {n[Status.WARN]} warn, "
        f"{n[Status.PASS]} pass"
        + (f", {n[Status.UNREADABLE]} unreadable." if n[Status.UNREADABLE] else ".")
    ]
    if gap is not None:
        ratio = f"{gap.ratio:.0%}" if gap.ratio is not None else "n/a"
        parts.append(
            f"Observed accept length {gap.observed_accept_length:.2f} ({gap.observed_from}) "
            f"against {gap.expected_accept_length:.2f} expected with {gap.steps} steps: "
            f"{gap.verdict} ({ratio} of the predicted accepted drafts)."
        )
        if (
            gap.naive_ratio is not None
            and gap.ratio is not None
            and gap.naive_ratio >= 0.9 > gap.ratio
        ):
            parts.append(
                f"Comparing the engine's {gap.observed_accept_length:.2f} with the trainer's "
                f"{gap.expected_drafts:.2f} would look healthy, but that mixes a length that counts "
                "the bonus token with a sum that does not."
            )
    config_given = ctx.draft is not None or ctx.args is not None or ctx.target is not None
    if gap is not None and gap.verdict == "collapsed" and not config_given:
        from specdiag.core.accept import COLLAPSE_CAUSES

        parts.append(
            "No configuration was given, so the usual causes of a collapse were not checked: "
            + "; ".join(COLLAPSE_CAUSES[:4])
            + ". Give --draft, --target and --server-args to check them."
        )
    if findings:
        f = findings[0]
        share = f" and can explain {f.explains:.0%} of the gap" if f.explains is not None else ""
        parts.append(
            f"The first-ranked finding is {f.title} ({f.status.value}){share}: {f.message.rstrip('.')}."
        )
        if f.fix:
            parts.append(f"Fix: {f.fix.rstrip('.')}.")
        rest = [x.title for x in findings[1:4]]
        if rest:
            parts.append(
                "Then: "
                + "; ".join(rest)
                + (f"; and {len(findings) - 4} more." if len(findings) > 4 else ".")
            )
    elif gap is not None and gap.verdict in ("below", "collapsed"):
        skipped = [c.check for c in checks if c.status is Status.SKIPPED]
        parts.append(
            "None of the checks that ran explains the gap. Causes this evidence cannot decide: "
            + (f"the skipped checks ({', '.join(skipped)}); " if skipped else "")
            + "a chat template or system prompt other than training's, a quantized target or KV "
            "cache, or a draft under-trained for this traffic (compare per-category accept "
            "length with --server, and served hidden states with --served-dump)."
        )
    elif ran and not any(p.kind == "unreadable" for p in ctx.problems) and not n[Status.UNREADABLE]:
        parts.append(
            "No check found a fault"
            + (
                " and the deployment delivers what training predicts."
                if gap and gap.verdict == "healthy"
                else "."
            )
        )
    bad = [p for p in ctx.problems if p.kind == "unreadable"]
    if bad:
        parts.append(
            f"{len(bad)} input(s) given could not be read ({', '.join(sorted({p.source for p in bad}))}); "
            "the checks that needed them were skipped"
            + (
                ": allowed by --allow-missing."
                if ctx.inputs.allow_missing
                else ", so the result is incomplete, not a pass."
            )
        )
    return " ".join(parts)


# the evidence sources an input shows up as (the reference is used through the dumps)
_SOURCES = {"reference": ("reference", "training-dump", "served-dump")}


def account(ctx: Context, checks: tuple[CheckResult, ...]) -> tuple[EvidenceUse, ...]:
    """Every input given, reported as used (by which checks), unreadable (why), partly read, or
    irrelevant (read, but no check that ran needed it)."""
    inputs = ctx.inputs
    given = [*inputs.shown(), *(("logs", p) for p in inputs.logs)]
    out = []
    for source, path in given:
        probs = [
            p
            for p in ctx.problems
            if p.source == source
            and (source != "logs" or p.path == path or path in p.path.split(", "))
        ]
        hard = [p for p in probs if p.kind == "unreadable"]
        if hard:
            out.append(EvidenceUse(source, path, "unreadable", "; ".join(p.message for p in hard)))
            continue
        names = _SOURCES.get(source, (source,))
        users = [
            c.check
            for c in checks
            if c.status is not Status.SKIPPED
            and any(
                e.source in names
                and (source != "logs" or path in e.location or len(inputs.logs) == 1)
                for e in c.evidence
            )
        ]
        if source == "reference" and (ctx.training_hf or ctx.served_compare) and not users:
            users = ["aux-layer-ids"]
        if source == "logs" and not users and ctx.logs is not None and path in ctx.logs.paths:
            users = [
                c.check for c in checks if c.family == "logs" and c.status is not Status.SKIPPED
            ]
        if probs:
            status, why = "partial", "; ".join(p.message for p in probs)
        elif users:
            status, why = "used", "by " + ", ".join(dict.fromkeys(users))
        else:
            status, why = "irrelevant", "read, but no check that ran needed it"
        out.append(EvidenceUse(source, path, status, why))
    return tuple(out)


def run_doctor(inputs: DoctorInputs, progress: Progress | None = None) -> DoctorReport:
    """Run every check the evidence allows; never raises for bad evidence (only for bad flags)."""
    if progress:
        progress("reading the evidence")
    ctx = gather(inputs)
    specs = load_all()
    if progress:
        progress(f"running {len(specs)} checks")
    checks = tuple(run_check(s, ctx) for s in specs)
    gap, _, _ = compute_gap(ctx)
    findings = rank(checks, gap)
    counts = {s.value: sum(1 for c in checks if c.status is s) for s in Status}
    evidence = account(ctx, checks)
    incomplete = not inputs.allow_missing and (
        any(e.status == "unreadable" for e in evidence) or counts[Status.UNREADABLE.value] > 0
    )
    could_not = None
    if counts["skipped"] == len(checks):
        could_not = "no check could decide anything: " + (
            "every input was unreadable"
            if ctx.problems
            else "the evidence given is not enough for any check"
        )
    return DoctorReport(
        evidence_given=inputs.given(),
        engine=ctx.engine,
        engine_from=ctx.engine_from,
        checks=checks,
        findings=findings,
        gap=gap,
        summary=_summary(ctx, checks, findings, gap),
        counts=counts,
        input_problems=ctx.problems,
        could_not_run=could_not,
        ranking_method=RANKING_METHOD,
        interrupted=ctx.server is not None and ctx.server.interrupted,
        evidence=evidence,
        incomplete=incomplete,
        segments=ctx.segments(),
        engine_version=ctx.engine_version,
        engine_version_from=ctx.engine_version_from,
    )
