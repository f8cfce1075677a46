"""Checks on what the logs and the probe measured: CUDA graphs, trends, outliers, and the
measurement itself (lifetime vs run, pooled vs mean of requests, the bonus token)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from specdiag.core.doctor import adapters
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Status
from specdiag.core.doctor.registry import Outcome, check, ev, fail, found, passed, skip, warn
from specdiag.core.doctor.typed import server_accept_lengths

GRAPH_WARN_SHARE = 0.10
TREND_MIN_BUCKETS = 8
TREND_MIN_DROP = 0.15  # of the early accepted drafts
TREND_MAX_RHO = -0.5
OUTLIER_RATIO = 0.7  # a rank/category below this fraction of the others' accepted drafts
MEASURE_TOLERANCE = 0.05  # relative difference between two readings of one run
_SHOWN = ("start", "end", "lines", "accept_length", "version", "starts_because")  # per segment


def _loc(ctx: Context) -> str:
    return ", ".join(ctx.logs.paths) if ctx.logs else ""


@check("cuda-graph")
def cuda_graph(ctx: Context) -> Outcome:
    evs: list[Evidence] = []
    msgs: list[str] = []
    head = ctx.headline()
    share = None
    if head is not None and head[1].stats.cuda_graph_records:
        st = head[1].stats
        share = st.cuda_graph_false_share
        where = f"{_loc(ctx)}: 'cuda graph:' in {st.cuda_graph_records} decode lines"
        evs.append(ev("logs", where, f"{share:.0%} False"))
        if share is not None and share > GRAPH_WARN_SHARE:
            msgs.append(
                f"{share:.0%} of {st.cuda_graph_records} decode batches ran without CUDA graphs"
            )
    hits = ctx.hits("cudagraph-override")
    evs.extend(h.evidence() for h in hits[:2])
    if hits:
        msgs.append("vLLM downgraded CUDA graphs to PIECEWISE (dynamic speculative decoding)")
    off = ctx.args.cuda_graph_off if ctx.args else None
    if off:
        evs.append(ev("server-args", off, "set"))
        msgs.append(f"{off} turns CUDA graphs off for every step")
    if not evs:
        return skip("no CUDA-graph evidence (SGLang decode lines, vLLM warnings, --server-args)")
    if msgs:
        return warn(
            "; ".join(msgs) + ": each speculative step pays kernel-launch overhead, "
            "which eats the speedup (accept length itself is unaffected)",
            evs,
            cause="cuda-graphs-off",
            details={"share_without": share},
        )
    return passed(f"CUDA graphs on in {1 - (share or 0):.0%} of decode batches", evs)


def _spearman(values: Sequence[float]) -> float:
    """Rank correlation of the values with time (ties ranked in time order)."""
    import numpy as np

    if len(values) < 2 or max(values) - min(values) < 1e-12:
        return 0.0
    ranks = np.argsort(np.argsort(values, kind="stable"))
    return float(np.corrcoef(np.arange(len(values)), ranks)[0, 1])


@check("accept-trend")
def accept_trend(ctx: Context) -> Outcome:
    head = ctx.headline()
    if head is None:
        return skip("no accept-length records in the logs")
    if len(ctx.segments()) > 1:
        return skip(
            f"the logs hold {len(ctx.segments())} segments split at restarts: a change between "
            "them is a new deployment, not a drift (see 'restarts')"
        )
    vals = [v for v in head[1].stats.sparkline_values if math.isfinite(v)]
    if len(vals) < TREND_MIN_BUCKETS:
        return skip(f"only {len(vals)} time buckets of accept length (need {TREND_MIN_BUCKETS})")
    q = max(1, len(vals) // 4)
    early = sum(vals[:q]) / q
    late = sum(vals[-q:]) / q
    rho = _spearman(vals)
    drop = (early - late) / (early - 1.0) if early > 1.0 else 0.0
    shown = f"first quarter {early:.2f}, last quarter {late:.2f}, rank correlation {rho:.2f}"
    evs = (ev("logs", f"{_loc(ctx)}: accept length, {len(vals)} time buckets", shown),)
    overall = head[1].stats.accept_length
    gained = max(0.0, early - overall.mean) if overall else None
    if drop >= TREND_MIN_DROP and rho <= TREND_MAX_RHO:
        return warn(
            f"accept length falls from {early:.2f} to {late:.2f} over the run ({drop:.0%} of the "
            "accepted drafts lost): runtime drift, e.g. prefix caching (vllm#41838) or growing "
            "context",
            evs,
            cause="accept-drift",
            drafts=gained,
            confirm=(f"specdiag logs {_loc(ctx).replace(', ', ' ')} --since +0m --until +10m",),
        )
    return passed(f"no downward trend ({early:.2f} -> {late:.2f}, rank correlation {rho:.2f})", evs)


def _outliers(rows: dict[str, float]) -> list[tuple[str, float, float]]:
    """(name, value, the others' median) of each row below OUTLIER_RATIO of that median."""
    out = []
    for name, v in rows.items():
        others = sorted(x for k, x in rows.items() if k != name)
        ref = others[len(others) // 2] if others else 0.0
        if ref > 0 and v < OUTLIER_RATIO * ref:
            out.append((name, v, ref))
    return out


@check("rank-outlier")
def rank_outlier(ctx: Context) -> Outcome:
    head = ctx.headline()
    if head is None:
        return skip("no accept-length records in the logs")
    ranks = {
        r or "(single)": s.accept_length.mean - 1
        for r, s in head[1].ranks.items()
        if s.accept_length
    }
    if len(ranks) < 2:
        return skip("the logs show one rank only")
    evs = tuple(ev("logs", f"rank {r}", f"accept length {v + 1:.2f}") for r, v in ranks.items())
    bad = _outliers(ranks)
    if bad:
        name, v, ref = bad[0]
        n = len(ranks)
        return warn(
            f"rank {name} accepts {v:.2f} drafts per step vs {ref:.2f} on the others: a "
            "parallelism fault (DP attention, PD transfer of hidden states) on that rank",
            evs,
            cause="rank-below-others",
            drafts=(ref - v) / n,
        )
    return passed(f"{len(ranks)} ranks agree", evs)


@check("category-outlier")
def category_outlier(ctx: Context) -> Outcome:
    rep = ctx.probe
    if rep is None:
        return skip("no probe run (--server)")
    rows = {
        c.category: c.accept_length - 1 for c in rep.main.by_category if c.accept_length is not None
    }
    if len(rows) < 2:
        return skip("the probe has accept lengths for fewer than two categories")
    evs = tuple(
        ev("server", f"probe category {k}", f"accept length {v + 1:.2f}") for k, v in rows.items()
    )
    bad = _outliers(rows)
    if bad:
        name, v, ref = bad[0]
        deficit = (ref - v) / len(rows)
        return warn(
            f"category {name!r} accepts {v:.2f} drafts per step vs {ref:.2f} on the others: the "
            "draft's training data covers it poorly",
            evs,
            cause="category-below-others",
            drafts=deficit,
            fix=f"add {name} conversations (regenerated by the target) to the draft's training data",
        )
    return passed(f"{len(rows)} categories within 70% of each other", evs)


def _rel(a: float, b: float) -> float:
    return abs(a - b) / max(abs(b), 1e-9)


@check("lifetime-vs-run")
def lifetime_vs_run(ctx: Context) -> Outcome:
    pairs: list[tuple[str, float, str, float]] = []  # (lifetime, its value, run, its value)
    rep = ctx.probe
    vals = server_accept_lengths(ctx.server.server_info if ctx.server else None)
    if ctx.server and rep and vals and rep.main.accept.pooled is not None:
        lifetime = f"{ctx.server.url}/server_info avg_spec_accept_length"
        pairs.append((lifetime, sum(vals) / len(vals), "probe run", rep.main.accept.pooled))
    head = ctx.headline()
    life = head[1].lifetime if head is not None else None
    run_d = head[1].stats.accept_length if head is not None else None
    if life is not None and life.accept_length and run_d:
        run = run_d.weighted_mean or run_d.mean
        pairs.append(
            ("logs lifetime totals", life.accept_length.mean, "logs per-request lines", run)
        )
    if not pairs:
        return skip(
            "needs a lifetime figure and a run-scoped one (--server on SGLang, or llama.cpp statistics lines)"
        )
    evs = tuple(
        e
        for a, va, b, vb in pairs
        for e in (
            ev("server" if a.startswith("http") else "logs", a, f"{va:.3f}"),
            ev("server" if b == "probe run" else "logs", b, f"{vb:.3f}"),
        )
    )
    a, va, b, vb = max(pairs, key=lambda p: _rel(p[1], p[3]))
    if _rel(va, vb) > MEASURE_TOLERANCE:
        return warn(
            f"{a} says {va:.2f}, {b} {vb:.2f}: the lifetime figure includes warm-up and earlier "
            "traffic, so a benchmark that prints it does not describe this run",
            evs,
            cause="lifetime-figure",
            drafts=abs(va - vb),
        )
    return passed(f"{a} {va:.2f} and {b} {vb:.2f} agree", evs)


@check("pooled-vs-mean")
def pooled_vs_mean(ctx: Context) -> Outcome:
    pairs: list[tuple[str, float, float]] = []
    acc = ctx.probe.main.accept if ctx.probe else None
    if acc is not None and acc.pooled is not None and acc.per_request_mean is not None:
        pairs.append(("probe", acc.pooled, acc.per_request_mean))
    head = ctx.headline()
    d = head[1].stats.accept_length if head is not None else None
    if d is not None and d.weighted_mean is not None:
        pairs.append(("logs", d.weighted_mean, d.mean))
    if not pairs:
        return skip("no run with both a pooled and a per-request (per-line) figure")
    evs = tuple(
        ev("server" if w == "probe" else "logs", f"{w}: pooled / mean", f"{p:.3f} / {m:.3f}")
        for w, p, m in pairs
    )
    w, p, m = max(pairs, key=lambda x: _rel(x[1], x[2]))
    if _rel(p, m) > MEASURE_TOLERANCE:
        return warn(
            f"{w}: pooled {p:.2f} vs mean of requests {m:.2f}: tools disagree by which one they "
            "print (SGLang/vLLM counters pool; SpecForge's benchmark and AIPerf's per-request "
            "metric average requests)",
            evs,
            cause="averages-differ",
            drafts=abs(p - m),
        )
    return passed(f"{w}: pooled {p:.2f} and mean of requests {m:.2f} agree", evs)


@check("bonus-convention")
def bonus_convention(ctx: Context) -> Outcome:
    evs: list[Evidence] = []
    msgs: list[str] = []
    versions: list[str] = []
    if ctx.logs and ctx.logs.report:
        for s in ctx.logs.report.summary.values():
            versions += [v for v, _ in s.stats.versions]
    if ctx.engine == "vllm" and ctx.engine_version and ctx.engine_version.startswith("0.8"):
        versions.append(f"vllm {ctx.engine_version}")
    old = [v for v in versions if v.startswith("vllm 0.8")]
    if old:
        evs.append(ev("logs", "engine version", old[0]))
        msgs.append(
            f"{old[0]} printed 'Mean acceptance length' as accepted/drafts, without the bonus "
            "token: read as-is it is 1 lower than every other engine's figure (specdiag adds it)"
        )
    tl = ctx.training_log
    if tl is not None and tl.simulated_acc_len is not None:
        evs.append(
            ev("training-log", f"{tl.path}: eval/simulated_acc_len", f"{tl.simulated_acc_len:.3f}")
        )
        msgs.append(
            f"the trainer's simulated_acc_len {tl.simulated_acc_len:.2f} excludes the bonus token; "
            f"the engines' accept length includes it (compare with {tl.simulated_acc_len + 1:.2f})"
        )
    if not evs and ctx.acc is None:
        return skip("no engine version or training figure that has a convention to check")
    if msgs:
        return warn("; ".join(msgs), evs, cause="bonus-token-mixed")
    return passed(
        "every figure is compared in one convention: accept length counts the bonus token "
        "(1 + accepted drafts per verify step)",
        evs,
    )


@check("log-errors")
def log_errors(ctx: Context) -> Outcome:
    if ctx.logs is None:
        return skip(
            "no readable log (see the inputs that could not be read)"
            if ctx.inputs.logs
            else "no --logs"
        )
    hits = ctx.hits("concat-width", "aux-default")
    dead = ctx.hits("engine-dead")
    if not hits and dead:
        return fail(
            f"the engine died ({dead[0].text[:160]}); its root cause is logged above that line",
            (h.evidence() for h in dead[:2]),
            cause="engine-died",
        )
    if not hits:
        return passed("no aux-state shape error or silent-default warning in the logs")
    evs = [h.evidence() for h in hits[:4]]
    shape = any(h.kind == "concat-width" for h in hits)
    return found(
        Status.FAIL if shape else Status.WARN,
        (
            "the engine failed on a shape mismatch ("
            if shape
            else "the engine fell back to default aux layers ("
        )
        + hits[0].text[:160]
        + "): the aux layer ids do not give fc the states it expects",
        evs,
        cause="aux-shape-error",
    )


@check("restarts")
def restarts(ctx: Context) -> Outcome:
    from dataclasses import asdict

    segs = ctx.segments()
    if not segs:
        return skip("no spec-decode lines with a timeline in the logs")
    where = next((p for p, v in (ctx.logs.segments.items() if ctx.logs else ()) if v == segs), "")
    evs = tuple(
        ev(
            "logs",
            f"{where}: segment {s.index + 1} ({s.start or '?'} .. {s.end or '?'})",
            f"{s.lines} lines, accept length "
            + (f"{s.accept_length:.2f}" if s.accept_length is not None else "n/a")
            + (f", {s.version}" if s.version else "")
            + f"; starts: {s.starts_because}",
        )
        for s in segs
    )
    if len(segs) == 1:
        return passed("one segment: no restart in the logs", evs)
    parts = []
    for s in segs:
        al = f"{s.accept_length:.2f}" if s.accept_length is not None else "n/a"
        verdict = ""
        if ctx.acc and s.accept_length is not None:
            k, _ = ctx.served_steps()
            if k is not None or len(ctx.acc) > 1:
                steps = k if k is not None else len(ctx.acc)
                if 1.0 <= s.accept_length <= steps + 1:
                    j = adapters.expected_vs_observed(
                        ctx.acc if len(ctx.acc) == 1 else ctx.acc[:steps],
                        steps if len(ctx.acc) == 1 else min(steps, len(ctx.acc)),
                        ctx.inputs.acc_kind,
                        s.accept_length,
                        ctx.spec_settings()[1] or 1,
                    ).judgement
                    ratio = f"{j.ratio:.0%}" if j.ratio is not None else "n/a"
                    verdict = f" = {j.verdict.value} ({ratio})"
        parts.append(f"{al}{verdict} from {s.start or '?'} ({s.starts_because})")
    return warn(
        f"the logs hold {len(segs)} deployments split at restarts, judged separately: "
        + ", then ".join(parts)
        + ". The last one is the observation; a change across a restart is a change of the "
        "deployment (config, version, weights), not a drift",
        evs,
        cause="restarted",
        confirm=(
            f"specdiag logs {where} --since '{segs[-1].start}'"
            if segs[-1].start
            else f"specdiag logs {where}",
        ),
        details={"segments": [{k: v for k, v in asdict(s).items() if k in _SHOWN} for s in segs]},
    )
