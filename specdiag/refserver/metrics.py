"""``/metrics`` pages in each engine's names, labels and types, rendered by prometheus_client."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from specdiag.refserver.config import Flavor

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry
    from prometheus_client.core import Metric

    from specdiag.refserver.engine import Engine

_INT_SAMPLE = re.compile(r"^(llamacpp:\S+) (-?\d+)\.0$", re.MULTILINE)


def _family(
    kind: str,
    name: str,
    doc: str,
    value: float,
    labels: tuple[tuple[str, str], ...] = (),
    created: float | None = None,
) -> Metric:
    """One metric family of one sample; ``kind`` "counter" or "gauge"."""
    from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

    names, values = [k for k, _ in labels], [v for _, v in labels]
    if kind == "gauge":
        g = GaugeMetricFamily(name, doc, labels=names)
        g.add_metric(values, value)
        return g
    c = CounterMetricFamily(name, doc, labels=names)
    c.add_metric(values, value, created=created)
    return c


def _per_position(
    name: str,
    doc: str,
    counts: list[int],
    labels: tuple[tuple[str, str], ...] = (),
    created: float | None = None,
) -> Metric:
    """A counter family with one sample per draft position (label ``position``)."""
    from prometheus_client.core import CounterMetricFamily

    pp = CounterMetricFamily(name, doc, labels=[*(k for k, _ in labels), "position"])
    for i, c in enumerate(counts):
        pp.add_metric([*(v for _, v in labels), str(i)], float(c), created=created)
    return pp


class _Collector:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def describe(self) -> list[Metric]:
        return []  # values are read at scrape time; no registration-time describe


class SGLangCollector(_Collector):
    """SGLang 0.5.23 (``--enable-metrics``): gauges set at each decode log, a few counters."""

    def collect(self) -> Iterator[Metric]:
        e = self.engine
        cfg = e.config
        f = e.finished_agg
        rows: list[tuple[str, str, str, float]] = [
            ("gauge", "num_running_reqs", "The number of running requests.", e.num_running),
            ("gauge", "num_queue_reqs", "The number of requests in the waiting queue.",
             e.num_waiting),
            ("gauge", "num_used_tokens", "The number of used tokens.", e.kv_tokens),
            ("gauge", "token_usage", "The token usage.", e.kv_tokens / e.kv_capacity),
            ("gauge", "gen_throughput", "The generation throughput (token/s).",
             e.last_gen_throughput),
        ]  # fmt: skip
        if cfg.speculative:
            rows += [
                ("gauge", "spec_accept_length", "Mean acceptance length of speculative decoding "
                 "(accepted drafts + bonus token per forward).", e.last_accept_len),
                ("gauge", "spec_accept_rate", "Speculative acceptance rate (`accepted drafts / "
                 "proposed drafts` in batch).", e.last_accept_rate),
            ]  # fmt: skip
        rows += [
            ("counter", "prompt_tokens", "Number of prefill tokens processed.", f.prompt_tokens),
            ("counter", "generation_tokens", "Number of generation tokens processed.",
             f.predicted_tokens),
            ("counter", "num_requests", "The number of processed requests.", f.requests),
        ]  # fmt: skip
        if cfg.speculative:
            rows.append(("counter", "spec_verify_calls", "The number of speculative verify calls "
                         "(added per finished request).", f.verify_ct))  # fmt: skip
        ranks = tuple((k, "0") for k in ("tp_rank", "pp_rank", "moe_ep_rank"))
        labels = (("model_name", cfg.model_name), ("engine_type", "unified"), *ranks)
        for kind, name, doc, value in rows:
            yield _family(kind, "sglang:" + name, doc, value, labels)


class VLLMCollector(_Collector):
    """vLLM 0.33.0 ``SpecDecodingProm`` and a few scheduler metrics (single-process mode)."""

    def collect(self) -> Iterator[Metric]:
        e = self.engine
        cfg = e.config
        t = e.totals
        created = e.started_wall
        labels = (("engine", "0"), ("model_name", cfg.model_name))
        rows: list[tuple[str, str, str, float]] = [
            ("gauge", "num_requests_running", "Number of requests in model execution batches.",
             e.num_running),
            ("gauge", "num_requests_waiting", "Number of requests waiting to be processed.",
             e.num_waiting),
            ("gauge", "kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.",
             e.kv_tokens / e.kv_capacity),
        ]  # fmt: skip
        if cfg.speculative:
            rows += [
                ("counter", "spec_decode_num_drafts", "Number of spec decoding drafts.",
                 t.verify_steps),
                ("counter", "spec_decode_num_draft_tokens", "Number of draft tokens.",
                 t.drafted_tokens),
                ("counter", "spec_decode_num_accepted_tokens", "Number of accepted tokens.",
                 t.accepted_drafts),
            ]  # fmt: skip
        for kind, name, doc, value in rows:
            yield _family(kind, "vllm:" + name, doc, float(value), labels, created)
        if cfg.speculative:
            yield _per_position(
                "vllm:spec_decode_num_accepted_tokens_per_pos",
                "Accepted tokens per draft position.",
                t.accepted_per_position,
                labels,
                created=created,
            )
        for name, doc, value in (
            ("prompt_tokens", "Number of prefill tokens processed.", t.prompt_tokens),
            ("generation_tokens", "Number of generation tokens processed.", t.completion_tokens),
        ):
            yield _family("counter", "vllm:" + name, doc, float(value), labels, created)
        from prometheus_client.core import CounterMetricFamily

        rs = CounterMetricFamily(
            "vllm:request_success",
            "Count of successfully processed requests.",
            labels=["engine", "finished_reason", "model_name"],
        )
        for reason in ("stop", "length", "abort"):
            rs.add_metric(
                ["0", reason, cfg.model_name],
                float(e.finished_agg.by_reason[reason]),
                created=created,
            )
        yield rs


class LlamaCppCollector(_Collector):
    """llama.cpp 0c1e57098 ``/metrics`` (``--metrics``): no labels, integer counters."""

    def collect(self) -> Iterator[Metric]:
        from prometheus_client.core import Metric

        e = self.engine
        f = e.finished_agg
        pt = 1000.0 * f.prompt_tokens / (f.prompt_seconds * 1000.0) if f.prompt_seconds else 0.0
        gt = f.predicted_tokens / f.predicted_seconds if f.predicted_seconds else 0.0
        counters: list[tuple[str, str, float]] = [
            ("prompt_tokens_total", "Number of prompt tokens processed, excluding cached tokens",
             f.prompt_tokens),
            ("prompt_tokens_cached_total", "Number of prompt tokens reused from the cache", 0),
            ("prompt_seconds_total", "Total time spent processing prompts",
             round(f.prompt_seconds, 6)),
            ("tokens_predicted_total", "Number of generation tokens processed",
             f.predicted_tokens),
            ("tokens_predicted_seconds_total", "Total time spent generating tokens",
             round(f.predicted_seconds, 6)),
            ("n_decode_total", "Total number of llama_decode() calls, excluding speculative "
             "decoding and multimodal decoding", f.decode_calls),
        ]  # fmt: skip
        spec: list[tuple[str, str, float]] = [
            ("spec_decode_num_draft_tokens_total", "Speculative: Total draft tokens generated",
             f.drafted),
            ("spec_decode_num_accepted_tokens_total",
             "Speculative: Total draft tokens accepted by the target model", f.accepted),
            ("spec_decode_num_drafts_total",
             "Speculative: Total speculative decoding verification steps", f.verify_ct),
        ]  # fmt: skip
        gauges: list[tuple[str, str, float]] = [
            ("prompt_tokens_seconds", "Average prompt throughput in tokens/s", round(pt, 2)),
            ("predicted_tokens_seconds", "Average generation throughput in tokens/s",
             round(gt, 2)),
            ("requests_processing", "Number of requests processing", e.num_running),
            ("requests_deferred", "Number of requests deferred", e.num_waiting),
            ("n_busy_slots_per_decode", "Average number of busy slots per llama_decode() call",
             max(1, e.num_running)),
        ]  # fmt: skip
        for name, doc, value in counters:
            yield _family("counter", "llamacpp:" + name, doc, value)
        # A counter without the _total suffix, as llama.cpp writes it (fixed up in render()).
        m = Metric(
            "llamacpp:n_tokens_max",
            "Largest observed sequence length (prompt + generation)",
            "counter",
        )
        m.add_sample("llamacpp:n_tokens_max", {}, f.max_tokens)
        yield m
        for name, doc, value in spec:
            yield _family("counter", "llamacpp:" + name, doc, value)
        for name, doc, value in gauges:
            yield _family("gauge", "llamacpp:" + name, doc, value)
        if e.config.speculative:
            yield _per_position(
                "llamacpp:spec_decode_num_accepted_tokens_per_pos_total",
                "Accepted tokens per draft position",
                f.per_position,
            )


def make_registry(engine: Engine) -> CollectorRegistry:
    from prometheus_client import CollectorRegistry

    registry = CollectorRegistry(auto_describe=False)
    flavor = engine.config.flavor
    if flavor is Flavor.SGLANG:
        registry.register(SGLangCollector(engine))
    elif flavor is Flavor.VLLM:
        from prometheus_client import GCCollector, PlatformCollector, ProcessCollector

        GCCollector(registry=registry)
        PlatformCollector(registry=registry)
        ProcessCollector(registry=registry)
        registry.register(VLLMCollector(engine))
    else:
        registry.register(LlamaCppCollector(engine))
    return registry


def render(engine: Engine, registry: CollectorRegistry) -> str:
    from prometheus_client import generate_latest

    text = generate_latest(registry).decode("utf-8")
    if engine.config.flavor is Flavor.LLAMACPP:
        text = _INT_SAMPLE.sub(r"\1 \2", text)
        text = text.replace("llamacpp:n_tokens_max_total ", "llamacpp:n_tokens_max ")
    return text
