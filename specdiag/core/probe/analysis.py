"""From per-request results and counter deltas to the probe's numbers: pure functions.

Acceptance conventions are the expected-accept core's (:mod:`specdiag.core.accept`): *accept
length* includes the bonus token (1 + accepted drafts per verify step); per-position
*unconditional* rates are P(draft position i accepted), converted to conditional rates with
:func:`specdiag.core.accept.to_conditional`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, zip_longest

from specdiag.core import accept
from specdiag.core.probe.client import RequestResult
from specdiag.core.probe.engines import RequestSpec
from specdiag.core.probe.metrics import MAX_POSITIONS, CounterDelta
from specdiag.core.textenum import TextEnum


class FigureSource(TextEnum):
    """Where an acceptance figure comes from."""

    PER_REQUEST = "per-request"  # the responses' own per-request numbers
    COUNTERS = "counters"  # /metrics counter deltas around the run
    NONE = "none"  # the server reported nothing


@dataclass(frozen=True)
class Dist:
    """Summary of a sample: mean and percentiles (None when the sample is empty)."""

    n: int
    mean: float | None
    p50: float | None
    p90: float | None
    p99: float | None
    min: float | None
    max: float | None


@dataclass(frozen=True)
class AcceptStats:
    # (probe's document lists the fields up to ``polluted`` in this order as "accept_length")
    pooled: float | None  # 1 + sum(accepted) / sum(verify steps)
    pooled_stderr: float | None  # ratio-estimator standard error over requests
    per_request_mean: float | None  # mean over requests of each request's accept length
    p5: float | None
    p50: float | None
    p95: float | None
    source: FigureSource
    requests_with_data: int
    verify_steps: int | None
    accepted_drafts: int | None
    drafted: int | None
    histogram: tuple[int, ...]  # verify steps that accepted exactly j drafts
    polluted: bool  # counter deltas include traffic that is not this run's
    accept_rate: float | None  # accepted / drafted
    accept_rate_source: FigureSource
    per_position_unconditional: tuple[float, ...]
    per_position_conditional: tuple[float, ...]
    per_position_source: FigureSource
    counter_accept_length: float | None  # the counters' figure, shown beside per-request
    counter_accept_rate: float | None


@dataclass(frozen=True)
class CategoryRow:
    category: str
    requests: int
    ok: int
    accept_length: float | None
    per_request_mean: float | None
    accept_rate: float | None
    ttft_ms: float | None
    tpot_ms: float | None
    e2e_ms: float | None
    output_tokens: int


@dataclass(frozen=True)
class Throughput:
    duration_s: float
    requests_per_s: float | None
    output_tokens_per_s: float | None
    output_tokens: int


@dataclass(frozen=True)
class Latency:
    ttft_ms: Dist
    tpot_ms: Dist
    itl_ms: Dist
    e2e_ms: Dist
    mean_tokens_per_chunk: float | None


@dataclass(frozen=True)
class Traffic:
    own_tokens: int
    foreign: bool
    detail: str | None


def percentile(values: Sequence[float], q: float) -> float | None:
    """Linear-interpolated percentile (numpy's default method) without importing numpy."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def dist(values: Sequence[float]) -> Dist:
    vals = [v for v in values if v is not None and math.isfinite(v)]
    if not vals:
        return Dist(0, None, None, None, None, None, None)
    return Dist(
        n=len(vals),
        mean=math.fsum(vals) / len(vals),
        p50=percentile(vals, 50),
        p90=percentile(vals, 90),
        p99=percentile(vals, 99),
        min=min(vals),
        max=max(vals),
    )


def latency(results: Sequence[RequestResult]) -> Latency:
    ok = [r for r in results if r.ok]
    chunks = sum(r.chunks for r in ok if r.tokens_from == "usage")
    tokens = sum(r.output_tokens or 0 for r in ok if r.tokens_from == "usage" and r.chunks)
    return Latency(
        ttft_ms=dist([r.ttft_ms for r in ok if r.ttft_ms is not None]),
        tpot_ms=dist([r.tpot_ms for r in ok if r.tpot_ms is not None]),
        itl_ms=dist([x for r in ok for x in r.itl_ms]),
        e2e_ms=dist([r.e2e_ms for r in ok if r.e2e_ms is not None]),
        mean_tokens_per_chunk=tokens / chunks if chunks else None,
    )


def throughput(results: Sequence[RequestResult], duration_s: float) -> Throughput:
    ok = [r for r in results if r.ok]
    tokens = sum(r.output_tokens or 0 for r in ok)
    if duration_s <= 0:
        return Throughput(duration_s, None, None, tokens)
    return Throughput(duration_s, len(ok) / duration_s, tokens / duration_s, tokens)


def _request_hist(s: RequestSpec) -> tuple[int, ...]:
    if s.histogram:
        return s.histogram
    if s.per_step_accepted:
        steps = Counter(s.per_step_accepted)  # (counts: never negative)
        if max(steps) > MAX_POSITIONS:
            return ()  # no engine drafts this far: not a histogram (and it would size one)
        return tuple(steps[j] for j in range(max(steps) + 1))
    return ()


def _conditional(uncond: Sequence[float]) -> tuple[float, ...]:
    # Counting noise cannot make a chain's rates rise, but mixed draft lengths (llama.cpp drafts
    # fewer tokens near the end) can; clamp instead of failing.
    return accept.to_conditional(accept.non_increasing(uncond)[0])


def accept_stats(
    results: Sequence[RequestResult], counters: CounterDelta | None, polluted: bool
) -> AcceptStats:
    specs = [r.spec for r in results if r.ok and r.spec is not None]
    full = [s for s in specs if s.accepted_drafts is not None and s.verify_steps]
    lengths = [al for s in full if (al := s.accept_length) is not None]
    acc_sum = sum(s.accepted_drafts or 0 for s in full)
    step_sum = sum(s.verify_steps or 0 for s in full)
    rate_reqs = [s for s in specs if s.drafted and s.accepted_drafts is not None]
    drafted_sum = sum(s.drafted or 0 for s in rate_reqs)
    rate_acc = sum(s.accepted_drafts or 0 for s in rate_reqs)

    c_len = c_rate = None
    if counters is not None and not counters.went_backwards:
        if counters.verify_steps and counters.accepted_drafts is not None:
            c_len = 1.0 + counters.accepted_drafts / counters.verify_steps
        elif counters.family == "sglang" and counters.verify_steps and counters.generation_tokens:
            c_len = counters.generation_tokens / counters.verify_steps
        if counters.draft_tokens and counters.accepted_drafts is not None:
            c_rate = counters.accepted_drafts / counters.draft_tokens

    hist: list[int] = []
    for s in full:
        hist = [a + b for a, b in zip_longest(hist, _request_hist(s), fillvalue=0)]

    pooled = stderr = None
    source = FigureSource.NONE
    accepted = drafted = steps = None
    if step_sum > 0:
        source = FigureSource.PER_REQUEST
        pooled = 1.0 + acc_sum / step_sum
        ratio = acc_sum / step_sum
        n = len(full)
        if n > 1:
            resid = math.fsum(
                ((s.accepted_drafts or 0) - ratio * (s.verify_steps or 0)) ** 2 for s in full
            )
            stderr = math.sqrt(n / (n - 1) * resid) / step_sum
        accepted, steps = acc_sum, step_sum
        drafted = drafted_sum if rate_reqs else None
    elif c_len is not None:
        source = FigureSource.COUNTERS
        pooled = c_len
        if counters is not None:
            steps = _int(counters.verify_steps)
            accepted = _int(counters.accepted_drafts)
            drafted = _int(counters.draft_tokens)

    if drafted_sum > 0:
        rate, rate_src = rate_acc / drafted_sum, FigureSource.PER_REQUEST
    elif c_rate is not None:
        rate, rate_src = c_rate, FigureSource.COUNTERS
    else:
        rate, rate_src = None, FigureSource.NONE
    if source == "per-request" and drafted is None and rate_src == "per-request":
        drafted = drafted_sum

    # Per position: the run's own histogram is exact; counters are the fallback.
    uncond: tuple[float, ...] = ()
    pos_src = FigureSource.NONE
    if hist and sum(hist) > 0:
        total = sum(hist)
        tails = list(accumulate(reversed(hist)))[::-1]  # tails[i] = sum(hist[i:])
        uncond = tuple(t / total for t in tails[1:])
        pos_src = FigureSource.PER_REQUEST
    elif (
        counters is not None
        and counters.accepted_per_pos
        and counters.verify_steps
        and not counters.went_backwards
    ):
        uncond = tuple(a / counters.verify_steps for a in counters.accepted_per_pos)
        pos_src = FigureSource.COUNTERS
    return AcceptStats(
        source=source,
        pooled=pooled,
        pooled_stderr=stderr,
        per_request_mean=math.fsum(lengths) / len(lengths) if lengths else None,
        p5=percentile(lengths, 5),
        p50=percentile(lengths, 50),
        p95=percentile(lengths, 95),
        accept_rate=rate,
        accept_rate_source=rate_src,
        accepted_drafts=accepted,
        drafted=drafted,
        verify_steps=steps,
        requests_with_data=len(full) if full else len(rate_reqs),
        histogram=tuple(hist),
        per_position_unconditional=uncond,
        per_position_conditional=_conditional(uncond) if uncond else (),
        per_position_source=pos_src,
        counter_accept_length=c_len,
        counter_accept_rate=c_rate,
        polluted=polluted
        and (source == "counters" or rate_src == "counters" or pos_src == "counters"),
    )


def _int(v: float | None) -> int | None:
    return None if v is None else round(v)


def traffic(
    results: Sequence[RequestResult],
    counters: CounterDelta | None,
    max_tokens: int,
    unseen_requests: int = 0,
) -> Traffic:
    """Did anyone else use the server during the run? Compare counter deltas with our own tokens.

    Failed requests, and the ``unseen_requests`` cancelled in flight by Ctrl-C (not in
    ``results``), may have generated tokens we never saw: each is allowed up to ``max_tokens``,
    so only an excess beyond that is called foreign.
    """
    own = sum(r.output_tokens or 0 for r in results if r.ok)
    if counters is None or counters.generation_tokens is None or counters.went_backwards:
        return Traffic(own, False, None)
    unseen = (sum(1 for r in results if not r.ok) + unseen_requests) * max_tokens
    slack = max(2.0, 0.01 * own)
    extra = counters.generation_tokens - own
    if extra > unseen + slack:
        return Traffic(
            own,
            True,
            f"the server generated {counters.generation_tokens:.0f} tokens during the run but "
            f"this run received {own}: other traffic reached the server, so the run-scoped "
            "counter numbers are polluted",
        )
    return Traffic(own, False, None)


def by_category(results: Sequence[RequestResult]) -> tuple[CategoryRow, ...]:
    """The run's figures per prompt category, computed as the run's own (no counters)."""
    cats: dict[str, list[RequestResult]] = {}
    for r in results:
        cats.setdefault(r.category, []).append(r)
    rows = []
    for cat, rs in cats.items():
        acc = accept_stats(rs, None, False)
        lat = latency(rs)
        rows.append(
            CategoryRow(
                category=cat,
                requests=len(rs),
                ok=sum(1 for r in rs if r.ok),
                accept_length=acc.pooled,
                per_request_mean=acc.per_request_mean,
                accept_rate=acc.accept_rate,
                ttft_ms=lat.ttft_ms.mean,
                tpot_ms=lat.tpot_ms.mean,
                e2e_ms=lat.e2e_ms.mean,
                output_tokens=sum(r.output_tokens or 0 for r in rs if r.ok),
            )
        )
    return tuple(rows)
