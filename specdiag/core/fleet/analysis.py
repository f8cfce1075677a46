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
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from specdiag.core import accept
from specdiag.core.datafiles import fill, load
from specdiag.core.fleet import names as N
from specdiag.core.fleet.client import RawSeries

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]

from specdiag.core.fleet.series import adjust_resets, bucket_deltas, bucket_means, median_interval
from specdiag.errors import UsageError

COLLAPSE_MAX = accept.COLLAPSED_MAX_LENGTH  # 1.2
SPARK = "▁▂▃▄▅▆▇█"
_TEXT = load("specdiag.core.fleet", "messages.json")


def _say(name: str, **values: object) -> str:
    """Message ``name`` of messages.json (by engine family ``fam`` where it has one), filled."""
    text = _TEXT[name]
    if isinstance(text, dict):
        text = text.get(str(values["fam"]), text["other"])
    return fill(text, **values)


# ----------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Figures:
    """One replica's (or rank's) figures over a span of time."""

    source: str  # "counters", "gauge", "exporter" or "none"
    accept_length: float | None  # bonus included
    accepted_per_step: float | None = None  # bonus excluded
    accept_rate: float | None = None  # accepted / drafted tokens
    draft_length: float | None = None  # draft tokens per verify step
    verify_steps: float | None = None
    accepted_drafts: float | None = None
    draft_tokens: float | None = None
    generated_tokens: float | None = None
    per_position_unconditional: tuple[float, ...] = ()
    per_position_conditional: tuple[float, ...] = ()
    gauge_samples: int = 0


@dataclass(frozen=True)
class Timeline:
    """Per-bucket figures, one entry per bucket (end - step, end]; None: no data there."""

    ends: tuple[float, ...]
    accept_length: tuple[float | None, ...]
    verify_steps: tuple[float | None, ...]
    running_requests: tuple[float | None, ...]


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
    deficit: float | None = None  # vs the median of the replica's ranks (accepted drafts)
    outlier: bool = False  # far below the replica's other ranks (e.g. one DP rank)
    timeline: Timeline | None = None  # the rank's own per-bucket figures
    sparkline: str = ""  # on the same scale as the replicas' sparklines


@dataclass(frozen=True)
class ReplicaReport:
    replica: str
    labels: Mapping[str, str]
    engine: str
    figures: Figures
    ranks: tuple[RankReport, ...]
    timeline: Timeline
    sparkline: str
    trend: Trend | None
    collapsed: bool
    collapses: tuple[Stretch, ...]
    outlier: Outlier | None
    expected: ExpectedFit | None
    running_correlation: float | None  # Pearson r of accept length vs running requests per bucket
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
    ts: Floats
    values: Floats


def bounds_of(start: float, end: float, step: float) -> tuple[float, ...]:
    """Bucket edges start, start+step, ..., end (the last bucket may be shorter)."""
    n = max(1, math.ceil((end - start) / step - 1e-9))
    return (*(start + i * step for i in range(n)), end)


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
        notes.append(_say("tp_repeats", shown=shown, n=dropped_dup))
    if family == "trtllm":
        seen: set[tuple[object, ...]] = set()
        kept: list[_S] = []
        for s in out:
            sig = (s.meta.name, s.position, s.values.tobytes())
            if not (s.meta.role in N.COUNTER_ROLES and sig in seen and len(s.values)):
                seen.add(sig)
                kept.append(s)
        if len(kept) < len(out):
            notes.append(_say("adp_repeats", shown=shown, n=len(out) - len(kept)))
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
    if family == "trtllm" and pos_drafted:
        steps = pos_drafted.get(0, 0.0)
        if dt is None:
            dt = math.fsum(pos_drafted.values())
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
        cond = tuple(u / p if p > 0 else 0.0 for u, p in zip(uncond, (1.0, *uncond), strict=False))
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
    # a step counter scraped in the window that did not move: no verify step was counted there;
    # the gauge then holds an interval from before (or, for SGLang, of requests still running),
    # never the window's figure
    stale = steps is not None and steps <= 0 and family != "specdiag"
    if gauge is not None and gauge[1] > 0 and not stale:
        g = gauge[0]
        return Figures(
            source="exporter" if family == "specdiag" else "gauge",
            accept_length=g,
            accepted_per_step=g - 1.0,
            verify_steps=steps,
            draft_tokens=dt,
            generated_tokens=gen,
            gauge_samples=gauge[1],
        )
    return Figures(
        "none", None, None, None, None, steps, acc, dt, gen, (), (), gauge[1] if gauge else 0
    )


