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


def reference_server_cmd(
    flavor: Annotated[
        Flavor, typer.Option("--flavor", help="Which engine's API, metrics and logs to imitate.")
    ] = Flavor.SGLANG,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int | None,
        typer.Option(
            "--port",
            min=0,
            max=65535,
            help="Port (0: a free one, reported at start). Default: the engine's own "
            "(sglang 30000, vllm 8000, llamacpp 8080).",
        ),
    ] = None,
    steps: Annotated[
        int | None,
        typer.Option(
            "--steps",
            "-k",
            min=0,
            max=64,
            help="Draft tokens per verify step, 0..64 (0: no speculation). Default: one per "
            "--acceptance value, else 3.",
        ),
    ] = None,
    topk: cli.EagleTopkOpt = 1,
    old_topk: cli.TopkDeprecatedOpt = None,
    num_draft_tokens: cli.NumDraftTokensOpt = None,
    acceptance: Annotated[
        str | None,
        typer.Option(
            "--acceptance",
            help="True acceptance: one value for every draft position or one per position "
            "(0.8,0.7,0.6); fractions or percentages. Default 0.75.",
        ),
    ] = None,
    old_acc: Annotated[str | None, typer.Option("--acc", hidden=True)] = None,
    accept_length: Annotated[
        float | None,
        typer.Option(
            "--accept-length",
            help="Instead of --acceptance: serve the same acceptance at every position, chosen "
            "so the expected accept length (bonus included) is this value, e.g. 2.4.",
        ),
    ] = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    target_step_ms: Annotated[
        float,
        typer.Option(
            "--target-step-ms",
            min=0.0,
            max=60000.0,
            callback=cli.a_number,
            help="Modelled target forward time per step.",
        ),
    ] = 10.0,
    draft_step_ms: Annotated[
        float,
        typer.Option(
            "--draft-step-ms",
            min=0.0,
            max=60000.0,
            callback=cli.a_number,
            help="Modelled draft forward time per draft token.",
        ),
    ] = 1.0,
    seed: cli.SeedOpt = 0,
    log: Annotated[
        str | None,
        typer.Option("--log", help="Append engine log lines to FILE (default: stderr)."),
    ] = None,
    api_key: Annotated[
        str | None,
        typer.Option("--api-key", help="Require 'Authorization: Bearer KEY' (401 otherwise)."),
    ] = None,
    faults: Annotated[
        str | None,
        typer.Option(
            "--faults",
            help="Fault injection: MODE=SHARE items (500, 429, invalid-json, truncate, reset, "
            "stall) and retry-after=S, stall-seconds=S, slow-start=S. E.g. "
            "500=0.1,429=0.05,retry-after=2,slow-start=3",
        ),
    ] = None,
    model_name: Annotated[
        str, typer.Option("--model-name", help="Served model name.")
    ] = "specdiag/reference-tiny",
    max_running_requests: Annotated[
        int,
        typer.Option(
            "--max-running-requests", min=1, help="Batch capacity; more requests wait in queue."
        ),
    ] = 256,
    max_model_len: Annotated[
        int,
        typer.Option("--max-model-len", min=16, help="Context length (prompt + output tokens)."),
    ] = 4096,
    decode_log_interval: Annotated[
        int,
        typer.Option(
            "--decode-log-interval", min=1, help="sglang: a Decode batch line every N steps."
        ),
    ] = 40,
    log_interval: Annotated[
        float, typer.Option("--log-interval", help="vllm: seconds between stats log lines.")
    ] = 10.0,
    per_request_metrics: Annotated[
        PerRequestMetrics,
        typer.Option(
            "--per-request-spec-decode-metrics",
            help="vllm: per-request metrics.speculative_decoding in responses.",
        ),
    ] = PerRequestMetrics.NONE,
    duration: Annotated[
        float | None,
        typer.Option(
            "--duration",
            min=0.0,
            callback=cli.a_number,
            help="Stop after this many seconds (default: until Ctrl-C).",
        ),
    ] = None,
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

    def ready(start: ServerStart) -> None:
        out.emit(document(start), lambda console: render(console, start))

    truth = handle.serve(duration, on_ready=ready)
    if truth is not None:
        out.note(summary(truth))


def document(start: ServerStart) -> dict[str, Any]:
    """The ``--json`` document printed once the server accepts connections (docs/reference-server.md):
    the :class:`~specdiag.refserver.server.ServerStart`, as it is."""
    doc: dict[str, Any] = to_jsonable(start)
    return doc


def render(console: Console, start: ServerStart) -> None:
    from rich.table import Table

    doc = document(start)
    s, t = doc["speculative"], doc["timing"]
    console.print(
        f"[bold]specdiag reference-server[/bold] ({doc['flavor']} flavor, "
        f"{doc['engine_version']} formats) listening on [bold]{doc['url']}[/bold]"
    )
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    table.add_row("model", doc["model"])
    if s["enabled"]:
        acc = ", ".join(f"{a:g}" for a in s["acceptance_conditional"])
        table.add_row(
            "speculation",
            f"{s['steps']} draft steps, topk {s['topk']}, num_draft_tokens "
            f"{s['num_draft_tokens']}; conditional acceptance {acc}",
        )
        table.add_row(
            "expected",
            f"accept length {s['expected_accept_length']:.3f} (bonus included), "
            f"{s['expected_accepted_drafts']:.3f} accepted drafts per verify step",
        )
    else:
        table.add_row("speculation", "off (--steps 0)")
    timing = f"target {t['target_step_ms']:g} ms/step, draft {t['draft_step_ms']:g} ms/token"
    if t["expected_speedup"] is not None:
        timing += (
            f" (cost ratio {t['cost_ratio']:g}, expected speedup {t['expected_speedup']:.2f}x)"
        )
    table.add_row("timing", timing)
    table.add_row("endpoints", "\n".join(doc["endpoints"]))
    table.add_row("ground truth", "GET " + doc["truth_url"])
    table.add_row("log", doc["log"])
    if doc["api_key_required"]:
        table.add_row("auth", "Bearer API key required")
    if doc["faults"]["shares"] or doc["faults"]["slow_start_s"]:
        f = doc["faults"]
        items = [f"{m}={v:g}" for m, v in f["shares"].items()]
        if f["slow_start_s"]:
            items.append(f"slow-start {f['slow_start_s']:g} s")
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
