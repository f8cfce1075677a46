"""Streaming aggregation of records into per-series statistics with bounded memory: quantised
histograms, exact sums, the sparkline's buckets, collapse runs (docs/logs.md, "Memory is
bounded, sums are exact" and "Exact sums", describes them)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import pairwise

import numpy as np

from specdiag.core.accept import COLLAPSED_MAX_LENGTH
from specdiag.core.logs.batch import F64, I64, Codes, RecordBatch, T, ragged
from specdiag.core.logs.infer import NEW, OLD, RateInference, SGLangRateInference
from specdiag.core.logs.parse import conditional_rates
from specdiag.core.logs.records import CLOCK_RELATIVE, CUMULATIVE, PER_POSITION, SGLANG, LogRecord

SPARK_WIDTH = 48
SPARK_CHARS = "▁▂▃▄▅▆▇█"
MAX_STRETCHES = 20
MIN_COLLAPSE_RUN = 3  # consecutive records; a whole series shorter than this counts too
GRAPH_WARN_SHARE = 0.05
_FORMULA_NAMES = {NEW: ">= 0.5.11 formula", OLD: "<= 0.5.10 formula"}
_THROUGHPUT_LABELS = {SGLANG: "gen throughput (token/s)", "vllm": "accepted throughput (token/s)"}


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Dist:
    """Distribution of one metric over records."""

    n: int
    mean: float
    # weighted by drafted tokens where the lines print counts, else by batch size (SGLang)
    weighted_mean: float | None
    p5: float
    p50: float
    p95: float
    min: float
    max: float

    @property
    def central(self) -> float:
        """The figure a summary quotes: the weighted mean where the lines give weights, else the
        plain mean of the lines."""
        return self.weighted_mean if self.weighted_mean is not None else self.mean


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


# exact sums: integers in units of 2**-UNIT_BITS (docs/logs.md, "Exact sums")
UNIT_BITS = 1200
_M17 = (1 << 17) - 1
_M18 = (1 << 18) - 1
_M27 = (1 << 27) - 1
_NO_BINS = np.zeros(0, np.int64)
_CHUNK = 1 << 17  # rows per bincount: every partial sum stays below 2**53 (exact in float64)


def exact_sums(
    x: F64, w: I64 | None = None, groups: I64 | None = None, ngroups: int = 1
) -> list[int]:
    """Per group, the exact sum of ``x`` (or of ``x * w``) in units of 2**-UNIT_BITS; x >= 0
    finite, 0 <= w < 2**51."""
    units = [0] * ngroups
    for a in range(0, len(x), _CHUNK):
        s = slice(a, a + _CHUNK)
        mant, exp = np.frexp(x[s])
        m = np.ldexp(mant, 53).astype(np.int64)  # x = m * 2**(exp - 53), exactly
        emin = int(exp.min())
        # one bin per (binary exponent, group), summed by bincount in pieces small enough that
        # every bin's float sum stays below 2**53 (n <= 2**17 rows), so exact
        at = (exp - emin).astype(np.int64) * ngroups
        if groups is not None:
            at += groups[s]
        if w is None:
            pieces = [(27, m >> 27), (0, m & _M27)]  # < 2**27 each
        else:
            ws = w[s]
            wide = int(ws.max()) > _M17
            wp = [(k, (ws >> k) & _M17) for k in (0, 17, 34)] if wide else [(0, ws)]
            pieces = [(i + j, ((m >> i) & _M18) * pw) for i in (36, 18, 0) for j, pw in wp]
        for shift, piece in pieces:  # (piece < 2**35)
            sums = np.bincount(at, weights=piece)
            for k in np.flatnonzero(sums).tolist():
                units[k % ngroups] += int(sums[k]) << (emin + k // ngroups - 53 + UNIT_BITS + shift)
    return units


def ratio(units: int, n: int) -> float:
    """An exact sum (units of 2**-UNIT_BITS) over n, correctly rounded."""
    return units / (n << UNIT_BITS)


def int_sum(a: I64) -> int:
    """The exact sum of int64 values (each below 2**51), whatever their number."""
    return sum(int(a[i : i + 4096].sum()) for i in range(0, len(a), 4096))


# --------------------------------------------------------------------------- pieces


def _fold(bins: list[tuple[I64, I64]]) -> tuple[I64, I64]:
    """(keys, counts) pairs as one, keys distinct and ascending."""
    keys = np.concatenate([_NO_BINS, *(k for k, _ in bins)])
    counts = np.concatenate([_NO_BINS, *(c for _, c in bins)])
    order = np.argsort(keys, kind="stable")
    keys, counts = keys[order], counts[order]
    cut = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])[: len(keys)]
    return keys[cut], np.add.reduceat(counts, cut)


@dataclass(slots=True, eq=False)
class _Hist:
    scale: float
    # records per bin (bin key: round(x * scale)) as (keys, counts) arrays, folded into one
    # pair now and then (bounded by the distinct bins) and when read
    bins: list[tuple[I64, I64]] = field(default_factory=list)
    n: int = 0
    # exact sums of the values and of value x weight, in units of 2**-UNIT_BITS / div (div:
    # 1, or num_draft_tokens - 1 of a shifted histogram)
    total: int = 0
    wsum: int = 0
    div: int = 1
    lo: float = math.inf
    hi: float = -math.inf
    wtotal: int = 0

    def add(self, x: F64, w: I64 | None = None) -> None:
        """Values (and their weights: drafted tokens or batch sizes, 0 for none)."""
        if not len(x):
            return
        bins = np.rint(x * self.scale).astype(np.int64)
        lo, hi = int(bins.min()), int(bins.max())
        if hi - lo <= 4 * len(bins) + 4096:  # a dense range: count by offset
            cnt = np.bincount(bins - lo)
            keys = np.flatnonzero(cnt)
            self._add_bins([(keys + lo, cnt[keys])])
        else:
            self._add_bins([np.unique(bins, return_counts=True)])
        self.n += len(x)
        self.total += exact_sums(x)[0]
        self.lo = min(self.lo, float(x.min()))
        self.hi = max(self.hi, float(x.max()))
        if w is not None:  # weights >= 0 (0: none)
            self.wsum += exact_sums(x, w)[0]
            self.wtotal += int_sum(w)

    def _add_bins(self, bins: list[tuple[I64, I64]]) -> None:
        self.bins.extend(bins)
        if len(self.bins) >= 32:
            self.folded()

    def folded(self) -> tuple[I64, I64]:
        """The bins as one (keys, counts) pair, keys distinct and ascending."""
        if len(self.bins) != 1:
            self.bins = [_fold(self.bins)]
        return self.bins[0]

    def merge(self, o: _Hist) -> None:
        self._add_bins(o.bins)
        self.n += o.n
        div = math.lcm(self.div, o.div)  # a common denominator
        a, b = div // self.div, div // o.div
        self.total, self.wsum = self.total * a + o.total * b, self.wsum * a + o.wsum * b
        self.div = div
        self.lo, self.hi = min(self.lo, o.lo), max(self.hi, o.hi)
        self.wtotal += o.wtotal

    def shifted(self, d: int, scale: float) -> _Hist:
        """The histogram of (x - 1) / d, re-binned at ``scale``."""
        a, b = 1.0 / d, -1.0 / d
        keys, counts = self.folded()
        bins = [_fold([(np.rint((a * (keys / self.scale) + b) * scale).astype(np.int64), counts)])]
        total = self.total - ((self.n * self.div) << UNIT_BITS)
        wsum = self.wsum - ((self.wtotal * self.div) << UNIT_BITS)
        lo, hi = (a * self.lo + b, a * self.hi + b) if self.n else (math.inf, -math.inf)
        return _Hist(scale, bins, self.n, total, wsum, self.div * d, lo, hi, self.wtotal)

    def dist(self, transform: tuple[float, float] | None = None) -> Dist | None:
        """The distribution, optionally mapped through x -> a * x + b (a > 0)."""
        if self.n == 0:
            return None
        # p5, p50, p95 between the order statistics around them (numpy's default)
        keys, counts = self.folded()
        pos = np.array([0.05, 0.5, 0.95]) * (self.n - 1)
        i = np.floor(pos).astype(np.int64)
        at = np.searchsorted(np.cumsum(counts), [i, np.minimum(i + 1, self.n - 1)], side="right")
        a, b = np.clip(keys[at] / self.scale, self.lo, self.hi)
        p5, p50, p95 = (a + (b - a) * (pos - i)).tolist()
        vals = [ratio(self.total, self.n * self.div), p5, p50, p95, self.lo, self.hi]
        wm = ratio(self.wsum, self.wtotal * self.div) if self.wtotal > 0 else None
        if transform is not None:
            a, b = transform
            vals = [a * v + b for v in vals]
            wm = a * wm + b if wm is not None else None
        return Dist(self.n, vals[0], wm, vals[1], vals[2], vals[3], vals[4], vals[5])


@dataclass(slots=True)
class _Bucket:
    """Sparkline bucket: records, their exact sum (units), the first one's timestamp (NaN:
    none)."""

    n: int
    sum: int
    t: float


class _Spark:
    """The sparkline's buckets: bucket i holds records ``[i * per, (i + 1) * per)`` of the
    series, with ``per`` the least power of two that keeps them under ``2 * SPARK_WIDTH``
    (:func:`spark_per`): when full, neighbours merge and ``per`` doubles. One rule for a series
    read in one go and for byte ranges joined: a range's series keeps its values until it is
    told the records before it (:meth:`after`), then holds the buckets of its own records from
    bucket ``first`` on, which :meth:`join` appends to those of the ranges before."""

    __slots__ = ("buckets", "first", "kept", "n", "per")

    def __init__(self, keep: bool = False) -> None:
        self.buckets: list[_Bucket] = []
        self.first = 0  # the bucket index of buckets[0]
        self.per = 1
        self.n = 0  # records so far (a range's: with those before it)
        # a byte range's series (parallel.py): its values and times, kept until the records
        # before the range are counted
        self.kept: list[tuple[F64, F64]] | None = [] if keep else None

    def add(self, x: F64, t: F64) -> None:
        """Values in order (and their timestamps, NaN for none)."""
        if self.kept is not None:
            self.kept.append((x, t))
            return
        if not len(x):
            return
        self._coarsen(spark_per(self.n + len(x)))
        idx = (np.arange(len(x)) + self.n) // self.per  # each value's bucket
        sums = exact_sums(x, groups=idx - idx[0], ngroups=int(idx[-1] - idx[0]) + 1)
        starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]]).tolist()
        for j, (a, z) in enumerate(zip(starts, [*starts[1:], len(x)], strict=True)):
            self._take(int(idx[a]), z - a, sums[j], float(t[a]))

    def after(self, before: int) -> None:
        """A byte range's series: its kept records bucketed as records ``before``.. of the
        series."""
        kept, self.kept = self.kept or [], None
        self.n = before
        if kept:
            self.add(np.concatenate([k[0] for k in kept]), np.concatenate([k[1] for k in kept]))

    def join(self, o: _Spark) -> None:
        """The buckets of the byte range after this one's (told the records before it: its
        ``per`` is at least this one's, it ends later in the series)."""
        assert o.per >= self.per or not o.buckets
        self._coarsen(o.per)
        for j, b in enumerate(o.buckets):
            self._take(o.first + j, b.n, b.sum, b.t)

    def _coarsen(self, per: int) -> None:
        """Neighbours merged until ``per`` records per bucket (the buckets start at bucket 0)."""
        b = self.buckets
        while self.per < per:
            pairs = zip(b[0::2], b[1::2], strict=False)  # an odd last one stays alone
            b = [_Bucket(p.n + q.n, p.sum + q.sum, p.t) for p, q in pairs] + b[len(b) & ~1 :]
            self.per *= 2
        self.buckets = b

    def _take(self, i: int, n: int, total: int, t: float) -> None:
        """Bucket ``i``'s records (their exact sum, the first one's timestamp) after those so
        far: added to the last bucket when it is that one."""
        b = self.buckets
        if b and i == self.first + len(b) - 1:
            b[-1].n, b[-1].sum = b[-1].n + n, b[-1].sum + total
        else:
            if not b:
                self.first = i
            b.append(_Bucket(n, total, t))
        self.n += n


