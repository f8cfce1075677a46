"""Engine adapters: what each server is, how it is configured, how to ask it, what it answers.

* **Detection** (``--engine auto``) reads the server's own endpoints: SGLang ``/server_info``,
  llama.cpp ``/props``, ``/v1/models`` ``owned_by``, the metric-name prefixes of ``/metrics``,
  TensorRT-LLM's ``/prometheus/metrics``.
* **Speculative config**: SGLang ``/server_info`` server args; llama.cpp ``/props`` and
  ``/slots``; vLLM the per-position labels of its counters; TensorRT-LLM
  ``trtllm_speculative_config_info`` labels.
* **Per-request acceptance** (:func:`extract_spec`): SGLang ``meta_info`` (native) or
  ``sglext.spec_tokens_details`` (OpenAI API, requested with ``return_spec_tokens_details``);
  vLLM ``metrics.speculative_decoding`` (server started with ``--per-request-spec-decode-metrics``);
  llama.cpp ``timings.draft_n`` / ``draft_n_accepted`` (no verify-step count: rate only).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from specdiag.core.files import JsonError, loads_json
from specdiag.core.probe.metrics import (
    MAX_POSITIONS,
    CounterSnapshot,
    MetricsFamily,
    family_of,
    parse_counters,
)
from specdiag.core.probe.workload import Prompt
from specdiag.errors import ServerError


class EngineKind(str, Enum):
    AUTO = "auto"
    SGLANG = "sglang"
    VLLM = "vllm"
    LLAMACPP = "llamacpp"
    TRTLLM = "trtllm"
    OPENAI = "openai"


class Api(str, Enum):
    CHAT = "chat"
    COMPLETIONS = "completions"
    NATIVE = "native"


@dataclass(frozen=True)
class SpecConfig:
    """The server's speculative configuration as far as its endpoints reveal it."""

    enabled: bool | None  # None: cannot tell
    method: str | None = None
    steps: int | None = None  # draft tokens proposed per verify step (chain length / depth)
    topk: int | None = None
    num_draft_tokens: int | None = None  # SGLang verify width incl. the root token
    source: str = "none"  # which endpoint said so


@dataclass(frozen=True)
class ServerInfo:
    url: str  # redacted (no user:password)
    engine: EngineKind
    detected_by: str
    version: str | None
    model: str | None
    spec: SpecConfig
    metrics_path: str | None  # where Prometheus counters were found
    metrics_family: MetricsFamily
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # discovery problems that limit the report


@dataclass(frozen=True)
class RequestSpec:
    """One request's own speculation numbers, as its response reported them."""

    source: str  # e.g. "vllm metrics.speculative_decoding"
    accepted_drafts: int | None  # bonus excluded
    drafted: int | None
    verify_steps: int | None
    histogram: tuple[int, ...] = ()  # index j: verify steps that accepted exactly j drafts
    per_step_accepted: tuple[int, ...] = ()
    per_step_drafted: tuple[int, ...] = ()
    reported_accept_length: float | None = None  # the engine's own per-request figure

    @property
    def accept_length(self) -> float | None:
        """1 + accepted drafts per verify step (bonus included), the engines' convention."""
        if self.accepted_drafts is not None and self.verify_steps:
            return 1.0 + self.accepted_drafts / self.verify_steps
        return self.reported_accept_length

    @property
    def accept_rate(self) -> float | None:
        if self.accepted_drafts is not None and self.drafted:
            return self.accepted_drafts / self.drafted
        return None


# --------------------------------------------------------------------------- requests


def endpoint(engine: EngineKind, api: Api) -> str:
    if api is Api.CHAT:
        return "/v1/chat/completions"
    if api is Api.COMPLETIONS:
        return "/v1/completions"
    if engine is EngineKind.SGLANG:
        return "/generate"
    if engine is EngineKind.LLAMACPP:
        return "/completion"
    raise ValueError(f"no native API for {engine.value}")


