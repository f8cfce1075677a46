"""``specdiag probe`` as one function: discover the server, run the workload, measure, judge.

:func:`run_probe` takes a :class:`ProbeConfig` and returns a frozen :class:`ProbeReport`. It never
prints. Ctrl-C (the event loop cancels the run) ends the run early and returns what was
gathered, with ``interrupted`` set. Nothing on the server is flushed or reset: the run-scoped
counter numbers are the difference of two ``/metrics`` snapshots.
"""

from __future__ import annotations

import asyncio
import functools
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from specdiag.core import accept
from specdiag.core.accept import AccKind
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.datafiles import fill, load
from specdiag.core.http import (
    BaseUrl,
    BodyKind,
    HttpFailure,
    afetch,
    async_client,
    check_credentials,
    check_timeout,
    credential_secrets,
    parse_base_url,
    redact_url,
)
from specdiag.core.probe import analysis, engines, metrics
from specdiag.core.probe.client import RequestJob, RequestResult, execute
from specdiag.core.probe.engines import Api, EngineKind, ServerInfo, SpecConfig
from specdiag.core.probe.workload import Prompt, looks_random
from specdiag.core.profile import resolve_profile
from specdiag.core.textenum import TextEnum
from specdiag.errors import ServerError, UsageError, register_secrets, scrub

if TYPE_CHECKING:
    import httpx

Progress = Callable[[int, int], None]

_DISCOVERY_PATHS = (
    "/v1/models",
    "/metrics",
    "/server_info",
    "/get_server_info",
    "/props",
    "/slots",
    "/version",
    "/prometheus/metrics",
)
_DISCOVERY_TIMEOUT_S = 10.0
SMALL_SAMPLE_STEPS = 200
SETTLE_S = 3.0  # how long to wait for the server's counters to catch up after the run
MAX_REQUESTS = 10_000_000  # --num-requests and --warmup (each request is held in memory)
MAX_CONCURRENCY = 4096
MAX_TOKENS = 1_000_000
_KEY_HINT = "pass the server's key with --api-key or SPECDIAG_API_KEY / OPENAI_API_KEY"


class RunLabel(TextEnum):
    """Which server a measured request went to."""

    MAIN = "main"
    BASELINE = "baseline"


@dataclass(frozen=True)
class ProbeConfig:
    url: str
    prompts: tuple[Prompt, ...]
    engine: EngineKind = EngineKind.AUTO
    api: Api = Api.CHAT
    num_requests: int | None = bounded(flag="--num-requests", lo=1, hi=MAX_REQUESTS)  # None: once
    concurrency: int = bounded(flag="--concurrency", lo=1, hi=MAX_CONCURRENCY, default=1)
    request_rate: float | None = None  # Poisson arrivals per second; None: all at once
    max_tokens: int = bounded(flag="--max-tokens", lo=1, hi=MAX_TOKENS, default=128)
    temperature: float = bounded(flag="--temperature", lo=0, hi=5, default=0.0)
    model: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    api_key: str | None = None
    timeout_s: float = 60.0
    warmup: int = bounded(flag="--warmup", lo=0, hi=MAX_REQUESTS, default=0)
    stream: bool = True
    ignore_eos: bool = False
    seed: int = bounded(flag="--seed", lo=0, hi=2**63 - 1, default=0)
    retries: int = bounded(flag="--retries", lo=0, hi=100, default=3)
    acc: tuple[float, ...] | None = None
    acc_kind: AccKind = AccKind.CONDITIONAL
    steps: int | None = bounded(flag="--steps", lo=1, hi=accept.MAX_STEPS)
    baseline_url: str | None = None
    counters_per_request: bool = False  # scrape /metrics after every request (concurrency 1)

    def __post_init__(self) -> None:
        check_bounds(self)

    def validate(self) -> None:
        if self.request_rate is not None and not 0 < self.request_rate < math.inf:
            raise UsageError(
                f"--request-rate must be > 0 requests/s, got {self.request_rate:g}",
                hint="leave it out to send all requests at once (bounded by --concurrency)",
            )
        check_timeout(self.timeout_s)
        check_credentials(self.api_key, self.headers)
        if self.counters_per_request and self.concurrency != 1:
            raise UsageError(
                "--counters-per-request needs --concurrency 1",
                hint="the counters are server-wide: only one request in flight can own a delta",
            )
        if self.acc is not None and self.steps is not None:
            # the same checks the judgement makes after the run, made before it
            resolve_profile(self.acc, self.steps, None, kind=self.acc_kind)
        if not self.prompts:
            raise UsageError(
                "no prompts to send", hint="give --prompts FILE with one prompt a line"
            )
        for u in (self.url, self.baseline_url):
            if u is not None:
                server_base(u)


