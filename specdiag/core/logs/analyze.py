"""Whole-run analysis: sources in, one frozen :class:`LogsReport` out.

:class:`LogAnalyzer` is streaming: add a source, feed it bytes (or a whole stream), ask for a
report at any time (the live ``--follow`` view does, every second), add more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, BinaryIO, NamedTuple

import numpy as np
import numpy.typing as npt

from specdiag.core.logs.batch import Codes, RecordBatch
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import (
    BENCH,
    CUMULATIVE,
    ENGINES,
    EXAMPLE,
    LIFETIME,
    MAIN,
    PER_POSITION,
    RESPONSE,
    SGLANG,
    STEP,
    STEPS,
    LogRecord,
)
from specdiag.core.logs.scan import CHUNK_SIZE, MAX_LINE, Scanner, SourceFactory, scan_stream
from specdiag.core.logs.summary import Dist, SeriesAccumulator, SeriesStats, merge_all
from specdiag.core.logs.window import TimeWindow

# Series classes, in order of preference for an engine's headline numbers: server logs first
# (intervals / requests / iterations, then LLAMA_TRACE steps, then totals since start), then
# response bodies, then bench and example summaries. Classes are never averaged together.
RESPONSES, BENCHES = "responses", "bench"
_CLASS_ORDER = (MAIN, STEPS, LIFETIME, RESPONSES, BENCHES)
_CLASS_OF = {
    STEP: STEPS,
    CUMULATIVE: LIFETIME,
    RESPONSE: RESPONSES,
    BENCH: BENCHES,
    EXAMPLE: BENCHES,
}


@dataclass(frozen=True)
class FileReport:
    path: str
    lines: int
    candidate_lines: int
    records: int  # records read (before the time window)
    skipped_lines: int
    skipped_reasons: tuple[tuple[str, int], ...]
    skipped_examples: tuple[tuple[int, str, str], ...]  # line, reason, excerpt
    binary: bool
    truncated: str | None
    engines: dict[str, SeriesStats]
    unrecognised_lines: int = 0  # lines naming acceptance figures in no known layout
    unrecognised_examples: tuple[tuple[int, str], ...] = ()  # line, excerpt


@dataclass(frozen=True)
class EngineSummary:
    engine: str
    series: str  # which records the headline uses: main | steps | lifetime
    stats: SeriesStats
    ranks: dict[str, SeriesStats]
    verify_steps: SeriesStats | None  # llama.cpp LLAMA_TRACE steps, when not the headline
    lifetime: SeriesStats | None  # totals-since-start lines, when not the headline
    responses: SeriesStats | None = None  # response bodies, when not the headline
    bench: SeriesStats | None = None  # bench / example summaries, when not the headline
    # llama.cpp "statistics <impl>:" lines, one series per speculative implementation (never
    # averaged together), when the log shows more than one
    implementations: dict[str, SeriesStats] | None = None


@dataclass(frozen=True)
class LogsReport:
    files: tuple[FileReport, ...]
    engines: tuple[str, ...]
    summary: dict[str, EngineSummary]
    combined_records: int  # every engine's headline records (a count, never a mean)
    # the mean over comparable records only: one engine's headline series (every record in the
    # one convention, bonus included); None when there is none, or when several engines'
    # figures would be averaged together (``combined_omitted`` then says why)
    combined_accept_length: Dist | None
    skipped_lines: int
    untimed_records: int  # excluded by --since/--until: no usable timestamp
    outside_window: int  # excluded by --since/--until
    window: tuple[str | None, str | None]
    unrecognised_lines: int = 0
    combined_omitted: str | None = None  # why there is no combined figure, when records exist


class _Source(NamedTuple):
    label: str
    parser: LineParser
    scanner: Scanner


MAX_RANK_SERIES = 64  # rank tags kept as series of their own (the exporter's cap too)
OVERFLOW_RANK = "overflow"  # the series of every rank tag past the cap
_OVERFLOW_NAMES = 100_000  # distinct overflowed tags counted at most (then "at least")


class LogAnalyzer:
    """Streaming analysis of any number of sources. At most :data:`MAX_RANK_SERIES` rank tags
    get a series of their own (the first seen); the records of any other tag go to one
    ``overflow`` series, so a log with 10^5 rank tags keeps memory bounded; the engine's pooled
    figures still count every record, and a warning says how many were pooled."""

    def __init__(
        self,
        *,
        engine: str | None = None,
        engine_version: str | None = None,
        window: TimeWindow | None = None,
        year: int | None = None,
        on_record: Callable[[LogRecord], None] | None = None,
        max_line: int = MAX_LINE,
        keep: bool = False,
        source: SourceFactory | None = None,
    ) -> None:
        """``keep``: reads one byte range of a file, to be joined to the ranges before it
        (parallel.py): its series keep what :meth:`join_range` needs. ``source``: makes the
        record source of each input (by default :func:`~.fast.record_source`: composed with
        the compiled part when it is built); the analyzer reads batches, whatever made them."""
        if source is None:
            from specdiag.core.logs.fast import record_source

            source = record_source
        self.source = source
        self.keep = keep
        self.engine = engine
        self.engine_version = engine_version
        self.window = window or TimeWindow(None, None)
        self.year = year
        self.on_record = on_record
        self.after_block: Callable[[], None] | None = None  # e.g. flush the records file
        self.max_line = max_line
        self.sources: list[_Source] = []
        self.leaves: dict[tuple[str, str, str, str], SeriesAccumulator] = {}
        # (engine, implementation) -> totals-since-start lines of that implementation
        self.impls: dict[tuple[str, str], SeriesAccumulator] = {}
        self.rank_tags: set[str] = set()  # the rank tags with a series of their own
        self._overflow_names: set[str] = set()
        self._overflow_records: dict[str, int] = {}  # engine -> records pooled as overflow

    @property
    def overflowed(self) -> bool:
        """Whether records of rank tags past the cap were pooled as one series."""
        return bool(self._overflow_records)

    def add_source(self, label: str) -> Scanner:
        parser = LineParser(self.engine, self.engine_version, source=label, year=self.year)
        # the compiled source reads the default layouts itself unless every record is wanted
        # as an object (a time window, --records): then it finds the candidate lines only
        extract = not self.window.active and self.on_record is None
        scanner = self.source(parser, self.add_batch, self.max_line, extract)
        self.sources.append(_Source(label, parser, scanner))
        return scanner

    def scan(self, label: str, stream: BinaryIO, chunk_size: int = CHUNK_SIZE) -> None:
        """Read a whole input."""
        scan_stream(stream, self.add_source(label), chunk_size, self.after_block)

    def add_batch(self, batch: RecordBatch) -> None:
        """The records of one batch, in order: each series' rows go to its accumulator."""
        if not len(batch):
            return
        if self.window.active or self.on_record is not None:
            kept = []
            for i in range(len(batch)):
                rec = batch.record(i)
                if self.window.active and not self.window.accepts(rec):
                    continue
                if self.on_record is not None:
                    self.on_record(rec)
                kept.append(i)
            rows = np.array(kept, np.int64)
            if not len(rows):
                return
        else:
            rows = np.arange(len(batch), dtype=np.int64)
        batch = self._cap_ranks(batch, rows)
        # a row's series: (engine, rank, class); a per-position row belongs to the main series
        # of its engine and rank (the request line before it)
        kinds = batch.kind.values
        cls_code = np.array([_CLASS_ORDER.index(_CLASS_OF.get(k, MAIN)) for k in kinds], np.int64)
        nrank = len(batch.rank.values)
        key = (batch.engine.codes[rows].astype(np.int64) * nrank + batch.rank.codes[rows]) * len(
            _CLASS_ORDER
        ) + cls_code[batch.kind.codes[rows]]
        is_pp = (np.array(kinds) == PER_POSITION)[batch.kind.codes[rows]]
        uniq, inverse = np.unique(key, return_inverse=True)
        # the series by their first own row (those of per-position rows only after the others)
        first = np.full(len(uniq), 2 * len(rows))
        np.minimum.at(first, inverse, np.arange(len(rows)) + is_pp * len(rows))
        for g in np.argsort(first).tolist():
            where = np.flatnonzero(inverse == g)
            i = int(rows[where[0]])
            eng, rank = batch.engine[i], batch.rank[i]
            cls = _CLASS_ORDER[int(uniq[g]) % len(_CLASS_ORDER)]
            lkey = (batch.source, eng, rank, cls)
            leaf = self.leaves.get(lkey)
            if leaf is None:
                if first[g] >= len(rows):
                    continue  # per-position rows of no request line: nothing to attach them to
                where = where[where >= first[g]]
                leaf = self.leaves[lkey] = SeriesAccumulator(eng, batch.source, rank, self.keep)
            leaf.add_rows(batch, rows[where])
            if cls == LIFETIME:
                self._add_impls(batch, rows[where])

    def _cap_ranks(self, batch: RecordBatch, rows: npt.NDArray[np.int64]) -> RecordBatch:
        """``batch`` with every rank tag past the cap renamed :data:`OVERFLOW_RANK` (the
        records seen by ``on_record`` keep their own tag)."""
        values = batch.rank.values
        names: list[str] = []
        for v in values:
            if v and v not in self.rank_tags and len(self.rank_tags) < MAX_RANK_SERIES:
                self.rank_tags.add(v)
            own = not v or v in self.rank_tags
            names.append(v if own else OVERFLOW_RANK)
            if not own and len(self._overflow_names) < _OVERFLOW_NAMES:
                self._overflow_names.add(v)
        if names == list(values):
            return batch
        renamed = Codes.of(names)  # (its codes: each old code's new one)
        over = np.array(
            [n == OVERFLOW_RANK and v != OVERFLOW_RANK for n, v in zip(names, values, strict=True)]
        )
        moved = rows[over[batch.rank.codes[rows]]]
        codes, counts = np.unique(batch.engine.codes[moved], return_counts=True)
        for c, k in zip(codes.tolist(), counts.tolist(), strict=True):
            eng = batch.engine.values[c]
            self._overflow_records[eng] = self._overflow_records.get(eng, 0) + k
        return replace(batch, rank=Codes(renamed.codes[batch.rank.codes], renamed.values))

    def _overflow_warning(self, eng: str) -> str | None:
        n = self._overflow_records.get(eng)
        if not n:
            return None
        tags = len(self._overflow_names)
        more = "at least " if tags >= _OVERFLOW_NAMES else ""
        return (
            f"{more}{len(self.rank_tags) + tags:,} rank tags: the first {MAX_RANK_SERIES} have a "
            f"series each, the other {more}{tags:,} ({n:,} records) are pooled as one rank "
            f"'{OVERFLOW_RANK}' series to keep memory bounded; the engine's figures count "
            "every record"
        )

    def _add_impls(self, batch: RecordBatch, rows: npt.NDArray[np.int64]) -> None:
        """Totals-since-start lines, also per speculative implementation (llama.cpp)."""
        by_impl: dict[str, list[int]] = {}
        for r in rows.tolist():
            impl = next((v for k, v in batch.raw[r] if k == "impl"), None)
            if impl is not None:
                by_impl.setdefault(impl, []).append(r)
        for impl, rs in by_impl.items():
            eng = batch.engine[rs[0]]
            if (acc := self.impls.get((eng, impl))) is None:
                acc = self.impls[eng, impl] = SeriesAccumulator(eng, batch.source, impl, self.keep)
            acc.add_rows(batch, np.array(rs, np.int64))

    def join_range(
        self, series: dict[tuple[str, ...], SeriesAccumulator], ranks: set[str], lines: int
    ) -> None:
        """The series of one byte range of a file (a ``keep`` analyzer's :meth:`series`, each
        told the records before the range), after those of the ranges before it (``lines``:
        their lines)."""
        for key, part in series.items():
            into: dict[Any, SeriesAccumulator] = self.leaves if len(key) == 4 else self.impls
            into.setdefault(key, SeriesAccumulator(part.engine, part.source, part.rank))
            into[key].extend(part, lines)
        self.rank_tags |= ranks

    def series(self) -> dict[tuple[str, ...], SeriesAccumulator]:
        """Every accumulator by its key (a leaf's has 4 parts, an implementation's 2)."""
        return {k: v for d in (self.leaves, self.impls) for k, v in d.items()}

    def report(self) -> LogsReport:
        for src in self.sources:
            for rank, inf in src.parser.sglang_inference.items():
                if (leaf := self.leaves.get((src.label, SGLANG, rank, MAIN))) is not None:
                    leaf.inference = inf
        by_engine: dict[str, dict[str, list[SeriesAccumulator]]] = {}
        for (_, eng, _, cls), leaf in self.leaves.items():
            if leaf.n:
                by_engine.setdefault(eng, {}).setdefault(cls, []).append(leaf)
        summary: dict[str, EngineSummary] = {}
        for eng in ENGINES:
            classes = by_engine.get(eng)
            if not classes:
                continue
            series = next(c for c in _CLASS_ORDER if classes.get(c))
            parts = classes[series]
            stats = merge_all(eng, parts).finish()
            rank_stats = {
                r: merge_all(eng, [p for p in parts if p.rank == r]).finish()
                for r in sorted({p.rank for p in parts})
            }
            impls = {i: a.finish() for (e, i), a in sorted(self.impls.items()) if e == eng}
            more = [w for w in [self._overflow_warning(eng)] if w is not None]
            if series == LIFETIME and len(impls) > 1:
                more.append(
                    f"{len(impls)} speculative implementations print their own statistics "
                    f"({', '.join(impls)}): each is kept apart under 'implementations'; "
                    "these headline figures pool their lines"
                )
            stats = replace(stats, warnings=(*stats.warnings, *more))
            # the other classes of records, each apart, when not the headline
            steps, lifetime, responses, bench = (
                merge_all(eng, classes[c]).finish() if c != series and classes.get(c) else None
                for c in (STEPS, LIFETIME, RESPONSES, BENCHES)
            )
            many = impls if len(impls) > 1 else None
            summary[eng] = EngineSummary(
                eng, series, stats, rank_stats, steps, lifetime, responses, bench, many
            )
        files = []
        for src in self.sources:
            c = src.scanner.counts
            engines: dict[str, SeriesStats] = {}
            for eng, es in summary.items():
                parts = [p for p in by_engine[eng][es.series] if p.source == src.label]
                if parts:
                    engines[eng] = merge_all(eng, parts).finish()
            files.append(
                FileReport(
                    path=src.label,
                    lines=c.lines,
                    candidate_lines=c.candidate_lines,
                    records=c.records,
                    skipped_lines=c.skipped_lines,
                    skipped_reasons=tuple(sorted(c.skipped.items(), key=lambda kv: -kv[1])),
                    skipped_examples=tuple(c.examples),
                    binary=c.binary,
                    truncated=c.truncated,
                    engines=engines,
                    unrecognised_lines=c.unrecognised,
                    unrecognised_examples=tuple(c.unrecognised_examples),
                )
            )
        # the combined figure: one engine's headline series only; different engines' figures are
        # never averaged together (servers, drafts, versions, workloads)
        heads = [s.stats for s in summary.values()]
        omitted = None
        if len(heads) > 1:
            omitted = (
                f"records of {len(summary)} engines ({', '.join(summary)}): their figures are not "
                "comparable and are never averaged together; see each engine's summary"
            )
        return LogsReport(
            files=tuple(files),
            engines=tuple(summary),
            summary=summary,
            combined_records=sum(s.records for s in heads),
            combined_accept_length=heads[0].accept_length if len(heads) == 1 else None,
            skipped_lines=sum(f.skipped_lines for f in files),
            untimed_records=self.window.untimed,
            outside_window=self.window.outside,
            window=(
                self.window.since.text if self.window.since else None,
                self.window.until.text if self.window.until else None,
            ),
            unrecognised_lines=sum(f.unrecognised_lines for f in files),
            combined_omitted=omitted,
        )
