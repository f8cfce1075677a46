"""``specdiag doctor``: every check the given evidence allows, ranked causes, each with its fix."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._doctor_view import document, read_server_args, render
from specdiag.cli._output import Output
from specdiag.cli._report_out import write_extras
from specdiag.core.accept import AccKind, Engine
from specdiag.core.paths import check_outputs
from specdiag.errors import CheckFailed, InputError

HELP = """Diagnose a speculative-decoding deployment from whatever evidence you have.

Give any subset: a live server, its logs, the draft and target checkpoints, the launch command
line, training and served hidden-state dumps, the training accuracy. Every check those allow
runs; each says pass / warn / fail / skipped (and why), shows its evidence and the fix. Findings
are ranked by how much of the gap between expected and observed accept length each explains.

Examples:

  specdiag doctor --draft ./eagle3-draft --target ./target --server-args "$(cat launch.sh)"

  specdiag doctor --logs server.log --acc 0.75 --steps 5

  specdiag doctor --server http://127.0.0.1:30000 --draft ./draft --acc 0.75 --steps 5

Exit codes: 0 no check failed, 1 a check failed, 2 usage error, 3 could not run (no check
could decide anything) or incomplete (an input given could not be read; --allow-missing judges
on the rest).
"""
opt = cli.options("doctor")  # typer.Option with each flag's help in flags.json


def doctor_cmd(
    server: Annotated[str | None, opt("--server")] = None,
    logs: Annotated[list[str] | None, opt("--logs")] = None,
    draft: Annotated[str | None, opt("--draft")] = None,
    target: Annotated[str | None, opt("--target")] = None,
    server_args: Annotated[str | None, opt("--server-args")] = None,
    training_dump: Annotated[str | None, opt("--training-dump")] = None,
    served_dump: Annotated[str | None, opt("--served-dump")] = None,
    reference: Annotated[str | None, opt("--reference")] = None,
    run_target: Annotated[bool | None, opt("--run-target/--no-run-target")] = None,
    allow_missing: Annotated[bool, opt("--allow-missing")] = False,
    verbose: Annotated[bool, opt("--verbose", "-v")] = False,
    acc: cli.AccOpt = None,
    steps: cli.StepsOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    training_log: Annotated[str | None, opt("--training-log")] = None,
    engine: Annotated[Engine | None, opt("--engine")] = None,
    engine_version: cli.EngineVersionOpt = None,
    temperature: Annotated[
        float | None, opt("--temperature", min=0.0, max=5.0, callback=cli.a_number)
    ] = None,
    top_k: Annotated[int | None, opt("--top-k")] = None,
    probe_requests: Annotated[int, opt("--probe-requests", min=1)] = 8,
    probe_max_tokens: Annotated[
        int | None, opt("--probe-max-tokens", min=1, show_default="64")
    ] = None,
    old_max_tokens: Annotated[int | None, typer.Option("--max-tokens", min=1, hidden=True)] = None,
    timeout: Annotated[float, opt("--timeout")] = 60.0,
    api_key: cli.ApiKeyOpt = None,
    report_file: cli.ReportOpt = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core import accept
    from specdiag.core.doctor.context import DoctorInputs, expand_logs
    from specdiag.core.doctor.run import run_doctor

    out = Output(json_output)
    probe_max_tokens = cli.deprecated_flag(
        "--max-tokens", "--probe-max-tokens", old_max_tokens, probe_max_tokens, 64
    )
    acc_values = None
    if acc is not None:
        acc_values = accept.parse_float_list(acc, "--acc")  # checked by DoctorInputs
    args_text = read_server_args(server_args)
    args_file = server_args[1:] if server_args and server_args.startswith("@") else None
    inputs_named = [("--logs", p) for p in logs or []] + [("--server-args", args_file)]
    check_outputs([("--report", report_file)], inputs_named)
    inputs = cli.from_flags(
        DoctorInputs,
        flags,
        unset=("probe_report",),
        logs=expand_logs(logs or []),
        server_args=args_text,
        acc=acc_values,
        acc_kind=acc_kind.value,
        engine=engine.value if engine is not None else None,
        probe_max_tokens=probe_max_tokens,
        probe_timeout_s=timeout,
        api_key=(api_key.strip() or None) if api_key else None,
    )
    progress = None if json_output or not os.isatty(2) else (lambda m: out.note(m))
    report = run_doctor(inputs, progress=progress)
    for p in report.input_problems:
        out.warn(f"{p.source} {p.path}: {p.message}")
    doc = document(report)
    out.emit(doc, lambda c: render(c, report, verbose=verbose))
    if report_file is not None and not report.interrupted:
        write_extras(
            out,
            doc,
            name="doctor",
            report=report_file,
            extra_provenance=[("launch command (--server-args)", args_text or "")],
        )
    if report.interrupted:  # the report of what ran is out; then the signal's exit code
        out.warn("the server probe was interrupted: its checks are partial or skipped")
        raise typer.Exit(cli.interrupt_exit_code())
    if report.could_not_run:
        raise InputError(
            report.could_not_run,
            hint="give readable evidence: --draft/--target directories, --logs files, a "
            "reachable --server, or --acc with --steps",
        )
    if report.incomplete:
        bad = [f"{e.source} {e.path}: {e.why}" for e in report.evidence if e.status == "unreadable"]
        bad += [f"{c.check}: {c.message}" for c in report.checks if c.status.value == "unreadable"]
        raise InputError(
            "incomplete: "
            + "; ".join(bad[:3])
            + (f" (and {len(bad) - 3} more)" if len(bad) > 3 else ""),
            hint="fix or drop the inputs named, or pass --allow-missing to judge on the rest",
        )
    fails = [c.check for c in report.checks if c.status.value == "fail"]
    if fails:
        first = report.findings[0] if report.findings else None
        raise CheckFailed(
            f"{len(fails)} check(s) failed: {', '.join(fails)}",
            hint=(
                f"first-ranked: {first.title}: {first.fix}"
                if first and first.fix
                else "see the findings above"
            ),
        )
