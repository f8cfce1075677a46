"""The one entry point of ``specdiag logs``: :func:`run_logs` (the pipeline: docs/logs.md, Code).

Every input is checked with ``stat`` first (no open: a FIFO or a ``<(process substitution)`` is
not consumed), then opened exactly once. Ctrl-C or SIGTERM (the CLI turns SIGTERM into a
``KeyboardInterrupt``) stops the reading: what was read is kept, the result says
``interrupted``, and the records file keeps every record written so far.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from specdiag.core.accept import MAX_STEPS, AccKind, expand_acc
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.logs.records import log_engine
from specdiag.core.logs.window import TimeWindow, window_and_year
from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from specdiag.core.accept import AcceptProfile
    from specdiag.core.logs.analyze import LogAnalyzer, LogsReport
    from specdiag.core.logs.compare import Comparison
    from specdiag.core.logs.paste.model import PasteReading

STDIN = "-"
MAX_YEAR = 9999


@dataclass(frozen=True)
class LogsOptions:
    """Every ``specdiag logs`` setting, validated once on construction (UsageError)."""

    engine: str | None = None  # a LogEngine (a plain engine name is converted)
    engine_version: str | None = None
    since: str | None = None
    until: str | None = None
    year: int | None = bounded(flag="--year", lo=1, hi=MAX_YEAR)
    acc: tuple[float, ...] | None = None
    steps: int | None = bounded(flag="--steps", lo=1, hi=MAX_STEPS)
    acc_kind: AccKind = AccKind.CONDITIONAL
    topk: int = bounded(flag="--eagle-topk", lo=1, default=1)
    min_accept_len: float | None = bounded(flag="--min-accept-len", lo=1, hi=1e9)
    records: str | None = None
    follow: bool = False
    idle_timeout: float | None = None
    workers: int = bounded(flag="--workers", lo=0, hi=1024, default=0)  # 0: one per CPU
    # derived in __post_init__
    window: TimeWindow = field(init=False, repr=False, compare=False)
    resolved_year: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        check_bounds(self)
        object.__setattr__(self, "engine", log_engine(self.engine, self.engine_version))
        if self.idle_timeout is not None and not self.follow:
            raise UsageError(
                "--idle-timeout needs --follow", hint="e.g. --follow --idle-timeout 30"
            )
        if self.idle_timeout is not None and not self.idle_timeout > 0:
            raise UsageError(
                f"--idle-timeout must be positive, got {self.idle_timeout:g}",
                hint="seconds without new data before --follow stops, e.g. 30",
            )
        if self.workers >= 2 and self.follow:
            raise UsageError(
                "--workers does not apply to --follow", hint="drop --workers with --follow"
            )
        if self.acc is None and (
            self.steps is not None or self.acc_kind is not AccKind.CONDITIONAL or self.topk != 1
        ):
            raise UsageError(
                "--steps, --acc-kind and --eagle-topk only make sense with --acc",
                hint="e.g. --acc 0.75 --steps 3",
            )
        if self.acc is not None:  # validated early, before reading any file
            expand_acc(self.acc, self.steps if len(self.acc) > 1 else self.steps or 1)
        window, year = window_and_year(self.since, self.until, self.year)
        object.__setattr__(self, "window", window)
        object.__setattr__(self, "resolved_year", year)
        if self.records is not None:
            from specdiag.core.logs.export import records_format

            records_format(self.records)  # unknown extension: a usage error before any reading


@dataclass(frozen=True)
class InputInfo:
    """What ``stat`` says about one input (the file is not opened)."""

    path: str
    label: str
    identity: tuple[int, int] | None  # (st_dev, st_ino), None when unknown
    regular: bool  # a regular file (False: stdin, a pipe, a FIFO, a device)
    size: int = 0  # a regular file's size in bytes when it was checked


@dataclass(frozen=True)
class LogsResult:
    """Everything one ``specdiag logs`` run found (the JSON document is derived from it)."""

    inputs: tuple[InputInfo, ...]
    report: LogsReport
    prediction: AcceptProfile | None
    comparisons: Mapping[str, Comparison]
    records_file: str | None
    records_written: int
    warnings: tuple[str, ...]
    interrupted: bool  # Ctrl-C / SIGTERM stopped the reading: the report is partial
    notes: tuple[str, ...] = ()  # how --acc was resolved (e.g. "--steps 3 taken from the logs")
    # what the structure readers found in small inputs (tables, key-value runs, prose, JSON of
    # any tool), per input label; empty when they found nothing
    pastes: tuple[tuple[str, PasteReading], ...] = ()


def _stat_error(path: str, exc: OSError) -> InputError:
    if isinstance(exc, FileNotFoundError):
        return InputError(f"{path}: no such file", hint="check the path (globs are expanded)")
    if exc.errno == 40:  # ELOOP
        return InputError(
            f"{path}: symbolic link loop", hint="point the link at the log file itself"
        )
    return InputError(
        f"cannot read {path}: {exc.strerror or exc}", hint="check the file's permissions"
    )


def inspect_inputs(
    paths: Sequence[str], labels: Mapping[str, str] | None = None, stdin: BinaryIO | None = None
) -> tuple[InputInfo, ...]:
    """stat every input (no open): InputError for a missing, directory or unreadable path."""
    out: list[InputInfo] = []
    if list(paths).count(STDIN) > 1:
        raise UsageError("stdin (-) can be read only once", hint="name '-' once")
    for p in paths:
        label = (labels or {}).get(p, p)
        if p == STDIN:
            ident: tuple[int, int] | None = None
            try:
                st = os.fstat((stdin if stdin is not None else sys.stdin.buffer).fileno())
                if stat.S_ISREG(st.st_mode):
                    ident = (st.st_dev, st.st_ino)
            except (AttributeError, OSError, ValueError):
                pass
            out.append(InputInfo(p, label, ident, False))
            continue
        try:
            st = os.stat(p)
        except OSError as exc:
            raise _stat_error(p, exc) from None
        if stat.S_ISDIR(st.st_mode):
            raise InputError(f"{p} is a directory", hint=f"pass the log files, e.g. '{p}/*.log'")
        if not os.access(p, os.R_OK):
            raise InputError(
                f"cannot read {p}: permission denied", hint="check the file's permissions"
            )
        regular = stat.S_ISREG(st.st_mode)
        out.append(InputInfo(p, label, (st.st_dev, st.st_ino), regular, st.st_size))
    return tuple(out)


def check_output_path(path: str, inputs: Sequence[InputInfo], flag: str = "--records") -> None:
    """Refuse an output path that is one of the inputs (the project's one rule,
    :func:`specdiag.core.paths.check_outputs`: same path, symlink or hard link), the file
    redirected to stdin (same inode), or a directory, before anything is written."""
    from specdiag.core.paths import check_outputs

    check_outputs([(flag, path)], [("file", i.path) for i in inputs])  # (skips '-')
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return  # a new file (or a dangling link: writing creates its target, not an input)
    except OSError as exc:
        raise InputError(
            f"cannot write {flag} {path}: {exc.strerror or exc}",
            hint="check the directory exists and is writable",
        ) from None
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{flag} {path} is a directory", hint="name a file, e.g. records.jsonl")
    if any(i.path == STDIN and i.identity == (st.st_dev, st.st_ino) for i in inputs):
        raise UsageError(  # (a named input is check_outputs' case)
            f"{flag} {path} is the file redirected to stdin: it would be overwritten",
            hint="write the records to a new file, e.g. --records records.jsonl",
        )


def _warnings(report: LogsReport, window: TimeWindow, follow: bool) -> list[str]:
    out: list[str] = []
    for f in report.files:
        if f.truncated:
            out.append(f"{f.path}: {f.truncated}; statistics up to that point are used")
        if report.combined_records and not f.engines and not follow:
            out.append(f"{f.path}: no speculative-decoding statistics in this file")
    if window.active and window.untimed:
        out.append(
            f"{window.untimed} records without a usable timestamp were left out by "
            "--since/--until (llama.cpp prints time since start: use +DURATION)"
        )
    return out


def _scan_all(
    analyzer: LogAnalyzer,
    inputs: Sequence[InputInfo],
    options: LogsOptions,
    stdin: BinaryIO | None,
    on_tick: Callable[[], None],
    should_stop: Callable[[], bool],
    held: dict[str, bytes],
) -> None:
    from specdiag.core.logs.scan import open_path

    if options.follow:
        from specdiag.core.logs.follow import follow

        follow(
            analyzer,
            [i.path for i in inputs],
            labels={i.path: i.label for i in inputs},
            idle_timeout=options.idle_timeout,
            on_tick=on_tick,
            should_stop=should_stop,
            stdin=stdin,
        )
        return
    from specdiag.core.logs.records import PASTE_MAX

    for inp in inputs:
        small = not inp.regular or inp.size <= PASTE_MAX
        if not small and options.workers != 1:
            from specdiag.core.logs.parallel import scan_ranges

            if scan_ranges(analyzer, inp.label, inp.path, options.workers):
                continue
        stream = open_path(inp.path, stdin=stdin)
        try:
            if small:
                # a paste-sized input is held for the structure readers (read once, as
                # always); imported here: a server log alone never loads them
                from specdiag.core.logs.paste.hook import hold

                scanned, tee = hold(stream)
                analyzer.scan(inp.label, scanned)
                data = tee.held()
                if data is not None:
                    held[inp.label] = data
            else:
                analyzer.scan(inp.label, stream)
        finally:
            if inp.path != STDIN:
                stream.close()


def read_pastes(
    held: Mapping[str, bytes], options: LogsOptions
) -> tuple[tuple[str, PasteReading], ...]:
    """The structure readers over every held input (what they found, per input). Their records
    carry no timestamp: with --since/--until they are left out, as untimed log records are;
    with --engine only that tool's records are kept."""
    if options.window.active or not held:
        return ()
    from specdiag.core.logs.paste.hook import read_held

    out = []
    for label, data in held.items():
        reading = read_held(data, options.engine)
        if reading.records or reading.unread or reading.ignored or reading.scanned:
            out.append((label, reading))
    return tuple(out)