class _Acc:
    """Deltas and gauge samples of a set of series (a rank, or a whole replica)."""

    def __init__(self, nb: int) -> None:
        import numpy as np

        self.np = np
        self.d: dict[str, float] = {}
        self.pos_acc: dict[int, float] = defaultdict(float)
        self.pos_drafted: dict[int, float] = defaultdict(float)
        self.gauge_sum: list[float] = []  # per-series means of the AL gauge
        self.gauge_n = 0
        self.b: dict[str, Floats] = {}  # role -> per-bucket deltas
        self.b_pos0: Floats | None = None
        self.nb = nb
        self.g_sum: Floats = np.zeros(nb)  # AL gauge: sum over series of per-bucket means
        self.g_cnt: Floats = np.zeros(nb)  # ... and how many series had a sample there
        self.run_sum: Floats = np.zeros(nb)
        self.run_cnt: Floats = np.zeros(nb)

    def add_counter(self, s: _S, delta: float, deltas: Floats) -> None:
        role = s.meta.role
        if role == N.ACCEPTED_POS and s.position is not None:
            self.pos_acc[s.position] += delta
            return
        if role == N.DRAFTED_POS and s.position is not None:
            self.pos_drafted[s.position] += delta
            if s.position == 0:
                self.b_pos0 = deltas if self.b_pos0 is None else self.b_pos0 + deltas
            return
        if role in (N.ACCEPTED_POS, N.DRAFTED_POS):
            return
        self.d[role] = self.d.get(role, 0.0) + delta
        cur = self.b.get(role)
        self.b[role] = deltas if cur is None else cur + deltas

    def add_gauge(self, s: _S, sums: Floats, counts: Floats) -> None:
        has = counts > 0
        means = self.np.where(has, sums / self.np.maximum(counts, 1.0), 0.0)
        if s.meta.role == N.AL_GAUGE:
            n = float(counts.sum())
            if n:
                self.gauge_sum.append(float(sums.sum()) / n)
                self.gauge_n += int(n)
            self.g_sum = self.g_sum + means
            self.g_cnt = self.g_cnt + has
        elif s.meta.role == N.RUNNING and all(v == "0" for _, v in s.dup):
            # running requests add up over DP ranks; TP/PP ranks repeat them: rank 0 only
            self.run_sum = self.run_sum + means
            self.run_cnt = self.run_cnt + has

    def figures(self, family: str) -> Figures:
        gauge = None
        if self.gauge_sum:
            gauge = (math.fsum(self.gauge_sum) / len(self.gauge_sum), self.gauge_n)
        return _figures(family, self.d, self.pos_acc, self.pos_drafted, gauge)

    def timeline(self, family: str) -> tuple[Floats, Floats, Floats]:
        """(accept length, verify steps, running requests) per bucket, NaN where none."""
        np = self.np
        nb = self.nb
        steps_b = (
            self.b_pos0 if family == "trtllm" and self.b_pos0 is not None else self.b.get(N.STEPS)
        )
        acc_b = self.b.get(N.ACCEPTED)
        gen_b = self.b.get(N.GEN_TOKENS)
        nan = np.full(nb, np.nan)
        al = nan
        if self.figures(family).source == "counters" and steps_b is not None:
            ok = steps_b > 0
            safe = np.where(ok, steps_b, 1.0)
            if family == "sglang" and gen_b is not None:
                al = np.where(ok, gen_b / safe, np.nan)
            elif acc_b is not None:
                al = np.where(ok, 1.0 + acc_b / safe, np.nan)
        elif self.gauge_sum and self.figures(family).source != "none":
            al = np.where(self.g_cnt > 0, self.g_sum / np.maximum(self.g_cnt, 1.0), np.nan)
        run = np.where(self.run_cnt > 0, self.run_sum, np.nan)
        st = steps_b if steps_b is not None else nan
        return al, st, run