def build_body(
    engine: EngineKind,
    api: Api,
    prompt: Prompt,
    *,
    model: str | None,
    max_tokens: int,
    temperature: float,
    stream: bool,
    ignore_eos: bool,
    seed: int | None,
) -> dict[str, object]:
    """The JSON body of one generation request."""
    if api is Api.NATIVE and engine is EngineKind.SGLANG:
        sp: dict[str, object] = {"max_new_tokens": max_tokens, "temperature": temperature}
        if ignore_eos:
            sp["ignore_eos"] = True
        return {"text": prompt.as_text(), "sampling_params": sp, "stream": stream}
    openai = not (api is Api.NATIVE and engine is EngineKind.LLAMACPP)
    if not openai:
        body = {
            "prompt": prompt.as_text(),
            "n_predict": max_tokens,
            "temperature": temperature,
            "stream": stream,
        }
    else:
        body = {"max_tokens": max_tokens, "temperature": temperature, "stream": stream}
        if model is not None:
            body["model"] = model
        if api is Api.CHAT:
            body["messages"] = prompt.as_messages()
        else:
            body["prompt"] = prompt.as_text()
        if stream:
            body["stream_options"] = {"include_usage": True}
    if ignore_eos:
        body["ignore_eos"] = True
    if seed is not None:
        body["seed"] = seed
    if openai and engine is EngineKind.SGLANG:
        body["return_spec_tokens_details"] = True
    return body


# --------------------------------------------------------------------------- responses


MAX_COUNT = 2**53  # beyond this a float count is no longer exact: no real server sends one


class BadNumber(ValueError):
    """A number in a server's answer that cannot be a count (non-finite, negative, huge)."""


def _int(v: object) -> int | None:
    """A count from a server's JSON: None when absent or not a number; :class:`BadNumber`
    when it is a number no count can be (so it never overflows a later sum or division)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if not (isinstance(v, int) or math.isfinite(v)) or not 0 <= v <= MAX_COUNT:
        raise BadNumber(f"{v!r} is not a count (a finite number in 0..2^53)")
    return int(v)


def _ints(v: object) -> tuple[int, ...]:
    if not isinstance(v, list):
        return ()
    out = [_int(x) for x in v]
    return tuple(x for x in out if x is not None) if all(x is not None for x in out) else ()


def _float(v: object) -> float | None:
    """A measurement (ms, a reported length): None when absent, not a number or not finite."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    try:
        f = float(v)
    except OverflowError:  # an int beyond float range
        return None
    return f if math.isfinite(f) else None


def _sglang_spec(d: dict[str, object], source: str) -> RequestSpec | None:
    steps = _int(d.get("spec_verify_ct"))
    if steps is None:
        return None
    accepted = _int(
        d.get(
            "spec_num_correct_drafts", d.get("spec_accepted_drafts", d.get("spec_accept_token_num"))
        )
    )
    proposed = _int(
        d.get(
            "spec_num_proposed_drafts", d.get("spec_proposed_drafts", d.get("spec_draft_token_num"))
        )
    )
    hist = _ints(d.get("spec_correct_drafts_histogram", d.get("spec_accept_histogram")))
    if accepted is None and hist:
        accepted = sum(j * n for j, n in enumerate(hist))
    per_round = proposed // steps if proposed and steps and proposed % steps == 0 else 0
    if hist and len(hist) < per_round + 1 <= MAX_POSITIONS + 1:
        # SGLang (0.5.23, measured) ends the histogram at the largest count seen: pad it to one
        # bucket per possible count, so every draft position is reported (at 0 when never reached)
        # (not past MAX_POSITIONS: a hostile count never sizes a tuple)
        hist = hist + (0,) * (per_round + 1 - len(hist))
    return RequestSpec(
        source=source,
        accepted_drafts=accepted,
        drafted=proposed,
        verify_steps=steps,
        histogram=hist,
        reported_accept_length=_float(d.get("spec_accept_length")),
    )


