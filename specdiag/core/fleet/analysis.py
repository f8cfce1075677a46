"""Pure analysis of raw Prometheus samples: replicas, ranks, timelines, outliers, trends.

Input: :class:`~specdiag.core.fleet.client.RawSeries` (labels + raw samples) and the window.
Output: frozen dataclasses. Nothing here talks to a network.

Accept length is always bonus-included (1 + accepted drafts per verify step):

* vLLM, Ray, llama.cpp: 1 + delta(accepted) / delta(num_drafts); per position
  delta(accepted_per_pos[i]) / delta(num_drafts) (unconditional);
* SGLang: delta(generation_tokens) / delta(spec_verify_calls);
* TensorRT-LLM: 1 + delta(accepted) / delta(drafted{token_position="0"});
* otherwise an accept-length gauge, averaged over its samples (with a warning), never summed
  over ranks.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from specdiag.core import accept
from specdiag.core.fleet import names as N
from specdiag.core.fleet.client import RawSeries
from specdiag.core.fleet.series import adjust_resets, bucket_deltas, bucket_means, median_interval

COLLAPSE_MAX = accept.COLLAPSED_MAX_LENGTH  # 1.2
SPARK = "▁▂▃▄▅▆▇█"


# ----------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Figures:
    """One replica's (or rank's) figures over a span of time."""

    source: str  # "counters", "gauge", "exporter" or "none"
    accept_length: float | None  # bonus included
    accepted_per_step: float | None  # bonus excluded
    accept_rate: float | None  # accepted / drafted tokens
    draft_length: float | None  # draft tokens per verify step
    verify_steps: float | None
    accepted_drafts: float | None
    draft_tokens: float | None
    generated_tokens: float | None
    per_position_unconditional: tuple[float, ...]
    per_position_conditional: tuple[float, ...]
    gauge_samples: int = 0


@dataclass(frozen=True)
class Bucket:
    end: float  # the bucket is (end - step, end]
    accept_length: float | None
    verify_steps: float | None
    running_requests: float | None


@dataclass(frozen=True)
class Trend:
    buckets: int
    kendall_tau: float
    slope_per_hour: float  # accept length per hour (least squares)
    first: float  # mean accept length of the first third
    last: float  # mean of the last third
    declining: bool  # a monotone decline (tau <= -0.6 and a real drop)


@dataclass(frozen=True)
class Stretch:
    start: float
    end: float
    buckets: int
    mean_accept_length: float


@dataclass(frozen=True)
class Outlier:
    replica: str
    engine: str
    accept_length: float
    fleet_median: float
    gap: float  # fleet median - this replica (accept length)
    deficit: float  # share of the fleet's accepted drafts per step this replica lacks
    since: float | None  # start of the trailing run of buckets below the threshold
    until: float | None  # last bucket below (None: still below at the window's end)


@dataclass(frozen=True)
class ExpectedFit:
    expected_accept_length: float
    verdict: str
    ratio: float | None
    explanation: str


@dataclass(frozen=True)
class RankReport:
    rank: Mapping[str, str]
    figures: Figures


@dataclass(frozen=True)
class ReplicaReport:
    replica: str
    labels: Mapping[str, str]
    engine: str
    figures: Figures
    ranks: tuple[RankReport, ...]
    timeline: tuple[Bucket, ...]
    sparkline: str
    trend: Trend | None
    collapses: tuple[Stretch, ...]
    collapsed: bool
    outlier: Outlier | None
    expected: ExpectedFit | None
    resets: int
    series: int
    samples: int
    first_seen: float | None
    last_seen: float | None
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class FleetSummary:
    replicas: int
    replicas_with_data: int
    median_accept_length: float | None
    pooled_accept_length: float | None  # over counter replicas: sum tokens / sum steps
    min_accept_length: float | None
    max_accept_length: float | None
    outliers: int
    declining: int
    collapsed: int


@dataclass(frozen=True)
class AnalysisParams:
    start: float
    end: float
    step: float
    group_by: tuple[str, ...] | None = None  # None: the default replica labels present
    outlier_threshold: float = 0.25
    min_steps: float = 10.0  # fewer verify steps in the window: not judged as an outlier
    profile: accept.AcceptProfile | None = None


@dataclass(frozen=True)
class Analysis:
    replicas: tuple[ReplicaReport, ...]
    fleet: FleetSummary
    outliers: tuple[Outlier, ...]
    bounds: tuple[float, ...]
    series_read: int
    samples_read: int
    series_unknown: int
    warnings: tuple[str, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)


# ----------------------------------------------------------------------------- grouping


@dataclass
class _S:
    meta: N.MetricName
    labels: Mapping[str, str]
    position: int | None
    rank: tuple[tuple[str, str], ...]
    dup: tuple[tuple[str, str], ...]  # duplicating labels (tp_rank ...)
    ts: tuple[float, ...]
    values: tuple[float, ...]


@dataclass
class _Unit:
    key: tuple[tuple[str, str], ...]
    family: str
    series: list[_S] = field(default_factory=list)


def bounds_of(start: float, end: float, step: float) -> tuple[float, ...]:
    """Bucket edges start, start+step, ..., end (the last bucket may be shorter)."""
    n = max(1, math.ceil((end - start) / step - 1e-9))
    edges = [start + i * step for i in range(n)]
    edges.append(end)
    return tuple(edges)


def _position(labels: Mapping[str, str]) -> int | None:
    for key in N.POSITION_LABELS:
        if key in labels:
            try:
                return int(labels[key])
            except ValueError:
                return None
    return None


def _replica_key(
    labels: Mapping[str, str], family: str, group_by: tuple[str, ...] | None
) -> tuple[tuple[str, str], ...]:
    if group_by is not None:
        key = [(k, labels.get(k, "")) for k in group_by]
    else:
        key = [(k, labels[k]) for k in N.DEFAULT_REPLICA_LABELS if k in labels]
    if family == "specdiag":
        key += [(k, labels.get(k, "")) for k in N.SPECDIAG_KEEP]
    return tuple(key)


def _display(key: tuple[tuple[str, str], ...]) -> str:
    vals = [v for _, v in key if v]
    return "/".join(vals) if vals else "(no labels)"


def _dedupe(series: list[_S], family: str, notes: list[str], shown: str) -> list[_S]:
    """Drop replicated series: TP-style duplicates always, identical TRT-LLM ADP series."""
    out: list[_S] = []
    groups: dict[tuple[object, ...], list[_S]] = defaultdict(list)
    for s in series:
        groups[(s.meta.name, s.position, s.rank)].append(s)
    dropped_dup = 0
    for members in groups.values():
        members.sort(key=lambda s: s.dup)
        out.append(members[0])
        dropped_dup += len(members) - 1
    if dropped_dup:
        notes.append(
            f"{shown}: {dropped_dup} series repeated per tp/pp rank were read once (not summed)"
        )
    if family == "trtllm":
        seen: dict[tuple[object, ...], _S] = {}
        kept: list[_S] = []
        dropped = 0
        for s in out:
            sig = (s.meta.name, s.position, s.values)
            if s.meta.role in N.COUNTER_ROLES and sig in seen and s.values:
                dropped += 1
                continue
            seen[sig] = s
            kept.append(s)
        if dropped:
            notes.append(
                f"{shown}: dropped {dropped} TensorRT-LLM series duplicated across attention-DP "
                "ranks (identical samples; TRT-LLM repeats rank 0's spec stats)"
            )
        out = kept
    return out


# ----------------------------------------------------------------------------- figures


def _figures(
    family: str,
    d: Mapping[str, float],
    pos_acc: Mapping[int, float],
    pos_drafted: Mapping[int, float],
    gauge: tuple[float, int] | None,
) -> Figures:
    steps = d.get(N.STEPS)
    acc = d.get(N.ACCEPTED)
    dt = d.get(N.DRAFT_TOKENS)
    gen = d.get(N.GEN_TOKENS)
    if family == "trtllm":
        if pos_drafted:
            steps = pos_drafted.get(0, 0.0)
            if dt is None:
                dt = math.fsum(pos_drafted.values())
        if acc is None and pos_acc:
            acc = math.fsum(pos_acc.values())
    if acc is None and pos_acc and family != "sglang":
        acc = math.fsum(pos_acc.values())
    al = per_step = None
    if steps is not None and steps > 0:
        if family == "sglang":
            if gen is not None:
                al = gen / steps
                per_step = al - 1.0
        elif acc is not None:
            per_step = acc / steps
            al = 1.0 + per_step
    uncond: tuple[float, ...] = ()
    cond: tuple[float, ...] = ()
    if pos_acc and steps:
        k = max(pos_acc) + 1
        uncond = tuple(pos_acc.get(i, 0.0) / steps for i in range(k))
        c: list[float] = []
        prev = 1.0
        for u in uncond:
            c.append(u / prev if prev > 0 else 0.0)
            prev = u
        cond = tuple(c)
    if al is not None:
        return Figures(
            source="counters",
            accept_length=al,
            accepted_per_step=per_step,
            accept_rate=acc / dt if acc is not None and dt else None,
            draft_length=dt / steps if dt is not None and steps else None,
            verify_steps=steps,
            accepted_drafts=acc
            if family != "sglang"
            else (gen - steps if gen is not None and steps is not None else None),
            draft_tokens=dt,
            generated_tokens=gen,
            per_position_unconditional=uncond,
            per_position_conditional=cond,
        )
    if gauge is not None and gauge[1] > 0:
        g = gauge[0]
        return Figures(
            source="exporter" if family == "specdiag" else "gauge",
            accept_length=g,
            accepted_per_step=g - 1.0,
            accept_rate=None,
            draft_length=None,
            verify_steps=steps,
            accepted_drafts=None,
            draft_tokens=dt,
            generated_tokens=gen,
            per_position_unconditional=(),
            per_position_conditional=(),
            gauge_samples=gauge[1],
        )
    return Figures("none", None, None, None, None, steps, acc, dt, gen, (), ())


class _Acc:
    """Deltas and gauge samples of a set of series (a rank, or a whole replica)."""

    def __init__(self, nb: int) -> None:
        self.d: dict[str, float] = {}
        self.pos_acc: dict[int, float] = defaultdict(float)
        self.pos_drafted: dict[int, float] = defaultdict(float)
        self.gauge_sum: list[float] = []  # per-series means of the AL gauge
        self.gauge_n = 0
        self.b: dict[str, list[float]] = {}
        self.b_pos0: list[float] = [0.0] * nb
        self.nb = nb
        self.g_b: list[list[float]] = [[] for _ in range(nb)]  # AL gauge bucket means per series
        self.run_b: list[float | None] = [None] * nb

    def add_counter(self, s: _S, delta: float, deltas: Sequence[float]) -> None:
        role = s.meta.role
        if role == N.ACCEPTED_POS and s.position is not None:
            self.pos_acc[s.position] += delta
            return
        if role == N.DRAFTED_POS and s.position is not None:
            self.pos_drafted[s.position] += delta
            if s.position == 0:
                self.b_pos0 = [a + b for a, b in zip(self.b_pos0, deltas, strict=False)]
            return
        if role in (N.ACCEPTED_POS, N.DRAFTED_POS):
            return
        self.d[role] = self.d.get(role, 0.0) + delta
        cur = self.b.get(role)
        self.b[role] = (
            list(deltas) if cur is None else [a + b for a, b in zip(cur, deltas, strict=False)]
        )

    def add_gauge(self, s: _S, values: Sequence[float], means: Sequence[float | None]) -> None:
        if s.meta.role == N.AL_GAUGE:
            finite = [v for v in values if math.isfinite(v)]
            if finite:
                self.gauge_sum.append(math.fsum(finite) / len(finite))
                self.gauge_n += len(finite)
            for i, m in enumerate(means):
                if m is not None and math.isfinite(m):
                    self.g_b[i].append(m)
        elif s.meta.role == N.RUNNING and all(v == "0" for _, v in s.dup):
            # running requests add up over DP ranks; TP/PP ranks repeat them: rank 0 only
            for i, m in enumerate(means):
                if m is not None:
                    self.run_b[i] = (self.run_b[i] or 0.0) + m

    def figures(self, family: str) -> Figures:
        gauge = None
        if self.gauge_sum:
            gauge = (math.fsum(self.gauge_sum) / len(self.gauge_sum), self.gauge_n)
        return _figures(family, self.d, self.pos_acc, self.pos_drafted, gauge)

    def timeline(self, family: str, bounds: Sequence[float]) -> list[Bucket]:
        out: list[Bucket] = []
        steps_b = self.b_pos0 if family == "trtllm" and self.pos_drafted else self.b.get(N.STEPS)
        acc_b = self.b.get(N.ACCEPTED)
        gen_b = self.b.get(N.GEN_TOKENS)
        use_counters = self.figures(family).source == "counters"
        for i in range(self.nb):
            al = None
            st = steps_b[i] if steps_b is not None else None
            if use_counters and st is not None and st > 0:
                if family == "sglang" and gen_b is not None:
                    al = gen_b[i] / st
                elif acc_b is not None:
                    al = 1.0 + acc_b[i] / st
            elif not use_counters and self.g_b[i]:
                al = math.fsum(self.g_b[i]) / len(self.g_b[i])
            out.append(Bucket(bounds[i + 1], al, st, self.run_b[i]))
        return out


# ----------------------------------------------------------------------------- over time


def sparkline(values: Sequence[float | None], lo: float, hi: float) -> str:
    span = hi - lo
    out = []
    for v in values:
        if v is None:
            out.append(" ")
        elif span <= 0:
            out.append(SPARK[len(SPARK) // 2])
        else:
            i = int((min(max(v, lo), hi) - lo) / span * (len(SPARK) - 1) + 0.5)
            out.append(SPARK[i])
    return "".join(out)


def kendall_tau(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    conc = disc = 0
    for i in range(n):
        vi = values[i]
        for j in range(i + 1, n):
            d = values[j] - vi
            if d > 0:
                conc += 1
            elif d < 0:
                disc += 1
    pairs = n * (n - 1) / 2
    return (conc - disc) / pairs


def trend_of(timeline: Sequence[Bucket], max_points: int = 200) -> Trend | None:
    pts = [(b.end, b.accept_length) for b in timeline if b.accept_length is not None]
    if len(pts) < 6:
        return None
    if len(pts) > max_points:  # Kendall's tau is quadratic: average down to max_points
        size = math.ceil(len(pts) / max_points)
        pts = [
            (
                math.fsum(t for t, _ in pts[i : i + size]) / len(pts[i : i + size]),
                math.fsum(v for _, v in pts[i : i + size]) / len(pts[i : i + size]),
            )
            for i in range(0, len(pts), size)
        ]
    ts = [t for t, _ in pts]
    vs = [v for _, v in pts]
    tau = kendall_tau(vs)
    mt = math.fsum(ts) / len(ts)
    mv = math.fsum(vs) / len(vs)
    var = math.fsum((t - mt) ** 2 for t in ts)
    slope = (
        math.fsum((t - mt) * (v - mv) for t, v in zip(ts, vs, strict=False)) / var * 3600.0
        if var
        else 0.0
    )
    third = max(1, len(vs) // 3)
    first = math.fsum(vs[:third]) / third
    last = math.fsum(vs[-third:]) / third
    drop = first - last
    declining = tau <= -0.6 and drop >= 0.05 and drop >= 0.1 * max(first - 1.0, 0.0)
    return Trend(len(vs), tau, slope, first, last, declining)


def collapses_of(timeline: Sequence[Bucket], step: float) -> tuple[Stretch, ...]:
    out: list[Stretch] = []
    cur: list[Bucket] = []

    def flush() -> None:
        if cur:
            vals = [b.accept_length for b in cur if b.accept_length is not None]
            out.append(
                Stretch(cur[0].end - step, cur[-1].end, len(cur), math.fsum(vals) / len(vals))
            )
            cur.clear()

    for b in timeline:
        if b.accept_length is None:
            continue
        if b.accept_length <= COLLAPSE_MAX:
            cur.append(b)
        else:
            flush()
    flush()
    return tuple(out)


def _median(values: Sequence[float]) -> float:
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


def _deficit(al: float, median: float) -> float:
    return (median - al) / (median - 1.0) if median > 1.0 else 0.0


# ----------------------------------------------------------------------------- entry point


def analyse(raw: Sequence[RawSeries], p: AnalysisParams) -> Analysis:
    """Group raw series into replicas and ranks and compute every figure."""
    bounds = bounds_of(p.start, p.end, p.step)
    nb = len(bounds) - 1
    warnings: list[str] = []
    notes: list[str] = []
    units: dict[tuple[tuple[tuple[str, str], ...], str], _Unit] = {}
    unknown = 0
    samples = 0
    draft_engine_series = 0
    for r in raw:
        name = r.labels.get("__name__", "")
        meta = N.BY_NAME.get(name)
        if meta is None:  # never happens with our exact-name query; a proxy might add some
            unknown += 1
            continue
        labels = r.labels
        if meta.family == "sglang" and labels.get("engine_type") == "draft":
            draft_engine_series += 1
            continue
        fam = meta.family
        rank_labels = tuple(k for k in N.RANK_LABELS.get(fam, ()) if k not in N.DUPLICATING_LABELS)
        group_by = p.group_by
        rank = tuple(
            (k, labels[k])
            for k in rank_labels
            if k in labels and (group_by is None or k not in group_by)
        )
        dup = tuple((k, labels[k]) for k in sorted(N.DUPLICATING_LABELS) if k in labels)
        key = _replica_key(labels, fam, group_by)
        unit = units.get((key, fam))
        if unit is None:
            unit = units[(key, fam)] = _Unit(key, fam)
        samples += len(r.timestamps)
        unit.series.append(_S(meta, labels, _position(labels), rank, dup, r.timestamps, r.values))
    if draft_engine_series:
        notes.append(
            f'{draft_engine_series} SGLang series with engine_type="draft" left out (they would '
            "mix draft-model and target figures)"
        )

    reports: list[ReplicaReport] = []
    for (key, fam), unit in sorted(units.items(), key=lambda kv: (_display(kv[0][0]), kv[0][1])):
        shown = _display(key)
        w: list[str] = []
        series = _dedupe(unit.series, fam, notes, shown)
        total = _Acc(nb)
        ranks: dict[tuple[tuple[str, str], ...], _Acc] = {}
        resets = 0
        all_ts = [s.ts for s in series if s.ts]
        first_seen = min((t[0] for t in all_ts), default=None)
        last_seen = max((t[-1] for t in all_ts), default=None)
        intervals = [iv for iv in (median_interval(t) for t in all_ts) if iv is not None]
        interval = _median(intervals) if intervals else p.step
        grace = 2.0 * interval
        late_born = 0
        for s in series:
            if not s.ts:
                continue
            racc = ranks.get(s.rank)
            if racc is None:
                racc = ranks[s.rank] = _Acc(nb)
            if s.meta.role in N.COUNTER_ROLES:
                adj, nres = adjust_resets(s.values)
                resets += nres
                # born in the window (llama.cpp's per-position series appears only after the
                # first speculative request; a rank started late): it counted from 0
                born = first_seen is not None and s.ts[0] > first_seen + grace
                if born:
                    late_born += 1
                base = 0.0 if born else adj[0]
                delta = adj[-1] - base
                deltas = bucket_deltas(s.ts, adj, base, bounds)
                total.add_counter(s, delta, deltas)
                racc.add_counter(s, delta, deltas)
            else:
                means = bucket_means(s.ts, s.values, bounds)
                total.add_gauge(s, s.values, means)
                racc.add_gauge(s, s.values, means)
        if resets:
            w.append(f"{shown}: {resets} counter reset(s) in the window (a restart); handled")
        if late_born:
            notes.append(
                f"{shown}: {late_born} series first appeared inside the window and were counted "
                "from 0"
            )
        if first_seen is not None and first_seen > p.start + grace and p.start > 0:
            notes.append(
                f"{shown}: first sample {first_seen - p.start:.0f} s after the window's start; "
                "its counters count from that first sample"
            )
        figs = total.figures(fam)
        if figs.source == "gauge":
            gname = next((s.meta.name for s in series if s.meta.role == N.AL_GAUGE), "gauge")
            w.append(
                f"{shown} ({fam}): accept length from the {gname} gauge, not from counters: "
                + (
                    "SGLang's gauge is the last decode interval's average, so the mean over "
                    "scrapes weights intervals, not steps, and can be off"
                    if fam == "sglang"
                    else "a gauge holds the last iteration's or interval's value; its mean over "
                    "scrapes can be off"
                )
            )
        if figs.source == "counters" and fam == "sglang":
            w.append(
                f"{shown} (sglang): spec_verify_calls_total is added per finished request, so "
                "requests in flight at the window's edges blur the figure; bracket windows with "
                "idle periods"
            )
        if figs.source == "counters" and fam == "trtllm":
            notes.append(
                f"{shown} (trtllm): verify steps read as drafted tokens at position 0 (steps "
                "that carried at least one draft)"
            )
        rank_reports = tuple(
            RankReport(dict(rk), acc.figures(fam)) for rk, acc in sorted(ranks.items()) if rk
        )
        if len(rank_reports) < 2:
            rank_reports = ()
        timeline = tuple(total.timeline(fam, bounds))
        collapses = collapses_of(timeline, p.step)
        expected = None
        if p.profile is not None and figs.accept_length is not None:
            expected = _expected(p.profile, figs.accept_length, shown, w)
        reports.append(
            ReplicaReport(
                replica=shown,
                labels=dict(key),
                engine=fam,
                figures=figs,
                ranks=rank_reports,
                timeline=timeline,
                sparkline="",
                trend=trend_of(timeline),
                collapses=collapses,
                collapsed=figs.accept_length is not None and figs.accept_length <= COLLAPSE_MAX,
                outlier=None,
                expected=expected,
                resets=resets,
                series=len(series),
                samples=sum(len(s.ts) for s in series),
                first_seen=first_seen,
                last_seen=last_seen,
                warnings=tuple(w),
            )
        )
        warnings.extend(w)

    outliers = _outliers(reports, p, nb, notes)
    by_name = {(o.replica, o.engine): o for o in outliers}
    with_al = [r.figures.accept_length for r in reports if r.figures.accept_length is not None]
    hi = max(
        [a for r in reports for a in (b.accept_length for b in r.timeline) if a is not None]
        + with_al
        + [2.0]
    )
    final: list[ReplicaReport] = []
    from dataclasses import replace

    for rep in reports:
        spark = sparkline([b.accept_length for b in rep.timeline], 1.0, hi)
        final.append(replace(rep, sparkline=spark, outlier=by_name.get((rep.replica, rep.engine))))
    counter_reps = [r for r in final if r.figures.source == "counters" and r.figures.verify_steps]
    pooled = None
    if counter_reps:
        tok = math.fsum(r.figures.accept_length * r.figures.verify_steps for r in counter_reps)  # type: ignore[operator]
        pooled = tok / math.fsum(r.figures.verify_steps for r in counter_reps)  # type: ignore[misc]
    fleet = FleetSummary(
        replicas=len(final),
        replicas_with_data=len(with_al),
        median_accept_length=_median(with_al) if with_al else None,
        pooled_accept_length=pooled,
        min_accept_length=min(with_al) if with_al else None,
        max_accept_length=max(with_al) if with_al else None,
        outliers=len(outliers),
        declining=sum(1 for r in final if r.trend is not None and r.trend.declining),
        collapsed=sum(1 for r in final if r.collapsed or r.collapses),
    )
    return Analysis(
        replicas=tuple(final),
        fleet=fleet,
        outliers=tuple(outliers),
        bounds=bounds,
        series_read=len(raw),
        samples_read=samples,
        series_unknown=unknown,
        warnings=tuple(warnings),
        notes=tuple(notes),
    )


def _expected(
    prof: accept.AcceptProfile, al: float, shown: str, w: list[str]
) -> ExpectedFit | None:
    from specdiag.errors import UsageError

    try:
        obs = accept.convert_observed(al, accept.ObservedKind.LENGTH, prof.steps)
    except UsageError:
        w.append(
            f"{shown}: accept length {al:.2f} exceeds --steps {prof.steps} + 1: the --acc "
            "profile does not describe this replica"
        )
        return None
    j = accept.judge(prof, obs)
    return ExpectedFit(prof.expected_accept_length, j.verdict.value, j.ratio, j.explanation)


def _outliers(
    reports: Sequence[ReplicaReport], p: AnalysisParams, nb: int, notes: list[str]
) -> list[Outlier]:
    def judged(r: ReplicaReport) -> bool:
        f = r.figures
        if f.accept_length is None:
            return False
        if f.source == "counters":
            return (f.verify_steps or 0.0) >= p.min_steps
        return f.gauge_samples >= 2

    pool = [r for r in reports if judged(r)]
    if len(pool) < 3:
        if len(reports) >= 2:
            notes.append(
                f"outliers need at least 3 replicas with data ({len(pool)} here, each with "
                f">= {p.min_steps:g} verify steps)"
            )
        return []
    median = _median([r.figures.accept_length for r in pool])  # type: ignore[misc]
    bucket_medians: list[float | None] = []
    for i in range(nb):
        vals = [
            r.timeline[i].accept_length for r in pool if r.timeline[i].accept_length is not None
        ]
        bucket_medians.append(_median(vals) if len(vals) >= 3 else None)  # type: ignore[arg-type]
    out: list[Outlier] = []
    for r in pool:
        al = r.figures.accept_length
        assert al is not None
        deficit = _deficit(al, median)
        if deficit < p.outlier_threshold:
            continue
        below: list[tuple[float, bool]] = []
        for i, b in enumerate(r.timeline):
            m = bucket_medians[i]
            if b.accept_length is None or m is None:
                continue
            below.append((b.end, _deficit(b.accept_length, m) >= p.outlier_threshold))
        since = until = None
        if below:
            if below[-1][1]:
                j = len(below) - 1
                while j > 0 and below[j - 1][1]:
                    j -= 1
                since = below[j][0] - p.step
            else:
                firsts = [t for t, b in below if b]
                if firsts:
                    since = firsts[0] - p.step
                    until = max(t for t, b in below if b)
        out.append(Outlier(r.replica, r.engine, al, median, median - al, deficit, since, until))
    return out
