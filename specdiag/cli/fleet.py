"""``specdiag fleet``: accept length per replica and rank, read from an existing Prometheus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli._framework import (
    AccKindOpt,
    JsonOpt,
    acc_opt,
    check_min_accept_len,
    command,
    header_opt,
    min_accept_len_opt,
    steps_opt,
    timeout_opt,
)
from specdiag.core.accept import AccKind

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.fleet.analysis import Figures, ReplicaReport, Timeline
    from specdiag.core.fleet.run import FleetReport

HELP = """Accept length across a fleet: every replica and rank, read from an existing Prometheus.

Queries PROMETHEUS_URL's HTTP API for every engine's speculative-decoding series (vLLM,
SGLang, llama.cpp, TensorRT-LLM, Ray's ray_vllm_ re-exports, specdiag's exporter), computes
accept length (bonus included) from the raw counter samples -- exactly the servers' own
counter deltas, not increase()'s extrapolation -- and reports per replica and rank, over the
window and over time: drafts per step, per-position rates, outliers (replicas far below the
fleet, by how much, since when), monotone declines, collapses, expected vs observed.

Examples:

  specdiag fleet http://prometheus:9090 --since 6h

  specdiag fleet http://prometheus:9090 --selector '{namespace="prod"}' --by pod --fail-on-outlier

  specdiag fleet http://127.0.0.1:9090 --since 24h --step 30m --acc 0.8,0.7,0.6 --json