def extract_spec(body: dict[str, object]) -> RequestSpec | None:
    """One request's speculation numbers from its (merged) response body, if it has any."""
    meta = body.get("meta_info")
    if isinstance(meta, dict):
        got = _sglang_spec(meta, "sglang meta_info")
        if got is not None:
            return got
    ext = body.get("sglext")
    if isinstance(ext, dict):
        details = ext.get("spec_tokens_details")
        if isinstance(details, list):
            details = details[0] if details else None
        if isinstance(details, dict):
            got = _sglang_spec(details, "sglang sglext.spec_tokens_details")
            if got is not None:
                return got
    metrics = body.get("metrics")
    if isinstance(metrics, dict) and isinstance(metrics.get("speculative_decoding"), dict):
        sd = metrics["speculative_decoding"]
        return RequestSpec(
            source="vllm metrics.speculative_decoding",
            accepted_drafts=_int(sd.get("num_accepted_draft_tokens")),
            drafted=_int(sd.get("num_draft_tokens")),
            verify_steps=_int(sd.get("num_spec_steps")),
            histogram=_ints(sd.get("acceptance_histogram")),
            per_step_accepted=_ints(sd.get("per_step_accepted")),
            per_step_drafted=_ints(sd.get("per_step_drafted")),
            reported_accept_length=_float(sd.get("mean_acceptance_length")),
        )
    timings = body.get("timings")
    if isinstance(timings, dict):
        drafted = _int(timings.get("draft_n"))
        if drafted is not None:
            return RequestSpec(
                source="llama.cpp timings",
                accepted_drafts=_int(timings.get("draft_n_accepted")) or 0,
                drafted=drafted,
                verify_steps=None,  # llama.cpp does not report verify steps per request
            )
    return None


def server_timings(body: dict[str, object]) -> dict[str, float]:
    """Server-side timings a response carries (llama.cpp ``timings``, vLLM ``metrics``)."""
    out: dict[str, float] = {}
    for part, keys in (
        (body.get("timings"), ("prompt_ms", "predicted_ms")),
        (body.get("metrics"), ("time_to_first_token_ms", "generation_time_ms", "queue_time_ms")),
    ):
        if isinstance(part, dict):
            for k in keys:
                v = _float(part.get(k))
                if v is not None:
                    out[k] = v
    return out


def completion_tokens(body: dict[str, object]) -> int | None:
    parts = (body.get("usage"), body.get("meta_info"), body, body.get("timings"))
    keys = ("completion_tokens", "completion_tokens", "tokens_predicted", "predicted_n")
    for part, key in zip(parts, keys, strict=True):
        n = _int(part.get(key)) if isinstance(part, dict) else None
        if n is not None:
            return n
    return None


def first_choice(body: dict[str, object]) -> dict[str, object] | None:
    """``choices[0]`` of an OpenAI-style body or chunk, if it is there and is an object."""
    choices = body.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        return choices[0]
    return None


def native_chunk_text(engine: EngineKind, chunk: dict[str, object]) -> str | None:
    """The text a streamed chunk of a native API adds (None: no text in it); an OpenAI chunk
    is read by the client's loop itself."""
    if engine is EngineKind.LLAMACPP:
        c = chunk.get("content")
        return c if isinstance(c, str) and c else None
    t = chunk.get("text")  # SGLang streams the cumulative text; the caller takes the diff
    return t if isinstance(t, str) else None


def full_text(engine: EngineKind, api: Api, body: dict[str, object]) -> str | None:
    """The generated text of a non-streamed response."""
    if api is Api.NATIVE:
        key = "content" if engine is EngineKind.LLAMACPP else "text"
        v = body.get(key)
        return v if isinstance(v, str) else None
    ch = first_choice(body)
    if ch is None:
        return None
    if api is Api.CHAT:
        msg = ch.get("message")
        if isinstance(msg, dict):
            c = msg.get("content")
            return c if isinstance(c, str) else ("" if c is None else None)
        return None
    t = ch.get("text")
    return t if isinstance(t, str) else None