def run_logs(
    paths: Sequence[str],
    options: LogsOptions,
    *,
    labels: Mapping[str, str] | None = None,
    stdin: BinaryIO | None = None,
    on_tick: Callable[[LogsReport], None] | None = None,
    should_stop: Callable[[], bool] = lambda: False,
) -> LogsResult:
    """Read every input once and return the result.

    ``labels``: the name a path is reported under (default: the path). ``stdin``: the stream
    read for ``-`` (default: the process's stdin). ``on_tick``: with ``follow``, called about
    once a second with the report so far (the live view). Raises InputError / UsageError before
    anything is read when an input cannot be; a KeyboardInterrupt while reading ends the reading
    (``interrupted``) instead of losing it.
    """
    from specdiag.core.logs.analyze import LogAnalyzer
    from specdiag.core.logs.export import RecordWriter

    if not paths:
        raise UsageError(
            "no log files given", hint="e.g. specdiag logs server.log, or pipe a log into it"
        )
    if options.follow and any(p != STDIN and p.lower().endswith(".gz") for p in paths):
        raise UsageError(
            "--follow cannot tail a .gz file", hint="follow the live, uncompressed log"
        )
    inputs = inspect_inputs(paths, labels, stdin)
    if options.records is not None:
        check_output_path(options.records, inputs)
    window = TimeWindow(options.window.since, options.window.until)  # fresh counters per run
    writer = RecordWriter(options.records) if options.records is not None else None
    analyzer = LogAnalyzer(
        engine=options.engine,
        engine_version=options.engine_version,
        window=window,
        year=options.resolved_year,
        on_record=writer.write if writer is not None else None,
    )
    if writer is not None:
        analyzer.after_block = writer.flush

    def tick() -> None:
        if writer is not None:
            writer.flush()
        if on_tick is not None:
            on_tick(analyzer.report())

    interrupted = False
    held: dict[str, bytes] = {}
    pastes: tuple[tuple[str, PasteReading], ...] = ()
    try:
        _scan_all(analyzer, inputs, options, stdin, tick, should_stop, held)
        pastes = read_pastes(held, options)
        if writer is not None:  # the structure records, after the inputs' line records
            from specdiag.core.logs.paste.rows import row

            for source, reading in pastes:
                for rec in reading.records:
                    writer.write_row(row(source, rec))
            writer.flush()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if writer is not None:
            writer.close()
    report = analyzer.report()

    prediction = None
    notes: list[str] = []
    comparisons: dict[str, Comparison] = {}
    warnings = _warnings(report, window, options.follow)
    if options.acc is not None:
        from specdiag.core.logs.compare import compare
        from specdiag.core.profile import resolve_profile

        # --acc against --steps and the draft length the logs show (one per engine; several
        # different ones show none), by the project's one rule. SGLang's lines give
        # num_draft_tokens - 1 (from the accept rate): the draft positions of a chain, but the
        # verified nodes of a tree (topk > 1, checked on the real 0.5.23), whose depth is
        # --speculative-num-steps
        seen = {
            s.stats.draft_positions
            for e, s in report.summary.items()
            if not (options.topk > 1 and e == "sglang")
        } - {None}
        k = seen.pop() if len(seen) == 1 else None
        kind = options.acc_kind
        resolved = resolve_profile(options.acc, options.steps, k, kind=kind, where="the logs")
        prediction = resolved.profile
        notes.extend(resolved.notes)
        comparisons = {
            e: compare(s.stats, prediction, topk=options.topk) for e, s in report.summary.items()
        }
    for eng, s in report.summary.items():
        warnings.extend(f"{eng}: {w}" for w in s.stats.warnings)
        c = comparisons.get(eng)
        if c is not None and c.problem:
            warnings.append(f"{eng}: {c.problem}")
    return LogsResult(
        inputs=inputs,
        report=report,
        prediction=prediction,
        comparisons=comparisons,
        records_file=writer.path if writer is not None else None,
        records_written=writer.count if writer is not None else 0,
        warnings=tuple(warnings),
        interrupted=interrupted,
        notes=tuple(notes),
        pastes=pastes,
    )