def _cells(t: Timeline) -> list[float | None]:
    """The sparkline cells of a timeline (the same downsampling as a replica's)."""
    import numpy as np

    def arr(v: tuple[float | None, ...]) -> Floats:
        return np.array([np.nan if x is None else x for x in v], dtype=np.float64)

    return downsample(arr(t.accept_length), arr(t.verify_steps))


def _opt(values: Floats) -> tuple[float | None, ...]:
    """NaN -> None (the fast path when there is none)."""
    import numpy as np

    if not np.isnan(values).any():
        return tuple(values.tolist())
    return tuple(None if x != x else x for x in values.tolist())


# ----------------------------------------------------------------------------- over time


SPARK_WIDTH = 48


def downsample(al: Floats, st: Floats, width: int = SPARK_WIDTH) -> list[float | None]:
    """At most ``width`` cells: accept length pooled (weighted by verify steps) over groups of
    consecutive buckets."""
    import numpy as np

    n = int(al.size)
    if n == 0:
        return []
    size = max(1, math.ceil(n / width))
    starts = np.arange(0, n, size)
    have = ~np.isnan(al)
    w = np.where(have & ~np.isnan(st), st, 0.0)
    wsum = np.add.reduceat(w, starts)
    wal = np.add.reduceat(np.where(have, al, 0.0) * w, starts)
    cnt = np.add.reduceat(have.astype(np.float64), starts)
    plain = np.add.reduceat(np.where(have, al, 0.0), starts)
    rows = zip(wsum.tolist(), wal.tolist(), cnt.tolist(), plain.tolist(), strict=True)
    # pooled by verify steps; a plain mean where no bucket knows its steps; None: no data
    return [None if c == 0 else wa / ws if ws > 0 else pl / c for ws, wa, c, pl in rows]


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


def kendall_tau(values: Sequence[float] | Floats) -> float:
    """Kendall's tau-a of the values against their order (time)."""
    import numpy as np

    v = np.asarray(values, dtype=np.float64)
    n = v.size
    if n < 2:
        return 0.0
    sign = np.sign(v[None, :] - v[:, None])
    return float(np.triu(sign, 1).sum() / (n * (n - 1) / 2))


