"""``specdiag probe URL``: measure a live server's speculation on a probe workload and judge it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output, progress_bar, to_jsonable
from specdiag.cli._probe_view import detected_line, document, render, save_record
from specdiag.cli._report_out import write_extras
from specdiag.core.accept import AccKind, parse_float_list
from specdiag.core.paths import check_outputs
from specdiag.core.probe.engines import Api, EngineKind
from specdiag.errors import CheckFailed, InputError, ServerError, scrub

if TYPE_CHECKING:
    from collections.abc import Callable

    from specdiag.core.probe.client import RequestResult
    from specdiag.core.probe.engines import ServerInfo
    from specdiag.core.probe.run import ProbeConfig, ProbeReport, RunLabel


HELP = (
    "Measure a live server's speculative decoding on a probe workload: accept length "
    "(pooled, per request, per position, per category) scoped to this run, latency and "
    "throughput; judge it against training accuracy (--acc) and a non-speculative "
    "--baseline.\n\nExit codes: 0 ok, 1 below --min-accept-len, 2 usage, "
    "3 server unreachable or every request failed. Ctrl-C (exit 130) and SIGTERM "
    "(exit 143) print what was gathered."
)
opt = cli.options("probe")  # typer.Option with each flag's help in flags.json


def probe_cmd(
    url: Annotated[str, typer.Argument(help="Server base URL, e.g. http://127.0.0.1:30000.")],
    engine: Annotated[EngineKind, opt("--engine")] = EngineKind.AUTO,
    prompts: Annotated[Path | None, opt("--prompts")] = None,
    num_requests: Annotated[int | None, opt("--num-requests", "-n", min=1, max=10_000_000)] = None,
    concurrency: Annotated[int, opt("--concurrency", "-c", min=1, max=4096)] = 1,
    request_rate: Annotated[float | None, opt("--request-rate")] = None,
    max_tokens: Annotated[int, opt("--max-tokens", min=1, max=1_000_000)] = 128,
    temperature: Annotated[
        float, opt("--temperature", min=0.0, max=5.0, callback=cli.a_number)
    ] = 0.0,
    api: Annotated[Api, opt("--api")] = Api.CHAT,
    model: Annotated[str | None, opt("--model")] = None,
    header: Annotated[list[str] | None, opt("--header", "-H")] = None,
    api_key: cli.ApiKeyOpt = None,
    timeout: Annotated[float, opt("--timeout")] = 60.0,
    warmup: Annotated[int, opt("--warmup", min=0, max=10_000_000)] = 0,
    stream: Annotated[bool, opt("--stream/--no-stream")] = True,
    ignore_eos: Annotated[bool, opt("--ignore-eos")] = False,
    acc: cli.AccOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    steps: cli.StepsOpt = None,
    baseline: Annotated[str | None, opt("--baseline")] = None,
    seed: cli.SeedOpt = 0,
    retries: Annotated[int, opt("--retries", min=0, max=100)] = 3,
    counters_per_request: Annotated[bool, opt("--counters-per-request")] = False,
    save: Annotated[Path | None, opt("--save")] = None,
    min_accept_len: cli.MinAcceptLenOpt = None,
    report_file: cli.ReportOpt = None,
    export_profile: cli.ExportProfileOpt = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core.probe.run import ProbeConfig
    from specdiag.core.probe.workload import builtin_prompts, load_prompts

    out = Output(json_output)
    headers = cli.parse_headers(header, "e.g. -H 'X-Team: infra'; a key goes in --api-key")
    cfg = cli.from_flags(
        ProbeConfig,
        flags,
        prompts=load_prompts(prompts) if prompts is not None else builtin_prompts(),
        headers=headers,
        api_key=(api_key.strip() or None) if api_key else None,
        timeout_s=timeout,
        acc=parse_float_list(acc, "--acc") if acc is not None else None,
        baseline_url=baseline,
    )
    cfg.validate()
    check_outputs(
        [("--save", save), ("--report", report_file), ("--export-profile", export_profile)],
        [("--prompts", prompts)],
    )
    saver = _Saver(save) if save is not None else None
    try:
        report = _run_with_progress(cfg, out, saver.write if saver is not None else None)
    except BaseException:
        if saver is not None:
            saver.close(keep_if_empty=False)  # nothing measured: leave no empty file behind
        raise
    if saver is not None:
        saver.close(keep_if_empty=True)
    out.warn(*report.warnings)
    doc = document(report)
    out.emit(doc, lambda console: render(console, report))
    if not report.interrupted:
        write_extras(out, doc, name="probe", report=report_file, profile=export_profile)
    if report.interrupted:
        raise typer.Exit(cli.interrupt_exit_code())
    results = report.main.results
    if results and not any(r.ok for r in results):
        kinds = sorted({r.error or "?" for r in results})
        raise ServerError(
            f"all {len(results)} requests failed ({', '.join(kinds)}): nothing was measured",
            hint="see the failed requests in the report (--save FILE keeps each error); "
            "check the server's log, --model, --api and --max-tokens",
        )
    if min_accept_len is not None:
        pooled = report.main.accept.pooled
        if pooled is None:
            raise CheckFailed(
                f"--min-accept-len {min_accept_len:g}: this run measured no accept length",
                hint="see the warnings above for why the server reported no acceptance",
            )
        if pooled < min_accept_len:
            raise CheckFailed(
                f"accept length {pooled:.3f} is below --min-accept-len {min_accept_len:g}",
                hint="the report above shows the per-category and per-position figures",
            )


def _run_with_progress(
    cfg: ProbeConfig,
    out: Output,
    on_result: Callable[[RunLabel, RequestResult], None] | None = None,
) -> ProbeReport:
    from specdiag.core.probe.run import run_probe

    n = cfg.num_requests if cfg.num_requests is not None else len(cfg.prompts)
    with progress_bar(out.stderr, "probing", n, elapsed=True) as update:
        last = [0]

        def progress(done: int, total: int) -> None:
            if done < last[0]:  # the same workload again, against --baseline
                update(description="baseline")
            last[0] = done
            update(completed=done, total=total)

        def on_info(info: ServerInfo) -> None:
            out.note(detected_line(info))

        return run_probe(cfg, progress=progress, on_info=on_info, on_result=on_result)


class _Saver:
    """``--save``: one JSON line per measured request, written and flushed as it finishes, so
    an interrupted or terminated run keeps every request it measured."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = 0
        try:
            self.fh = path.open("w", encoding="utf-8")
        except OSError as exc:
            raise InputError(
                f"cannot write --save {path}: {exc.strerror or exc}",
                hint="give --save a path in a writable directory",
            ) from None

    def write(self, label: str, res: RequestResult) -> None:
        line = json.dumps(to_jsonable(save_record(label, res)), ensure_ascii=False, allow_nan=False)
        self.fh.write(scrub(line) + "\n")  # (a server may echo a key in its text)
        self.fh.flush()
        self.lines += 1

    def close(self, *, keep_if_empty: bool) -> None:
        self.fh.close()
        if not self.lines and not keep_if_empty:
            self.path.unlink(missing_ok=True)
