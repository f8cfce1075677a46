"""Streaming aggregation of records into per-engine / per-rank statistics with bounded memory.

Percentiles come from a *quantised histogram*: each value is counted in a bin of width 0.001
(accept length), 0.0001 (rates) or 1 token/s (throughput). Engines print these numbers with two
decimals, so the histogram is exact for them and its size is bounded by the value range (at most
a few tens of thousands of bins), not by the number of lines. Percentiles interpolate linearly
between order statistics (numpy's default), within half a bin of the exact value otherwise.

The sparkline keeps at most ``2 * SPARK_WIDTH`` buckets: when full, neighbours merge and each
bucket covers twice as many records. Collapse stretches are runs of consecutive records with
accept length <= 1.2; the longest ``MAX_STRETCHES`` are kept.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from specdiag.core.accept import COLLAPSED_MAX_LENGTH
from specdiag.core.logs.infer import NEW, OLD, RateInference, SGLangRateInference
from specdiag.core.logs.parse import conditional_rates
from specdiag.core.logs.records import CLOCK_RELATIVE, PER_POSITION, SGLANG, LogRecord

SPARK_WIDTH = 48
SPARK_CHARS = "▁▂▃▄▅▆▇█"
MAX_STRETCHES = 20
MIN_COLLAPSE_RUN = 3  # consecutive records; a whole series shorter than this counts too
GRAPH_WARN_SHARE = 0.05
_FORMULA_NAMES = {NEW: ">= 0.5.11 formula", OLD: "<= 0.5.10 formula"}


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Dist:
    """Distribution of one metric over records."""

    n: int
    mean: float
    weighted_mean: float | None  # weighted by drafted tokens, where the lines print counts
    p5: float
    p50: float
    p95: float
    min: float
    max: float


@dataclass(frozen=True)
class PositionStat:
    position: int  # 1-based draft position
    unconditional: float  # P(position accepted)
    conditional: float  # P(position accepted | previous accepted)


@dataclass(frozen=True)
class Stretch:
    """A run of consecutive records with accept length <= 1.2."""

    source: str
    rank: str
    records: int
    first_line: int
    last_line: int
    first_time: str | None
    last_time: str | None
    mean_accept_length: float


@dataclass(frozen=True)
class SeriesStats:
    """Statistics of one series (an engine, a rank of it, or one file's part of it)."""

    engine: str
    records: int
    record_kinds: tuple[str, ...]
    first_time: str | None
    last_time: str | None
    duration_s: float | None
    clock: str | None
    accept_length: Dist | None  # bonus included
    accepted_drafts: Dist | None  # bonus excluded (accept_length - 1)
    accept_rate: Dist | None  # accepted drafts / proposed drafts
    throughput: Dist | None
    throughput_label: str | None
    accepted_tokens: int | None
    drafted_tokens: int | None
    pooled_accept_rate: float | None  # sum accepted / sum drafted
    cuda_graph_records: int
    cuda_graph_false_share: float | None
    per_position: tuple[PositionStat, ...]
    draft_positions: int | None  # draft tokens per step, when the lines show it
    collapse_stretches: tuple[Stretch, ...]
    collapse_stretch_count: int
    collapsed_records: int
    sparkline: str
    sparkline_values: tuple[float, ...]
    versions: tuple[tuple[str, int], ...]
    rate_inference: RateInference | None
    lifetime: LogRecord | None  # last "totals since start" line (llama.cpp statistics)
    notes: tuple[tuple[str, int], ...]
    warnings: tuple[str, ...]


# --------------------------------------------------------------------------- pieces


class _Hist:
    __slots__ = ("counts", "hi", "lo", "n", "scale", "total", "wsum", "wtotal")

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.counts: dict[int, int] = {}
        self.n = 0
        self.total = 0.0
        self.lo = math.inf
        self.hi = -math.inf
        self.wsum = 0.0
        self.wtotal = 0.0

    def add(self, x: float, w: float | None = None) -> None:
        k = round(x * self.scale)
        c = self.counts
        c[k] = c.get(k, 0) + 1
        self.n += 1
        self.total += x
        if x < self.lo:
            self.lo = x
        if x > self.hi:
            self.hi = x
        if w:
            self.wsum += x * w
            self.wtotal += w

    def merge(self, o: _Hist) -> None:
        c = self.counts
        for k, v in o.counts.items():
            c[k] = c.get(k, 0) + v
        self.n += o.n
        self.total += o.total
        self.lo = min(self.lo, o.lo)
        self.hi = max(self.hi, o.hi)
        self.wsum += o.wsum
        self.wtotal += o.wtotal

    def mapped(self, a: float, b: float, scale: float) -> _Hist:
        """The histogram of a * x + b (a > 0), re-binned at ``scale``."""
        h = _Hist(scale)
        c = h.counts
        for k, v in self.counts.items():
            kk = round((a * (k / self.scale) + b) * scale)
            c[kk] = c.get(kk, 0) + v
        h.n = self.n
        h.total = a * self.total + b * self.n
        if self.n:
            h.lo, h.hi = a * self.lo + b, a * self.hi + b
        h.wsum = a * self.wsum + b * self.wtotal
        h.wtotal = self.wtotal
        return h

    def quantiles(self, qs: Sequence[float]) -> list[float]:
        keys = sorted(self.counts)
        cum: list[int] = []
        run = 0
        for k in keys:
            run += self.counts[k]
            cum.append(run)
        out = []
        for q in qs:
            pos = q * (self.n - 1)
            lo_i = math.floor(pos)
            frac = pos - lo_i
            a = self._order(keys, cum, lo_i)
            b = self._order(keys, cum, min(lo_i + 1, self.n - 1))
            out.append(a + (b - a) * frac)
        return out

    def _order(self, keys: list[int], cum: list[int], i: int) -> float:
        # value of the i-th (0-based) order statistic
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] > i:
                hi = mid
            else:
                lo = mid + 1
        v = keys[lo] / self.scale
        return min(max(v, self.lo), self.hi)

    def dist(self, transform: tuple[float, float] | None = None) -> Dist | None:
        """The distribution, optionally mapped through x -> a * x + b (a > 0)."""
        if self.n == 0:
            return None
        p5, p50, p95 = self.quantiles((0.05, 0.5, 0.95))
        vals = [self.total / self.n, p5, p50, p95, self.lo, self.hi]
        wm = self.wsum / self.wtotal if self.wtotal > 0 else None
        if transform is not None:
            a, b = transform
            vals = [a * v + b for v in vals]
            wm = a * wm + b if wm is not None else None
        return Dist(self.n, vals[0], wm, vals[1], vals[2], vals[3], vals[4], vals[5])


