"""Expected against observed accept length, with the convention trap (expected-accept's core)."""

from __future__ import annotations

from specdiag.core.doctor import adapters
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Gap, Status
from specdiag.core.doctor.registry import Outcome, check, ev, found, passed, skip, warn
from specdiag.core.doctor.typed import server_accept_lengths

FAIL_BELOW_RATIO = 0.75  # below this share of the prediction a "below" verdict is a fail


def observed(ctx: Context) -> tuple[float | None, str | None, list[Evidence]]:
    """The observed accept length (bonus included) and where it came from, best source first."""
    url = ctx.server.url if ctx.server else ""
    logs = ", ".join(ctx.logs.paths) if ctx.logs else ""

    def seen(v: float, source: str, where: str, said: str) -> tuple[float, str, list[Evidence]]:
        return v, said, [ev(source, where, f"{v:.3f}")]

    a = ctx.probe.main.accept if ctx.probe else None
    if a is not None and a.pooled is not None:
        said = f"the probe of {url} ({a.source}, pooled over the run)"
        return seen(a.pooled, "server", f"{url} probe ({a.source}, pooled)", said)
    segs = ctx.segments()
    if len(segs) > 1 and (last := segs[-1]).accept_length is not None:
        where = (
            f"{logs}: the last of {len(segs)} segments ({last.start or '?'} .. "
            f"{last.end or '?'}, {last.lines} lines)"
        )
        said = (
            f"the logs' last segment after a restart ({last.starts_because}; "
            f"{last.lines} lines from {last.start or '?'})"
        )
        return seen(last.accept_length, "logs", where, said)
    head = ctx.headline()
    if head is not None and (d := head[1].stats.accept_length) is not None:
        eng, n = head[0], head[1].stats.records
        if d.weighted_mean is None:
            how = "mean of lines"
        else:
            how = "batch-size-weighted mean" if eng == "sglang" else "count-weighted mean"
        recs = f"{n} record" + ("" if n == 1 else "s")
        said = f"the {eng} logs ({how} of {recs})"
        return seen(d.central, "logs", f"{logs}: {eng} accept length ({how}, {recs})", said)
    vals = server_accept_lengths(ctx.server.server_info if ctx.server else None)
    if vals:
        where = f"{url}/server_info avg_spec_accept_length"
        return seen(
            sum(vals) / len(vals), "server", where, "the server's lifetime average (/server_info)"
        )
    return None, None, []


def compute_gap(ctx: Context) -> tuple[Gap | None, list[str], list[Evidence]]:
    """expected-accept's judgement of the observation against the training accuracy."""
    notes: list[str] = []
    if not ctx.acc:
        return None, ["no training accuracy (--acc or --training-log)"], []
    k, ksrc = ctx.served_steps()
    acc = ctx.acc
    if k is None:
        if len(acc) == 1:
            why = "a single --acc value needs --steps (or a server / logs / --server-args that show it)"
            return None, [why], []
        k = len(acc)
        ksrc = "len(--acc)"
    if len(acc) > 1 and len(acc) != k:
        if len(acc) > k:
            notes.append(
                f"the first {k} of {len(acc)} training positions used ({k} draft steps from {ksrc})"
            )
            acc = acc[:k]
        else:
            notes.append(
                f"{len(acc)} training positions for {k} draft steps ({ksrc}): judged on {len(acc)}"
            )
            k = len(acc)
    obs, obs_from, evs = observed(ctx)
    given = ", ".join(f"{a:g}" for a in ctx.acc) + f" with {k} steps ({ksrc})"
    evs.insert(0, ev("acc", ctx.acc_from or "--acc", given))
    if obs is None:
        prof = adapters.profile_of(acc, k if len(acc) == 1 else None, ctx.inputs.acc_kind)
        notes.append(
            f"expected accept length {prof.expected_accept_length:.2f}; nothing observed to compare"
        )
        return None, notes, evs
    topk = ctx.spec_settings()[1] or 1
    if obs > k + 1:
        notes.append(
            f"observed {obs:.2f} exceeds {k + 1} (the most {k} draft steps give): check --steps"
        )
        return None, notes, evs
    e = adapters.expected_vs_observed(
        acc, k if len(acc) == 1 else len(acc), ctx.inputs.acc_kind, max(1.0, obs), topk
    )
    j = e.judgement
    gap = Gap(
        steps=e.profile.steps,
        expected_accept_length=e.profile.expected_accept_length,
        expected_drafts=e.profile.expected_accepted_drafts,
        observed_accept_length=e.observation.accept_length,
        observed_drafts=e.observation.accepted_drafts,
        observed_from=obs_from or "",
        gap_drafts=e.profile.expected_accepted_drafts - e.observation.accepted_drafts,
        ratio=j.ratio,
        naive_ratio=j.naive_ratio,
        verdict=j.verdict.value,
        explanation=j.explanation,
    )
    return gap, notes, evs


