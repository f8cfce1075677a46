"""``specdiag fleet``: accept length per replica and rank, read from an existing Prometheus."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output, derive, fmt, table
from specdiag.cli._report_out import write_extras
from specdiag.core.accept import AccKind, parse_float_list
from specdiag.core.fleet.timespec import iso, window
from specdiag.core.timespec import parse_duration
from specdiag.errors import CheckFailed, register_secrets

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.fleet.analysis import Figures, RankReport, ReplicaReport, Timeline
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
opt = cli.options("fleet")  # typer.Option with each flag's help in flags.json


def fleet_cmd(
    url: Annotated[
        str,
        typer.Argument(
            help="Prometheus base URL, e.g. http://prometheus:9090", metavar="PROMETHEUS_URL"
        ),
    ],
    selector: Annotated[str | None, opt("--selector")] = None,
    since: cli.SinceOpt = None,
    until: cli.UntilOpt = None,
    old_start: Annotated[str | None, typer.Option("--start", hidden=True)] = None,
    old_end: Annotated[str | None, typer.Option("--end", hidden=True)] = None,
    step: Annotated[str | None, opt("--step")] = None,
    by: Annotated[str | None, opt("--by")] = None,
    acc: cli.AccOpt = None,
    steps: cli.StepsOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    min_accept_len: cli.MinAcceptLenOpt = None,
    fail_on_outlier: Annotated[bool, opt("--fail-on-outlier")] = False,
    outlier_threshold: Annotated[float, opt("--outlier-threshold")] = 0.25,
    min_steps: Annotated[float, opt("--min-steps")] = 10.0,
    timeout: Annotated[float, opt("--timeout")] = 30.0,
    header: Annotated[list[str] | None, opt("--header", "-H")] = None,
    export_profile: cli.ExportProfileOpt = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core.fleet.run import FleetConfig, run_fleet

    out = Output(json_output)
    since = cli.deprecated_flag("--start", "--since", old_start, since, None)
    until = cli.deprecated_flag("--end", "--until", old_end, until, None)
    since_s, start, end = window(since, until, time.time())  # refused here, before any query
    headers = cli.parse_headers(
        header, "e.g. -H 'X-Scope-OrgID: team-a' (an Authorization value is masked when shown)"
    )
    from specdiag.core.http import check_credentials, credential_secrets

    check_credentials(None, headers)  # a value HTTP cannot carry: usage error, not echoed
    register_secrets(credential_secrets(None, headers, (url,)))  # never printed from here on
    cfg = cli.from_flags(
        FleetConfig,
        flags,
        since_s=since_s,
        start=start,
        end=end,
        step_s=parse_duration(step, "--step") if step is not None else None,
        group_by=tuple(x.strip() for x in by.split(",") if x.strip()) if by else None,
        acc=parse_float_list(acc, "--acc") if acc is not None else None,
        timeout_s=timeout,
        headers=headers,
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
    doc = document(report, min_accept_len, below)
    out.emit(doc, lambda c: render(c, report))
    if export_profile is not None:
        write_extras(out, doc, name="fleet", profile=export_profile)
    out.warn(*a.warnings)
    out.note(*a.notes)
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


# The document is derived from the result dataclasses (cli/_output.derive): a key is a field's
# name unless docs/fleet.md lists it otherwise: a replica's and a rank's Figures spread into it,
# times as RFC 3339 (``*_unix`` where they stay seconds), ``outlier`` a flag on the replica,
# ``counter_resets``, the trend's thirds, and the window, fleet and check objects. Left out: a
# replica's warnings (they are in ``warnings``) and the query time.


def _iso(ts: float | None) -> str | None:
    return iso(ts) if ts is not None else None


def _timeline(t: Timeline | None) -> dict[str, object] | None:
    return None if t is None else derive(t, rename={"ends": "ends_unix"})


def _rank(k: RankReport) -> dict[str, object]:
    return {
        **derive(k, only=("rank",)),
        **derive(k.figures),
        **derive(
            k, only=("deficit", "outlier", "timeline", "sparkline"), convert={"timeline": _timeline}
        ),
    }


def _replica(r: ReplicaReport) -> dict[str, object]:
    return {
        **derive(r, only=("replica", "labels", "engine")),
        **derive(r.figures),
        **derive(
            r,
            omit=("replica", "labels", "engine", "figures", "warnings"),
            rename={"resets": "counter_resets"},
            convert={
                "ranks": lambda ranks: [_rank(k) for k in ranks],
                "timeline": _timeline,
                "trend": lambda t: (
                    None
                    if t is None
                    else derive(t, rename={"first": "first_third", "last": "last_third"})
                ),
                "collapses": lambda stretches: [
                    derive(st, convert={"start": _iso, "end": _iso}) for st in stretches
                ],
                "outlier": lambda o: o is not None,
                "first_seen": _iso,
                "last_seen": _iso,
            },
        ),
    }


def document(
    report: FleetReport, min_accept_len: float | None, below: list[ReplicaReport]
) -> dict[str, object]:
    """The stable ``--json`` document (docs/fleet.md), derived from the FleetReport and its
    Analysis; ``check`` is the ``--min-accept-len`` check of this command."""
    a = report.analysis
    return {
        **derive(
            report,
            only=("prometheus", "selector", "window", "group_by", "fleet", "replicas", "outliers"),
            add={
                "window": {
                    "start": _iso(report.start),
                    "end": _iso(report.end),
                    "seconds": report.end - report.start,
                    "step_seconds": report.step,
                    "buckets": len(a.bounds) - 1,
                },
                "fleet": {**derive(a.fleet), **derive(report, only=("expected_accept_length",))},
                "replicas": [_replica(r) for r in a.replicas],
                "outliers": [derive(o, convert={"since": _iso, "until": _iso}) for o in a.outliers],
            },
        ),
        "check": {"min_accept_len": min_accept_len, "below": [r.replica for r in below]},
        **derive(report, only=("queries",)),
        **derive(a, only=("series_read", "samples_read", "warnings", "notes")),
    }


# ----------------------------------------------------------------------------- human view


def _figures(fig: Figures) -> tuple[str, ...]:
    return (
        fig.source,
        *(fmt(v, ".2f") for v in (fig.accept_length, fig.accepted_per_step, fig.accept_rate)),
        fmt(fig.verify_steps, ".0f"),
        " ".join(f"{v:.2f}" for v in fig.per_position_unconditional[:6])
        + (" ..." if len(fig.per_position_unconditional) > 6 else ""),
    )


def _flags(r: ReplicaReport) -> str:
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
        flags.append(f"vs expected {r.expected.expected_accept_length:.2f}: {r.expected.verdict}")
    if r.resets:
        flags.append(f"{r.resets} reset(s)")
    return "; ".join(flags)


def render(console: Console, report: FleetReport) -> None:
    a = report.analysis
    f = a.fleet
    title = (
        f"fleet: {f.replicas} replica(s) from {report.prometheus}, {iso(report.start)} .. "
        f"{iso(report.end)} (step {report.step:g}s)"
    )
    cols = ("replica", "engine", "source", "accept len>", "drafts/step>", "rate>", "steps>")
    t = table(title, (*cols, "per position (uncond.)", "over time", "flags"))
    for r in a.replicas:
        t.add_row(r.replica, r.engine, *_figures(r.figures), r.sparkline, _flags(r))
        for k in r.ranks:
            t.add_row(
                "  " + ",".join(f"{n}={v}" for n, v in k.rank.items()),
                "",
                *_figures(k.figures),
                k.sparkline,
                f"RANK OUTLIER ({k.deficit:.0%} below the other ranks)" if k.outlier else "",
            )
    console.print(t)
    line = (
        f"fleet median accept length {fmt(f.median_accept_length, '.2f')}, pooled "
        f"{fmt(f.pooled_accept_length, '.2f')}"
        f" (bonus included); {f.replicas_with_data} of {f.replicas} replicas drafted; "
        f"{f.outliers} outlier(s), {f.declining} declining, {f.collapsed} collapsed"
    )
    if report.expected_accept_length is not None:
        line += f"; expected {report.expected_accept_length:.2f}"
    console.print(line, markup=False)