class _Spark:
    __slots__ = ("buckets", "per")

    def __init__(self) -> None:
        self.buckets: list[list[float]] = []  # [count, sum, first timestamp or nan]
        self.per = 1

    def add(self, x: float, t: float | None) -> None:
        b = self.buckets
        if b and b[-1][0] < self.per:
            last = b[-1]
            last[0] += 1
            last[1] += x
            return
        b.append([1.0, x, t if t is not None else math.nan])
        if len(b) >= 2 * SPARK_WIDTH:
            merged = []
            for i in range(0, len(b) - 1, 2):
                p, q = b[i], b[i + 1]
                merged.append([p[0] + q[0], p[1] + q[1], p[2]])
            if len(b) % 2:
                merged.append(b[-1])
            self.buckets = merged
            self.per *= 2


def _render_spark(
    buckets: list[list[float]], lo: float, hi: float
) -> tuple[str, tuple[float, ...]]:
    if not buckets:
        return "", ()
    groups = min(SPARK_WIDTH, len(buckets))
    values = []
    for g in range(groups):
        a = g * len(buckets) // groups
        z = (g + 1) * len(buckets) // groups
        n = sum(b[0] for b in buckets[a:z])
        s = sum(b[1] for b in buckets[a:z])
        values.append(s / n if n else lo)
    span = hi - lo
    chars = []
    for v in values:
        i = 0 if span <= 1e-12 else round((v - lo) / span * (len(SPARK_CHARS) - 1))
        chars.append(SPARK_CHARS[max(0, min(len(SPARK_CHARS) - 1, i))])
    return "".join(chars), tuple(values)


