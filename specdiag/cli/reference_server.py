"""``specdiag reference-server``: a local speculative-decoding server with known ground truth."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output, to_jsonable
from specdiag.core.accept import AccKind
from specdiag.refserver.config import Flavor, PerRequestMetrics

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.refserver.server import ServerStart

HELP = """Serve a local speculative-decoding server whose true acceptance you set.

A tiny deterministic target model (numpy) decodes greedily; a drafter proposes --steps tokens
per step that match the target with the --acceptance you give (per position); the verifier
accepts the longest matching prefix plus the bonus token, as the engines do. The server speaks
SGLang's, vLLM's or llama.cpp's API, /metrics and log format, and GET /_specdiag/truth returns
the configured profile and the exact counts served. It is a test target, not a model server.

Runs until Ctrl-C (or --duration). The URL (and with --json a JSON document) goes to stdout,
log lines to --log or stderr.

Examples:

  specdiag reference-server --flavor sglang --steps 5 --acceptance 0.75

  specdiag reference-server --flavor vllm --port 8000 --acceptance 0.8,0.6,0.5 --log vllm.log

  specdiag reference-server --flavor llamacpp --port 0 --json --faults 500=0.1,429=0.05
"""
opt = cli.options("reference-server")  # typer.Option with each flag's help in flags.json


def reference_server_cmd(
    flavor: Annotated[Flavor, opt("--flavor")] = Flavor.SGLANG,
    host: Annotated[str, opt("--host")] = "127.0.0.1",
    port: Annotated[int | None, opt("--port", min=0, max=65535)] = None,
    steps: Annotated[int | None, opt("--steps", "-k", min=0, max=64)] = None,
    topk: cli.EagleTopkOpt = None,
    old_topk: cli.TopkDeprecatedOpt = None,
    num_draft_tokens: cli.NumDraftTokensOpt = None,
    acceptance: Annotated[str | None, opt("--acceptance")] = None,
    old_acc: Annotated[str | None, typer.Option("--acc", hidden=True)] = None,
    accept_length: Annotated[float | None, opt("--accept-length")] = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    target_step_ms: Annotated[
        float, opt("--target-step-ms", min=0.0, max=60000.0, callback=cli.a_number)
    ] = 10.0,
    draft_step_ms: Annotated[
        float, opt("--draft-step-ms", min=0.0, max=60000.0, callback=cli.a_number)
    ] = 1.0,
    seed: cli.SeedOpt = 0,
    log: Annotated[str | None, opt("--log")] = None,
    api_key: Annotated[str | None, opt("--api-key")] = None,
    faults: Annotated[str | None, opt("--faults")] = None,
    model_name: Annotated[str, opt("--model-name")] = "specdiag/reference-tiny",
    max_running_requests: Annotated[int, opt("--max-running-requests", min=1)] = 256,
    max_model_len: Annotated[int, opt("--max-model-len", min=16)] = 4096,
    decode_log_interval: Annotated[int, opt("--decode-log-interval", min=1)] = 40,
    log_interval: Annotated[float, opt("--log-interval")] = 10.0,
    per_request_metrics: Annotated[
        PerRequestMetrics, opt("--per-request-spec-decode-metrics")
    ] = PerRequestMetrics.NONE,
    duration: Annotated[float | None, opt("--duration", min=0.0, callback=cli.a_number)] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    topk = cli.deprecated_flag("--topk", "--eagle-topk", old_topk, topk, 1)
    acceptance = cli.deprecated_flag("--acc", "--acceptance", old_acc, acceptance, None)
    from specdiag.refserver.config import DEFAULT_PORTS, make_config
    from specdiag.refserver.server import start_server

    out = Output(json_output)
    cfg = make_config(
        flavor=flavor,
        steps=steps,
        acceptance=acceptance if steps != 0 else None,
        acc_kind=acc_kind,
        accept_length=accept_length if steps != 0 else None,
        faults=faults,
        host=host,
        port=DEFAULT_PORTS[flavor] if port is None else port,
        topk=topk,
        num_draft_tokens=num_draft_tokens,
        target_step_ms=target_step_ms,
        draft_step_ms=draft_step_ms,
        seed=seed,
        log=log if log is not None else "-",
        api_key=api_key,
        model_name=model_name,
        max_running_requests=max_running_requests,
        max_model_len=max_model_len,
        decode_log_interval=decode_log_interval,
        log_interval_s=log_interval,
        per_request_metrics=per_request_metrics,
    )
    if steps == 0 and (acceptance is not None or accept_length is not None):
        out.warn("--acceptance / --accept-length are ignored with --steps 0 (no speculation)")
    handle = start_server(cfg)

    def ready(start: ServerStart) -> None:  # the document: docs/reference-server.md
        out.emit(to_jsonable(start), lambda console: render(console, start))

    truth = handle.serve(duration, on_ready=ready)
    if truth is not None:
        out.note(summary(truth))


def render(console: Console, start: ServerStart) -> None:
    from rich.table import Table

    s, t = start.speculative, start.timing
    console.print(
        f"[bold]specdiag reference-server[/bold] ({start.flavor.value} flavor, "
        f"{start.engine_version} formats) listening on [bold]{start.url}[/bold]"
    )
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("model", start.model)
    if s.enabled:
        acc = ", ".join(f"{a:g}" for a in s.acceptance_conditional)
        table.add_row(
            "speculation",
            f"{s.steps} draft steps, topk {s.topk}, num_draft_tokens "
            f"{s.num_draft_tokens}; conditional acceptance {acc}",
        )
        table.add_row(
            "expected",
            f"accept length {s.expected_accept_length:.3f} (bonus included), "
            f"{s.expected_accepted_drafts:.3f} accepted drafts per verify step",
        )
    else:
        table.add_row("speculation", "off (--steps 0)")
    timing = f"target {t.target_step_ms:g} ms/step, draft {t.draft_step_ms:g} ms/token"
    if t.expected_speedup is not None and t.cost_ratio is not None:
        timing += f" (cost ratio {t.cost_ratio:g}, expected speedup {t.expected_speedup:.2f}x)"
    table.add_row("timing", timing)
    table.add_row("endpoints", "\n".join(start.endpoints))
    table.add_row("ground truth", "GET " + start.truth_url)
    table.add_row("log", start.log)
    if start.api_key_required:
        table.add_row("auth", "Bearer API key required")
    f = start.faults
    if f.shares or f.slow_start_s:
        items = [f"{m}={v:g}" for m, v in f.shares.items()]
        if f.slow_start_s:
            items.append(f"slow-start {f.slow_start_s:g} s")
        table.add_row("faults", ", ".join(items))
    console.print(table)
    console.print("Stop with Ctrl-C.")


def summary(truth: dict[str, Any]) -> str:
    c, m = truth["counts"], truth["measured"]
    text = (
        f"served {c['requests_finished']} requests ({c['requests_aborted']} aborted), "
        f"{c['completion_tokens']} tokens, {c['verify_steps']} verify steps"
    )
    if m["accept_length"] is not None:
        text += (
            f"; accept length {m['accept_length']:.3f} "
            f"(configured profile expects {truth['speculative']['expected_accept_length']:.3f})"
        )
    return text