def finish_reason(body: dict[str, object]) -> str | None:
    ch = first_choice(body)
    if ch is not None:
        fr = ch.get("finish_reason")
        if isinstance(fr, str):
            return fr
    meta = body.get("meta_info")
    if isinstance(meta, dict):
        fr = meta.get("finish_reason")
        if isinstance(fr, dict):
            return str(fr.get("type"))
        if isinstance(fr, str):
            return fr
    st = body.get("stop_type")
    return st if isinstance(st, str) else None


# --------------------------------------------------------------------------- discovery


def _json(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return loads_json(text)
    except JsonError:
        return None


def detect_engine(pages: dict[str, tuple[int, str | None]]) -> tuple[EngineKind, str]:
    """Decide the engine from the discovery pages {path: (status, body)}; returns (engine, why)."""
    info = _json(_ok(pages, "/server_info")) or _json(_ok(pages, "/get_server_info"))
    if isinstance(info, dict) and (
        "speculative_algorithm" in info or "internal_states" in info or "tp_size" in info
    ):
        return EngineKind.SGLANG, "/server_info"
    props = _json(_ok(pages, "/props"))
    if isinstance(props, dict) and (
        "default_generation_settings" in props or "build_info" in props
    ):
        return EngineKind.LLAMACPP, "/props"
    models = _json(_ok(pages, "/v1/models"))
    if isinstance(models, dict) and isinstance(models.get("data"), list) and models["data"]:
        owner = str(models["data"][0].get("owned_by", "")).lower()
        for kind in (EngineKind.VLLM, EngineKind.SGLANG, EngineKind.LLAMACPP):
            if owner == kind.value:
                return kind, "/v1/models owned_by"
        if "llama" in owner and "cpp" in owner:
            return EngineKind.LLAMACPP, "/v1/models owned_by"
    for path in ("/metrics", "/prometheus/metrics"):
        text = _ok(pages, path)
        if text is not None:
            fam = family_of(text)
            if fam != "none":
                return EngineKind(fam), f"{path} metric names"
    trt = _json(_ok(pages, "/metrics"))
    if isinstance(trt, list):
        return EngineKind.TRTLLM, "/metrics iteration stats (JSON)"
    return EngineKind.OPENAI, "no engine-specific endpoint answered; generic OpenAI API"


def _ok(pages: dict[str, tuple[int, str | None]], path: str) -> str | None:
    got = pages.get(path)
    return got[1] if got is not None and got[0] == 200 else None


def discover_spec(
    engine: EngineKind, pages: dict[str, tuple[int, str | None]]
) -> tuple[SpecConfig, str | None]:
    """The speculative config and the engine version from the discovery pages."""
    enabled: bool | None = None
    method: str | None = None
    if engine is EngineKind.SGLANG:
        info = _json(_ok(pages, "/server_info")) or _json(_ok(pages, "/get_server_info"))
        if isinstance(info, dict):
            algo = info.get("speculative_algorithm")
            version = info.get("version")
            return (
                SpecConfig(
                    enabled=bool(algo),
                    method=str(algo) if algo else None,
                    steps=_int(info.get("speculative_num_steps")),
                    topk=_int(info.get("speculative_eagle_topk")),
                    num_draft_tokens=_int(info.get("speculative_num_draft_tokens")),
                    source="/server_info",
                ),
                str(version) if version else None,
            )
    if engine is EngineKind.LLAMACPP:
        props = _json(_ok(pages, "/props"))
        version = None
        settings: dict[str, object] = {}
        if isinstance(props, dict):
            version = props.get("build_info")
            dgs = props.get("default_generation_settings")
            if isinstance(dgs, dict):
                settings.update(dgs)
                if isinstance(dgs.get("params"), dict):
                    settings.update(dgs["params"])
        slots = _json(_ok(pages, "/slots"))
        if isinstance(slots, list) and slots and isinstance(slots[0], dict):
            if isinstance(slots[0].get("params"), dict):
                for k, v in slots[0]["params"].items():
                    settings.setdefault(k, v)
            if "speculative" in slots[0]:
                settings.setdefault("speculative", slots[0]["speculative"])
        types = settings.get("speculative.types")
        if isinstance(types, str):
            active = [t for t in types.split(",") if t.strip() and t.strip() != "none"]
            enabled = bool(active)
            method = ",".join(active) or None
        # /slots says whether the slot really speculates; /props' default request settings
        # show "speculative.types": "none" even on a speculating server (llama.cpp 0c1e570)
        slot_flag = settings.get("speculative")
        if isinstance(slot_flag, bool):
            enabled = slot_flag or bool(method)
        steps = _int(settings.get("speculative.n_max"))
        src = (
            "/slots" if isinstance(slot_flag, bool) else ("/props" if props is not None else "none")
        )
        if steps is None:
            steps = _pos_count(pages)
            if steps is not None:
                src += " + /metrics per-position labels"
        return SpecConfig(enabled=enabled, method=method, steps=steps, source=src), (
            str(version) if version else None
        )
    if engine in (EngineKind.VLLM, EngineKind.TRTLLM):
        steps = _pos_count(pages)
        version_doc = _json(_ok(pages, "/version"))
        version = version_doc.get("version") if isinstance(version_doc, dict) else None
        for _, text, snap in metric_pages(pages):
            if snap.family in ("vllm", "trtllm"):
                enabled = snap.has_spec
                if engine is EngineKind.TRTLLM:
                    method, k = _trtllm_config(text)
                    steps = k or steps
                break
        return (
            SpecConfig(
                enabled=enabled,
                method=method,
                steps=steps,
                source="/metrics per-position labels" if steps else "/metrics",
            ),
            str(version) if version else None,
        )
    return SpecConfig(enabled=None), None


def metric_pages(
    pages: dict[str, tuple[int, str | None]], unusable: list[str] | None = None
) -> Iterator[tuple[str, str, CounterSnapshot]]:
    """Each Prometheus page's path, text and speculation counters; a JSON page is left out, and
    so is one that is not valid Prometheus text or holds a counter that is not a count (why in
    ``unusable``): probe then runs without counter figures and says so."""
    for path in ("/metrics", "/prometheus/metrics"):
        text = _ok(pages, path)
        if text is None or _json(text) is not None:
            continue
        try:
            snap = parse_counters(text)
        except ServerError as exc:
            if unusable is not None:
                unusable.append(str(exc))
            continue
        yield path, text, snap


def _pos_count(pages: dict[str, tuple[int, str | None]]) -> int | None:
    for _, _, snap in metric_pages(pages):
        n = len(snap.drafted_per_pos) or len(snap.accepted_per_pos)
        if n:
            return n
    return None


def _trtllm_config(text: str) -> tuple[str | None, int | None]:
    from prometheus_client.parser import text_string_to_metric_families

    try:
        for metric in text_string_to_metric_families(text):
            for s in metric.samples:
                if s.name.startswith("trtllm_speculative_config_info"):
                    method = s.labels.get("decoding_type") or s.labels.get("spec_dec_mode")
                    k = _int(_float_or_none(s.labels.get("max_draft_len")))
                    return method, k
    except ValueError:
        return None, None
    return None, None


def _float_or_none(v: str | None) -> float | None:
    try:
        return float(v) if v is not None else None
    except ValueError:
        return None


def model_ids(pages: dict[str, tuple[int, str | None]]) -> list[str]:
    """The model ids /v1/models lists (empty when it does not answer)."""
    models = _json(_ok(pages, "/v1/models"))
    if isinstance(models, dict) and isinstance(models.get("data"), list):
        return [str(m["id"]) for m in models["data"] if isinstance(m, dict) and m.get("id")]
    return []
