"""Whole-run analysis: sources in, one frozen :class:`LogsReport` out.

:class:`LogAnalyzer` is streaming: add a source, feed it bytes (or a whole stream), ask for a
report at any time (the live ``--follow`` view does, every second), add more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import BinaryIO

from specdiag.core.logs import fast
from specdiag.core.logs.batch import RecordBatch
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
from specdiag.core.logs.scan import CHUNK_SIZE, MAX_LINE, Scanner, scan_stream
from specdiag.core.logs.summary import Dist, SeriesAccumulator, SeriesStats, merge_all
from specdiag.core.logs.window import TimeWindow

# Series classes, in order of preference for an engine's headline numbers: server logs first
# (intervals / requests / iterations, then LLAMA_TRACE steps, then totals since start), then
# response bodies, then bench and example summaries. Classes are never averaged together.
# MAIN, STEPS and LIFETIME live in records.py (fast.py reads them there: no fast <-> analyze cycle)
RESPONSES, BENCHES = "responses", "bench"
_CLASS_ORDER = (MAIN, STEPS, LIFETIME, RESPONSES, BENCHES)
_CLASS_OF = {
    STEP: STEPS,
    CUMULATIVE: LIFETIME,
    RESPONSE: RESPONSES,
    BENCH: BENCHES,
    EXAMPLE: BENCHES,
}


def _class_of(kind: str) -> str:
    return _CLASS_OF.get(kind, MAIN)


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
    combined_records: int
    combined_accept_length: Dist | None
    skipped_lines: int
    untimed_records: int  # excluded by --since/--until: no usable timestamp
    outside_window: int  # excluded by --since/--until
    window: tuple[str | None, str | None]
    unrecognised_lines: int = 0


class _Source:
    def __init__(self, label: str, parser: LineParser, scanner: Scanner) -> None:
        self.label = label
        self.parser = parser
        self.scanner = scanner


class LogAnalyzer:
    """Streaming analysis of any number of sources."""

    def __init__(
        self,
        *,
        engine: str | None = None,
        engine_version: str | None = None,
        window: TimeWindow | None = None,
        year: int | None = None,
        on_record: Callable[[LogRecord], None] | None = None,
        max_line: int = MAX_LINE,
    ) -> None:
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
        self._last_main: dict[tuple[str, str, str], SeriesAccumulator] = {}

    def add_source(self, label: str) -> Scanner:
        parser = LineParser(self.engine, self.engine_version, source=label, year=self.year)
        scanner = fast.make_scanner(parser, self.add_batch, self._record, self, self.max_line)
        src = _Source(label, parser, scanner)
        self.sources.append(src)
        return src.scanner

    def scan(self, label: str, stream: BinaryIO, chunk_size: int = CHUNK_SIZE) -> None:
        if fast.scan_file(self, label, stream, chunk_size):  # compiled path, blocks in threads
            return
        scan_stream(stream, self.add_source(label), chunk_size, self.after_block)

    def add_batch(self, batch: RecordBatch) -> None:
        """The records of one batch, in order."""
        for i in range(len(batch)):
            self._record(batch.record(i))

    def _record(self, rec: LogRecord) -> None:
        if self.window.active and not self.window.accepts(rec):
            return
        if self.on_record is not None:
            self.on_record(rec)
        if rec.kind == PER_POSITION:
            leaf = self._last_main.get((rec.source, rec.engine, rec.rank))
            if leaf is not None:
                leaf.add(rec)
            return
        cls = _class_of(rec.kind)
        key = (rec.source, rec.engine, rec.rank, cls)
        leaf = self.leaves.get(key)
        if leaf is None:
            leaf = self.leaves[key] = SeriesAccumulator(rec.engine, rec.source, rec.rank)
        if cls == MAIN:
            self._last_main[(rec.source, rec.engine, rec.rank)] = leaf
        leaf.add(rec)
        if cls == LIFETIME:
            impl = next((v for k, v in rec.raw if k == "impl"), None)
            if impl is not None:
                ikey = (rec.engine, impl)
                acc = self.impls.get(ikey)
                if acc is None:
                    acc = self.impls[ikey] = SeriesAccumulator(rec.engine, rec.source, impl)
                acc.add(rec)

    # ------------------------------------------------------------------ report

    def _attach_inference(self) -> None:
        for src in self.sources:
            for rank, inf in src.parser.sglang_inference.items():
                leaf = self.leaves.get((src.label, SGLANG, rank, MAIN))
                if leaf is not None:
                    leaf.inference = inf

    def report(self) -> LogsReport:
        fast.release(self)  # the compiled path's running state, written back
        self._attach_inference()
        by_engine: dict[str, dict[str, list[SeriesAccumulator]]] = {}
        for (_, eng, _, cls), leaf in self.leaves.items():
            if leaf.n:
                by_engine.setdefault(eng, {}).setdefault(cls, []).append(leaf)
        summary: dict[str, EngineSummary] = {}
        combined_parts: list[SeriesAccumulator] = []
        for eng in ENGINES:
            classes = by_engine.get(eng)
            if not classes:
                continue
            series = next(c for c in _CLASS_ORDER if classes.get(c))
            parts = classes[series]
            combined_parts.extend(parts)
            stats = merge_all(eng, parts).finish(ordered_by_time=True)
            ranks: dict[str, list[SeriesAccumulator]] = {}
            for p in parts:
                ranks.setdefault(p.rank, []).append(p)
            rank_stats = {
                r: merge_all(eng, ps).finish(ordered_by_time=True)
                for r, ps in sorted(ranks.items())
            }
            steps = (
                merge_all(eng, classes[STEPS]).finish(True)
                if series != STEPS and classes.get(STEPS)
                else None
            )
            life = (
                merge_all(eng, classes[LIFETIME]).finish(True)
                if series != LIFETIME and classes.get(LIFETIME)
                else None
            )
            impls = {i: a.finish(True) for (e, i), a in sorted(self.impls.items()) if e == eng}
            if series == LIFETIME and len(impls) > 1:
                stats = replace(
                    stats,
                    warnings=(
                        *stats.warnings,
                        f"{len(impls)} speculative implementations print their own statistics "
                        f"({', '.join(impls)}): each is kept apart under 'implementations'; "
                        "these headline figures pool their lines",
                    ),
                )
            summary[eng] = EngineSummary(
                eng,
                series,
                stats,
                rank_stats,
                steps,
                life,
                self._secondary(eng, classes, series, RESPONSES),
                self._secondary(eng, classes, series, BENCHES),
                impls if len(impls) > 1 else None,
            )
        files = []
        for src in self.sources:
            c = src.scanner.counts
            engines: dict[str, SeriesStats] = {}
            for eng in ENGINES:
                if eng not in summary:
                    continue
                series = summary[eng].series
                parts = [
                    leaf
                    for (s, e, _, cls), leaf in self.leaves.items()
                    if s == src.label and e == eng and cls == series and leaf.n
                ]
                if parts:
                    engines[eng] = merge_all(eng, parts).finish(True)
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
        combined = merge_all("all", combined_parts) if combined_parts else None
        return LogsReport(
            files=tuple(files),
            engines=tuple(summary),
            summary=summary,
            combined_records=sum(s.stats.records for s in summary.values()),
            combined_accept_length=combined.length.dist() if combined is not None else None,
            skipped_lines=sum(f.skipped_lines for f in files),
            untimed_records=self.window.untimed,
            outside_window=self.window.outside,
            window=(
                self.window.since.text if self.window.since else None,
                self.window.until.text if self.window.until else None,
            ),
            unrecognised_lines=sum(f.unrecognised_lines for f in files),
        )

    @staticmethod
    def _secondary(
        eng: str, classes: dict[str, list[SeriesAccumulator]], series: str, cls: str
    ) -> SeriesStats | None:
        if series == cls or not classes.get(cls):
            return None
        return merge_all(eng, classes[cls]).finish(True)