@check("expected-vs-observed")
def expected_vs_observed(ctx: Context) -> Outcome:
    gap, notes, evs = compute_gap(ctx)
    if gap is None:
        return skip("; ".join(notes) or "nothing to compare", notes=notes)
    details = {"notes": notes, "verdict": gap.verdict, "ratio": gap.ratio}
    confirm = (
        f"specdiag expected-accept --acc {','.join(f'{a:g}' for a in (ctx.acc or ()))}"
        + (f" --steps {gap.steps}" if ctx.acc and len(ctx.acc) == 1 else "")
        + f" --observed {gap.observed_accept_length:.2f}",
    )
    msg = f"{gap.verdict}: {gap.explanation}"
    if gap.verdict == "healthy":
        return passed(msg, tuple(evs), confirm=confirm, details=details)
    if gap.verdict == "above":
        return warn(msg, evs, cause="above-expected", confirm=confirm, details=details)
    status = (
        Status.FAIL
        if gap.verdict == "collapsed" or (gap.ratio is not None and gap.ratio < FAIL_BELOW_RATIO)
        else Status.WARN
    )
    return found(status, msg, evs, cause="below-expected", confirm=confirm, details=details)


def _observed_positions(ctx: Context) -> tuple[tuple[float, ...], str] | None:
    a = ctx.probe.main.accept if ctx.probe else None
    if a is not None and a.per_position_unconditional:
        return a.per_position_unconditional, f"probe ({a.per_position_source})"
    head = ctx.headline()
    if head is not None and head[1].stats.per_position:
        return tuple(p.unconditional for p in head[1].stats.per_position), f"{head[0]} logs"
    return None


@check("per-position")
def per_position(ctx: Context) -> Outcome:
    if not ctx.acc:
        return skip("no training accuracy (--acc or --training-log)")
    obs = _observed_positions(ctx)
    if obs is None:
        return skip("no per-position acceptance observed (probe, vLLM or llama.cpp logs)")
    values, src = obs
    k = len(ctx.acc) if len(ctx.acc) > 1 else (ctx.served_steps()[0] or len(values))
    prof = adapters.profile_of(ctx.acc, k if len(ctx.acc) == 1 else None, ctx.inputs.acc_kind)
    n = min(len(values), prof.steps)
    pred = prof.unconditional
    source = "server" if src.startswith("probe") else "logs"
    said = [f"observed {values[i]:.3f}, predicted {pred[i]:.3f}" for i in range(n)]
    evs = tuple(ev(source, f"{src}: position {i + 1}", said[i]) for i in range(n))
    if n == 0:
        return skip("no position to compare")
    r1, p1 = values[0], prof.unconditional[0]
    if p1 >= 0.3 and r1 < 0.5 * p1:
        return found(
            Status.FAIL if r1 < 0.25 * p1 else Status.WARN,
            f"position 1 is accepted {r1:.0%} of the time against {p1:.0%} predicted: at the first "
            "position the draft sees only the target's own features, so this is a feature or "
            "configuration mismatch (aux layers, norms, vocabulary map), not under-training",
            evs,
            cause="position-1-low",
        )
    worst = min(range(n), key=lambda i: values[i] - prof.unconditional[i])
    return passed(
        f"position 1 at {r1:.0%} vs {p1:.0%} predicted; largest shortfall at position {worst + 1} "
        f"({values[worst]:.0%} vs {prof.unconditional[worst]:.0%})",
        evs,
    )
