"""``specdiag logs``: parse, normalise and summarise speculative-decoding statistics from logs."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._logs_view import render_live, render_pastes, render_result, result_document
from specdiag.cli._output import Output
from specdiag.cli._report_out import write_extras
from specdiag.core.accept import AccKind, Engine, parse_float_list
from specdiag.core.paths import check_outputs
from specdiag.errors import CheckFailed

if TYPE_CHECKING:
    from specdiag.core.logs.analyze import LogsReport
    from specdiag.core.logs.run import LogsOptions, LogsResult

HELP = """Read speculative-decoding statistics from SGLang, vLLM, llama.cpp and TensorRT-LLM logs.

Every engine and version prints acceptance differently; each line is recognised on its own
and normalised to ONE convention: accept length = tokens per verify step, bonus token
included (accepted drafts per step = accept length - 1), accept rate = accepted drafts /
proposed drafts. Ambiguous lines (vLLM 0.8.5's bonus-less length, SGLang's per-version
rate formula) are inferred and the inference is reported.

Files may be plain or gzip, globs, or - for stdin; several files (one per rank or node)
give per-file and combined results.

Examples:

  specdiag logs server.log

  specdiag logs 'node*/sglang.log.gz' --json

  specdiag logs vllm.log --acc 0.8,0.6,0.4 --min-accept-len 2.0

  specdiag logs server.log --follow