def trend_of(ends: Floats, al: Floats, max_points: int = 200) -> Trend | None:
    """Kendall's tau and a least-squares slope over the buckets with data."""
    import numpy as np

    have = ~np.isnan(al)
    ts, vs = ends[have], al[have]
    if ts.size < 6:
        return None
    if ts.size > max_points:  # Kendall's tau is quadratic: average down to max_points
        size = math.ceil(ts.size / max_points)
        starts = np.arange(0, ts.size, size)
        counts = np.diff(np.append(starts, ts.size))
        ts = np.add.reduceat(ts, starts) / counts
        vs = np.add.reduceat(vs, starts) / counts
    tau = kendall_tau(vs)
    dt = ts - ts.mean()
    var = float((dt * dt).sum())
    slope = float((dt * (vs - vs.mean())).sum()) / var * 3600.0 if var else 0.0
    third = max(1, int(vs.size) // 3)
    first = float(vs[:third].mean())
    last = float(vs[-third:].mean())
    drop = first - last
    declining = tau <= -0.6 and drop >= 0.05 and drop >= 0.1 * max(first - 1.0, 0.0)
    return Trend(int(vs.size), tau, slope, first, last, declining)


def collapses_of(ends: Floats, al: Floats, step: float) -> tuple[Stretch, ...]:
    """Runs of buckets with data whose accept length is <= 1.2 (buckets without data are
    skipped, they neither end nor extend a run)."""
    import numpy as np

    idx = np.flatnonzero(~np.isnan(al))
    if idx.size == 0:
        return ()
    low = al[idx] <= COLLAPSE_MAX
    if not low.any():
        return ()
    edges = np.diff(np.concatenate(([0], low.astype(np.int8), [0])))
    on, off = np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist()
    runs = [idx[a:b] for a, b in zip(on, off, strict=True)]
    return tuple(
        Stretch(float(ends[r[0]]) - step, float(ends[r[-1]]), int(r.size), float(al[r].mean()))
        for r in runs
    )


def _correlation(x: Floats, y: Floats) -> float | None:
    """Pearson's r over the buckets where both are known (None: < 5 of them or no variance)."""
    import numpy as np

    ok = ~np.isnan(x) & ~np.isnan(y)
    if int(ok.sum()) < 5:
        return None
    a, b = x[ok], y[ok]
    sa, sb = float(a.std()), float(b.std())
    if sa == 0.0 or sb == 0.0:
        return None
    return float(((a - a.mean()) * (b - b.mean())).mean() / (sa * sb))


def _deficit(al: float, median: float) -> float:
    return (median - al) / (median - 1.0) if median > 1.0 else 0.0


# ----------------------------------------------------------------------------- entry point


def analyse(raw: Sequence[RawSeries], p: AnalysisParams) -> Analysis:
    """Group raw series into replicas and ranks and compute every figure."""
    import numpy as np

    bounds = bounds_of(p.start, p.end, p.step)
    bounds_arr = np.asarray(bounds, dtype=np.float64)
    nb = len(bounds) - 1
    warnings: list[str] = []
    notes: list[str] = []
    units: dict[tuple[tuple[tuple[str, str], ...], str], list[_S]] = {}  # (replica, family)
    unknown = 0
    samples = 0
    draft_engine_series = 0
    bad_samples = 0
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
        samples += len(r.timestamps)
        ts = np.asarray(r.timestamps, dtype=np.float64)
        vs = np.asarray(r.values, dtype=np.float64)
        ok = np.isfinite(ts) & np.isfinite(vs)
        if meta.role in N.COUNTER_ROLES:
            ok &= vs >= 0  # a counter is never negative
        if not ok.all():
            bad_samples += int((~ok).sum())
            ts, vs = ts[ok], vs[ok]
        units.setdefault((key, fam), []).append(
            _S(meta, labels, _position(labels), rank, dup, ts, vs)
        )
    if bad_samples:
        warnings.append(_say("bad_samples", n=bad_samples))
    if draft_engine_series:
        notes.append(_say("draft_engine", n=draft_engine_series))

    ends, ends_t = bounds_arr[1:], tuple(bounds[1:])
    arrays: list[tuple[Floats, Floats]] = []  # per report: (accept length, verify steps) per bucket
    reports: list[ReplicaReport] = []
    for (key, fam), group in sorted(units.items(), key=lambda kv: (_display(kv[0][0]), kv[0][1])):
        shown = _display(key)
        w: list[str] = []
        series = _dedupe(group, fam, notes, shown)
        total = _Acc(nb)
        ranks: dict[tuple[tuple[str, str], ...], _Acc] = defaultdict(lambda: _Acc(nb))
        resets = 0
        all_ts = [s.ts for s in series if len(s.ts)]
        first_seen = min((float(t[0]) for t in all_ts), default=None)
        last_seen = max((float(t[-1]) for t in all_ts), default=None)
        longest = max(all_ts, key=len, default=np.zeros(0))
        interval = median_interval(longest) or p.step
        grace = 2.0 * interval
        # every series of one target is scraped at the same instant: a series whose first
        # sample is later than its target's first scrape in the window did not exist before
        target_first: dict[tuple[str, str], float] = {}
        for s in series:
            if len(s.ts):
                tk = (s.labels.get("job", ""), s.labels.get("instance", ""))
                target_first[tk] = min(target_first.get(tk, float(s.ts[0])), float(s.ts[0]))
        late_born = 0
        for s in series:
            if not len(s.ts):
                continue
            racc = ranks[s.rank]
            if s.meta.role in N.COUNTER_ROLES:
                adj, nres = adjust_resets(s.values)
                resets += nres
                # born in the window (llama.cpp's per-position series appears only after the
                # first speculative request; a rank started late): it counted from 0
                tk = (s.labels.get("job", ""), s.labels.get("instance", ""))
                born = s.ts[0] > target_first[tk] + 0.5 * interval
                if born:
                    late_born += 1
                base = 0.0 if born else float(adj[0])
                delta = float(adj[-1]) - base
                deltas = bucket_deltas(s.ts, adj, base, bounds_arr)
                total.add_counter(s, delta, deltas)
                racc.add_counter(s, delta, deltas)
            else:
                sums, counts = bucket_means(s.ts, s.values, bounds_arr)
                total.add_gauge(s, sums, counts)
                racc.add_gauge(s, sums, counts)
        if resets:
            w.append(_say("resets", shown=shown, n=resets))
        if late_born:
            notes.append(_say("late_born", shown=shown, n=late_born))
        nonzero_start = any(
            s.meta.role in N.COUNTER_ROLES and len(s.values) and s.values[0] > 0 for s in series
        )
        if first_seen is not None and first_seen > p.start + grace and nonzero_start:
            after = f"{first_seen - p.start:.0f}"
            notes.append(_say("late_first_sample", shown=shown, after=after))
        figs = total.figures(fam)
        if figs.source == "gauge":
            gname = next((s.meta.name for s in series if s.meta.role == N.AL_GAUGE), "gauge")
            w.append(_say("gauge", shown=shown, fam=fam, gauge=gname))
        if figs.source == "none" and figs.gauge_samples and total.gauge_sum:
            held = math.fsum(total.gauge_sum) / len(total.gauge_sum)
            w.append(_say("no_steps", shown=shown, fam=fam, held=f"{held:.2f}"))
        if (
            figs.source == "counters"
            and figs.accepted_drafts is not None
            and figs.draft_tokens
            and figs.accepted_drafts > figs.draft_tokens * (1 + 1e-9)
        ):
            acc, dt = f"{figs.accepted_drafts:.0f}", f"{figs.draft_tokens:.0f}"
            w.append(_say("counters_disagree", shown=shown, fam=fam, accepted=acc, drafted=dt))
        if figs.source == "counters" and fam == "sglang":
            w.append(_say("sglang_counters", shown=shown))
        if figs.source == "counters" and fam == "trtllm":
            notes.append(_say("trtllm_steps", shown=shown))
        rank_reports = tuple(
            RankReport(
                dict(rk), acc.figures(fam), timeline=Timeline(ends_t, *map(_opt, acc.timeline(fam)))
            )
            for rk, acc in sorted(ranks.items())
            if rk
        )
        rank_reports = () if len(rank_reports) < 2 else _rank_outliers(rank_reports, p, shown, w)
        al_b, st_b, run_b = total.timeline(fam)
        arrays.append((al_b, st_b))
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
                timeline=Timeline(ends_t, _opt(al_b), _opt(st_b), _opt(run_b)),
                sparkline="",
                trend=trend_of(ends, al_b),
                collapsed=figs.accept_length is not None and figs.accept_length <= COLLAPSE_MAX,
                collapses=collapses_of(ends, al_b, p.step),
                outlier=None,
                expected=expected,
                running_correlation=_correlation(al_b, run_b),
                resets=resets,
                series=len(series),
                samples=sum(len(s.ts) for s in series),
                first_seen=first_seen,
                last_seen=last_seen,
                warnings=tuple(w),
            )
        )
        warnings.extend(w)

    outliers = _outliers(reports, arrays, ends, p, notes)
    by_name = {(o.replica, o.engine): o for o in outliers}
    with_al = [r.figures.accept_length for r in reports if r.figures.accept_length is not None]
    cells = [downsample(al_b, st_b) for al_b, st_b in arrays]
    hi = max([c for row in cells for c in row if c is not None] + with_al + [2.0])
    final: list[ReplicaReport] = []
    for rep, row in zip(reports, cells, strict=True):
        ranks_out = tuple(
            replace(k, sparkline=sparkline(_cells(k.timeline), 1.0, hi))
            if k.timeline is not None
            else k
            for k in rep.ranks
        )
        final.append(
            replace(
                rep,
                sparkline=sparkline(row, 1.0, hi),
                ranks=ranks_out,
                outlier=by_name.get((rep.replica, rep.engine)),
            )
        )
    # (accept length, verify steps) of each replica read from counters
    counted = [
        (f.accept_length, f.verify_steps)
        for f in (r.figures for r in final)
        if f.source == "counters" and f.accept_length is not None and f.verify_steps
    ]
    pooled = None
    if counted:
        tok = math.fsum(al * steps for al, steps in counted)
        pooled = tok / math.fsum(steps for _, steps in counted)
    fleet = FleetSummary(
        replicas=len(final),
        replicas_with_data=len(with_al),
        median_accept_length=statistics.median(with_al) if with_al else None,
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


def _rank_outliers(
    ranks: tuple[RankReport, ...], p: AnalysisParams, shown: str, w: list[str]
) -> tuple[RankReport, ...]:
    """Ranks of one replica far below its other ranks (same threshold as between replicas)."""

    def judged(r: RankReport) -> bool:
        f = r.figures
        return (
            f.accept_length is not None
            and f.source == "counters"
            and (f.verify_steps or 0.0) >= p.min_steps
        )

    pool = [r.figures.accept_length or 0.0 for r in ranks if judged(r)]  # (judged: not None)
    if len(pool) < 2:
        return ranks
    median = statistics.median(pool)
    out = []
    for r in ranks:
        al = r.figures.accept_length
        if al is None or not judged(r):
            out.append(r)
            continue
        d = _deficit(al, median)
        bad = d >= p.outlier_threshold
        if bad:
            name = ",".join(f"{k}={v}" for k, v in r.rank.items())
            figures = {"deficit": f"{d:.0%}", "al": f"{al:.2f}", "median": f"{median:.2f}"}
            w.append(_say("rank_outlier", shown=shown, rank=name, **figures))
        out.append(replace(r, deficit=d, outlier=bad))
    return tuple(out)


def _expected(
    prof: accept.AcceptProfile, al: float, shown: str, w: list[str]
) -> ExpectedFit | None:
    try:
        obs = accept.convert_observed(al, accept.ObservedKind.LENGTH, prof.steps)
    except UsageError:
        w.append(_say("beyond_steps", shown=shown, al=f"{al:.2f}", steps=prof.steps))
        return None
    j = accept.judge(prof, obs)
    return ExpectedFit(prof.expected_accept_length, j.verdict.value, j.ratio, j.explanation)


def _outliers(
    reports: Sequence[ReplicaReport],
    arrays: Sequence[tuple[Floats, Floats]],
    ends: Floats,
    p: AnalysisParams,
    notes: list[str],
) -> list[Outlier]:
    import numpy as np

    def judged(r: ReplicaReport) -> bool:
        f = r.figures
        if f.accept_length is None:
            return False
        if f.source == "counters":
            return (f.verify_steps or 0.0) >= p.min_steps
        return f.gauge_samples >= 2

    pool = [i for i, r in enumerate(reports) if judged(r)]
    if len(pool) < 3:
        if len(reports) >= 2:
            notes.append(_say("too_few_for_outliers", n=len(pool), min_steps=f"{p.min_steps:g}"))
        return []
    median = statistics.median([reports[i].figures.accept_length or 0.0 for i in pool])
    stack = np.vstack([arrays[i][0] for i in pool])
    have = ~np.isnan(stack)
    enough = have.sum(axis=0) >= 3
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN columns
            med = np.where(enough, np.nanmedian(np.where(have, stack, np.nan), axis=0), np.nan)
        denom = med - 1.0
    out: list[Outlier] = []
    for i in pool:
        r = reports[i]
        al = r.figures.accept_length
        assert al is not None
        deficit = _deficit(al, median)
        if deficit < p.outlier_threshold:
            continue
        row = arrays[i][0]
        valid = ~np.isnan(row) & ~np.isnan(med) & (denom > 0)
        with np.errstate(all="ignore"):
            below = (
                np.where(valid, (med - row) / np.where(denom > 0, denom, 1.0), 0.0)
                >= p.outlier_threshold
            )
        times = ends[valid]
        flags = below[valid]
        since = until = None
        if flags.size:
            if flags[-1]:
                ups = np.flatnonzero(~flags)
                j = int(ups[-1]) + 1 if ups.size else 0
                since = float(times[j]) - p.step
            elif flags.any():
                hits = np.flatnonzero(flags)
                since = float(times[hits[0]]) - p.step
                until = float(times[hits[-1]])
        out.append(Outlier(r.replica, r.engine, al, median, median - al, deficit, since, until))
    return out