def spark_per(n: int) -> int:
    """Records per bucket once ``n`` records went through :meth:`_Spark.add`."""
    per = 1
    while n > (2 * SPARK_WIDTH - 1) * per:
        per *= 2
    return per


def _render_spark(buckets: list[_Bucket], hi: float) -> tuple[str, tuple[float, ...]]:
    """At most SPARK_WIDTH means of neighbouring buckets, drawn from 1 to ``hi``."""
    if not buckets:
        return "", ()
    groups = min(SPARK_WIDTH, len(buckets))
    cuts = [g * len(buckets) // groups for g in range(groups + 1)]
    values = []
    for a, z in pairwise(cuts):
        n = sum(b.n for b in buckets[a:z])
        values.append(ratio(sum(b.sum for b in buckets[a:z]), n) if n else 1.0)
    top, span = len(SPARK_CHARS) - 1, hi - 1.0
    idx = [0 if span <= 1e-12 else round((v - 1.0) / span * top) for v in values]
    return "".join(SPARK_CHARS[max(0, min(top, i))] for i in idx), tuple(values)


# --------------------------------------------------------------------------- accumulator


@dataclass(slots=True)
class _Run:
    """A run of consecutive collapsed records (accept length <= COLLAPSED_MAX_LENGTH)."""

    records: int
    first_line: int
    first_text: str | None
    total: int  # exact sum of their accept lengths (units)
    last_line: int
    last_text: str | None
    lead: bool = False  # opened by the series' first record


def _code_counts(col: Codes[T], rows: I64) -> Counter[T]:
    """Rows per value, the values in the order they first come (several codes may hold one
    value: the compiled rows' versions with --engine-version)."""
    c = col.codes[rows]
    counts = np.bincount(c, minlength=len(col.values))
    first = np.zeros(len(col.values), np.int64)
    first[c[::-1]] = np.arange(len(c) - 1, -1, -1)  # the last write wins: the first row
    present = np.flatnonzero(counts)
    out: Counter[T] = Counter()
    for v in present[np.argsort(first[present])].tolist():
        out[col.values[v]] += int(counts[v])
    return out


# the accumulator's counters, merged by addition
_SUMMED = ("n", "acc_sum", "drafted_sum", "graph_true", "graph_false", "collapsed")


class SeriesAccumulator:
    """Running statistics of one (source, engine, rank, kind-class) series."""

    def __init__(self, engine: str, source: str = "", rank: str = "", keep: bool = False) -> None:
        """``keep``: the series of one byte range of a file (parallel.py), to be joined to the
        ranges before it with :meth:`extend`."""
        self.keep = keep
        self.engine = engine
        self.source = source
        self.rank = rank
        self.sources: set[str] = {source} if source else set()
        self.n = 0
        self.kinds: Counter[str] = Counter()
        self.length = _Hist(1000.0)
        self.rate = _Hist(10000.0)
        self.throughput = _Hist(1.0)
        self.acc_sum = 0
        self.drafted_sum = 0  # > 0 once a record printed both counts
        self.graph_true = 0
        self.graph_false = 0
        self.pp_sum: list[int] = []  # exact sums (units) of rate x weight per position
        self.pp_w: list[int] = []
        self.positions: Counter[int] = Counter()
        self.first_ts: float | None = None
        self.last_ts: float | None = None
        self.first_text: str | None = None
        self.last_text: str | None = None
        self.clock: str | None = None
        self.versions: Counter[str] = Counter()
        self.notes: Counter[str] = Counter()
        self.stretches: list[Stretch] = []
        self.stretch_count = 0
        self.collapsed = 0
        self.spark = _Spark(keep)
        self.lifetime: LogRecord | None = None
        self.inference: SGLangRateInference | None = None
        self._last_weight = 1  # drafted tokens of the last record (1: none printed)
        # SGLang, merged series: drafts-only accept rates of the parts, each normalised with its
        # own inferred formula and num_draft_tokens, and the (formula, ndt) pairs seen
        self._part_rates: _Hist | None = None
        self._part_keys: set[tuple[str | None, int | None]] = set()
        self._run: _Run | None = None  # the open collapse run
        self.lead: _Run | None = None  # keep: the run opened by the first record, once closed
        self.last_untimed: str | None = None  # keep: the last time text without a timestamp

    # ------------------------------------------------------------------ add

    def add_rows(self, batch: RecordBatch, rows: I64) -> None:
        """Rows of a batch, in order (``per_position`` rows weigh as the record before them)."""
        main = (np.array(batch.kind.values) != PER_POSITION)[batch.kind.codes[rows]]
        drafted = batch.drafted_tokens[rows]
        weight = np.where(drafted > 0, drafted, 1)  # a record's per-position weight
        # each row's weight is its own record's, or the last record's before it (in an earlier
        # batch: _last_weight)
        before = np.maximum.accumulate(np.where(main, np.arange(len(rows)), -1))
        weight = np.where(before >= 0, weight[np.maximum(before, 0)], self._last_weight)
        if len(rows) and before[-1] >= 0:
            self._last_weight = int(weight[-1])
        self._add_positions(batch, rows, weight)
        self._add_main(batch, rows[main], drafted[main])

    def _add_main(self, batch: RecordBatch, rows: I64, drafted: I64) -> None:
        if not len(rows):
            return
        self.n += len(rows)
        self.kinds.update(_code_counts(batch.kind, rows))
        guesses = _code_counts(batch.version_guess, rows)
        self.versions.update({v: k for v, k in guesses.items() if v is not None})
        for ns, k in _code_counts(batch.notes, rows).items():
            for note in ns:
                self.notes[note] += k
        self._add_times(batch, rows)
        # a line's weight in the weighted means: its drafted tokens where it prints counts, else
        # its batch size (SGLang's accept len is over the request-steps of its interval); a line
        # with neither weighs nothing (0)
        weight = np.where(drafted > 0, drafted, np.maximum(batch.batch_size[rows], 0))
        length = batch.accept_length[rows]
        has = ~np.isnan(length)
        if has.any():
            lrows = rows[has]
            x = length[has]
            self.length.add(x, weight[has])
            self.spark.add(x, batch.timestamp[lrows])
            self._add_runs(batch, lrows, x)
        rate = batch.accept_rate[rows]
        has = ~np.isnan(rate)
        self.rate.add(rate[has], weight[has])  # (nothing: nothing added)
        tp = batch.throughput[rows]
        self.throughput.add(tp[~np.isnan(tp)])
        acc = batch.accepted_tokens[rows]
        counted = (acc >= 0) & (drafted > 0)
        self.acc_sum += int_sum(acc[counted])
        self.drafted_sum += int_sum(drafted[counted])
        graph = batch.cuda_graph[rows]
        self.graph_true += int((graph == 1).sum())
        self.graph_false += int((graph == 0).sum())
        last = np.flatnonzero((np.array(batch.kind.values) == CUMULATIVE)[batch.kind.codes[rows]])
        if len(last):
            self.lifetime = batch.record(int(rows[last[-1]]))

    def _add_times(self, batch: RecordBatch, rows: I64) -> None:
        """Earliest and latest time, whatever the line order (pasted, merged logs); lines with
        a time but no usable timestamp count when nothing better is known, as they come."""
        ts = batch.timestamp[rows]
        timed = ~np.isnan(ts)
        texts = batch.time_text
        prior = -np.inf if self.last_ts is None else self.last_ts
        if timed.any():
            i = int(np.nanargmin(ts))
            if self.first_ts is None:
                self.clock = batch.clock[int(rows[int(np.argmax(timed))])]
            if self.first_ts is None or ts[i] < self.first_ts:
                self.first_ts, self.first_text = float(ts[i]), texts[int(rows[i])]
            self.last_ts = max(prior, float(np.nanmax(ts)))
        elif self.first_text is None:
            self.first_text = next((t for r in rows.tolist() if (t := texts[r]) is not None), None)
        # the latest: a timed line at or after every timed line before it, or a line with a
        # time but no timestamp, whichever comes last
        running = np.fmax.accumulate(np.r_[prior, ts[:-1]])  # (fmax: NaN ignored)
        event = np.flatnonzero(ts >= running)
        after = event[-1] + 1 if len(event) else 0
        # the untimed lines after the last event, latest first, then that event
        for j in [*np.flatnonzero(~timed[after:])[::-1] + after, *event[-1:]]:
            r = int(rows[j])
            if timed[j] or texts[r] is not None:
                self.last_text = texts[r]
                break
        if self.keep:
            untimed = (texts[r] for r in rows[~timed][::-1].tolist())
            self.last_untimed = next((t for t in untimed if t is not None), self.last_untimed)

    def _add_runs(self, batch: RecordBatch, rows: I64, x: F64) -> None:
        """Collapse stretches: runs of consecutive lengths <= COLLAPSED_MAX_LENGTH."""
        low = x <= COLLAPSED_MAX_LENGTH
        nlow = int(low.sum())
        self.collapsed += nlow
        if self._run is not None and not low[0]:  # ended by this batch's first record
            self._close_run(self._run)
            self._run = None
        if not nlow:
            return
        edge = np.diff(low.astype(np.int8), prepend=0, append=0)
        starts, ends = np.flatnonzero(edge == 1), np.flatnonzero(edge == -1)
        n = len(x)
        keep = (ends - starts >= MIN_COLLAPSE_RUN) | (ends == n) | (starts == 0)
        starts, ends = starts[keep], ends[keep]
        if not len(starts):
            return
        groups = np.full(n, len(starts), np.int64)
        for g, (a, z) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
            groups[a:z] = g
        sums = exact_sums(x, groups=groups, ngroups=len(starts) + 1)
        texts, lines = batch.time_text, batch.line_no
        for g, (a, z) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
            last_line, last_text = int(lines[rows[z - 1]]), texts[int(rows[z - 1])]
            run = self._run if a == 0 else None
            if run is not None:
                run.records += z - a
                run.total += sums[g]
                run.last_line, run.last_text = last_line, last_text
            else:
                first = int(rows[a])
                lead = a == 0 and self.length.n == n  # the series' first record
                run = _Run(
                    z - a, int(lines[first]), texts[first], sums[g], last_line, last_text, lead
                )
            if z < n:
                self._close_run(run)
            self._run = run if z == n else None

    def _add_positions(self, batch: RecordBatch, rows: I64, weight: I64) -> None:
        """Per-position rates, weighted by drafted tokens (1 where a line prints none)."""
        off = batch.pp_offsets
        lens = off[rows + 1] - off[rows]
        some = lens > 0
        if not some.any():
            return
        lens, starts, w = lens[some], off[rows[some]], weight[some]
        ks, cnt = np.unique(lens, return_counts=True)
        self.positions.update(dict(zip(ks.tolist(), cnt.tolist(), strict=True)))
        offsets, flat = ragged(starts, lens)
        pos = np.arange(len(flat)) - np.repeat(offsets[:-1], lens)
        vals = batch.per_position[flat]
        wv = np.repeat(w, lens)
        npos = int(lens.max())
        sums = exact_sums(vals, wv, groups=pos, ngroups=npos)
        self._add_pp(sums, [int_sum(wv[pos == i]) for i in range(npos)])

    def _add_pp(self, sums: list[int], weights: list[int]) -> None:
        """Per-position exact sums (units) and weights, position by position."""
        grow = [0] * (len(sums) - len(self.pp_sum))  # (none when not longer)
        self.pp_sum, self.pp_w = self.pp_sum + grow, self.pp_w + grow
        for i, (s, w) in enumerate(zip(sums, weights, strict=True)):
            self.pp_sum[i] += s
            self.pp_w[i] += w

    def _close_run(self, run: _Run) -> None:
        """A run ended by a record above the bound."""
        if run.lead and self.keep:
            self.lead = run  # joined to the run open at the end of the range before
        elif (st := self._stretch(run, final=False)) is not None:
            self._add_stretch(st)

    def _stretch(self, run: _Run, final: bool) -> Stretch | None:
        """The collapse stretch of one of this series' runs; None when it is too short (a run
        that ``final``-ly ends the series counts when it is the whole series)."""
        if run.records < MIN_COLLAPSE_RUN and not (final and run.records == self.length.n):
            return None
        return Stretch(
            self.source,
            self.rank,
            run.records,
            run.first_line,
            run.last_line,
            run.first_text,
            run.last_text,
            ratio(run.total, run.records),
        )

    def _add_stretch(self, st: Stretch) -> None:
        """One more collapse stretch (the longest MAX_STRETCHES are kept)."""
        self.stretch_count += 1
        self.stretches.append(st)
        if len(self.stretches) > 2 * MAX_STRETCHES:
            self.stretches.sort(key=lambda s: -s.records)
            del self.stretches[MAX_STRETCHES:]

    # ------------------------------------------------------------------ merge

    def merge(self, o: SeriesAccumulator) -> None:
        self._merge_sums(o)
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
        if self.clock is None:
            self.clock = o.clock
        elif o.clock is not None and (
            o.clock != self.clock or (o.clock == CLOCK_RELATIVE and not o.sources <= self.sources)
        ):
            self.clock = "mixed"  # relative clocks of different servers do not compare
        self.sources |= o.sources
        self.stretches.extend(o.stretches)
        self.stretch_count += o.stretch_count
        if o._run is not None and (st := o._stretch(o._run, final=True)) is not None:
            self._add_stretch(st)  # the other's open run, as if it ended here
        self.spark.buckets.extend(_Bucket(b.n, b.sum, b.t) for b in o.spark.buckets)
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

    def extend(self, o: SeriesAccumulator, lines: int) -> None:
        """Append the series of the byte range after this one's (``o``, kept and told the records
        before it; ``lines``: the lines before its range): the state one accumulator reading
        both ranges would have."""
        self._merge_sums(o)
        if o.first_ts is not None and (self.first_ts is None or o.first_ts < self.first_ts):
            if self.first_ts is None:
                self.clock = o.clock  # the first timed record's
            self.first_ts, self.first_text = o.first_ts, o.first_text
        elif self.first_ts is None and self.first_text is None:
            self.first_text = o.first_text
        if o.last_ts is not None and (self.last_ts is None or o.last_ts >= self.last_ts):
            self.last_ts, self.last_text = o.last_ts, o.last_text  # its latest line is the last
        elif o.last_untimed is not None:  # no line of o is later: its last line without one
            self.last_text = o.last_untimed

        def moved(run: _Run | None) -> _Run | None:
            return run and replace(
                run, first_line=run.first_line + lines, last_line=run.last_line + lines
            )

        lead, tail = moved(o.lead), moved(o._run)
        if tail is not None and tail.lead:  # every record of o is low: one run goes on
            lead, tail = tail, None
        run = self._run
        if run is not None and lead is not None:
            run.records += lead.records
            run.total += lead.total
            run.last_line, run.last_text = lead.last_line, lead.last_text
        elif lead is not None:
            run = lead
        if run is not None and (tail is not None or o.length.n > (lead.records if lead else 0)):
            self._close_run(run)  # closed by o's first record above the bound
            run = None
        self._run = tail or run
        for st in o.stretches:
            self._add_stretch(
                replace(st, first_line=st.first_line + lines, last_line=st.last_line + lines)
            )
        self.stretch_count += o.stretch_count - len(o.stretches)
        if o.lifetime is not None:
            self.lifetime = replace(o.lifetime, line_no=o.lifetime.line_no + lines)
        self.spark.join(o.spark)

    def _merge_sums(self, o: SeriesAccumulator) -> None:
        """The parts whose merge does not depend on order."""
        for f in _SUMMED:
            setattr(self, f, getattr(self, f) + getattr(o, f))
        for f in ("kinds", "positions", "versions", "notes"):
            getattr(self, f).update(getattr(o, f))
        for f in ("length", "rate", "throughput"):
            getattr(self, f).merge(getattr(o, f))
        self._add_pp(o.pp_sum, o.pp_w)

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
            return key, self.length.shifted(d, 10000.0)
        return key, None

    def finish(self) -> SeriesStats:
        """Final statistics (does not change the accumulator; an open collapse run counts as
        ended here; the sparkline's buckets in time order when every one has a time)."""
        stretches, stretch_count = self.stretches, self.stretch_count
        if self._run is not None and (st := self._stretch(self._run, final=True)) is not None:
            stretches, stretch_count = [*stretches, st], stretch_count + 1
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
            if inference.formula == OLD and inference.num_draft_tokens:
                d = inference.num_draft_tokens - 1
                rate = self.length.dist((1.0 / d, -1.0 / d))
            elif inference.formula != NEW:  # (NEW: the per-line rates are the printed ones)
                rate = None
            warnings.extend(inference.notes)
        unc = [ratio(s, w) if w > 0 else 0.0 for s, w in zip(self.pp_sum, self.pp_w, strict=True)]
        cond, _ = conditional_rates(unc)
        # the most frequent count of positions; a tie goes to the larger count (never to the
        # order the counts were first met, which differs between the two sources)
        draft_positions = max(self.positions, key=lambda k: (self.positions[k], k), default=None)
        if draft_positions is None and inference is not None and inference.num_draft_tokens:
            draft_positions = inference.num_draft_tokens - 1
        buckets = self.spark.buckets
        if all(not math.isnan(b.t) for b in buckets):
            buckets = sorted(buckets, key=lambda b: b.t)
        # (hi: -inf when empty)
        spark, spark_values = _render_spark(buckets, max(self.length.hi, 1.0))
        graph_n = self.graph_true + self.graph_false
        graph_share = self.graph_false / graph_n if graph_n else None
        if graph_share is not None and graph_share >= GRAPH_WARN_SHARE:
            warnings.append(
                f"cuda graph: False on {graph_share:.0%} of speculative decode batches "
                f"({self.graph_false} of {graph_n}): those batches run without CUDA graphs, a known "
                "silent slowdown (batch size above --cuda-graph-max-bs, or graphs disabled)"
            )
        stretches = sorted(stretches, key=lambda s: -s.records)[:MAX_STRETCHES]
        if length is not None and length.mean <= COLLAPSED_MAX_LENGTH:
            warnings.append(
                f"collapsed: mean accept length {length.mean:.2f} <= {COLLAPSED_MAX_LENGTH}: drafts "
                "are almost never accepted (a feature or configuration mismatch, not under-training)"
            )
        elif stretch_count:
            longest = stretches[0]
            where = (
                f" from {longest.first_time} to {longest.last_time}"
                if longest.first_time
                else f" at lines {longest.first_line}-{longest.last_line}"
            )
            warnings.append(
                f"accept length <= {COLLAPSED_MAX_LENGTH} in {stretch_count} stretch(es) "
                f"(>= {MIN_COLLAPSE_RUN} consecutive records, or a whole file/rank); longest: "
                f"{longest.records} records{where}"
            )
        no_len = self.n - self.length.n
        if no_len:
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
            throughput=self.throughput.dist(),
            throughput_label=_THROUGHPUT_LABELS.get(self.engine) if self.throughput.n else None,
            accepted_tokens=self.acc_sum if self.drafted_sum else None,
            drafted_tokens=self.drafted_sum or None,
            pooled_accept_rate=self.acc_sum / self.drafted_sum if self.drafted_sum else None,
            cuda_graph_records=graph_n,
            cuda_graph_false_share=graph_share,
            per_position=tuple(
                PositionStat(i + 1, u, c) for i, (u, c) in enumerate(zip(unc, cond, strict=True))
            ),
            draft_positions=draft_positions,
            collapse_stretches=tuple(stretches),
            collapse_stretch_count=stretch_count,
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