Exit codes: 0 ok; 1 a replica under --min-accept-len, or an outlier with --fail-on-outlier;
2 usage; 3 Prometheus unreachable, not Prometheus, a timeout, or no series matched.
"""


def register(app: typer.Typer) -> None:
    command(app, "fleet", help=HELP)(fleet_cmd)


def fleet_cmd(
    url: Annotated[
        str,
        typer.Argument(
            help="Prometheus base URL, e.g. http://prometheus:9090",
            metavar="PROMETHEUS_URL",
            show_default=False,
        ),
    ],
    selector: Annotated[
        str | None,
        typer.Option(
            "--selector",
            help="Label matchers in braces, added to every query: "
            '\'{namespace="prod",pod=~"vllm-.*"}\'.',
        ),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help="Window length up to --end (default 1h): 30m, 6h, 1d."),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option("--start", help="Window start: RFC 3339 (2026-12-01T08:00:00Z) or Unix s."),
    ] = None,
    end: Annotated[
        str | None, typer.Option("--end", help="Window end (default now); same forms as --start.")
    ] = None,
    step: Annotated[
        str | None,
        typer.Option(
            "--step", help="Bucket width over time (default: window/60, at most 5m): 30s, 5m."
        ),
    ] = None,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help="Labels that define a replica, comma-separated: pod,dp_rank (default: "
            "namespace, pod, job, instance, ReplicaId, replica where present).",
        ),
    ] = None,
    acc: Annotated[
        str | None,
        acc_opt(
            help="Training accuracy (one value, or one per position) to compare each replica "
            "with the expected accept length.",
        ),
    ] = None,
    steps: Annotated[int | None, steps_opt(help="Draft tokens per step (with --acc).")] = None,
    acc_kind: AccKindOpt = AccKind.CONDITIONAL,
    min_accept_len: Annotated[
        float | None,
        min_accept_len_opt(
            help="Exit 1 when a replica's accept length (bonus included) is below this.",
        ),
    ] = None,
    fail_on_outlier: Annotated[
        bool, typer.Option("--fail-on-outlier", help="Exit 1 when a replica is an outlier.")
    ] = False,
    outlier_threshold: Annotated[
        float,
        typer.Option(
            "--outlier-threshold",
            help="An outlier lacks at least this share of the fleet median's accepted drafts "
            "per step.",
        ),
    ] = 0.25,
    min_steps: Annotated[
        float,
        typer.Option(
            "--min-steps", help="Replicas with fewer verify steps are not judged as outliers."
        ),
    ] = 10.0,
    timeout: Annotated[float, timeout_opt(help="Query timeout in seconds.")] = 30.0,
    header: Annotated[
        list[str] | None,
        header_opt(help="Extra HTTP header 'Name: value' (repeatable; never printed)."),
    ] = None,
    json_output: JsonOpt = False,
) -> None:
    from specdiag.cli._output import Output
    from specdiag.core import accept
    from specdiag.core.fleet.run import FleetConfig, run_fleet
    from specdiag.core.fleet.timespec import parse_duration, parse_instant
    from specdiag.errors import CheckFailed, UsageError

    out = Output(json_output)
    check_min_accept_len(min_accept_len)
    headers: list[tuple[str, str]] = []
    for h in header or ():
        name, sep, value = h.partition(":")
        if not sep or not name.strip():
            raise UsageError(
                "--header must look like 'Name: value'",
                hint="e.g. --header 'X-Scope-OrgID: team-a' (an Authorization value is masked when shown)",
            )
        headers.append((name.strip(), value.strip()))
    from urllib.parse import urlsplit

    from specdiag.core.probe.run import check_credentials
    from specdiag.errors import register_secrets

    check_credentials(None, tuple(headers))  # a value HTTP cannot carry: usage error, not echoed
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    register_secrets([v for _, v in headers] + [password])  # never printed from here on
    cfg = FleetConfig(
        url=url,
        selector=selector,
        since_s=parse_duration(since, "--since") if since is not None else None,
        start=parse_instant(start, "--start") if start is not None else None,
        end=parse_instant(end, "--end") if end is not None else None,
        step_s=parse_duration(step, "--step") if step is not None else None,
        group_by=tuple(x.strip() for x in by.split(",") if x.strip()) if by else None,
        acc=accept.parse_float_list(acc, "--acc") if acc is not None else None,
        acc_kind=acc_kind,
        steps=steps,
        outlier_threshold=outlier_threshold,
        min_steps=min_steps,
        timeout_s=timeout,
        headers=tuple(headers),
    )
    report = run_fleet(cfg)
    a = report.analysis
    below = []
    if min_accept_len is not None:
        below = [
            r
            for r in a.replicas
            if r.figures.accept_length is not None and r.figures.accept_length < min_accept_len
        ]
    out.emit(document(report, min_accept_len, below), lambda c: render(c, report))
    for w in a.warnings:
        out.warn(w)
    for n in a.notes:
        out.note(n)
    if below:
        names = ", ".join(f"{r.replica} ({r.figures.accept_length:.2f})" for r in below[:5])
        raise CheckFailed(
            f"{len(below)} replica(s) below --min-accept-len {min_accept_len:g}: {names}",
            hint="see the table; specdiag logs / probe on those replicas say why",
        )
    if min_accept_len is not None and a.fleet.replicas_with_data == 0:
        raise CheckFailed(
            "no replica drafted in the window, so --min-accept-len cannot pass",
            hint="widen --since, or check that the servers speculate",
        )
    if fail_on_outlier and a.outliers:
        names = ", ".join(f"{o.replica} ({o.accept_length:.2f})" for o in a.outliers[:5])
        raise CheckFailed(
            f"{len(a.outliers)} outlier replica(s): {names}",
            hint="compare their configuration (draft model, aux layer ids, chat template) with "
            "the healthy replicas'; specdiag doctor / logs on them",
        )


# ----------------------------------------------------------------------------- JSON


def _figs(f: Figures) -> dict[str, Any]:
    return {
        "source": f.source,
        "accept_length": f.accept_length,
        "accepted_per_step": f.accepted_per_step,
        "accept_rate": f.accept_rate,
        "draft_length": f.draft_length,
        "verify_steps": f.verify_steps,
        "accepted_drafts": f.accepted_drafts,
        "draft_tokens": f.draft_tokens,
        "generated_tokens": f.generated_tokens,
        "per_position_unconditional": list(f.per_position_unconditional),
        "per_position_conditional": list(f.per_position_conditional),
        "gauge_samples": f.gauge_samples,
    }


def _iso(ts: float | None) -> str | None:
    from specdiag.core.fleet.timespec import iso

    return iso(ts) if ts is not None else None


def _timeline(t: Timeline) -> dict[str, Any]:
    return {
        "ends_unix": list(t.ends),
        "accept_length": list(t.accept_length),
        "verify_steps": list(t.verify_steps),
        "running_requests": list(t.running_requests),
    }


def _replica(r: ReplicaReport) -> dict[str, Any]:
    return {
        "replica": r.replica,
        "labels": dict(r.labels),
        "engine": r.engine,
        **_figs(r.figures),
        "ranks": [
            {
                "rank": dict(k.rank),
                **_figs(k.figures),
                "deficit": k.deficit,
                "outlier": k.outlier,
                "timeline": _timeline(k.timeline) if k.timeline is not None else None,
                "sparkline": k.sparkline,
            }
            for k in r.ranks
        ],
        "timeline": _timeline(r.timeline),
        "sparkline": r.sparkline,
        "trend": None
        if r.trend is None
        else {
            "buckets": r.trend.buckets,
            "kendall_tau": r.trend.kendall_tau,
            "slope_per_hour": r.trend.slope_per_hour,
            "first_third": r.trend.first,
            "last_third": r.trend.last,
            "declining": r.trend.declining,
        },
        "collapsed": r.collapsed,
        "collapses": [
            {
                "start": _iso(s.start),
                "end": _iso(s.end),
                "buckets": s.buckets,
                "mean_accept_length": s.mean_accept_length,
            }
            for s in r.collapses
        ],
        "outlier": r.outlier is not None,
        "expected": None
        if r.expected is None
        else {
            "expected_accept_length": r.expected.expected_accept_length,
            "verdict": r.expected.verdict,
            "ratio": r.expected.ratio,
            "explanation": r.expected.explanation,
        },
        "running_correlation": r.running_correlation,
        "counter_resets": r.resets,
        "series": r.series,
        "samples": r.samples,
        "first_seen": _iso(r.first_seen),
        "last_seen": _iso(r.last_seen),
    }


def document(
    report: FleetReport, min_accept_len: float | None, below: list[ReplicaReport]
) -> dict[str, Any]:
    a = report.analysis
    f = a.fleet
    return {
        "prometheus": report.prometheus,
        "selector": report.selector,
        "window": {
            "start": _iso(report.start),
            "end": _iso(report.end),
            "seconds": report.end - report.start,
            "step_seconds": report.step,
            "buckets": len(a.bounds) - 1,
        },
        "group_by": list(report.group_by) if report.group_by is not None else None,
        "fleet": {
            "replicas": f.replicas,
            "replicas_with_data": f.replicas_with_data,
            "median_accept_length": f.median_accept_length,
            "pooled_accept_length": f.pooled_accept_length,
            "min_accept_length": f.min_accept_length,
            "max_accept_length": f.max_accept_length,
            "outliers": f.outliers,
            "declining": f.declining,
            "collapsed": f.collapsed,
            "expected_accept_length": report.expected_accept_length,
        },
        "replicas": [_replica(r) for r in a.replicas],
        "outliers": [
            {
                "replica": o.replica,
                "engine": o.engine,
                "accept_length": o.accept_length,
                "fleet_median": o.fleet_median,
                "gap": o.gap,
                "deficit": o.deficit,
                "since": _iso(o.since),
                "until": _iso(o.until),
            }
            for o in a.outliers
        ],
        "check": {
            "min_accept_len": min_accept_len,
            "below": [r.replica for r in below],
        },
        "queries": list(report.queries),
        "series_read": a.series_read,
        "samples_read": a.samples_read,
        "warnings": list(a.warnings),
        "notes": list(a.notes),
    }


# ----------------------------------------------------------------------------- human view


def _f(v: float | None, fmt: str = ".2f") -> str:
    return "-" if v is None else format(v, fmt)


def _pos(values: tuple[float, ...]) -> str:
    return " ".join(f"{v:.2f}" for v in values[:6]) + (" ..." if len(values) > 6 else "")


def render(console: Console, report: FleetReport) -> None:
    from rich.table import Table

    from specdiag.core.fleet.timespec import iso

    a = report.analysis
    f = a.fleet
    title = (
        f"fleet: {f.replicas} replica(s) from {report.prometheus}, {iso(report.start)} .. "
        f"{iso(report.end)} (step {report.step:g}s)"
    )
    t = Table(title=title, title_justify="left")
    for col, just in (
        ("replica", "left"),
        ("engine", "left"),
        ("source", "left"),
        ("accept len", "right"),
        ("drafts/step", "right"),
        ("rate", "right"),
        ("steps", "right"),
        ("per position (uncond.)", "left"),
        ("over time", "left"),
        ("flags", "left"),
    ):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in a.replicas:
        fig = r.figures
        flags = []
        if r.outlier is not None:
            o = r.outlier
            since = f" since {iso(o.since)}" if o.since is not None else ""
            flags.append(f"OUTLIER -{o.gap:.2f} ({o.deficit:.0%}){since}")
        if r.trend is not None and r.trend.declining:
            flags.append(f"declining {r.trend.slope_per_hour:+.2f}/h")
        if r.collapsed or r.collapses:
            flags.append(f"collapse x{len(r.collapses)}" if r.collapses else "collapsed")
        if r.expected is not None:
            flags.append(
                f"vs expected {r.expected.expected_accept_length:.2f}: {r.expected.verdict}"
            )
        if r.resets:
            flags.append(f"{r.resets} reset(s)")
        t.add_row(
            r.replica,
            r.engine,
            fig.source,
            _f(fig.accept_length),
            _f(fig.accepted_per_step),
            _f(fig.accept_rate),
            _f(fig.verify_steps, ".0f"),
            _pos(fig.per_position_unconditional),
            r.sparkline,
            "; ".join(flags),
        )
        for k in r.ranks:
            kf = k.figures
            t.add_row(
                "  " + ",".join(f"{n}={v}" for n, v in k.rank.items()),
                "",
                kf.source,
                _f(kf.accept_length),
                _f(kf.accepted_per_step),
                _f(kf.accept_rate),
                _f(kf.verify_steps, ".0f"),
                _pos(kf.per_position_unconditional),
                k.sparkline,
                f"RANK OUTLIER ({k.deficit:.0%} below the other ranks)" if k.outlier else "",
            )
    console.print(t)
    line = (
        f"fleet median accept length {_f(f.median_accept_length)}, pooled {_f(f.pooled_accept_length)}"
        f" (bonus included); {f.replicas_with_data} of {f.replicas} replicas drafted; "
        f"{f.outliers} outlier(s), {f.declining} declining, {f.collapsed} collapsed"
    )
    if report.expected_accept_length is not None:
        line += f"; expected {report.expected_accept_length:.2f}"
    console.print(line, markup=False, highlight=False)