# --------------------------------------------------------------------------- accumulator


class SeriesAccumulator:
    """Running statistics of one (source, engine, rank, kind-class) series."""

    def __init__(self, engine: str, source: str = "", rank: str = "") -> None:
        self.engine = engine
        self.source = source
        self.rank = rank
        self.sources: set[str] = {source} if source else set()
        self.n = 0
        self.kinds: dict[str, int] = {}
        self.length = _Hist(1000.0)
        self.rate = _Hist(10000.0)
        self.throughput = _Hist(1.0)
        self.acc_sum = 0
        self.drafted_sum = 0
        self.counted = 0
        self.graph_true = 0
        self.graph_false = 0
        self.pp_sum: list[float] = []
        self.pp_w: list[float] = []
        self.positions: dict[int, int] = {}
        self.first_ts: float | None = None
        self.last_ts: float | None = None
        self.first_text: str | None = None
        self.last_text: str | None = None
        self.clock: str | None = None
        self.versions: dict[str, int] = {}
        self.notes: dict[str, int] = {}
        self.stretches: list[Stretch] = []
        self.stretch_count = 0
        self.collapsed = 0
        self.spark = _Spark()
        self.lifetime: LogRecord | None = None
        self.inference: SGLangRateInference | None = None
        self._last_weight: float = 1.0
        # SGLang, merged series: drafts-only accept rates of the parts, each normalised with its
        # own inferred formula and num_draft_tokens, and the (formula, ndt) pairs seen
        self._part_rates: _Hist | None = None
        self._part_keys: set[tuple[str | None, int | None]] = set()
        # open collapse run: [records, first_line, first_time, sum, last_line, last_time]
        self._run: list[object] | None = None

    # ------------------------------------------------------------------ add

    def add(self, rec: LogRecord) -> None:
        if rec.kind == PER_POSITION:
            self._add_positions(rec.per_position, self._last_weight)
            return
        self.n += 1
        self.kinds[rec.kind] = self.kinds.get(rec.kind, 0) + 1
        w = float(rec.drafted_tokens) if rec.drafted_tokens else None
        self._last_weight = w or 1.0
        length = rec.accept_length
        ts = rec.timestamp
        if ts is not None:
            # earliest and latest (lines are not always in time order: pasted, merged logs)
            if self.first_ts is None or ts < self.first_ts:
                if self.first_ts is None:
                    self.clock = rec.clock
                self.first_ts, self.first_text = ts, rec.time_text
            if self.last_ts is None or ts >= self.last_ts:
                self.last_ts, self.last_text = ts, rec.time_text
        elif rec.time_text is not None:
            if self.first_text is None:
                self.first_text = rec.time_text
            self.last_text = rec.time_text
        if length is not None:
            self.length.add(length, w)
            self.spark.add(length, ts)
            if length <= COLLAPSED_MAX_LENGTH:
                self.collapsed += 1
                run = self._run
                if run is None:
                    self._run = [1, rec.line_no, rec.time_text, length, rec.line_no, rec.time_text]
                else:
                    run[0] = run[0] + 1  # type: ignore[operator]
                    run[3] = run[3] + length  # type: ignore[operator]
                    run[4], run[5] = rec.line_no, rec.time_text
            elif self._run is not None:
                self._close_run(self._run, final=False)
                self._run = None
        rate = rec.accept_rate
        if rate is not None:
            self.rate.add(rate, w)
        if rec.accepted_tokens is not None and rec.drafted_tokens:
            self.acc_sum += rec.accepted_tokens
            self.drafted_sum += rec.drafted_tokens
            self.counted += 1
        if rec.throughput is not None:
            self.throughput.add(rec.throughput)
        g = rec.cuda_graph
        if g is not None:
            if g:
                self.graph_true += 1
            else:
                self.graph_false += 1
        if rec.per_position:
            self._add_positions(rec.per_position, w or 1.0)
        v = rec.version_guess
        if v is not None:
            self.versions[v] = self.versions.get(v, 0) + 1
        for note in rec.notes:
            self.notes[note] = self.notes.get(note, 0) + 1
        if rec.kind == "cumulative":
            self.lifetime = rec

    def _add_positions(self, pp: tuple[float, ...], w: float) -> None:
        k = len(pp)
        self.positions[k] = self.positions.get(k, 0) + 1
        while len(self.pp_sum) < k:
            self.pp_sum.append(0.0)
            self.pp_w.append(0.0)
        for i, r in enumerate(pp):
            self.pp_sum[i] += r * w
            self.pp_w[i] += w

    def _close_run(
        self, run: list[object], final: bool, owner: SeriesAccumulator | None = None
    ) -> None:
        o = owner or self
        recs = int(run[0])  # type: ignore[call-overload]
        if recs < MIN_COLLAPSE_RUN and not (final and recs == o.length.n):
            return
        st = Stretch(
            o.source,
            o.rank,
            recs,
            int(run[1]),  # type: ignore[call-overload]
            int(run[4]),  # type: ignore[call-overload]
            run[2],  # type: ignore[arg-type]
            run[5],  # type: ignore[arg-type]
            float(run[3]) / recs,  # type: ignore[arg-type]
        )
        self.stretch_count += 1
        self.stretches.append(st)
        if len(self.stretches) > 2 * MAX_STRETCHES:
            self.stretches.sort(key=lambda s: -s.records)
            del self.stretches[MAX_STRETCHES:]

    # ------------------------------------------------------------------ merge

    def snapshot(self) -> SeriesAccumulator:
        """A copy whose open collapse run is closed (the original keeps running)."""
        c = SeriesAccumulator(self.engine, self.source, self.rank)
        c.merge(self)
        return c

    def merge(self, o: SeriesAccumulator) -> None:
        empty = self.n == 0 and self.clock is None
        self.n += o.n
        for k, v in o.kinds.items():
            self.kinds[k] = self.kinds.get(k, 0) + v
        self.length.merge(o.length)
        self.rate.merge(o.rate)
        self.throughput.merge(o.throughput)
        self.acc_sum += o.acc_sum
        self.drafted_sum += o.drafted_sum
        self.counted += o.counted
        self.graph_true += o.graph_true
        self.graph_false += o.graph_false
        while len(self.pp_sum) < len(o.pp_sum):
            self.pp_sum.append(0.0)
            self.pp_w.append(0.0)
        for i, (s, w) in enumerate(zip(o.pp_sum, o.pp_w, strict=True)):
            self.pp_sum[i] += s
            self.pp_w[i] += w
        for npos, v in o.positions.items():
            self.positions[npos] = self.positions.get(npos, 0) + v
        if o.first_text is not None and (
            self.first_text is None
            or (o.first_ts is not None and self.first_ts is not None and o.first_ts < self.first_ts)
        ):
            self.first_ts, self.first_text = o.first_ts, o.first_text
        if o.last_text is not None and (
            self.last_text is None
            or self.last_ts is None
            or (o.last_ts is not None and o.last_ts >= self.last_ts)
        ):
            self.last_ts, self.last_text = o.last_ts, o.last_text
        if empty or self.clock is None:
            self.clock = o.clock
        elif o.clock is not None and (
            o.clock != self.clock or (o.clock == CLOCK_RELATIVE and not o.sources <= self.sources)
        ):
            self.clock = "mixed"  # relative clocks of different servers do not compare
        self.sources |= o.sources
        for k, v in o.versions.items():
            self.versions[k] = self.versions.get(k, 0) + v
        for k, v in o.notes.items():
            self.notes[k] = self.notes.get(k, 0) + v
        self.stretches.extend(o.stretches)
        self.stretch_count += o.stretch_count
        if o._run is not None:
            # close the other's open run as if it ended here (snapshot semantics)
            self._close_run(list(o._run), final=True, owner=o)
        self.collapsed += o.collapsed
        self.spark.buckets.extend([list(b) for b in o.spark.buckets])
        if o.lifetime is not None:
            self.lifetime = o.lifetime
        if o.inference is not None:
            if self.inference is None:
                self.inference = SGLangRateInference(o.inference.forced_formula)
            self.inference.merge(o.inference)
        if self.engine == SGLANG and o.engine == SGLANG:
            keys, part = o._sglang_rate_part()
            self._part_keys |= keys
            if self._part_rates is None:
                self._part_rates = _Hist(10000.0)
            if part is not None:
                self._part_rates.merge(part)

    def _sglang_rate_part(self) -> tuple[set[tuple[str | None, int | None]], _Hist | None]:
        """This series' drafts-only rates, normalised with its own inference (a leaf) or its
        parts' (a merged series)."""
        if self._part_rates is not None:
            return self._part_keys, self._part_rates
        inf = self.inference.best() if self.inference is not None else None
        if inf is None:
            return set(), self.rate
        key = {(inf.formula, inf.num_draft_tokens)}
        if inf.formula == NEW:
            return key, self.rate
        if inf.formula == OLD and inf.num_draft_tokens and inf.num_draft_tokens > 1:
            d = inf.num_draft_tokens - 1
            return key, self.length.mapped(1.0 / d, -1.0 / d, 10000.0)
        return key, None

    # ------------------------------------------------------------------ finish

    def finish(self, ordered_by_time: bool = False) -> SeriesStats:
        """Final statistics (does not change the accumulator)."""
        c = self.snapshot() if self._run is not None else self
        return c._finish(ordered_by_time)

    def _finish(self, ordered_by_time: bool) -> SeriesStats:
        length = self.length.dist()
        drafts = self.length.dist((1.0, -1.0))
        rate = self.rate.dist()
        warnings: list[str] = []
        inference = self.inference.best() if self.inference is not None else None
        if self.engine == SGLANG and len(self._part_keys) > 1 and self._part_rates is not None:
            # parts disagree (deployments with different num_draft_tokens, or an upgrade): each
            # part's lines keep the rate of their own formula and num_draft_tokens
            rate = self._part_rates.dist() if self._part_rates.n else None
            seen = ", ".join(
                f"{_FORMULA_NAMES.get(f or '', 'unknown formula')} with num_draft_tokens {n or '?'}"
                for f, n in sorted(self._part_keys, key=lambda k: (k[0] or "", k[1] or 0))
            )
            warnings.append(
                "SGLang accept-rate formula or num_draft_tokens differ between files/ranks "
                f"({seen}): each part's accept rates use its own"
            )
        elif self.engine == SGLANG and inference is not None and rate is not None:
            if inference.formula == NEW:
                pass  # the per-line rates are the printed ones
            elif inference.formula == OLD and inference.num_draft_tokens:
                ndt = inference.num_draft_tokens
                rate = self.length.dist((1.0 / (ndt - 1), -1.0 / (ndt - 1)))
            else:
                rate = None
            warnings.extend(inference.notes)
        per_pos: list[PositionStat] = []
        if self.pp_sum:
            unc = [s / w if w > 0 else 0.0 for s, w in zip(self.pp_sum, self.pp_w, strict=True)]
            cond, _ = conditional_rates(unc)
            per_pos = [
                PositionStat(i + 1, u, c) for i, (u, c) in enumerate(zip(unc, cond, strict=True))
            ]
        draft_positions = (
            max(self.positions, key=lambda k: self.positions[k]) if self.positions else None
        )
        if draft_positions is None and inference is not None and inference.num_draft_tokens:
            draft_positions = inference.num_draft_tokens - 1
        buckets = self.spark.buckets
        if ordered_by_time and all(not math.isnan(b[2]) for b in buckets):
            buckets = sorted(buckets, key=lambda b: b[2])
        spark, spark_values = _render_spark(
            buckets, 1.0, max(self.length.hi, 1.0) if self.length.n else 1.0
        )
        graph_n = self.graph_true + self.graph_false
        graph_share = self.graph_false / graph_n if graph_n else None
        if graph_share is not None and graph_share >= GRAPH_WARN_SHARE:
            warnings.append(
                f"cuda graph: False on {graph_share:.0%} of speculative decode batches "
                f"({self.graph_false} of {graph_n}): those batches run without CUDA graphs, a known "
                "silent slowdown (batch size above --cuda-graph-max-bs, or graphs disabled)"
            )
        stretches = sorted(self.stretches, key=lambda s: -s.records)[:MAX_STRETCHES]
        if length is not None and length.mean <= COLLAPSED_MAX_LENGTH:
            warnings.append(
                f"collapsed: mean accept length {length.mean:.2f} <= {COLLAPSED_MAX_LENGTH}: drafts "
                "are almost never accepted (a feature or configuration mismatch, not under-training)"
            )
        elif self.stretch_count:
            longest = stretches[0]
            where = (
                f" from {longest.first_time} to {longest.last_time}"
                if longest.first_time
                else f" at lines {longest.first_line}-{longest.last_line}"
            )
            warnings.append(
                f"accept length <= {COLLAPSED_MAX_LENGTH} in {self.stretch_count} stretch(es) "
                f"(>= {MIN_COLLAPSE_RUN} consecutive records, or a whole file/rank); longest: "
                f"{longest.records} records{where}"
            )
        no_len = self.n - self.length.n
        if no_len and self.n:
            warnings.append(
                f"{no_len} of {self.n} records carry no accept length (the engine version does "
                "not print it); only their accept rate is used"
            )
        if len(self.versions) > 1:
            warnings.append(
                "lines from several engine versions: " + ", ".join(sorted(self.versions))
            )
        duration = (
            self.last_ts - self.first_ts
            if self.first_ts is not None and self.last_ts is not None and self.clock != "mixed"
            else None
        )
        tp_label = {
            SGLANG: "gen throughput (token/s)",
            "vllm": "accepted throughput (token/s)",
        }.get(self.engine)
        return SeriesStats(
            engine=self.engine,
            records=self.n,
            record_kinds=tuple(sorted(self.kinds)),
            first_time=self.first_text,
            last_time=self.last_text,
            duration_s=duration,
            clock=self.clock,
            accept_length=length,
            accepted_drafts=drafts,
            accept_rate=rate,
            throughput=self.throughput.dist() if self.throughput.n else None,
            throughput_label=tp_label if self.throughput.n else None,
            accepted_tokens=self.acc_sum if self.counted else None,
            drafted_tokens=self.drafted_sum if self.counted else None,
            pooled_accept_rate=self.acc_sum / self.drafted_sum if self.drafted_sum else None,
            cuda_graph_records=graph_n,
            cuda_graph_false_share=graph_share,
            per_position=tuple(per_pos),
            draft_positions=draft_positions,
            collapse_stretches=tuple(stretches),
            collapse_stretch_count=self.stretch_count,
            collapsed_records=self.collapsed,
            sparkline=spark,
            sparkline_values=spark_values,
            versions=tuple(sorted(self.versions.items(), key=lambda kv: -kv[1])),
            rate_inference=inference,
            lifetime=self.lifetime,
            notes=tuple(sorted(self.notes.items(), key=lambda kv: -kv[1])),
            warnings=tuple(warnings),
        )


def merge_all(engine: str, parts: Iterable[SeriesAccumulator]) -> SeriesAccumulator:
    acc = SeriesAccumulator(engine)
    for p in parts:
        acc.merge(p)
    return acc
