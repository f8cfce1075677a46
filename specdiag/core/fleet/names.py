"""Exact metric names of every engine's speculative-decoding series, and their roles.

Names are matched exactly (never by substring): a substring match also catches ``_created``
samples and ``..._per_pos_total`` series and double-counts them. Sources: vLLM 0.33
``SpecDecodingProm``, llama.cpp ``/metrics`` (``--metrics``, per-position counter from PR #26389
plus two fork names), SGLang 0.5.23 ``--enable-metrics``, TensorRT-LLM ``/prometheus/metrics``,
Ray Serve LLM's ``ray_vllm_`` / ``ray_vllm:`` re-exports of vLLM, and specdiag's own exporter.
The names and the labels are data (``names.json``); the roles they take are these constants.
"""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core.datafiles import load

# roles
STEPS = "steps"  # verify steps (counter)
DRAFT_TOKENS = "draft_tokens"  # draft tokens proposed (counter)
ACCEPTED = "accepted"  # draft tokens accepted (counter)
ACCEPTED_POS = "accepted_pos"  # accepted per draft position (counter, position label)
DRAFTED_POS = "drafted_pos"  # drafted per draft position (counter, position label)
GEN_TOKENS = "gen_tokens"  # generated tokens (counter; SGLang's accept length numerator)
AL_GAUGE = "al_gauge"  # an accept-length gauge (interval or last-iteration value)
RUNNING = "running"  # running requests (gauge)

COUNTER_ROLES = frozenset({STEPS, DRAFT_TOKENS, ACCEPTED, ACCEPTED_POS, DRAFTED_POS, GEN_TOKENS})


@dataclass(frozen=True)
class MetricName:
    name: str
    family: str
    role: str
    note: str = ""


_DATA = load("specdiag.core.fleet", "names.json")


def _names() -> tuple[MetricName, ...]:
    """names.json's names, vLLM's under each prefix that re-exports them, then every colon name
    again with ``_`` for ``:``: prometheus_client's OpenMetrics exposition (0.26.0, as SGLang
    0.5.23 ships it) escapes a sample's name with the label-name characters when a scraper
    negotiates OpenMetrics, as Prometheus does by default, so ``sglang:spec_verify_calls_total``
    is stored as ``sglang_spec_verify_calls_total`` (its ``# TYPE`` line keeps the colon;
    checked with the real server and Prometheus 2.42)."""
    out = [
        MetricName(prefix + suffix, family, *rest)
        for prefix, family in _DATA["vllm_like_prefixes"]
        for suffix, *rest in _DATA["vllm_like"]
    ]
    out += [MetricName(*row) for row in _DATA["names"]]
    have = {m.name for m in out}
    for m in list(out):
        alias = m.name.replace(":", "_")
        if alias not in have:
            have.add(alias)
            out.append(MetricName(alias, m.family, m.role, "the colon name, escaped by the scrape"))
    return tuple(out)


NAMES = _names()
BY_NAME: dict[str, MetricName] = {m.name: m for m in NAMES}
POSITION_LABELS: tuple[str, ...] = tuple(_DATA["position_labels"])
# Labels that tell ranks of one replica apart (per family: vLLM's `engine` is its DP rank,
# the exporter's `engine` is an engine name).
RANK_LABELS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in _DATA["rank_labels"].items()}
# Labels that replicate one figure (TP ranks report the same gauge): never summed.
DUPLICATING_LABELS = frozenset(_DATA["duplicating_labels"])
# Labels that define a replica when --by is not given (those present on a series are used).
DEFAULT_REPLICA_LABELS: tuple[str, ...] = tuple(_DATA["default_replica_labels"])
# The exporter's own dimensions (kept apart from the scrape's job/instance).
SPECDIAG_KEEP: tuple[str, ...] = tuple(_DATA["specdiag_keep"])


def name_regex() -> str:
    """An anchored alternation of every known name (Prometheus regex matchers are anchored)."""
    return "|".join(m.name for m in NAMES)