@dataclass(frozen=True)
class Expected:
    steps: int
    topk: int
    acc: tuple[float, ...]  # conditional
    expected_accept_length: float
    expected_accepted_drafts: float
    observed_accept_length: float
    judgement: accept.Judgement
    notes: tuple[str, ...]


@dataclass(frozen=True)
class RunMeasure:
    """One server's run: its results and what they add up to."""

    server: ServerInfo
    results: tuple[RequestResult, ...]
    duration_s: float
    counters: metrics.CounterDelta | None
    traffic: analysis.Traffic
    accept: analysis.AcceptStats
    latency: analysis.Latency
    throughput: analysis.Throughput
    by_category: tuple[analysis.CategoryRow, ...]
    interrupted: bool
    scraped_foreign: int = 0  # --counters-per-request: requests left out for other traffic
    cancelled_in_flight: int = 0  # Ctrl-C: requests cancelled before they finished


@dataclass(frozen=True)
class Baseline:
    measure: RunMeasure
    throughput_speedup: float | None  # output tokens/s, speculative / baseline
    tpot_speedup: float | None  # mean TPOT, baseline / speculative
    e2e_speedup: float | None  # mean end-to-end, baseline / speculative
    lossless: bool | None  # None: not checked (temperature > 0 or nothing to compare)
    compared: int
    differing: tuple[tuple[int, str, int], ...]  # (request index, prompt id, first differing char)


