"""probe's JSON document (docs/probe.md), ``--save`` lines and human view, shared by ``probe``
and ``demo``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from specdiag.cli._output import derive, fmt, judgement_fields, table, to_jsonable, verdict_markup

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.probe.client import RequestResult
    from specdiag.core.probe.engines import ServerInfo
    from specdiag.core.probe.run import ProbeReport, RunMeasure


def detected_line(info: ServerInfo) -> str:
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

# AcceptStats' fields after the ones the document lists under "accept_length"
_NOT_ACCEPT_LENGTH = (
    "accept_rate",
    "accept_rate_source",
    "per_position_unconditional",
    "per_position_conditional",
    "per_position_source",
    "counter_accept_length",
    "counter_accept_rate",
)


def _requests(m: RunMeasure) -> dict[str, object]:
    return {
        "sent": len(m.results),
        "ok": sum(1 for r in m.results if r.ok),
        "failed": sum(1 for r in m.results if not r.ok),
        "errors": dict(Counter(r.error or "?" for r in m.results if not r.ok)),
        "retried": sum(1 for r in m.results if r.attempts > 1),
    }


def _server_doc(m: RunMeasure) -> dict[str, object]:
    return derive(
        m.server,
        only=("url", "engine", "detected_by", "version", "model", "spec", "metrics_path"),
        rename={"spec": "speculative"},
    )


def document(r: ProbeReport) -> dict[str, object]:
    """The stable ``--json`` document (keys documented in docs/probe.md), derived from the
    report's dataclasses."""
    from specdiag.core.probe.run import jsonable_config

    m = r.main
    a = m.accept
    doc: dict[str, object] = {
        "engine": m.server.engine.value,
        "server": _server_doc(m),
        "workload": jsonable_config(r.config),
        "requests": _requests(m),
        "accept_length": derive(a, omit=_NOT_ACCEPT_LENGTH),
        "accept_rate": a.accept_rate,
        "per_position": derive(
            a,
            only=("per_position_unconditional", "per_position_conditional", "per_position_source"),
            rename={
                "per_position_unconditional": "unconditional",
                "per_position_conditional": "conditional",
                "per_position_source": "source",
            },
        ),
    }
    c = m.counters
    doc["counters"] = (
        None
        if c is None
        else {
            **derive(c, omit=("drafted_per_pos", "requests_finished", "went_backwards", "notes")),
            "accept_length": a.counter_accept_length,
            "accept_rate": a.counter_accept_rate,
            "own_tokens": m.traffic.own_tokens,
            "foreign_traffic": m.traffic.foreign,
            "went_backwards": c.went_backwards,
        }
    )
    doc["latency"] = derive(m.latency)
    doc["throughput"] = derive(m.throughput)
    doc["by_category"] = to_jsonable(m.by_category)
    e = r.expected
    doc["expected"] = (
        None
        if e is None
        else {
            **derive(e, omit=("judgement", "notes")),
            **judgement_fields(e.judgement, with_verdict=False),
            "notes": list(e.notes),
        }
    )
    doc["verdict"] = e.judgement.verdict.value if e is not None else None
    b = r.baseline
    if b is None:
        doc["baseline"] = None
    else:
        bm = b.measure
        doc["baseline"] = {
            "server": _server_doc(bm),
            "requests": _requests(bm),
            "latency": derive(bm.latency),
            "throughput": derive(bm.throughput),
            "speedup": derive(
                b,
                only=("throughput_speedup", "tpot_speedup", "e2e_speedup"),
                rename={
                    "throughput_speedup": "output_tokens_per_s",
                    "tpot_speedup": "tpot",
                    "e2e_speedup": "e2e",
                },
            ),
            **derive(b, only=("lossless", "compared")),
            "differing": [
                {"index": i, "prompt_id": pid, "first_difference_at": pos}
                for i, pid, pos in b.differing
            ],
        }
    doc["warnings"] = list(r.warnings)
    doc["notes"] = list(r.notes)
    doc["interrupted"] = r.interrupted
    return doc


def save_record(label: str, res: RequestResult) -> dict[str, object]:
    """One ``--save`` line (keys documented in docs/probe.md)."""
    s = res.spec
    spec = ("accept_length", "accept_rate", "accepted_drafts", "drafted", "verify_steps")
    return {
        "server": label,
        **derive(res, omit=("text", "spec", "server_timings")),
        **{k: getattr(s, k) if s else None for k in spec},
        "histogram": list(s.histogram) if s else [],
        "spec_source": s.source if s else None,
        **derive(res, only=("server_timings", "text")),
    }


# --------------------------------------------------------------------------- human view


