"""``specdiag fleet``: one Prometheus range query of the engines' exact series, analysed.

The one PromQL expression sent (per window) is::

    {__name__=~"<every known name>", <selector matchers>}[<window>]

evaluated at the window's end: Prometheus returns every raw sample in the window, and the
counter deltas are computed from them (first and last sample, resets added back), so they
equal the servers' own counter deltas. ``increase()`` is not used: it extrapolates to the
window's edges.
"""

from __future__ import annotations

import math
import re
import time as _time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from specdiag.core.accept import MAX_STEPS, AccKind
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.fleet import names as N
from specdiag.core.fleet.analysis import Analysis, AnalysisParams, analyse
from specdiag.core.fleet.client import PrometheusClient
from specdiag.core.fleet.timespec import iso
from specdiag.core.http import check_timeout
from specdiag.core.profile import resolve_profile
from specdiag.errors import InputError, SpecdiagError, UsageError

if TYPE_CHECKING:
    import httpx

    from specdiag.core.fleet.client import RawSeries

DEFAULT_SINCE_S = 3600.0
MAX_BUCKETS = 20_000

_MATCHER = re.compile(
    r"""\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`)\s*(,|$)"""
)


@dataclass(frozen=True)
class FleetConfig:
    url: str
    selector: str | None = None
    since_s: float | None = None
    start: float | None = None
    end: float | None = None
    step_s: float | None = None
    group_by: tuple[str, ...] | None = None
    acc: tuple[float, ...] | None = None
    acc_kind: AccKind = AccKind.CONDITIONAL
    steps: int | None = bounded(flag="--steps", lo=1, hi=MAX_STEPS)
    outlier_threshold: float = 0.25
    min_steps: float = 10.0
    timeout_s: float = 30.0
    headers: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Every setting checked on construction (UsageError), before any query."""
        check_timeout(self.timeout_s)
        check_bounds(self)
        if not 0 < self.outlier_threshold < 1:
            raise UsageError(
                f"--outlier-threshold must be in (0, 1), got {self.outlier_threshold:g}",
                hint="the share of the fleet's accepted drafts per step a replica lacks, e.g. 0.25",
            )
        if self.group_by is not None:
            if not self.group_by:
                raise UsageError("--by names no label", hint="e.g. --by pod,dp_rank")
            for lab in self.group_by:
                if not re.fullmatch(r"[a-zA-Z_][a-zA-Z0-9_]*", lab):
                    raise UsageError(
                        f"--by: {lab!r} is not a label name", hint="e.g. --by pod,dp_rank"
                    )
            twice = sorted({lab for lab in self.group_by if self.group_by.count(lab) > 1})
            if twice:
                raise UsageError(
                    f"--by names {', '.join(repr(t) for t in twice)} more than once",
                    hint="name each label once, e.g. --by pod,dp_rank",
                )
        if self.acc is not None:
            resolve_profile(self.acc, self.steps, None, kind=self.acc_kind)
        elif self.steps is not None:
            raise UsageError("--steps only matters with --acc", hint="e.g. --acc 0.8 --steps 3")


@dataclass(frozen=True)
class FleetReport:
    prometheus: str
    selector: str | None
    start: float
    end: float
    step: float
    group_by: tuple[str, ...] | None
    expected_accept_length: float | None
    analysis: Analysis
    queries: tuple[str, ...]


def parse_selector(text: str | None) -> list[str]:
    """The matchers of ``{a="b",c=~"d"}`` (each kept verbatim); ``{}`` or empty: none."""
    if text is None or not text.strip():
        return []
    t = text.strip()
    if not (t.startswith("{") and t.endswith("}")):
        raise UsageError(
            f"--selector {text!r} is not a label selector in braces",
            hint='e.g. --selector \'{namespace="prod",pod=~"vllm-.*"}\' (no metric name: '
            "fleet chooses the metrics)",
        )
    inner = t[1:-1].strip()
    out: list[str] = []
    pos = 0
    while pos < len(inner):
        m = _MATCHER.match(inner, pos)
        if m is None or m.end() == pos:
            raise UsageError(
                f"--selector: cannot read the matcher at {inner[pos : pos + 40]!r}",
                hint='matchers look like label="value", label=~"regex", label!="value"',
            )
        if m.group(1) == "__name__":
            raise UsageError(
                "--selector must not match __name__: fleet queries the engines' metric names itself",
                hint="give label matchers only, e.g. '{namespace=\"prod\"}'",
            )
        out.append(f"{m.group(1)}{m.group(2)}{m.group(3)}")
        pos = m.end()
    return out


def _window(cfg: FleetConfig, now: float) -> tuple[float, float, float]:
    if cfg.since_s is not None and (cfg.start is not None):
        raise UsageError("give the window's start once", hint="--since: a duration or a time")
    end = cfg.end if cfg.end is not None else now
    if cfg.start is not None:
        start = cfg.start
    else:
        start = end - (cfg.since_s if cfg.since_s is not None else DEFAULT_SINCE_S)
    if not end > start:
        raise UsageError(
            "the window is empty: --until must be after --since",
            hint="e.g. --since 2026-12-01T08:00:00Z --until 2026-12-01T14:00:00Z, or --since 6h",
        )
    span = end - start
    step = cfg.step_s if cfg.step_s is not None else max(1.0, min(300.0, span / 60.0))
    if step <= 0 or math.isnan(step):
        raise UsageError("--step must be positive", hint="e.g. --step 5m")
    if span / step > MAX_BUCKETS:
        raise UsageError(
            f"--step {step:g}s gives {span / step:.0f} buckets over the window (max {MAX_BUCKETS})",
            hint="use a larger --step",
        )
    return start, end, step


def run_fleet(
    cfg: FleetConfig, *, transport: httpx.BaseTransport | None = None, now: float | None = None
) -> FleetReport:
    """Query ``cfg.url`` and analyse every speculative series found."""
    matchers = parse_selector(cfg.selector)
    prof = (
        None
        if cfg.acc is None
        else resolve_profile(cfg.acc, cfg.steps, None, kind=cfg.acc_kind).profile
    )
    start, end, step = _window(cfg, _time.time() if now is None else now)
    name_re = N.name_regex()
    selector = "{" + ",".join([f'__name__=~"{name_re}"', *matchers]) + "}"
    with PrometheusClient(
        cfg.url, timeout_s=cfg.timeout_s, headers=cfg.headers, transport=transport
    ) as client:
        raw = client.raw_samples(selector, start, end)
        if not raw:
            hint = _empty_hint(client, matchers, end)
            raise InputError(
                f"no speculative-decoding series in {client.shown} for "
                + (f"selector {cfg.selector}" if matchers else "any target")
                + f" in the window ({end - start:.0f} s up to {iso(end)})",
                hint=hint,
            )
        queries = tuple(client.queries)
        shown = client.shown
    if cfg.group_by is not None:
        _check_group_by(cfg.group_by, raw)
    params = AnalysisParams(
        start=start,
        end=end,
        step=step,
        group_by=cfg.group_by,
        outlier_threshold=cfg.outlier_threshold,
        min_steps=cfg.min_steps,
        profile=prof,
    )
    analysis = analyse(raw, params)
    return FleetReport(
        prometheus=shown,
        selector=cfg.selector,
        start=start,
        end=end,
        step=step,
        group_by=cfg.group_by,
        expected_accept_length=prof.expected_accept_length if prof else None,
        analysis=analysis,
        queries=queries,
    )


def _check_group_by(group_by: tuple[str, ...], raw: list[RawSeries]) -> None:
    """A ``--by`` label that no series read carries is a usage error (a typo would otherwise
    group every replica under an empty value), naming the labels the series do carry."""
    seen = {k for r in raw for k in r.labels if k != "__name__"}
    missing = [lab for lab in group_by if lab not in seen]
    if missing:
        shown = sorted(seen)
        raise UsageError(
            f"--by: no series read carries the label {', '.join(repr(m) for m in missing)} "
            f"({len(raw)} series; their labels: {', '.join(shown[:12])}"
            + (", ..." if len(shown) > 12 else "")
            + ")",
            hint="group by labels the series carry, e.g. --by " + ",".join(shown[:2] or ["pod"]),
        )


def _count(result: object) -> int | None:
    """The value of a ``count(...)`` instant vector (0 when empty); None when the answer is not
    one (a proxy or a non-Prometheus API that lies about its result type)."""
    if result == []:
        return 0
    head = result[0] if isinstance(result, list) else None
    pair = head.get("value") if isinstance(head, dict) else None  # [time, "value"]
    if not isinstance(pair, list) or len(pair) < 2:
        return None
    try:
        v = float(pair[1])
    except (TypeError, ValueError):
        return None
    return int(v) if math.isfinite(v) and 0 <= v < 2**53 else None


def _empty_hint(client: PrometheusClient, matchers: Sequence[str], end: float) -> str:
    """Why nothing matched: is anything scraped at all, do the matchers select anything?"""
    try:
        _, up = client.query("count(up)", end)
        targets = _count(up)
        if targets is None:
            return "check the selector and the window (--since / --until)"
        if targets == 0:
            return "this Prometheus scrapes no targets; check its scrape configuration"
        if matchers:
            _, sel = client.query("count({" + ",".join(matchers) + "})", end)
            if not _count(sel):
                return (
                    f"no series at all match the selector ({targets} targets are scraped); "
                    "check its label names and values"
                )
        return (
            f"{targets} targets are scraped, but none exports speculative-decoding metrics: "
            "start the servers with speculation and metrics on (vLLM: speculative config; "
            "SGLang: --enable-metrics; llama.cpp: --metrics and --spec-type), or widen --since"
        )
    except SpecdiagError:
        return "check the selector and the window (--since / --until)"
