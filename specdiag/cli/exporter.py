"""``specdiag exporter``: serve normalised speculative-decoding figures on /metrics."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._doctor_view import read_server_args
from specdiag.cli._output import Output, derive
from specdiag.core.accept import AccKind, Engine, parse_float_list
from specdiag.errors import InputError, UsageError, register_secrets

if TYPE_CHECKING:
    from rich.console import Console


HELP = """Serve normalised speculative-decoding figures on a Prometheus /metrics endpoint.

Republishes what specdiag computes -- from engine logs (read once, or followed), periodic
probes of live servers and, with --doctor, specdiag doctor's checks -- as gauges such as
specdiag_accept_length{engine,replica,source,rank}, specdiag_accepted_drafts_per_step,
specdiag_position_acceptance{position,kind}, specdiag_cuda_graph_false_share,
specdiag_expected_accept_length and specdiag_check_status{check}, so the PodMonitors and
ServiceMonitors already in place can scrape an engine's logs (SGLang's, or any engine's).

Examples:

  specdiag exporter --logs /var/log/sglang.log --follow --host 0.0.0.0 --port 9465

  specdiag exporter --probe http://vllm-0:8000 --probe http://vllm-1:8000 --interval 300

  specdiag exporter --print-assets      # the Grafana dashboard and Prometheus rules

Stops cleanly on Ctrl-C (exit 130), SIGTERM (143) or after --duration (0). Exit 2 on bad
flags, 3 when it cannot listen or read a --logs file.
"""

ASSETS = ("recording-rules.yml", "alert-rules.yml", "grafana-dashboard.json")
opt = cli.options("exporter")  # typer.Option with each flag's help in flags.json


def exporter_cmd(
    probe: Annotated[list[str] | None, opt("--probe")] = None,
    interval: Annotated[
        float, opt("--interval", min=1.0, max=604_800.0, callback=cli.a_number)
    ] = 60.0,
    probe_requests: Annotated[int, opt("--probe-requests", min=1)] = 4,
    probe_max_tokens: Annotated[int, opt("--probe-max-tokens", min=1)] = 64,
    api_key: cli.ApiKeyOpt = None,
    logs: Annotated[list[str] | None, opt("--logs")] = None,
    follow: Annotated[bool, opt("--follow", "-f")] = False,
    engine: Annotated[Engine | None, opt("--engine")] = None,
    replica: Annotated[str | None, opt("--replica")] = None,
    acc: cli.AccOpt = None,
    steps: cli.StepsOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    doctor: Annotated[bool, opt("--doctor")] = False,
    draft: Annotated[str | None, opt("--draft")] = None,
    target: Annotated[str | None, opt("--target")] = None,
    server_args: Annotated[str | None, opt("--server-args")] = None,
    doctor_interval: Annotated[
        float, opt("--doctor-interval", min=10.0, max=604_800.0, callback=cli.a_number)
    ] = 600.0,
    host: Annotated[str, opt("--host")] = "127.0.0.1",
    port: Annotated[int, opt("--port", min=0, max=65535)] = 9465,
    duration: Annotated[float | None, opt("--duration", min=0.0, callback=cli.a_number)] = None,
    print_assets: Annotated[bool, opt("--print-assets")] = False,
    print_asset: Annotated[
        str | None,
        typer.Option(
            "--print-asset", help=f"Print one asset's content and exit: {', '.join(ASSETS)}."
        ),
    ] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    out = Output(json_output)
    if print_assets or print_asset is not None:
        _assets(out, print_asset)
        return
    from specdiag.exporter import ExporterConfig, start_exporter
    from specdiag.exporter.server import ExporterStart

    register_secrets([api_key])  # never printed from here on

    cfg = cli.from_flags(
        ExporterConfig,
        flags,
        unset=("probe_timeout_s",),
        probes=tuple(probe or ()),
        interval_s=interval,
        api_key=api_key or None,
        logs=tuple(logs or ()),
        engine=engine.value if engine is not None else None,
        acc=parse_float_list(acc, "--acc") if acc is not None else None,
        server_args=read_server_args(server_args),
        doctor_interval_s=doctor_interval,
    )
    handle = start_exporter(cfg, warn=out.warn)

    def ready(start: ExporterStart) -> None:
        out.emit(derive(start), lambda c: c.print(f"serving on {start.url}", markup=False))

    stopped_by_signal = handle.serve(duration, on_ready=ready)
    out.warn(*handle.store.down())  # a failing source is served as up=0: say so here too
    out.note("exporter stopped")
    if stopped_by_signal:
        raise typer.Exit(cli.interrupt_exit_code())  # 130 after Ctrl-C, 143 after SIGTERM


def _assets(out: Output, name: str | None) -> None:
    from importlib import resources

    base = resources.files("specdiag") / "deploy"
    if name is not None:
        if name not in ASSETS:
            raise UsageError(f"unknown asset {name!r}", hint="one of: " + ", ".join(ASSETS))
        try:
            sys.stdout.write(base.joinpath(name).read_text(encoding="utf-8"))
        except OSError as exc:
            raise InputError(
                f"cannot read the asset {name}: {exc}",
                hint="the installation is incomplete: reinstall specdiag",
            ) from None
        return
    paths = {a: str(base.joinpath(a)) for a in ASSETS}

    def human(c: Console) -> None:
        for a, p in paths.items():
            c.print(f"{a}: {p}", markup=False)

    out.emit({"assets": paths}, human)