def render(console: Console, r: ProbeReport) -> None:
    def _f(v: float | None, spec: str = ".2f") -> str:
        return fmt(v, spec, "n/a")

    m = r.main
    a = m.accept
    console.print(f"[bold]Probe[/bold] {detected_line(m.server)}")
    wl = r.config
    n_ok = sum(1 for x in m.results if x.ok)
    n_fail = len(m.results) - n_ok
    console.print(
        f"Workload: {len(m.results)} requests via {wl.api.value}, concurrency {wl.concurrency}, "
        + (f"{wl.request_rate:g} req/s Poisson, " if wl.request_rate else "")
        + f"max_tokens {wl.max_tokens}, temperature {wl.temperature:g}: "
        f"{n_ok} ok, {n_fail} failed"
        + (" [bold red](interrupted)[/bold red]" if m.interrupted else "")
    )
    if n_fail:
        kinds: dict[str, list[RequestResult]] = {}
        for x in m.results:
            if not x.ok:
                kinds.setdefault(x.error or "?", []).append(x)
        rows: list[tuple[str, ...]] = [
            (k, str(len(xs)), (xs[0].detail or "")[:90]) for k, xs in sorted(kinds.items())
        ]
        console.print(table("Failed requests", ("error", "count>", "example"), rows))

    polluted = ", POLLUTED by other traffic (see the warnings)" if a.polluted else ""
    acc = table(f"Acceptance (this run only; source: {a.source}{polluted})", ("", "value>", ""))
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
            "requests weights short requests as much as long ones"
        )

    if a.histogram and sum(a.histogram):
        total = sum(a.histogram)
        peak = max(a.histogram) or 1
        rows = [
            (str(j), str(n), f"{n / total:.1%}", "#" * round(30 * n / peak))
            for j, n in enumerate(a.histogram)
        ]
        console.print(
            table("Accepted drafts per verify step", ("j>", "steps>", "share>", ""), rows)
        )
    if a.per_position_unconditional:
        cond = a.per_position_conditional
        rows = [
            (str(i + 1), f"{u:.4f}", _f(cond[i] if i < len(cond) else None, ".4f"))
            for i, u in enumerate(a.per_position_unconditional)
        ]
        cols: tuple[str, ...] = (
            "position>",
            "P(accepted) (vLLM per-position)>",
            "conditional acc_i>",
        )
        console.print(table(f"Per draft position (source: {a.per_position_source})", cols, rows))
    lat = m.latency
    rows = [
        (label, _f(d.mean), _f(d.p50), _f(d.p90), _f(d.p99), str(d.n))
        for label, d in (
            ("TTFT", lat.ttft_ms),
            ("TPOT (per token)", lat.tpot_ms),
            ("ITL (per chunk)", lat.itl_ms),
            ("end-to-end", lat.e2e_ms),
        )
    ]
    console.print(table("Latency (ms)", ("", "mean>", "p50>", "p90>", "p99>", "n>"), rows))
    if m.latency.mean_tokens_per_chunk is not None and m.latency.mean_tokens_per_chunk > 1.05:
        console.print(
            f"  the server streamed {m.latency.mean_tokens_per_chunk:.2f} tokens per chunk: "
            "ITL is per chunk, TPOT per token"
        )
    itl = m.latency.itl_ms
    if itl.p50 is not None and itl.p50 < 0.1:
        console.print(
            "  half the chunks arrived within 0.1 ms of the previous one: the server sends a "
            "verify step's tokens as separate events in one burst"
        )
    t = m.throughput
    console.print(
        f"Throughput: {_f(t.output_tokens_per_s, '.1f')} output tokens/s, "
        f"{_f(t.requests_per_s, '.2f')} requests/s ({t.output_tokens} tokens in {t.duration_s:.2f} s)"
    )

    if len(m.by_category) > 1 or (m.by_category and m.by_category[0].category != "custom"):
        cols = ("category", "ok>", "accept length>", "mean of requests>", "accept rate>")
        rows = [
            (c.category, f"{c.ok}/{c.requests}", _f(c.accept_length, ".3f"))
            + (_f(c.per_request_mean, ".3f"), _f(c.accept_rate, ".3f"), _f(c.ttft_ms))
            + (_f(c.tpot_ms), str(c.output_tokens))
            for c in m.by_category
        ]
        console.print(table("By category", (*cols, "TTFT ms>", "TPOT ms>", "tokens>"), rows))

    e = r.expected
    if e is not None:
        j = e.judgement
        console.print(
            f"[bold]Expected[/bold] from training accuracy ({e.steps} draft tokens): accept length "
            f"{e.expected_accept_length:.3f}; observed {e.observed_accept_length:.3f}"
            + (f" ({j.ratio:.0%} of the predicted accepted drafts)" if j.ratio is not None else "")
        )
        console.print(f"[bold]Verdict: {verdict_markup(j.verdict.value)}[/bold]: {j.explanation}")
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
            + (f", TPOT {tpot:.2f} ms" if tpot is not None else "")
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
        console.print(f"  speedup: {', '.join(parts) or 'n/a'}")
        if b.lossless is True:
            console.print(f"  lossless: all {b.compared} greedy outputs identical")
        elif b.lossless is False:
            console.print(
                f"  [bold red]NOT lossless[/bold red]: {len(b.differing)} of {b.compared} greedy "
                "outputs differ from the baseline"
            )
            for i, pid, pos in b.differing[:20]:
                console.print(
                    f"    request {i} ({pid}): first difference at character {pos}", markup=False
                )
        else:
            console.print("  losslessness not checked (needs temperature 0 and outputs from both)")
    for n in r.notes:
        console.print(f"note: {n}", markup=False)
