"""Reading one file in byte ranges, one worker process each (docs/logs.md, "Byte ranges in
parallel"): the main process joins the workers' series in range order, and what a line may owe
to the lines before a cut is checked, not assumed; when a check fails the file is read again by
one process, so the result is always the sequential one.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from specdiag.core.logs.analyze import MAX_RANK_SERIES, LogAnalyzer
from specdiag.core.logs.infer import NEW, OLD, REFRESH, SGLangRateInference
from specdiag.core.logs.patterns import PREV_LINES
from specdiag.core.logs.records import PER_POSITION, SGLANG, VLLM, LogRecord, Skipped
from specdiag.core.logs.scan import (
    CHUNK_SIZE,
    GZIP_MAGIC,
    UTF16_BOMS,
    ScanCounts,
    _opens_document,
)
from specdiag.core.logs.summary import SeriesAccumulator

RANGE_MIN = 32 << 20  # bytes per worker at least (below, the start-up costs more than it saves)
# bytes per worker at most: a worker keeps 16 bytes per record of its range until the worker
# before it is done, so a larger file gets more ranges than CPUs and every process's memory
# stays flat
RANGE_MAX = 256 << 20
LOOK_BACK = 64 << 10  # bytes before a range searched for its previous lines


def range_count(size: int, workers: int = 0, min_range: int = RANGE_MIN) -> int:
    """How many byte ranges a file of ``size`` bytes is read in: ``workers`` (0: one per CPU
    this process may run on), at most one per ``min_range`` bytes, and at least one per
    RANGE_MAX bytes when it is read in ranges at all."""
    if workers == 0:
        try:
            workers = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            workers = os.cpu_count() or 1
    n = max(1, min(workers, size // max(min_range, 1)))
    return max(n, -(-size // RANGE_MAX)) if n > 1 else 1


@dataclass
class _Part:
    """What one worker read in its range (sent to the main process)."""

    series: dict[tuple[str, ...], SeriesAccumulator]  # the analyzer's series()
    counts: ScanCounts
    inference: dict[str, SGLangRateInference]
    best_pairs: dict[str, set[tuple[str | None, int | None]]]  # per rank, those that decided lines
    ranks: set[str]
    overflow: bool  # rank tags past the cap
    quiet_end: bool  # nothing open at the end of the range


def _history_free(rec: LogRecord) -> bool:
    """A record that the lines before it cannot change (read by the parser from its line; an
    SGLang line decided by its rank's best pair is checked at the join, by the pair)."""
    v10 = rec.engine == VLLM and rec.version_guess == "vllm >= 0.10"
    return rec.kind != PER_POSITION and (rec.engine == SGLANG or v10)


def _previous_lines(fd: int, start: int) -> list[bytes] | None:
    """The last lines before ``start`` (a line start), None when they are too long to find."""
    if start == 0:
        return []
    lo = max(0, start - LOOK_BACK)
    lines = os.pread(fd, start - lo, lo).split(b"\n")[:-1]
    if lo > 0:
        lines = lines[1:]  # the first may have begun before the window
        if len(lines) < PREV_LINES:
            return None
    return lines


def _range_worker(
    analyzer: LogAnalyzer,
    label: str,
    path: str,
    span: tuple[int, int],
    conn: Connection,
    chain: tuple[Connection | None, Connection | None],
    inherited: list[Connection],
) -> None:
    """One worker: its range read by a ``keep`` analyzer; the part sent, its sparklines
    bucketed once the worker before says how many records of each series come before the range
    (``chain``: from the worker before, to the worker after). ``inherited``: the pipe ends of
    the main process and of other workers this fork holds copies of (closed, so that each pipe
    ends with its own ends' processes)."""
    for other in inherited:
        other.close()
    start, end = span
    reading = free = True

    def on_signal(*_: object) -> None:
        nonlocal reading
        reading = False  # Ctrl-C, SIGTERM: the part read so far goes to the main process

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        mine = LogAnalyzer(
            engine=analyzer.engine,
            engine_version=analyzer.engine_version,
            year=analyzer.year,
            max_line=analyzer.max_line,
            keep=True,
            source=analyzer.source,
        )
        scanner = mine.add_source(label)
        scanner.whole_documents = False

        def watch(rec: LogRecord | Skipped) -> None:
            """Whether a record or skip may owe something to the lines before the range."""
            nonlocal free
            if isinstance(rec, Skipped):  # a rate out of range may follow a decision
                free = free and "accept rate" not in rec.reason
            elif free and not _history_free(rec):
                free = False

        fd = os.open(path, os.O_RDONLY)
        try:
            if start > 0:
                scanner.watch = watch
                prev = _previous_lines(fd, start)
                if prev is None:
                    free = False
                else:
                    scanner.finder.start_after(prev)
            pos = start
            while pos < end and reading and free:
                data = os.pread(fd, min(CHUNK_SIZE, end - pos), pos)
                if not data:
                    break
                scanner.feed(data)
                pos += len(data)
        finally:
            os.close(fd)
        parser = scanner.parser
        quiet = parser.idle() and not parser.ready and scanner.finder.quiet()
        scanner.close()
        if not free:  # the range cannot be joined: said at once, the file is read again
            conn.send(None)
            return
        series = mine.series()
        before = chain[0].recv() if chain[0] is not None else {}
        if chain[1] is not None:  # passed on at once: each worker then buckets its own
            upto = {key: before.get(key, 0) + acc.length.n for key, acc in series.items()}
            with contextlib.suppress(OSError):
                chain[1].send({**before, **upto})
        for key, acc in series.items():
            acc.spark.after(before.get(key, 0))
        conn.send(
            _Part(
                series,
                scanner.counts,
                parser.sglang_inference,
                parser.sglang_rates.used,
                mine.rank_tags,
                mine.overflowed,
                quiet,
            )
        )
    except (KeyboardInterrupt, BrokenPipeError, EOFError):
        pass
    except Exception as exc:  # noqa: BLE001 - the main process reads the file itself
        conn.send(exc)
    finally:
        conn.close()


def _holds(cands: frozenset[tuple[str, int]], key: tuple[str, int | None]) -> bool:
    """Whether a line of candidate set ``cands`` counts for a formula (``(formula, None)``) or
    a pair."""
    return any(c[0] == key[0] and key[1] in (None, c[1]) for c in cands)


def _decided_alike(
    before: SGLangRateInference | None,
    here: SGLangRateInference | None,
    pairs: set[tuple[str | None, int | None]],
) -> bool:
    """Whether a rank's lines decided by its inference in a range (all with one pair, from the
    range's own tallies ``here``) are decided alike after the tallies ``before`` the range: the
    pair's lead over every rival stays positive whatever prefix of the range is added, from a
    best pair computed up to REFRESH lines before the range."""
    if not pairs:
        return True
    if len(pairs) != 1 or before is None or here is None:
        return False
    ((formula, ndt),) = pairs
    forced = before.forced_formula
    if formula is None or forced not in (None, formula) or (formula == OLD and ndt is None):
        return False
    rivals: list[tuple[str, int | None]] = []
    if forced is None:
        rivals.append((OLD if formula == NEW else NEW, None))
    if formula == OLD:
        ndts = {c[1] for cands in (*before.counts, *here.counts) for c in cands}
        rivals += [(OLD, k) for k in ndts if k != ndt]
    for rival in rivals:
        mine = (formula, None if rival[1] is None else ndt)
        lead = sum(n * (_holds(s, mine) - _holds(s, rival)) for s, n in before.counts.items())
        # lines of the range that count for the rival and not for the pair
        against = sum(n for s, n in here.counts.items() if _holds(s, rival) and not _holds(s, mine))
        tie_ok = formula == NEW and rival[1] is None  # equal support: the new formula
        if lead - REFRESH - against < (0 if tie_ok else 1):
            return False
    return True


def _exact(parts: list[_Part]) -> dict[str, SGLangRateInference] | None:
    """The SGLang tallies of the whole file per rank when joining the parts gives what one
    process reading the file gives, else None."""
    tallies: dict[str, SGLangRateInference] = {}
    for k, part in enumerate(parts):
        if k and not parts[k - 1].quiet_end:
            return None
        for rank, pairs in part.best_pairs.items():
            if k and not _decided_alike(tallies.get(rank), part.inference.get(rank), pairs):
                return None
        for rank, inf in part.inference.items():
            tallies.setdefault(rank, SGLangRateInference(inf.forced_formula)).merge(inf)
    ranks = set().union(*(p.ranks for p in parts))
    return tallies if len(ranks) <= MAX_RANK_SERIES and not any(p.overflow for p in parts) else None


def _cuts(fd: int, size: int, n: int) -> list[int]:
    """Range bounds: 0, line starts near i * size / n, size."""
    cuts = [0]
    for i in range(1, n):
        at = max(i * size // n, cuts[-1])
        while at < size:
            nl = os.pread(fd, 1 << 16, at).find(b"\n")
            if nl >= 0:
                break
            at += 1 << 16
        if at < size and at + nl + 1 < size:
            cuts.append(at + nl + 1)
    return [*dict.fromkeys(cuts), size]


def scan_ranges(
    analyzer: LogAnalyzer, label: str, path: str, workers: int = 0, min_range: int = RANGE_MIN
) -> bool:
    """Read a plain regular file in byte ranges, one worker process each, into ``analyzer``
    (as ``label``). False, with nothing added, when the file is not read so (too small for
    two ranges, compressed, one JSON document, a run that keeps every record or has a time
    window, a label read before) or when joining the ranges would not give exactly what one
    process gives: the caller reads it then."""
    if analyzer.keep or analyzer.window.active or analyzer.on_record is not None:
        return False
    if any(src.label == label for src in analyzer.sources):
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        size = os.fstat(fd).st_size
        n = range_count(size, workers, min_range)
        head = os.pread(fd, LOOK_BACK, 0)
        if n < 2 or head[:2] in (GZIP_MAGIC, *UTF16_BOMS) or not head.strip():
            return False  # (blank: the sniffing of a JSON document may look further)
        if _opens_document(head):
            return False
        cuts = _cuts(fd, size, n)
    except OSError:
        return False
    finally:
        os.close(fd)
    return read_ranges(analyzer, label, path, cuts)


def read_ranges(analyzer: LogAnalyzer, label: str, path: str, cuts: list[int]) -> bool:
    """Read ``path`` in the byte ranges between ``cuts`` (0, line starts, its size), one
    worker process each, into ``analyzer``; False, with nothing added, when joining them would
    not give exactly what one process gives."""
    # fork where there is one: fast, and no re-import
    ctx: Any = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    conns: list[Connection] = []
    procs = []
    # (reader, writer): worker k tells worker k + 1 the records of each series up to the end
    # of its range
    links: list[tuple[Connection, Connection]] = [ctx.Pipe(False) for _ in cuts[2:]]
    try:
        for k, (a, z) in enumerate(zip(cuts, cuts[1:], strict=False)):
            mine, theirs = ctx.Pipe()
            chain = links[k - 1][0] if k else None, links[k][1] if k < len(links) else None
            others = [c for link in links for c in link if c not in chain]
            proc = ctx.Process(
                target=_range_worker,
                args=(analyzer, label, path, (a, z), theirs, chain, [*conns, mine, *others]),
                daemon=True,
            )
            proc.start()
            theirs.close()
            conns.append(mine)
            procs.append(proc)
        for link in links:
            for c in link:
                c.close()  # the workers' own
        got: dict[int, _Part] = {}  # parts as they come: the first refusal ends the read
        stopped: KeyboardInterrupt | None = None
        try:
            while len(got) < len(conns):
                for ready in wait([c for k, c in enumerate(conns) if k not in got]):
                    k = next(k for k, c in enumerate(conns) if c is ready)
                    part = conns[k].recv()
                    if not isinstance(part, _Part):
                        return False
                    got[k] = part
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM: what was read of the file's start
            stopped = exc
            for k in [k for k in range(len(conns)) if k not in got][:1]:
                procs[k].terminate()  # it sends what it has read
                with contextlib.suppress(EOFError, OSError):
                    if conns[k].poll(10) and isinstance(part := conns[k].recv(), _Part):
                        got[k] = part
        parts: list[_Part] = []  # (in range order, up to the first missing)
        while len(parts) in got:
            parts.append(got[len(parts)])
        tallies = _exact(parts) if parts else None
        if tallies is not None:
            _join(analyzer, label, parts, tallies)
        if stopped is not None:
            raise stopped
        return tallies is not None
    except (EOFError, OSError):
        return False
    finally:
        for conn in (*conns, *(c for link in links for c in link)):
            conn.close()
        for proc in procs:
            if proc.is_alive():
                proc.terminate()  # one still reading (an error, Ctrl-C): its part is not wanted
        for proc in procs:
            proc.join()


def _join(
    analyzer: LogAnalyzer, label: str, parts: list[_Part], tallies: dict[str, SGLangRateInference]
) -> None:
    """The parts into ``analyzer`` as one source, in range order (``tallies``: :func:`_exact`'s)."""
    scanner = analyzer.add_source(label)
    counts = scanner.counts
    counts.binary = parts[0].counts.binary
    scanner.parser.sglang_inference.update(tallies)
    lines = 0
    for part in parts:
        analyzer.join_range(part.series, part.ranks, lines)
        counts.extend(part.counts, lines)
        lines += part.counts.lines
