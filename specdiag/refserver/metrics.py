"""``/metrics`` pages in each engine's names, labels and types, rendered by prometheus_client:
the families are data (``metrics`` in engine_shapes.json), their values read at scrape time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from specdiag.refserver.config import Flavor
from specdiag.refserver.shapes import engine_shapes, fill

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry
    from prometheus_client.core import Metric

    from specdiag.refserver.engine import Engine

_INT_SAMPLE = re.compile(r"^(llamacpp:\S+) (-?\d+)\.0$", re.MULTILINE)


def _values(e: Engine) -> dict[str, Any]:
    """Every counter a family can show: the engine's now, its totals, its finished requests'."""
    t, f = e.totals, e.finished_agg
    prompt_rate = (
        1000.0 * f.prompt_tokens / (f.prompt_seconds * 1000.0) if f.prompt_seconds else 0.0
    )
    gen_rate = f.predicted_tokens / f.predicted_seconds if f.predicted_seconds else 0.0
    return {
        "num_running": e.num_running,
        "num_waiting": e.num_waiting,
        "kv_tokens": e.kv_tokens,
        "kv_usage": e.kv_tokens / e.kv_capacity,
        "busy_slots": max(1, e.num_running),
        "last_gen_throughput": e.last_gen_throughput,
        "last_accept_len": e.last_accept_len,
        "last_accept_rate": e.last_accept_rate,
        "verify_steps": t.verify_steps,
        "drafted_tokens": t.drafted_tokens,
        "accepted_drafts": t.accepted_drafts,
        "accepted_per_position": t.accepted_per_position,
        "prompt_tokens": t.prompt_tokens,
        "completion_tokens": t.completion_tokens,
        "finished_requests": f.requests,
        "finished_prompt_tokens": f.prompt_tokens,
        "finished_predicted_tokens": f.predicted_tokens,
        "finished_verify_ct": f.verify_ct,
        "finished_drafted": f.drafted,
        "finished_accepted": f.accepted,
        "finished_per_position": f.per_position,
        "finished_by_reason": f.by_reason,
        "decode_calls": f.decode_calls,
        "max_tokens": f.max_tokens,
        "prompt_seconds": round(f.prompt_seconds, 6),
        "predicted_seconds": round(f.predicted_seconds, 6),
        "prompt_throughput": round(prompt_rate, 2),
        "predicted_throughput": round(gen_rate, 2),
    }


class EngineCollector:
    """The flavor's families, one sample each, or one per draft position / finish reason (the
    family's labels then name the ``$key``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def collect(self) -> Iterator[Metric]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

        cfg = self.engine.config
        page = engine_shapes()[cfg.flavor.value]["metrics"]
        created = self.engine.started_wall if page.get("created") else None
        values = _values(self.engine)
        for fam in page["families"]:
            if fam.get("speculative") and not cfg.speculative:
                continue
            name, value = page["prefix"] + fam["name"], fam["value"]
            value = values[value] if isinstance(value, str) else value
            if fam["kind"] == "bare_counter":  # no _total suffix, as llama.cpp writes it
                m = Metric(name, fam["help"], "counter")  # (fixed up in render())
                m.add_sample(name, {}, value)
                yield m
                continue
            pairs = fam.get("labels", page["labels"])
            family = (GaugeMetricFamily if fam["kind"] == "gauge" else CounterMetricFamily)(
                name, fam["help"], labels=[k for k, _ in pairs]
            )
            samples: Any = [(None, value)]  # one sample, or one per position / finish reason
            if isinstance(value, (dict, list)):
                samples = value.items() if isinstance(value, dict) else enumerate(value)
            for key, v in samples:
                slots = {"served_model": cfg.model_name, "key": str(key)}
                labels = [label for _, label in fill(pairs, slots)]
                if isinstance(family, CounterMetricFamily):
                    family.add_metric(labels, float(v), created=created)
                else:
                    family.add_metric(labels, v)
            yield family


def make_registry(engine: Engine) -> CollectorRegistry:
    from prometheus_client import CollectorRegistry

    registry = CollectorRegistry(auto_describe=False)  # values are read at scrape time only
    if engine.config.flavor is Flavor.VLLM:
        from prometheus_client import GCCollector, PlatformCollector, ProcessCollector

        GCCollector(registry=registry)
        PlatformCollector(registry=registry)
        ProcessCollector(registry=registry)
    registry.register(EngineCollector(engine))
    return registry


def render(engine: Engine, registry: CollectorRegistry) -> str:
    from prometheus_client import generate_latest

    text = generate_latest(registry).decode("utf-8")
    if engine.config.flavor is Flavor.LLAMACPP:
        text = _INT_SAMPLE.sub(r"\1 \2", text)
        text = text.replace("llamacpp:n_tokens_max_total ", "llamacpp:n_tokens_max ")
    return text