@dataclass(frozen=True)
class ProbeReport:
    config: ProbeConfig
    main: RunMeasure
    expected: Expected | None
    baseline: Baseline | None
    warnings: tuple[str, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def interrupted(self) -> bool:
        return self.main.interrupted or (
            self.baseline is not None and self.baseline.measure.interrupted
        )


def server_base(url: str) -> tuple[BaseUrl, str | None]:
    """The server to probe, and a note when the URL was changed: an OpenAI base URL
    (``.../v1``) is the server root plus ``/v1``, and every engine endpoint probe uses starts
    with ``/v1`` or lies beside it. A URL that is not a server's is a usage error."""
    base = parse_base_url(
        url,
        what="the server URL",
        example="http://127.0.0.1:30000 (the server root)",
        strip=("/v1",),
    )
    if base.stripped is None:
        return base, None
    return base, (
        f"{redact_url(url)} ends in /v1 (an OpenAI base URL): probing the server root {base.shown}"
    )


def _secrets(cfg: ProbeConfig) -> tuple[str, ...]:
    return credential_secrets(cfg.api_key, cfg.headers, (cfg.url, cfg.baseline_url))


# Requests in flight per httpx client. httpcore's pool matches queued requests against its
# connections in O(requests x connections) per event, which with kept-alive connections costs
# several times the CPU of the requests themselves at concurrency 64 (measured with
# benchmarks/bench_probe.py); a few small clients keep both connection reuse and a cheap pool.
PER_CLIENT = 8


def _client(
    base: BaseUrl,
    cfg: ProbeConfig,
    transport: httpx.AsyncBaseTransport | None,
    slots: int | None = None,
) -> httpx.AsyncClient:
    # identity: a compressed answer would shift the timings probe measures
    h = {"Accept-Encoding": "identity"}
    if cfg.api_key:
        h["Authorization"] = f"Bearer {cfg.api_key}"
    h.update(dict(cfg.headers))
    return async_client(
        base,
        timeout_s=cfg.timeout_s,
        headers=h,
        user_agent="specdiag-probe",
        transport=transport,
        connections=(slots if slots is not None else PER_CLIENT) + 2,
    )


def _info_timeout(client: httpx.AsyncClient) -> float:
    """Seconds an info GET may take: 10, or less with a shorter --timeout."""
    read = client.timeout.read
    return min(_DISCOVERY_TIMEOUT_S, read) if read else _DISCOVERY_TIMEOUT_S


async def _get(client: httpx.AsyncClient, path: str) -> tuple[int, str | None] | HttpFailure:
    """One GET read within the discovery bounds: the answer, or the failure (judged by the
    caller). A kept-alive connection the server closed while idle is tried once more."""
    kind = BodyKind.METRICS if path.endswith("metrics") else BodyKind.INFO
    shown = redact_url(str(client.base_url))
    for again in (True, False):
        try:
            got = await afetch(
                client, "GET", path, kind=kind, timeout_s=_info_timeout(client), shown=shown
            )
        except HttpFailure as exc:
            if again and exc.kind == "protocol":
                continue
            return exc
        return got.status, got.text
    raise AssertionError("unreachable")  # pragma: no cover


async def discover(
    client: httpx.AsyncClient, url: str, hint: EngineKind, model: str | None
) -> ServerInfo:
    """Read the server's own endpoints (GET only) and decide what it is."""

    got = await asyncio.gather(*(_get(client, p) for p in _DISCOVERY_PATHS))
    pages = {p: r for p, r in zip(_DISCOVERY_PATHS, got, strict=True) if isinstance(r, tuple)}
    errors = [r for r in got if isinstance(r, HttpFailure)]
    unusable = [e.message for e in errors if e.kind in ("too_large", "encoding")]
    if not pages:
        first = errors[0] if errors else None
        if unusable and first is not None and first.kind in ("too_large", "encoding"):
            raise first
        if first is not None and first.kind == "timeout":
            raise ServerError(
                f"{redact_url(url)} accepted the connection but did not answer within "
                f"{_info_timeout(client):g} s",
                hint="is the server still loading its model? check its /health",
            )
        raise ServerError(
            first.message if first else f"cannot reach {redact_url(url)}: no answer",
            hint="is the server running and listening on that host and port? "
            "(SGLang 30000, vLLM 8000, llama.cpp 8080 by default)",
        )
    statuses = {s for s, _ in pages.values()}
    if statuses and statuses <= {401, 403}:
        raise ServerError(
            f"{redact_url(url)} refused every request (HTTP {min(statuses)})", hint=_KEY_HINT
        )
    if statuses and statuses <= {404, 405} and urlsplit(url).path.strip("/"):
        # (at a server's root, a minimal OpenAI server without /v1/models is still probed)
        raise ServerError(
            f"{redact_url(url)} answers HTTP 404 on every endpoint (/v1/models, /metrics, "
            "/server_info, /props, ...): no inference server there",
            hint="give the server's root URL, e.g. http://127.0.0.1:8000 (not a path below it)",
        )
    loading = statuses & {502, 503, 504}
    if loading and statuses <= {404, 405, 502, 503, 504}:  # (404: endpoints it does not have)
        raise ServerError(
            f"{redact_url(url)} answers HTTP {min(loading)} everywhere: it is still loading "
            "or overloaded",
            hint="wait until its /health answers 200, then probe again",
        )
    models_status = pages.get("/v1/models", (0, None))[0]
    if models_status in (401, 403):
        raise ServerError(
            f"{redact_url(url)} refused /v1/models (HTTP {models_status}): "
            + (
                "the API key was not accepted"
                if client.headers.get("authorization")
                else "it needs an API key"
            ),
            hint=_KEY_HINT,
        )
    notes: list[str] = []
    if hint is EngineKind.AUTO:
        engine, why = engines.detect_engine(pages)
    else:
        engine, why = hint, "--engine"
    warnings: list[str] = [f"{m}: that page is left out" for m in unusable]
    try:
        spec, version = engines.discover_spec(engine, pages)
    except engines.BadNumber as exc:
        spec, version = SpecConfig(enabled=None), None
        warnings.append(
            f"the server's speculative configuration has an unusable number ({exc}): its "
            "draft length is unknown"
        )
    served = engines.model_ids(pages)
    if model is None:
        model = served[0] if served else None
        if len(served) > 1:
            notes.append(f"the server serves {len(served)} models; probing {model} (use --model)")
    elif served and model not in served:
        notes.append(
            f"--model {model} is not among the models /v1/models lists "
            f"({', '.join(served[:5])}); requests may be refused"
        )
    metrics_path = None
    family = metrics.MetricsFamily.NONE
    unusable_pages: list[str] = []
    for path, _, snap in engines.metric_pages(pages, unusable_pages):
        if snap.family != "none":
            metrics_path, family = path, snap.family
            break
    warnings += [f"{why}: no run-scoped counter figures" for why in unusable_pages]
    return ServerInfo(
        url=redact_url(url),
        engine=engine,
        detected_by=why,
        version=version,
        model=model,
        spec=spec,
        metrics_path=metrics_path,
        metrics_family=family,
        notes=tuple(notes),
        warnings=tuple(warnings),
    )


async def _snapshot(client: httpx.AsyncClient, info: ServerInfo) -> metrics.CounterSnapshot | None:
    if info.metrics_path is None:
        return None
    res = await _get(client, info.metrics_path)
    if isinstance(res, BaseException) or res[0] != 200 or res[1] is None:
        return None
    try:
        return metrics.parse_counters(res[1], info.metrics_family)
    except ServerError:
        return None


async def _settled_snapshot(
    client: httpx.AsyncClient,
    info: ServerInfo,
    before: metrics.CounterSnapshot,
    results: list[RequestResult],
    settle_s: float | None = None,
) -> metrics.CounterSnapshot | None:
    """The after-run snapshot, once the server's counters have caught up with this run.

    Engines update their counters when a request is released, which can be just after its last
    byte was sent (llama.cpp, vLLM's stats loop): a scrape right after the run can miss the last
    requests. Wait (up to SETTLE_S) until the generation-token counter has grown by at least the
    tokens this run received.
    """
    own = sum(r.output_tokens or 0 for r in results if r.ok)
    deadline = time.perf_counter() + (SETTLE_S if settle_s is None else settle_s)
    while True:
        after = await _snapshot(client, info)
        if (
            after is None
            or after.generation_tokens is None
            or before.generation_tokens is None
            or after.generation_tokens - before.generation_tokens >= own
            or after.generation_tokens < before.generation_tokens
            or time.perf_counter() > deadline
        ):
            return after
        await asyncio.sleep(0.05)


def _jobs(cfg: ProbeConfig, info: ServerInfo, count: int, offset: int = 0) -> list[RequestJob]:
    path = engines.endpoint(info.engine, cfg.api)
    out = []
    for i in range(count):
        p = cfg.prompts[(offset + i) % len(cfg.prompts)]
        body = engines.build_body(
            info.engine,
            cfg.api,
            p,
            model=cfg.model or info.model,
            max_tokens=cfg.max_tokens,
            temperature=cfg.temperature,
            stream=cfg.stream,
            ignore_eos=cfg.ignore_eos,
            seed=cfg.seed if cfg.temperature > 0 else None,
        )
        out.append(RequestJob(i, p.id, p.category, path, body, cfg.stream))
    return out


class _Scraper:
    """Per-request counter deltas at concurrency 1 (``--counters-per-request``): the engines
    that do not report verify steps per request (llama.cpp, TensorRT-LLM, vLLM without
    ``--per-request-spec-decode-metrics``) still get per-request accept lengths."""

    def __init__(
        self, client: httpx.AsyncClient, info: ServerInfo, start: metrics.CounterSnapshot
    ) -> None:
        self.client = client
        self.info = info
        self.prev = start
        self.spent_s = 0.0  # time spent scraping, left out of the run's duration
        self.foreign = 0  # requests whose delta held other traffic (left without figures)

    async def attribute(self, res: RequestResult) -> RequestResult:
        t = time.perf_counter()
        own = res.output_tokens or 0 if res.ok else 0
        after = await _settled_snapshot(self.client, self.info, self.prev, [res], settle_s=1.0)
        self.spent_s += time.perf_counter() - t
        if after is None:
            return res
        d = metrics.delta(self.prev, after)
        self.prev = after
        if not res.ok or d.went_backwards or not d.verify_steps or d.accepted_drafts is None:
            return res
        if res.spec is not None and res.spec.verify_steps:
            return res  # the engine reported this request's own numbers
        foreign = d.generation_tokens is not None and d.generation_tokens > own + 2
        if res.spec is not None and res.spec.accepted_drafts is not None:
            # the response's own counts (llama.cpp timings) must be what the counters saw
            foreign = foreign or res.spec.accepted_drafts != round(d.accepted_drafts)
        if foreign:
            self.foreign += 1
            return res
        drafted: int | None = round(d.draft_tokens) if d.draft_tokens is not None else None
        if drafted is None and res.spec is not None:
            drafted = res.spec.drafted
        spec = engines.RequestSpec(
            source=(f"{res.spec.source} + " if res.spec else "") + "/metrics around the request",
            accepted_drafts=round(d.accepted_drafts),
            drafted=drafted,
            verify_steps=round(d.verify_steps),
        )
        return replace(res, spec=spec)


async def _run_jobs(
    clients: list[httpx.AsyncClient],
    jobs: list[RequestJob],
    cfg: ProbeConfig,
    info: ServerInfo,
    sink: list[RequestResult],
    progress: Progress | None,
    scraper: _Scraper | None = None,
    cancelled: list[int] | None = None,
    on_result: Callable[[RequestResult], None] | None = None,
) -> None:
    """Run ``jobs``; on cancellation (Ctrl-C) the number of requests that were in flight, and
    so may have generated tokens this run never received, is appended to ``cancelled``."""
    # one slot per request in flight; slot i always uses client i // PER_CLIENT
    free: asyncio.Queue[int] = asyncio.Queue()
    for i in range(cfg.concurrency):
        free.put_nowait(i)
    rng = random.Random(cfg.seed)
    run_start = time.perf_counter()
    secrets = _secrets(cfg)
    total = len(jobs)

    busy = [0]  # requests sent and not finished

    async def one(job: RequestJob) -> None:
        slot = await free.get()
        busy[0] += 1
        try:
            res = await execute(
                clients[slot // PER_CLIENT],
                job,
                engine=info.engine,
                api=cfg.api,
                timeout_s=cfg.timeout_s,
                retries=cfg.retries,
                run_start=run_start,
                secrets=secrets,
            )
            if scraper is not None:  # still holding the only slot: nothing else is in flight
                res = await scraper.attribute(res)
        finally:
            free.put_nowait(slot)
        busy[0] -= 1
        sink.append(res)
        if on_result is not None:
            on_result(res)
        if progress is not None:
            progress(len(sink), total)

    tasks: list[asyncio.Task[None]] = []
    try:
        for job in jobs:
            if cfg.request_rate is not None and tasks:
                await asyncio.sleep(rng.expovariate(cfg.request_rate))
            tasks.append(asyncio.create_task(one(job)))
        await asyncio.gather(*tasks)
    finally:
        for t in tasks:
            t.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        if cancelled is not None:
            cancelled.append(busy[0])


def _check_api(cfg: ProbeConfig, info: ServerInfo, what: str = "") -> None:
    if cfg.api is Api.NATIVE and info.engine not in (EngineKind.SGLANG, EngineKind.LLAMACPP):
        raise UsageError(
            f"--api native is not available for {info.engine.value}{what}",
            hint="native APIs: SGLang /generate and llama.cpp /completion; use --api chat",
        )


def _check_acc(cfg: ProbeConfig, info: ServerInfo) -> None:
    """--acc and --steps that cannot fit the server's discovered draft length: a usage error
    before the run, not after it (a single value without --steps waits for the run: llama.cpp
    shows its draft length only once it has speculated)."""
    k = info.spec.steps
    if cfg.acc is None or (k is None and cfg.steps is None):
        return
    resolve_profile(
        cfg.acc, cfg.steps, k, kind=cfg.acc_kind, where="the server", source=info.spec.source
    )


async def _preflight(
    url: str, cfg: ProbeConfig, transport: httpx.AsyncBaseTransport | None
) -> None:
    """Discover a server (GET only) and check the workload suits it, so a bad --baseline fails
    before the main run rather than after it."""
    base, _note = server_base(url)
    async with _client(base, cfg, transport, 1) as client:
        info = await discover(client, base.url, EngineKind.AUTO, cfg.model)
    _check_api(cfg, info, " (the --baseline server)")


async def _measure(
    url: str,
    cfg: ProbeConfig,
    engine_hint: EngineKind,
    transport: httpx.AsyncBaseTransport | None,
    progress: Progress | None,
    on_info: Callable[[ServerInfo], None] | None,
    check_acc: bool = False,
    on_result: Callable[[RequestResult], None] | None = None,
) -> RunMeasure:
    base, root_note = server_base(url)
    async with AsyncExitStack() as stack:
        n_clients = -(-cfg.concurrency // PER_CLIENT)
        clients = [
            await stack.enter_async_context(
                _client(base, cfg, transport, min(PER_CLIENT, cfg.concurrency))
            )
            for _ in range(n_clients)
        ]
        client = clients[0]
        info = await discover(client, base.url, engine_hint, cfg.model)
        if root_note is not None:
            info = replace(info, notes=(root_note, *info.notes))
        _check_api(cfg, info)
        if check_acc:
            _check_acc(cfg, info)
        if on_info is not None:
            on_info(info)
        n = cfg.num_requests if cfg.num_requests is not None else len(cfg.prompts)
        interrupted = False
        before: metrics.CounterSnapshot | None = None
        if cfg.warmup:
            warm: list[RequestResult] = []
            pre = await _snapshot(client, info)
            try:
                await _run_jobs(
                    clients, _jobs(cfg, info, cfg.warmup, offset=n), cfg, info, warm, None
                )
                if pre is not None:  # counters that lag the answers must not leak into the run
                    before = await _settled_snapshot(client, info, pre, warm)
            except asyncio.CancelledError:
                _uncancel()
                interrupted = True
        else:
            before = await _snapshot(client, info)
        results: list[RequestResult] = []
        in_flight: list[int] = []  # requests cancelled in flight (Ctrl-C)
        scraper: _Scraper | None = None
        t0 = time.perf_counter()
        if not interrupted:
            try:
                if cfg.counters_per_request and before is not None:
                    scraper = _Scraper(client, info, before)
                await _run_jobs(
                    clients,
                    _jobs(cfg, info, n),
                    cfg,
                    info,
                    results,
                    progress,
                    scraper,
                    in_flight,
                    on_result,
                )
            except asyncio.CancelledError:
                _uncancel()
                interrupted = True
        duration = time.perf_counter() - t0 - (scraper.spent_s if scraper else 0.0)
        after = None
        if before is not None:
            try:
                after = await asyncio.wait_for(
                    _settled_snapshot(client, info, before, results), timeout=SETTLE_S + 5.0
                )
            except (asyncio.TimeoutError, asyncio.CancelledError):
                _uncancel()
                after = None
    delta = metrics.delta(before, after) if before is not None and after is not None else None
    if info.spec.steps is None and after is not None and after.accepted_per_pos:
        # llama.cpp exports its per-position counter only once it has speculated
        info = replace(
            info,
            spec=replace(
                info.spec,
                steps=len(after.accepted_per_pos),
                source=f"{info.spec.source} + /metrics per-position labels after the run",
            ),
        )
    ordered = tuple(sorted(results, key=lambda r: r.index))
    cancelled = sum(in_flight) if interrupted else 0
    traffic = analysis.traffic(ordered, delta, cfg.max_tokens, unseen_requests=cancelled)
    if ordered:
        first = min(r.start_s for r in ordered)
        duration = max(duration - first, 1e-9)
    return RunMeasure(
        server=info,
        results=ordered,
        duration_s=duration,
        counters=delta,
        traffic=traffic,
        accept=analysis.accept_stats(ordered, delta, traffic.foreign),
        latency=analysis.latency(ordered),
        throughput=analysis.throughput(ordered, duration),
        by_category=analysis.by_category(ordered),
        interrupted=interrupted,
        scraped_foreign=scraper.foreign if scraper else 0,
        cancelled_in_flight=cancelled,
    )


def _uncancel() -> None:
    if sys.version_info >= (3, 11):  # (Python 3.10 has no cancellation count to undo)
        task = asyncio.current_task()
        while task is not None and task.cancelling() > 0:
            task.uncancel()


def _expected(cfg: ProbeConfig, m: RunMeasure) -> tuple[Expected | None, list[str]]:
    warnings: list[str] = []
    if cfg.acc is None:
        return None, warnings
    spec = m.server.spec
    try:
        resolved = resolve_profile(
            cfg.acc,
            cfg.steps,
            spec.steps,
            kind=cfg.acc_kind,
            where="the server",
            source=spec.source,
        )
    except UsageError as exc:
        # (known before the run, this was a usage error then: here the draft length was found
        # after the run, from llama.cpp's counters, or not at all; keep the report)
        warnings.append(f"{exc.message}: no judgement ({exc.hint})")
        return None, warnings
    prof = resolved.profile
    notes = list(resolved.notes)
    observed = m.accept.pooled
    if observed is None:
        warnings.append("--acc given but this run measured no accept length: nothing to judge")
        return None, warnings
    k = prof.steps
    topk = spec.topk or 1
    if observed > k + 1:
        notes.append(
            f"observed accept length {observed:.3f} exceeds the {k + 1} a {k}-draft chain allows: "
            "clamped (the engine counts the prefill token, or --steps is wrong)"
        )
        observed = float(k + 1)
    # the engines whose conventions accept knows share their names with probe's
    engine = {e.value: e for e in accept.Engine}.get(m.server.engine.value)
    obs = accept.convert_observed(observed, accept.ObservedKind.LENGTH, k, engine=engine)
    j = accept.judge(prof, obs, topk=topk)
    if topk > 1:
        notes.append(f"tree drafting (topk {topk}): the chain prediction is a lower bound")
    return (
        Expected(
            steps=k,
            topk=topk,
            acc=prof.acc,
            expected_accept_length=prof.expected_accept_length,
            expected_accepted_drafts=prof.expected_accepted_drafts,
            observed_accept_length=obs.accept_length,
            judgement=j,
            notes=tuple(notes + list(obs.notes)),
        ),
        warnings,
    )


def _baseline(cfg: ProbeConfig, main: RunMeasure, base: RunMeasure) -> Baseline:
    def ratio(a: float | None, b: float | None) -> float | None:
        return a / b if a is not None and b else None

    lossless: bool | None = None
    differing: list[tuple[int, str, int]] = []
    compared = 0
    if cfg.temperature == 0:
        by_idx = {r.index: r for r in base.results if r.ok and r.text is not None}
        for r in main.results:
            other = by_idx.get(r.index)
            if not r.ok or r.text is None or other is None or other.text is None:
                continue
            compared += 1
            if r.text != other.text:
                differing.append(
                    (r.index, r.prompt_id, len(os.path.commonprefix((r.text, other.text))))
                )
        lossless = (not differing) if compared else None
    return Baseline(
        measure=base,
        throughput_speedup=ratio(
            main.throughput.output_tokens_per_s, base.throughput.output_tokens_per_s
        ),
        tpot_speedup=ratio(base.latency.tpot_ms.mean, main.latency.tpot_ms.mean),
        e2e_speedup=ratio(base.latency.e2e_ms.mean, main.latency.e2e_ms.mean),
        lossless=lossless,
        compared=compared,
        differing=tuple(differing),
    )


def _warnings(cfg: ProbeConfig, m: RunMeasure) -> list[str]:
    w: list[str] = []
    spec: SpecConfig = m.server.spec
    if cfg.temperature > 0:
        w.append(_say("temperature", temperature=f"{cfg.temperature:g}"))
    n = cfg.num_requests if cfg.num_requests is not None else len(cfg.prompts)
    used = [cfg.prompts[i % len(cfg.prompts)] for i in range(n)]
    rnd = sum(1 for p in used if looks_random(p.as_text()))
    if rnd:
        w.append(_say("random_prompts", random=rnd, n=n))
    if cfg.ignore_eos:
        w.append(_say("ignore_eos"))
    if spec.enabled is False:
        w.append(_say("speculation_off", source=spec.source))
    failed = [r for r in m.results if not r.ok]
    if failed:
        kinds = Counter(r.error or "?" for r in failed)
        desc = ", ".join(f"{k} x{v}" for k, v in sorted(kinds.items()))
        w.append(f"{len(failed)} of {len(m.results)} requests failed ({desc})")
    w.extend(m.server.warnings)
    if m.traffic.foreign and m.traffic.detail:
        w.append(m.traffic.detail)
    if m.counters is not None and m.counters.went_backwards:
        w.extend(m.counters.notes)
    a = m.accept
    scrape_failed = m.server.metrics_path is not None and m.counters is None and m.results
    if scrape_failed:
        w.append(_say("scrape_failed", path=m.server.metrics_path))
    answered = any(r.ok for r in m.results)
    if (
        a.source == "none"
        and spec.enabled is not False
        and not scrape_failed
        and answered
        and not m.server.warnings
    ):
        texts = _TEXT["no_accept"]
        w.append(texts.get(m.server.engine.value, texts["openai"]))
    if a.source != "none" and a.verify_steps is not None and a.verify_steps < SMALL_SAMPLE_STEPS:
        w.append(_say("few_steps", steps=a.verify_steps))
    if not cfg.stream:
        w.append(_say("no_stream"))
    elif any(r.ok and r.tokens_from == "chunks" for r in m.results):
        w.append(_say("chunks_counted"))
    if m.scraped_foreign:
        w.append(_say("scraped_foreign", requests=m.scraped_foreign))
    if cfg.counters_per_request and m.server.metrics_path is None:
        w.append(_say("nothing_to_scrape"))
    if m.interrupted:
        w.append(
            f"interrupted: the report covers the {len(m.results)} requests that finished"
            + (
                f" ({m.cancelled_in_flight} cancelled in flight are left out)"
                if m.cancelled_in_flight
                else ""
            )
        )
    return w


def _sglang_notes(m: RunMeasure) -> list[str]:
    """Say which SGLang accept length this is: SGLang prints two that differ by the prefill
    token (checked on the real server, 0.5.23)."""
    if m.server.engine is not EngineKind.SGLANG or m.accept.pooled is None:
        return []
    if m.accept.source is analysis.FigureSource.COUNTERS:
        return [_say("sglang_counters")]
    specs = [r.spec for r in m.results if r.ok and r.spec is not None]
    pairs = [
        (s.reported_accept_length * s.verify_steps, s.verify_steps)
        for s in specs
        if s.reported_accept_length is not None and s.verify_steps
    ]
    where = specs[0].source if specs else "sglang meta_info"
    note = _say("sglang_per_request", where=where)
    if pairs:
        reported = sum(a for a, _ in pairs) / sum(b for _, b in pairs)
        note += _say("sglang_reported", reported=f"{reported:.3f}")
    return [note]


_TEXT = load("specdiag.core.probe", "messages.json")


def _say(name: str, **values: object) -> str:
    """Message ``name`` of messages.json with its placeholders filled."""
    return fill(_TEXT[name], **values)


def run_probe(
    cfg: ProbeConfig,
    *,
    progress: Progress | None = None,
    on_info: Callable[[ServerInfo], None] | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    baseline_transport: httpx.AsyncBaseTransport | None = None,
    on_result: Callable[[RunLabel, RequestResult], None] | None = None,
) -> ProbeReport:
    """Probe ``cfg.url`` (and ``cfg.baseline_url``) and return the report.

    ``on_result(run, result)`` is called as each measured request finishes (``run``: which
    server, :class:`RunLabel`), so a caller can save results as they come rather than at the end.
    """
    cfg.validate()
    register_secrets(_secrets(cfg))  # every error text from here on is scrubbed of them

    def sink(label: RunLabel) -> Callable[[RequestResult], None] | None:
        return None if on_result is None else functools.partial(on_result, label)

    async def main() -> tuple[RunMeasure, RunMeasure | None]:
        if cfg.baseline_url is not None:
            await _preflight(cfg.baseline_url, cfg, baseline_transport)
        m = await _measure(
            cfg.url,
            cfg,
            cfg.engine,
            transport,
            progress,
            on_info,
            check_acc=True,
            on_result=sink(RunLabel.MAIN),
        )
        b = None
        if cfg.baseline_url is not None and not m.interrupted:
            b = await _measure(
                cfg.baseline_url,
                cfg,
                EngineKind.AUTO,
                baseline_transport,
                progress,
                None,
                on_result=sink(RunLabel.BASELINE),
            )
        return m, b

    m, b = asyncio.run(main())
    for run in (m, b):
        if run is None or not run.results:
            continue
        codes = {r.status or 0 for r in run.results if not r.ok}  # (0: no answer at all)
        if all(not r.ok for r in run.results) and codes and codes <= {401, 403}:
            raise ServerError(
                f"{run.server.url} refused every generation request (HTTP {min(codes)})",
                hint=_KEY_HINT,
            )
    expected, w_exp = _expected(cfg, m)
    warnings = _warnings(cfg, m) + w_exp
    baseline = None
    if b is not None:
        baseline = _baseline(cfg, m, b)
        bf = [r for r in b.results if not r.ok]
        if bf:
            warnings.append(f"baseline: {len(bf)} of {len(b.results)} requests failed")
        if b.server.spec.enabled:
            warnings.append(_say("baseline_speculative"))
        if cfg.temperature > 0:
            warnings.append("losslessness is only checked at --temperature 0")
    notes = list(m.server.notes) + _sglang_notes(m)
    secrets = _secrets(cfg)
    return ProbeReport(
        config=cfg,
        main=m,
        expected=expected,
        baseline=baseline,
        warnings=tuple(scrub(x, secrets) for x in warnings),
        notes=tuple(notes),
    )


def jsonable_config(cfg: ProbeConfig) -> dict[str, object]:
    """The workload settings for reports: no key, no header values."""
    return {
        "api": cfg.api.value,
        "num_requests": cfg.num_requests if cfg.num_requests is not None else len(cfg.prompts),
        "concurrency": cfg.concurrency,
        "request_rate": cfg.request_rate,
        "max_tokens": cfg.max_tokens,
        "temperature": cfg.temperature,
        "stream": cfg.stream,
        "warmup": cfg.warmup,
        "ignore_eos": cfg.ignore_eos,
        "timeout_s": cfg.timeout_s,
        "headers": [k for k, _ in cfg.headers],
        "counters_per_request": cfg.counters_per_request,
        "prompts": len(cfg.prompts),
        "categories": sorted({p.category for p in cfg.prompts}),
    }
