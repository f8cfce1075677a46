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
    evs: list[Evidence] = []
    rep = ctx.probe
    if rep is not None and rep.main.accept.pooled is not None:
        a = rep.main.accept
        evs.append(
            ev(
                "server",
                f"{ctx.server.url if ctx.server else ''} probe ({a.source}, pooled)",
                f"{a.pooled:.3f}",
            )
        )
        return (
            a.pooled,
            f"the probe of {ctx.server.url if ctx.server else ''} ({a.source}, pooled over the run)",
            evs,
        )
    segs = ctx.segments()
    if len(segs) > 1 and segs[-1].accept_length is not None:
        last = segs[-1]
        evs.append(
            ev(
                "logs",
                f"{', '.join(ctx.logs.paths) if ctx.logs else ''}: the last of {len(segs)} "
                f"segments ({last.start or '?'} .. {last.end or '?'}, {last.lines} lines)",
                f"{last.accept_length:.3f}",
            )
        )
        return (
            last.accept_length,
            f"the logs' last segment after a restart ({last.starts_because}; "
            f"{last.lines} lines from {last.start or '?'})",
            evs,
        )
    if (head := ctx.headline()) is not None and ctx.logs is not None:
        eng, s = head
        d = s.stats.accept_length
        if d is not None:
            v = d.weighted_mean if d.weighted_mean is not None else d.mean
            how = (
                "mean of lines"
                if d.weighted_mean is None
                else "batch-size-weighted mean"
                if eng == "sglang"
                else "count-weighted mean"
            )
            recs = f"{s.stats.records} record" + ("" if s.stats.records == 1 else "s")
            evs.append(
                ev(
                    "logs",
                    f"{', '.join(ctx.logs.paths)}: {eng} accept length ({how}, {recs})",
                    f"{v:.3f}",
                )
            )
            return v, f"the {eng} logs ({how} of {recs})", evs
    if ctx.server and ctx.server.server_info:
        vals = server_accept_lengths(ctx.server.server_info)
        if vals:
            v = sum(vals) / len(vals)
            evs.append(
                ev("server", f"{ctx.server.url}/server_info avg_spec_accept_length", f"{v:.3f}")
            )
            return v, "the server's lifetime average (/server_info)", evs
    return None, None, evs


def compute_gap(ctx: Context) -> tuple[Gap | None, list[str], list[Evidence]]:
    """expected-accept's judgement of the observation against the training accuracy."""
    notes: list[str] = []
    if not ctx.acc:
        return None, ["no training accuracy (--acc or --training-log)"], []
    k, ksrc = ctx.served_steps()
    acc = ctx.acc
    if k is None:
        if len(acc) == 1:
            return (
                None,
                [
                    "a single --acc value needs --steps (or a server / logs / --server-args that show it)"
                ],
                [],
            )
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
    evs.insert(
        0,
        ev(
            "acc",
            ctx.acc_from or "--acc",
            ", ".join(f"{a:g}" for a in ctx.acc) + f" with {k} steps ({ksrc})",
        ),
    )
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


@check(
    "expected-vs-observed",
    "expected",
    "expected vs observed accept length",
    reads="--acc/--steps or --training-log (SpecForge acc_i), the draft length (server, "
    "--server-args, logs), the observed accept length (probe > logs > /server_info)",
    decides="the verdict of expected-accept (healthy >= 90% of the predicted accepted drafts, "
    "below, collapsed <= 1.2, above), in one convention: collapsed or below 75% fails, below "
    "from 75% and above warn; names the trap of comparing the engine's length with the "
    "trainer's sum",
    refs="EAGLE#132, EAGLE#195, vllm#43671, SpecForge#128",
)
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
        return warn(
            msg,
            evs,
            confirm=confirm,
            details=details,
            fix="check that --acc is this checkpoint's and the observation's convention",
        )
    status = (
        Status.FAIL
        if gap.verdict == "collapsed" or (gap.ratio is not None and gap.ratio < FAIL_BELOW_RATIO)
        else Status.WARN
    )
    return found(
        status,
        msg,
        evs,
        fix="work through the ranked findings above; re-measure after each fix",
        confirm=confirm,
        impact=("none", "the gap itself"),
        details=details,
    )


def _observed_positions(ctx: Context) -> tuple[tuple[float, ...], str] | None:
    rep = ctx.probe
    if rep is not None and rep.main.accept.per_position_unconditional:
        a = rep.main.accept
        return a.per_position_unconditional, f"probe ({a.per_position_source})"
    if (head := ctx.headline()) is not None:
        eng, s = head
        if s.stats.per_position:
            return tuple(p.unconditional for p in s.stats.per_position), f"{eng} logs"
    return None


@check(
    "per-position",
    "expected",
    "acceptance per draft position vs training",
    reads="the observed P(position i accepted) (probe per request or counters, vLLM / llama.cpp "
    "log lines) and the prediction from --acc / --training-log",
    decides="whether the first position already falls short: at position 1 the draft sees "
    "only target features, so a large shortfall there is a feature or configuration mismatch, "
    "not under-training",
    refs="vllm#43671, EAGLE#132, speculators#610",
)
def per_position(ctx: Context) -> Outcome:
    if not ctx.acc:
        return skip("no training accuracy (--acc or --training-log)")
    obs = _observed_positions(ctx)
    if obs is None:
        return skip("no per-position acceptance observed (probe, vLLM or llama.cpp logs)")
    values, src = obs
    k = len(ctx.acc) if len(ctx.acc) > 1 else (ctx.served_steps()[0] or len(values))
    prof = adapters.profile_of(
        ctx.acc,
        k if len(ctx.acc) == 1 else None,
        ctx.inputs.acc_kind,
    )
    n = min(len(values), prof.steps)
    evs = tuple(
        ev(
            "server" if src.startswith("probe") else "logs",
            f"{src}: position {i + 1}",
            f"observed {values[i]:.3f}, predicted {prof.unconditional[i]:.3f}",
        )
        for i in range(n)
    )
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
            fix="look at the configuration findings first; compare served hidden states with the "
            "training dump",
            confirm=("specdiag compare-hidden SERVED.pt TRAINING_DUMP --reference REF.pt",),
            impact=("none", "a symptom: the cause is another finding"),
        )
    worst = min(range(n), key=lambda i: values[i] - prof.unconditional[i])
    return passed(
        f"position 1 at {r1:.0%} vs {p1:.0%} predicted; largest shortfall at position {worst + 1} "
        f"({values[worst]:.0%} vs {prof.unconditional[worst]:.0%})",
        evs,
    )