"""
opt = cli.options("logs")  # typer.Option with each flag's help in flags.json


def logs_cmd(
    files: Annotated[
        list[str] | None,
        typer.Argument(
            help="Log files (plain or .gz), globs, or - for stdin (the default when piped)."
        ),
    ] = None,
    engine: Annotated[Engine | None, opt("--engine")] = None,
    engine_version: cli.EngineVersionOpt = None,
    since: cli.SinceOpt = None,
    until: cli.UntilOpt = None,
    year: Annotated[int | None, opt("--year", min=1, max=9999)] = None,
    acc: cli.AccOpt = None,
    steps: cli.StepsOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    topk: cli.EagleTopkOpt = None,
    old_topk: cli.TopkDeprecatedOpt = None,
    min_accept_len: cli.MinAcceptLenOpt = None,
    records: Annotated[str | None, opt("--records")] = None,
    follow: Annotated[bool, opt("--follow", "-f")] = False,
    idle_timeout: Annotated[float | None, opt("--idle-timeout")] = None,
    workers: Annotated[int, opt("--workers", "-j", min=0, max=1024)] = 0,
    export_profile: cli.ExportProfileOpt = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    topk = cli.deprecated_flag("--topk", "--eagle-topk", old_topk, topk, 1)
    # logs uses numpy for element-wise passes, never its BLAS: on a many-core host OpenBLAS would
    # start a thread per core while numpy loads (seconds of CPU for nothing). One thread unless
    # the user chose; only before numpy is loaded (afterwards it has no effect)
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from specdiag.core.logs.records import LogEngine
    from specdiag.core.logs.run import LogsOptions, run_logs

    out = Output(json_output)
    from specdiag.core.logs.fast import status as fast_status

    if fast_status():  # the compiled path is missing: say so, once (results are the same)
        out.note(str(fast_status()))
    options = cli.from_flags(
        LogsOptions,
        flags,
        engine=LogEngine(engine.value) if engine is not None else None,
        acc=parse_float_list(acc, "--acc") if acc is not None else None,
        topk=topk,
    )
    paths = cli.expand_paths(files, sys.stdin.isatty())
    if export_profile is not None:
        check_outputs(
            [("--export-profile", export_profile), ("--records", records)],
            [("log file", str(p)) for p in paths],
        )
    result = _follow(paths, options, out) if follow else run_logs(paths, options)
    # the error boundary turns SIGTERM into a KeyboardInterrupt; run_logs keeps what was read
    stopped_early = result.interrupted and (cli.terminated() or not follow)
    if result.interrupted:
        out.note("interrupted: summary so far")
    if not json_output:
        out.note(*result.notes)
    out.warn(*result.warnings)
    report = result.report
    doc = result_document(result, min_accept_len)
    exit_code = cli.interrupt_exit_code()
    if report.combined_records == 0:  # the human view: what was read by structure, if any
        if json_output or result.pastes:
            out.emit(doc, lambda console: render_pastes(console, result))
        if stopped_early:
            raise typer.Exit(exit_code)
        if not any(r.records for _, r in result.pastes):
            raise CheckFailed(_nothing_found(result), hint=_nothing_hint(result, follow))
        if min_accept_len is not None:
            raise CheckFailed(
                "--min-accept-len: only figures read by structure (tables, summaries) were "
                "found; they are never combined across tools and configurations",
                hint="check the per-record figures shown",
            )
        return
    out.emit(doc, lambda console: render_result(console, result))
    if export_profile is not None and not stopped_early:
        write_extras(out, doc, name="logs", profile=export_profile)
    if stopped_early:
        raise typer.Exit(exit_code)
    combined = report.combined_accept_length
    if min_accept_len is not None:
        if combined is None and report.combined_omitted is not None:
            raise CheckFailed(
                f"--min-accept-len: no combined mean accept length ({report.combined_omitted})",
                hint="check one engine's records: --engine NAME",
            )
        if combined is None:
            raise CheckFailed(
                "--min-accept-len: the logs carry accept rates but no accept length",
                hint="this engine version does not print it",
            )
        if combined.mean < min_accept_len:
            raise CheckFailed(
                f"combined mean accept length {combined.mean:.3f} is below --min-accept-len "
                f"{min_accept_len:g}",
                hint="accept length includes the bonus token (1 + accepted drafts per step)",
            )


_NOTHING_HINT = (
    "specdiag logs reads the server logs, bench outputs, example summaries and JSON bodies "
    "listed in docs/logs.md (SGLang 'Decode batch ... accept len', vLLM 'SpecDecoding metrics', "
    "llama.cpp 'draft acceptance', TensorRT-LLM specDecodingStats, ...) and, in inputs up to "
    "256 KiB, tables, key-value summaries, prose and JSON of any tool; is speculative "
    "decoding on, and are stats logged (vLLM: no --disable-log-stats)?"
)


def _nothing_hint(result: LogsResult, follow: bool = False) -> str:
    if follow:
        return (
            "--follow reads log lines as they grow; tables, summaries, prose and JSON bodies "
            "are read by structure only without --follow (once the input is whole)"
        )
    if result.report.unrecognised_lines:
        return (
            "the lines above name acceptance figures in a layout specdiag logs does not know; "
            "docs/logs.md lists the known ones (a report with the line helps add it)"
        )
    return _NOTHING_HINT


def _nothing_found(result: LogsResult) -> str:
    report = result.report
    names = ", ".join(f.path for f in report.files[:3]) + (" ..." if len(report.files) > 3 else "")
    lines = sum(f.lines for f in report.files)
    msg = f"no speculative-decoding statistics found in {names} ({lines} lines read"
    if report.skipped_lines:
        msg += f", {report.skipped_lines} statistics-like lines could not be read"
    if report.outside_window or report.untimed_records:
        msg += f", {report.outside_window + report.untimed_records} records outside --since/--until"
    msg += ")"
    binary = [f.path for f in report.files if f.binary]
    if binary:
        msg += "; " + ", ".join(binary[:3]) + " look(s) binary"
    if report.unrecognised_lines:
        ex = next((f.path, e) for f in report.files for e in f.unrecognised_examples)
        msg += (
            f"; not understood: {report.unrecognised_lines} line"
            f"{'s' if report.unrecognised_lines != 1 else ''} naming acceptance figures, e.g. "
            f"{ex[0]}:{ex[1][0]}: {ex[1][1][:100]!r}"
        )
    return msg


def _follow(paths: list[str], options: LogsOptions, out: Output) -> LogsResult:
    from rich.live import Live

    from specdiag.core.logs.run import run_logs

    console = out.stderr
    live = Live(console=console, refresh_per_second=2, transient=True, auto_refresh=False)

    def tick(report: LogsReport) -> None:
        live.update(render_live(report, paths), refresh=True)

    with live:
        return run_logs(paths, options, on_tick=tick if console.is_terminal else None)
