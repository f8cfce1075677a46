"""Exact metric names of every engine's speculative-decoding series, and their roles.

Names are matched exactly (never by substring): a substring match also catches ``_created``
samples and ``..._per_pos_total`` series and double-counts them. Sources: vLLM 0.33
``SpecDecodingProm``, llama.cpp ``/metrics`` (``--metrics``, per-position counter from PR #26389
plus two fork names), SGLang 0.5.23 ``--enable-metrics``, TensorRT-LLM ``/prometheus/metrics``,
Ray Serve LLM's ``ray_vllm_`` / ``ray_vllm:`` re-exports of vLLM, and specdiag's own exporter.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def _vllm_like(prefix: str, family: str) -> list[MetricName]:
    return [
        MetricName(f"{prefix}spec_decode_num_drafts_total", family, STEPS),
        MetricName(f"{prefix}spec_decode_num_draft_tokens_total", family, DRAFT_TOKENS),
        MetricName(f"{prefix}spec_decode_num_accepted_tokens_total", family, ACCEPTED),
        MetricName(f"{prefix}spec_decode_num_accepted_tokens_per_pos_total", family, ACCEPTED_POS),
        MetricName(f"{prefix}num_requests_running", family, RUNNING),
        MetricName(f"{prefix}spec_accept_length", family, AL_GAUGE, "a fork's SGLang-style gauge"),
    ]


NAMES: tuple[MetricName, ...] = (
    *_vllm_like("vllm:", "vllm"),
    *_vllm_like("ray_vllm_", "ray_vllm"),  # Ray >= 2.53
    *_vllm_like("ray_vllm:", "ray_vllm"),  # older Ray
    MetricName("llamacpp:spec_decode_num_drafts_total", "llamacpp", STEPS),
    MetricName("llamacpp:spec_decode_num_draft_tokens_total", "llamacpp", DRAFT_TOKENS),
    MetricName("llamacpp:spec_decode_num_accepted_tokens_total", "llamacpp", ACCEPTED),
    MetricName("llamacpp:spec_decode_num_accepted_tokens_per_pos_total", "llamacpp", ACCEPTED_POS),
    MetricName("llamacpp:spec_tokens_drafted_total", "llamacpp", DRAFT_TOKENS, "fork (PR #23328)"),
    MetricName("llamacpp:draft_tokens_total", "llamacpp", DRAFT_TOKENS, "fork (PR #25327)"),
    MetricName("llamacpp:draft_mean_accept_len", "llamacpp", AL_GAUGE, "fork (PR #25327)"),
    MetricName("llamacpp:requests_processing", "llamacpp", RUNNING),
    MetricName("sglang:spec_verify_calls_total", "sglang", STEPS),
    MetricName("sglang:generation_tokens_total", "sglang", GEN_TOKENS),
    MetricName("sglang:spec_accept_length", "sglang", AL_GAUGE),
    MetricName("sglang:num_running_reqs", "sglang", RUNNING),
    MetricName("trtllm_spec_decode_num_draft_tokens_total", "trtllm", DRAFT_TOKENS),
    MetricName("trtllm_spec_decode_num_accepted_tokens_total", "trtllm", ACCEPTED),
    MetricName("trtllm_spec_decode_drafted_tokens_total", "trtllm", DRAFTED_POS),
    MetricName("trtllm_spec_decode_accepted_tokens_total", "trtllm", ACCEPTED_POS),
    MetricName("trtllm_spec_decode_acceptance_length", "trtllm", AL_GAUGE),
    MetricName("specdiag_accept_length", "specdiag", AL_GAUGE, "specdiag exporter"),
)

BY_NAME: dict[str, MetricName] = {m.name: m for m in NAMES}

POSITION_LABELS = ("position", "token_position")

# Labels that tell ranks of one replica apart (per family: vLLM's `engine` is its DP rank,
# the exporter's `engine` is an engine name).
RANK_LABELS: dict[str, tuple[str, ...]] = {
    "vllm": ("engine", "dp_rank"),
    "ray_vllm": ("engine", "dp_rank", "WorkerId"),
    "llamacpp": (),
    "sglang": ("dp_rank", "tp_rank", "pp_rank", "moe_ep_rank", "attention_dp_rank"),
    "trtllm": ("dp_rank", "attention_dp_rank", "ep_rank", "tp_rank"),
    "specdiag": ("rank",),
}

# Labels that replicate one figure (TP ranks report the same gauge): never summed.
DUPLICATING_LABELS = frozenset({"tp_rank", "pp_rank", "moe_ep_rank"})

# Labels that define a replica when --by is not given (those present on a series are used).
DEFAULT_REPLICA_LABELS = ("namespace", "pod", "job", "instance", "ReplicaId", "replica")

# The exporter's own dimensions (kept apart from the scrape's job/instance).
SPECDIAG_KEEP = ("engine", "source")


def name_regex() -> str:
    """An anchored alternation of every known name (Prometheus regex matchers are anchored)."""
    return "|".join(m.name for m in NAMES)
