"""``specdiag probe URL``: measure a live server's speculation on a probe workload and judge it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli._framework import (
    AccKindOpt,
    AccOpt,
    ApiKeyOpt,
    JsonOpt,
    MinAcceptLenOpt,
    SeedOpt,
    StepsOpt,
    check_min_accept_len,
    command,
    interrupt_exit_code,
)
from specdiag.core.accept import AccKind
from specdiag.core.probe.engines import Api, EngineKind

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.probe.analysis import AcceptStats, Dist
    from specdiag.core.probe.client import RequestResult
    from specdiag.core.probe.run import ProbeReport, RunMeasure


def register(app: typer.Typer) -> None:
    command(
        app,
        "probe",
        help=(
            "Measure a live server's speculative decoding on a probe workload: accept length "
            "(pooled, per request, per position, per category) scoped to this run, latency and "
            "throughput; judge it against training accuracy (--acc) and a non-speculative "
            "--baseline.\n\nExit codes: 0 ok, 1 below --min-accept-len, 2 usage, "
            "3 server unreachable or every request failed. Ctrl-C prints what was gathered "
            "(exit 130)."
        ),
    )(probe)


def probe(
    url: Annotated[str, typer.Argument(help="Server base URL, e.g. http://127.0.0.1:30000.")],
    engine: Annotated[
        EngineKind,
        typer.Option("--engine", help="Server kind; auto reads the server's own endpoints."),
    ] = EngineKind.AUTO,
    prompts: Annotated[
        Path | None,
        typer.Option(
            "--prompts",
            help="Prompt file: .txt (one per line) or .jsonl (prompt or messages, category, id). "
            "Default: the built-in probe set (chat, code, math, summarization, translation, "
            "extraction).",
        ),
    ] = None,
    num_requests: Annotated[
        int | None,
        typer.Option("--num-requests", "-n", help="Requests to send (default: each prompt once)."),
    ] = None,
    concurrency: Annotated[
        int, typer.Option("--concurrency", "-c", help="Requests in flight at most.")
    ] = 1,
    request_rate: Annotated[
        float | None,
        typer.Option("--request-rate", help="Poisson arrivals per second (default: all at once)."),
    ] = None,
    max_tokens: Annotated[int, typer.Option("--max-tokens", help="Tokens per request.")] = 128,
    temperature: Annotated[
        float, typer.Option("--temperature", help="Sampling temperature (0: greedy).")
    ] = 0.0,
    api: Annotated[
        Api,
        typer.Option(
            "--api", help="chat, completions, or the engine's native API (SGLang, llama.cpp)."
        ),
    ] = Api.CHAT,
    model: Annotated[
        str | None, typer.Option("--model", help="Model name (default: from /v1/models).")
    ] = None,
    header: Annotated[
        list[str] | None,
        typer.Option("--header", "-H", help="Extra HTTP header K:V (repeatable; never printed)."),
    ] = None,
    api_key: ApiKeyOpt = None,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Seconds one request may take in all.")
    ] = 60.0,
    warmup: Annotated[
        int, typer.Option("--warmup", help="Requests sent first and left out of every figure.")
    ] = 0,
    stream: Annotated[
        bool,
        typer.Option("--stream/--no-stream", help="Stream (needed for TTFT, TPOT and ITL)."),
    ] = True,
    ignore_eos: Annotated[
        bool,
        typer.Option("--ignore-eos", help="Ask the server to ignore EOS (distorts acceptance)."),
    ] = False,
    acc: AccOpt = None,
    acc_kind: AccKindOpt = AccKind.CONDITIONAL,
    steps: StepsOpt = None,
    baseline: Annotated[
        str | None,
        typer.Option(
            "--baseline",
            help="URL of the same model without speculation: speedup and, at temperature 0, "
            "a losslessness check.",
        ),
    ] = None,
    seed: SeedOpt = 0,
    retries: Annotated[
        int, typer.Option("--retries", help="Retries of a request answered 429 (Retry-After).")
    ] = 3,
    counters_per_request: Annotated[
        bool,
        typer.Option(
            "--counters-per-request",
            help="At --concurrency 1, scrape /metrics after every request: per-request accept "
            "lengths from engines that report none (llama.cpp, TensorRT-LLM, plain vLLM).",
        ),
    ] = False,
    save: Annotated[
        Path | None, typer.Option("--save", help="Write per-request details to FILE.jsonl.")
    ] = None,
    min_accept_len: MinAcceptLenOpt = None,
    json_output: JsonOpt = False,
) -> None:
    from specdiag.cli._output import Output
    from specdiag.core.accept import parse_float_list
    from specdiag.core.paths import check_outputs
    from specdiag.core.probe.run import ProbeConfig
    from specdiag.core.probe.workload import builtin_prompts, load_prompts
    from specdiag.errors import CheckFailed, ServerError, UsageError

    out = Output(json_output)
    headers: list[tuple[str, str]] = []
    for h in header or []:
        k, sep, v = h.partition(":")
        if not sep or not k.strip():
            raise UsageError(
                f"--header {k.strip() or h!r}... is not K:V", hint="e.g. -H 'X-Team: infra'"
            )
        headers.append((k.strip(), v.strip()))
    check_min_accept_len(min_accept_len)
    key = api_key.strip() if api_key else None
    cfg = ProbeConfig(
        url=url,
        prompts=load_prompts(prompts) if prompts is not None else builtin_prompts(),
        engine=engine,
        api=api,
        num_requests=num_requests,
        concurrency=concurrency,
        request_rate=request_rate,
        max_tokens=max_tokens,
        temperature=temperature,
        model=model,
        headers=tuple(headers),
        api_key=key or None,
        timeout_s=timeout,
        warmup=warmup,
        stream=stream,
        ignore_eos=ignore_eos,
        seed=seed,
        retries=retries,
        acc=parse_float_list(acc, "--acc") if acc is not None else None,
        acc_kind=acc_kind,
        steps=steps,
        baseline_url=baseline,
        counters_per_request=counters_per_request,
    )
    cfg.validate()
    if save is not None:
        check_outputs([("--save", save)], [("--prompts", prompts)])
    saver = _Saver(save) if save is not None else None
    try:
        report = _run_with_progress(cfg, out, saver.write if saver is not None else None)
    except BaseException:
        if saver is not None:
            saver.close(keep_if_empty=False)  # nothing measured: leave no empty file behind
        raise
    if saver is not None:
        saver.close(keep_if_empty=True)
    for w in report.warnings:
        out.warn(w)
    out.emit(document(report), lambda console: render(console, report))
    if report.interrupted:
        raise typer.Exit(interrupt_exit_code())
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


def _run_with_progress(cfg: Any, out: Any, on_result: Any = None) -> ProbeReport:
    from specdiag.core.probe.run import run_probe

    console = out.stderr
    if not console.is_terminal:
        return run_probe(
            cfg, on_info=lambda info: out.note(_detected_line(info)), on_result=on_result
        )
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        n = cfg.num_requests if cfg.num_requests is not None else len(cfg.prompts)
        task = bar.add_task("probing", total=n)

        last = [0]

        def progress(done: int, total: int) -> None:
            if done < last[0]:  # the same workload again, against --baseline
                bar.update(task, description="baseline")
            last[0] = done
            bar.update(task, completed=done, total=total)

        def on_info(info: Any) -> None:
            bar.console.print(f"note: {_detected_line(info)}", markup=False, highlight=False)

        return run_probe(cfg, progress=progress, on_info=on_info, on_result=on_result)


def _detected_line(info: Any) -> str:
    spec = info.spec
    ver = f" {info.version}" if info.version else ""
    if spec.enabled is None:
        sp = "speculation: unknown"
    elif not spec.enabled:
        sp = "speculation: off"
    else:
        parts = [spec.method or "on"]
        if spec.steps:
            parts.append(f"{spec.steps} draft tokens/step")
        if spec.topk and spec.topk > 1:
            parts.append(f"topk {spec.topk}")
        sp = "speculation: " + ", ".join(parts)
    return (
        f"{info.url}: {info.engine.value}{ver} (detected by {info.detected_by}), "
        f"model {info.model or '?'}, {sp}"
    )


# --------------------------------------------------------------------------- JSON


def _dist(d: Dist) -> dict[str, Any]:
    return {
        "n": d.n,
        "mean": d.mean,
        "p50": d.p50,
        "p90": d.p90,
        "p99": d.p99,
        "min": d.min,
        "max": d.max,
    }


def _measure_doc(m: RunMeasure) -> dict[str, Any]:
    errors: dict[str, int] = {}
    for r in m.results:
        if not r.ok:
            errors[r.error or "?"] = errors.get(r.error or "?", 0) + 1
    t = m.throughput
    return {
        "requests": {
            "sent": len(m.results),
            "ok": sum(1 for r in m.results if r.ok),
            "failed": sum(1 for r in m.results if not r.ok),
            "errors": errors,
            "retried": sum(1 for r in m.results if r.attempts > 1),
        },
        "latency": {
            "ttft_ms": _dist(m.latency.ttft_ms),
            "tpot_ms": _dist(m.latency.tpot_ms),
            "itl_ms": _dist(m.latency.itl_ms),
            "e2e_ms": _dist(m.latency.e2e_ms),
            "mean_tokens_per_chunk": m.latency.mean_tokens_per_chunk,
        },
        "throughput": {
            "duration_s": t.duration_s,
            "requests_per_s": t.requests_per_s,
            "output_tokens_per_s": t.output_tokens_per_s,
            "output_tokens": t.output_tokens,
        },
    }


def _server_doc(m: RunMeasure) -> dict[str, Any]:
    s = m.server
    return {
        "url": s.url,
        "engine": s.engine.value,
        "detected_by": s.detected_by,
        "version": s.version,
        "model": s.model,
        "speculative": {
            "enabled": s.spec.enabled,
            "method": s.spec.method,
            "steps": s.spec.steps,
            "topk": s.spec.topk,
            "num_draft_tokens": s.spec.num_draft_tokens,
            "source": s.spec.source,
        },
        "metrics_path": s.metrics_path,
    }


def document(r: ProbeReport) -> dict[str, Any]:
    """The stable ``--json`` document (keys documented in docs/probe.md)."""
    from specdiag.core.probe.run import jsonable_config

    m = r.main
    a: AcceptStats = m.accept
    doc: dict[str, Any] = {
        "engine": m.server.engine.value,
        "server": _server_doc(m),
        "workload": jsonable_config(r.config),
    }
    md = _measure_doc(m)
    doc["requests"] = md["requests"]
    doc["accept_length"] = {
        "pooled": a.pooled,
        "pooled_stderr": a.pooled_stderr,
        "per_request_mean": a.per_request_mean,
        "p5": a.p5,
        "p50": a.p50,
        "p95": a.p95,
        "source": a.source,
        "requests_with_data": a.requests_with_data,
        "verify_steps": a.verify_steps,
        "accepted_drafts": a.accepted_drafts,
        "drafted": a.drafted,
        "histogram": list(a.histogram),
        "polluted": a.polluted,
    }
    doc["accept_rate"] = a.accept_rate
    doc["per_position"] = {
        "unconditional": list(a.per_position_unconditional),
        "conditional": list(a.per_position_conditional),
        "source": a.per_position_source,
    }
    c = m.counters
    doc["counters"] = (
        None
        if c is None
        else {
            "family": c.family,
            "verify_steps": c.verify_steps,
            "draft_tokens": c.draft_tokens,
            "accepted_drafts": c.accepted_drafts,
            "accepted_per_pos": list(c.accepted_per_pos),
            "generation_tokens": c.generation_tokens,
            "accept_length": a.counter_accept_length,
            "accept_rate": a.counter_accept_rate,
            "own_tokens": m.traffic.own_tokens,
            "foreign_traffic": m.traffic.foreign,
            "went_backwards": c.went_backwards,
        }
    )
    doc["latency"] = md["latency"]
    doc["throughput"] = md["throughput"]
    doc["by_category"] = [
        {
            "category": row.category,
            "requests": row.requests,
            "ok": row.ok,
            "accept_length": row.accept_length,
            "per_request_mean": row.per_request_mean,
            "accept_rate": row.accept_rate,
            "ttft_ms": row.ttft_ms,
            "tpot_ms": row.tpot_ms,
            "e2e_ms": row.e2e_ms,
            "output_tokens": row.output_tokens,
        }
        for row in m.by_category
    ]
    e = r.expected
    doc["expected"] = (
        None
        if e is None
        else {
            "steps": e.steps,
            "topk": e.topk,
            "acc": list(e.acc),
            "expected_accept_length": e.expected_accept_length,
            "expected_accepted_drafts": e.expected_accepted_drafts,
            "observed_accept_length": e.observed_accept_length,
            "ratio": e.judgement.ratio,
            "implied_acceptance": e.judgement.implied_acceptance,
            "explanation": e.judgement.explanation,
            "causes": list(e.judgement.causes),
            "notes": list(e.notes),
        }
    )
    doc["verdict"] = e.judgement.verdict.value if e is not None else None
    b = r.baseline
    if b is None:
        doc["baseline"] = None
    else:
        bd = _measure_doc(b.measure)
        doc["baseline"] = {
            "server": _server_doc(b.measure),
            "requests": bd["requests"],
            "latency": bd["latency"],
            "throughput": bd["throughput"],
            "speedup": {
                "output_tokens_per_s": b.throughput_speedup,
                "tpot": b.tpot_speedup,
                "e2e": b.e2e_speedup,
            },
            "lossless": b.lossless,
            "compared": b.compared,
            "differing": [
                {"index": i, "prompt_id": pid, "first_difference_at": pos}
                for i, pid, pos in b.differing
            ],
        }
    doc["warnings"] = list(r.warnings)
    doc["notes"] = list(r.notes)
    doc["interrupted"] = r.interrupted
    return doc


class _Saver:
    """``--save``: one JSON line per measured request, written and flushed as it finishes, so
    an interrupted or terminated run keeps every request it measured."""

    def __init__(self, path: Path) -> None:
        from specdiag.errors import InputError

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
        import json

        from specdiag.cli._output import to_jsonable
        from specdiag.errors import scrub

        line = json.dumps(to_jsonable(save_record(label, res)), ensure_ascii=False, allow_nan=False)
        self.fh.write(scrub(line) + "\n")  # (a server may echo a key in its text)
        self.fh.flush()
        self.lines += 1

    def close(self, *, keep_if_empty: bool) -> None:
        self.fh.close()
        if not self.lines and not keep_if_empty:
            self.path.unlink(missing_ok=True)


def save_record(label: str, res: RequestResult) -> dict[str, Any]:
    """One ``--save`` line (keys documented in docs/probe.md)."""
    s = res.spec
    return {
        "server": label,
        "index": res.index,
        "prompt_id": res.prompt_id,
        "category": res.category,
        "ok": res.ok,
        "error": res.error,
        "detail": res.detail,
        "status": res.status,
        "attempts": res.attempts,
        "retry_wait_s": res.retry_wait_s,
        "start_s": res.start_s,
        "ttft_ms": res.ttft_ms,
        "tpot_ms": res.tpot_ms,
        "e2e_ms": res.e2e_ms,
        "itl_ms": list(res.itl_ms),
        "chunks": res.chunks,
        "output_tokens": res.output_tokens,
        "tokens_from": res.tokens_from,
        "finish_reason": res.finish_reason,
        "accept_length": s.accept_length if s else None,
        "accept_rate": s.accept_rate if s else None,
        "accepted_drafts": s.accepted_drafts if s else None,
        "drafted": s.drafted if s else None,
        "verify_steps": s.verify_steps if s else None,
        "histogram": list(s.histogram) if s else [],
        "spec_source": s.source if s else None,
        "server_timings": res.server_timings,
        "text": res.text,
    }


# --------------------------------------------------------------------------- human view


def _f(v: float | None, fmt: str = ".2f") -> str:
    return "n/a" if v is None else format(v, fmt)


_VERDICT_STYLE = {
    "healthy": "green",
    "below": "yellow",
    "collapsed": "bold red",
    "above": "magenta",
}


def render(console: Console, r: ProbeReport) -> None:
    from rich.table import Table

    m = r.main
    a = m.accept
    console.print(f"[bold]Probe[/bold] {_detected_line(m.server)}", highlight=False)
    wl = r.config
    n_ok = sum(1 for x in m.results if x.ok)
    n_fail = len(m.results) - n_ok
    console.print(
        f"Workload: {len(m.results)} requests via {wl.api.value}, concurrency {wl.concurrency}, "
        + (f"{wl.request_rate:g} req/s Poisson, " if wl.request_rate else "")
        + f"max_tokens {wl.max_tokens}, temperature {wl.temperature:g}: "
        f"{n_ok} ok, {n_fail} failed"
        + (" [bold red](interrupted)[/bold red]" if m.interrupted else ""),
        highlight=False,
    )
    if n_fail:
        errs = Table(title="Failed requests", title_justify="left")
        errs.add_column("error")
        errs.add_column("count", justify="right")
        errs.add_column("example")
        kinds: dict[str, list[Any]] = {}
        for x in m.results:
            if not x.ok:
                kinds.setdefault(x.error or "?", []).append(x)
        for k, xs in sorted(kinds.items()):
            errs.add_row(k, str(len(xs)), (xs[0].detail or "")[:90])
        console.print(errs)

    polluted = ", POLLUTED by other traffic (see the warnings)" if a.polluted else ""
    acc = Table(
        title=f"Acceptance (this run only; source: {a.source}{polluted})", title_justify="left"
    )
    acc.add_column("")
    acc.add_column("value", justify="right")
    acc.add_column("")
    se = f"+/- {a.pooled_stderr:.3f}" if a.pooled_stderr is not None else ""
    acc.add_row("accept length, pooled (bonus included)", _f(a.pooled, ".3f"), se)
    acc.add_row(
        "accept length, mean of requests",
        _f(a.per_request_mean, ".3f"),
        f"p5 {_f(a.p5)}  p50 {_f(a.p50)}  p95 {_f(a.p95)}" if a.p50 is not None else "",
    )
    acc.add_row("accept rate (accepted / drafted)", _f(a.accept_rate, ".3f"), a.accept_rate_source)
    if a.verify_steps is not None:
        acc.add_row(
            "verify steps / accepted / drafted",
            f"{a.verify_steps}",
            f"{a.accepted_drafts} accepted, {a.drafted if a.drafted is not None else '?'} drafted",
        )
    if a.source == "per-request" and a.counter_accept_length is not None:
        acc.add_row(
            "accept length from /metrics deltas",
            _f(a.counter_accept_length, ".3f"),
            "polluted by other traffic" if m.traffic.foreign else "cross-check",
        )
    console.print(acc)
    if a.pooled is not None and a.per_request_mean is not None:
        console.print(
            "  pooled = 1 + all accepted / all verify steps (what engines log); the mean of "
            "requests weights short requests as much as long ones",
            highlight=False,
        )

    if a.histogram and sum(a.histogram):
        total = sum(a.histogram)
        peak = max(a.histogram) or 1
        h = Table(title="Accepted drafts per verify step", title_justify="left")
        h.add_column("j", justify="right")
        h.add_column("steps", justify="right")
        h.add_column("share", justify="right")
        h.add_column("")
        for jj, cnt in enumerate(a.histogram):
            h.add_row(str(jj), str(cnt), f"{cnt / total:.1%}", "#" * round(30 * cnt / peak))
        console.print(h)
    if a.per_position_unconditional:
        pp = Table(
            title=f"Per draft position (source: {a.per_position_source})", title_justify="left"
        )
        pp.add_column("position", justify="right")
        pp.add_column("P(accepted) (vLLM per-position)", justify="right")
        pp.add_column("conditional acc_i", justify="right")
        for i, u in enumerate(a.per_position_unconditional):
            c = a.per_position_conditional[i] if i < len(a.per_position_conditional) else None
            pp.add_row(str(i + 1), f"{u:.4f}", _f(c, ".4f"))
        console.print(pp)

    lat = Table(title="Latency (ms)", title_justify="left")
    for col in ("", "mean", "p50", "p90", "p99", "n"):
        lat.add_column(col, justify="right" if col else "left")
    for label, d in (
        ("TTFT", m.latency.ttft_ms),
        ("TPOT (per token)", m.latency.tpot_ms),
        ("ITL (per chunk)", m.latency.itl_ms),
        ("end-to-end", m.latency.e2e_ms),
    ):
        lat.add_row(label, _f(d.mean), _f(d.p50), _f(d.p90), _f(d.p99), str(d.n))
    console.print(lat)
    if m.latency.mean_tokens_per_chunk is not None and m.latency.mean_tokens_per_chunk > 1.05:
        console.print(
            f"  the server streamed {m.latency.mean_tokens_per_chunk:.2f} tokens per chunk: "
            "ITL is per chunk, TPOT per token",
            highlight=False,
        )
    itl = m.latency.itl_ms
    if itl.p50 is not None and itl.p50 < 0.1:
        console.print(
            "  half the chunks arrived within 0.1 ms of the previous one: the server sends a "
            "verify step's tokens as separate events in one burst",
            highlight=False,
        )
    t = m.throughput
    console.print(
        f"Throughput: {_f(t.output_tokens_per_s, '.1f')} output tokens/s, "
        f"{_f(t.requests_per_s, '.2f')} requests/s ({t.output_tokens} tokens in {t.duration_s:.2f} s)",
        highlight=False,
    )

    if len(m.by_category) > 1 or (m.by_category and m.by_category[0].category != "custom"):
        cat = Table(title="By category", title_justify="left")
        for col in (
            "category",
            "ok",
            "accept length",
            "mean of requests",
            "accept rate",
            "TTFT ms",
            "TPOT ms",
            "tokens",
        ):
            cat.add_column(col, justify="left" if col == "category" else "right")
        for row in m.by_category:
            cat.add_row(
                row.category,
                f"{row.ok}/{row.requests}",
                _f(row.accept_length, ".3f"),
                _f(row.per_request_mean, ".3f"),
                _f(row.accept_rate, ".3f"),
                _f(row.ttft_ms),
                _f(row.tpot_ms),
                str(row.output_tokens),
            )
        console.print(cat)

    e = r.expected
    if e is not None:
        j = e.judgement
        console.print(
            f"[bold]Expected[/bold] from training accuracy ({e.steps} draft tokens): accept length "
            f"{e.expected_accept_length:.3f}; observed {e.observed_accept_length:.3f}"
            + (f" ({j.ratio:.0%} of the predicted accepted drafts)" if j.ratio is not None else ""),
            highlight=False,
        )
        style = _VERDICT_STYLE[j.verdict.value]
        console.print(
            f"[bold]Verdict: [{style}]{j.verdict.value}[/{style}][/bold]: {j.explanation}",
            highlight=False,
        )
        for cause in j.causes:
            console.print(f"  - {cause}", markup=False)
        for n in e.notes:
            console.print(f"  note: {n}", markup=False)

    b = r.baseline
    if b is not None:
        bm = b.measure
        tpot = bm.latency.tpot_ms.mean
        console.print(
            f"[bold]Baseline[/bold] {bm.server.url} ({bm.server.engine.value}): "
            f"{_f(bm.throughput.output_tokens_per_s, '.1f')} tokens/s"
            + (f", TPOT {tpot:.2f} ms" if tpot is not None else ""),
            highlight=False,
        )
        parts = [
            f"{v:.2f}x {label}"
            for v, label in (
                (b.throughput_speedup, "output tokens/s"),
                (b.tpot_speedup, "TPOT"),
                (b.e2e_speedup, "end-to-end"),
            )
            if v is not None
        ]
        console.print(f"  speedup: {', '.join(parts) or 'n/a'}", highlight=False)
        if b.lossless is True:
            console.print(f"  lossless: all {b.compared} greedy outputs identical", highlight=False)
        elif b.lossless is False:
            console.print(
                f"  [bold red]NOT lossless[/bold red]: {len(b.differing)} of {b.compared} greedy "
                "outputs differ from the baseline",
                highlight=False,
            )
            for i, pid, pos in b.differing[:20]:
                console.print(
                    f"    request {i} ({pid}): first difference at character {pos}", markup=False
                )
        else:
            console.print(
                "  losslessness not checked (needs temperature 0 and outputs from both)",
                highlight=False,
            )
    for n in r.notes:
        console.print(f"note: {n}", markup=False)
