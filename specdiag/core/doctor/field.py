"""Causes users reported in 2026 public threads, each checkable from the evidence the doctor
already reads: forced acceptance left on, the target's quantization leaking into the draft or MTP
head, a sliding-window draft served with full attention, greedy drafting at temperature > 0,
prefix-cache-restored tokens without draft context, a hybrid (GDN/Mamba) target whose acceptance
steps to 0 and stays, outputs too short for a fair accept length."""

from __future__ import annotations

import re
from typing import Any

from specdiag.core.datafiles import document
from specdiag.core.doctor.checkpoint import ModelDir
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Status
from specdiag.core.doctor.registry import Outcome, check, ev, found, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads

# ---------------------------------------------------------------------- forced acceptance

# (engine, pattern, unit): knobs that make the engine accept a configured number of drafts
FORCED_KNOBS = [
    (k["engine"], re.compile(k["regex"]), k["unit"])
    for k in document("specdiag.core.doctor", "log_lines.json")["forced_knobs"]
]


def forced_settings(ctx: Context) -> list[Evidence]:
    """Every forced-acceptance knob in the launch command, its environment, or the logs."""
    found: list[Evidence] = []
    texts: list[tuple[str, str, str]] = []
    if ctx.args is not None:
        texts.append(("server-args", "launch command / environment", ctx.args.text))
        if ctx.args.spec_config is not None:
            texts.append(("server-args", "--speculative-config", repr(ctx.args.spec_config)))
    texts.extend(("logs", f"{h.path}:{h.line_no}", h.text) for h in ctx.hits("forced", "synthetic"))
    for source, where, text in texts:
        for engine, pat, unit in FORCED_KNOBS:
            m = pat.search(text)
            if m:
                found.append(ev(source, f"{where} ({engine}, unit {unit})", m.group(0)[:120]))
        if source == "logs" and not any(e.location.startswith(where) for e in found):
            found.append(ev(source, where, text[:160]))
    return found


# ---------------------------------------------------------------------- quantization leak

_HEAD = re.compile(r"(?:^|\.)(?:eh_proj|enorm|hnorm|fc|mtp)(?:\.|$)")


def _excluded(q: dict[str, Any]) -> list[str]:
    keys = ("modules_to_not_convert", "ignore", "ignored_layers", "exclude_modules", "exclude")
    return [str(x) for k in keys if isinstance(q.get(k), list) for x in q[k]]


def _covered(name: str, excluded: list[str]) -> bool:
    stripped = (pat.removeprefix("re:") for pat in excluded)
    return any(
        p and (p in name or name.startswith(p.rstrip("*")) or _glob(p, name)) for p in stripped
    )


def _glob(pat: str, name: str) -> bool:
    try:
        return re.fullmatch(pat.replace(".", r"\.").replace("*", ".*"), name) is not None
    except re.error:
        return False


def _head_tensors(m: ModelDir) -> list[str]:
    """The entry projections of a draft or MTP head (bf16 by design in FP8 checkpoints): a
    draft's fc, an MTP layer's eh_proj, mtp.*.fc."""
    names = sorted((m.tensors or {}).keys())
    if m.role == "target":
        return [
            n
            for n in names
            if n.endswith(".weight") and ("eh_proj" in n or re.search(r"(?:^|\.)mtp\..*fc\.", n))
        ]
    return [n for n in names if _HEAD.search(n) and n.endswith(".weight") and "norm" not in n]


# ---------------------------------------------------------------------- the checks


@check("draft-quantization")
def draft_quantization(ctx: Context) -> Outcome:
    models = [m for m in (ctx.draft, ctx.target) if m is not None and m.config is not None]
    hits = ctx.hits("not-loaded")
    if not models and not hits:
        return skip("no --draft or --target config, and no loader lines in the logs")
    r = Reads()
    quant = {m.role: r.mapping(m, "quantization_config") for m in models}
    for m in models:
        q = quant[m.role]
        method = None if q is None else q.get("quant_method", q.get("quant_algo"))
        if method is not None and not isinstance(method, str):
            r.wrong(m, "quantization_config.quant_method", method, "a string")
    if (bad := unreadable(r, "the quantization check")) is not None:
        return bad
    evs: list[Evidence] = [h.evidence() for h in hits[:2]]
    problems: list[str] = []
    checked = 0
    for m in models:
        q = quant[m.role]
        if q is None:  # (an unquantized draft beside a quantized target is the right build)
            continue
        method = str(q.get("quant_method") or q.get("quant_algo") or "quantized")
        excluded = _excluded(q)
        evs.append(ev(m.role, f"{m.path}/config.json: quantization_config", method))
        tensors = m.tensors or {}
        for name in _head_tensors(m):
            meta = tensors[name]
            checked += 1
            scale = name.removesuffix(".weight") + ".weight_scale"
            dtype = (meta.dtype or "").upper()
            if dtype.startswith(("F8", "FP8", "E4M3", "U8", "I8")):
                if scale not in tensors and name.removesuffix(".weight") + ".scale" not in tensors:
                    problems.append(
                        f"{name} is stored as {meta.dtype} without a {scale}: the head runs on "
                        "unscaled weights"
                    )
                    evs.append(ev(m.role, f"{meta.file}: {name}", f"{meta.dtype}, no scale"))
            elif dtype in ("BF16", "F16", "F32") and not _covered(name, excluded):
                problems.append(
                    f"{m.role} {name} is stored as {meta.dtype} but quantization_config "
                    f"({method}) does not exclude it (modules_to_not_convert / ignore): the "
                    "engine builds it as a quantized layer and casts the bf16 weight, scales "
                    "uninitialised (ATOM: 0% acceptance until excluded)"
                )
                evs.append(ev(m.role, f"{meta.file}: {name}", f"{meta.dtype}, not excluded"))
        if m.role == "draft" and ctx.target is not None:
            tq = quant.get("target")
            if tq is not None and tq == q:
                problems.append(
                    f"the draft's config.json carries the target's quantization_config "
                    f"({method}), copied at export: the draft head is built quantized"
                )
    if hits:
        problems.append(
            f"the loader says a weight was not loaded or dropped ({hits[0].text[:120]})"
        )
    if problems:
        return found(Status.FAIL, "; ".join(dict.fromkeys(problems)), evs, cause="quantized-head")
    if not any(quant.values()):
        return passed("no quantization_config in the draft or the target", evs)
    return passed(
        f"{checked} head tensor(s) consistent with the quantization config "
        "(excluded in bf16, or quantized with their scales)",
        evs,
    )


@check("sliding-window-draft")
def sliding_window_draft(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None or d.config is None:
        return skip("no readable --draft config.json")
    r = Reads()
    lt = r.texts(d, "layer_types")
    win = r.integer(d, "sliding_window", lo=0)
    use = r.flag(d, "use_sliding_window")
    if (bad := unreadable(r, "the draft's attention window")) is not None:
        return bad
    sliding = lt is not None and any("sliding" in x for x in lt)
    shown = (("layer_types", None if lt is None else list(lt)), ("sliding_window", win))
    evs = [ev("draft", f"{d.path}/config.json: {k}", v) for k, v in shown if v is not None]
    if use is False:
        sliding = False
    elif isinstance(win, int) and win > 0 and lt is None and use is True:
        sliding = True
    if not sliding or not isinstance(win, int) or win <= 0:
        return passed("the draft uses full attention (no sliding window)", evs)
    served = ctx.args.max_len if ctx.args is not None else None
    if served is None and ctx.server is not None and ctx.server.max_model_len:
        served = ctx.server.max_model_len
    if served is not None:
        evs.append(ev("server-args", "served maximum length", served))
    if served is not None and served <= win:
        return passed(
            f"the draft's window ({win}) covers the served length ({served}): full attention "
            "and the window see the same tokens",
            evs,
        )
    return warn(
        f"the draft was trained with a sliding window of {win} tokens "
        f"({sum('sliding' in x for x in lt) if lt is not None else '?'} sliding "
        f"layers) and is served {'up to ' + str(served) if served else 'at an unknown length'}: "
        "a loader that ignores layer_types / sliding_window runs it with full attention, and "
        "acceptance falls past the window (+17.4 pp once fixed in ik_llama.cpp#2021)",
        evs,
        cause="sliding-window-ignored",
    )


@check("draft-sampling")
def draft_sampling(ctx: Context) -> Outcome:
    t = ctx.inputs.temperature
    if t is None and ctx.args is not None:
        t = ctx.args.temperature
    if t is None:
        return skip("the sampling temperature is unknown (pass --temperature)")
    evs: list[Evidence] = [ev("flags", "temperature", t)]
    if t <= 0:
        return passed("greedy decoding: the drafter's sampling does not matter", tuple(evs))
    sc = ctx.args.spec_config if ctx.args is not None else None
    method = sc.get("draft_sample_method") if isinstance(sc, dict) else None
    logits = ctx.hits("draft-logits")
    evs += [h.evidence() for h in logits[:1]]
    if method is not None:
        evs.append(ev("server-args", "speculative_config.draft_sample_method", method))
    greedy_log = any("draft_logits=False" in h.text for h in logits)
    k = ctx.inputs.top_k if ctx.inputs.top_k is not None else (ctx.args.top_k if ctx.args else None)
    engine = ctx.engine or (ctx.args.engine if ctx.args else None)
    if method == "greedy" or greedy_log or (engine == "vllm" and method is None and sc is not None):
        why = (
            "draft_sample_method is greedy"
            if method == "greedy"
            else "the boot log says draft_logits=False"
            if greedy_log
            else "draft_sample_method is not set (greedy by default in recent vLLM)"
        )
        return warn(
            f"temperature {t:g} with greedy drafting ({why}): rejection sampling compares the "
            "target's distribution with a one-hot draft, so acceptance is lower than with "
            "probabilistic drafting (DFlash2: 3.19 -> 2.66 on a vLLM upgrade)",
            evs,
            cause="greedy-drafting",
        )
    if k is not None and k > 1 and engine == "vllm":
        evs.append(ev("flags", "top_k", k))
        return warn(
            f"temperature {t:g} with top_k {k}: the probabilistic drafter samples its whole "
            "vocabulary while the target samples inside top-k / top-p, so some drafts are "
            "rejected for lying outside the request's set (vllm#56724: AL 3-16% lower)",
            evs,
            cause="drafter-ignores-top-k",
        )
    return passed(
        f"temperature {t:g}: "
        + (
            f"draft_sample_method {method}" if method else "no greedy-drafting sign in the evidence"
        ),
        evs,
    )


_CONTEXT_KV = ("dflash", "dspark")


@check("prefix-cache-draft-context")
def prefix_cache_context(ctx: Context) -> Outcome:
    measured = _cache_evidence(ctx)
    if measured is not None:
        return measured
    methods = ctx.methods()
    if ctx.draft is not None:
        arch = str(ctx.draft.arch() or "").lower()
        methods += [m for m in _CONTEXT_KV if m in arch]
    if not methods:
        return skip("the speculative method is unknown (no --server-args, --server or draft)")
    evs: list[Evidence] = [
        ev("server-args", "speculative method", ", ".join(dict.fromkeys(methods)))
    ]
    if not any(any(k in m for k in _CONTEXT_KV) for m in methods):
        return passed(
            f"{methods[0]} recomputes its context from the target's states: prefix-cache hits do "
            "not starve it",
            evs,
        )
    text = ctx.args.text if ctx.args is not None else ""
    off = re.search(r"--no-enable-prefix-caching|--disable-radix-cache\b|--no-prefix-cach", text)
    connector = re.search(r"(?i)kv[-_]transfer[-_]config|lmcache|mooncake", text)
    if off and not connector:
        evs.append(ev("server-args", "prefix caching", off.group(0)))
        return passed(
            "prefix caching is off and no KV connector restores tokens: every token has draft "
            "context",
            evs,
        )
    why = (
        f"a KV connector ({connector.group(0)})"
        if connector
        else "prefix caching (on by default in vLLM and SGLang)"
        if ctx.args is not None
        else "prefix caching (the launch command was not given: assumed on, the engines' default)"
    )
    return warn(
        f"a {methods[0]} drafter with {why}: tokens restored from the cache never get draft "
        "context KV, so acceptance falls toward 1 as cache hits grow (vllm#47926)",
        evs,
        cause="cache-restored-no-context",
    )


def _cache_evidence(ctx: Context) -> Outcome | None:
    """The logs' accept length at high vs low prefix-cache hits, when a log shows both; None
    when no log does, or none has records on both sides (the configuration decides then)."""
    from specdiag.core.doctor.cache_hits import HIGH, LOW, judge

    found = ctx.logs.cache if ctx.logs is not None else ()
    judged = [(e, judge(e)) for e in found]
    usable = [(e, j) for e, j in judged if j.drops is not None]
    if not usable:
        return None
    evs: list[Evidence] = []
    for e, j in usable:
        evs.append(ev("logs", f"{e.path}:{e.example_line} ({e.source})", e.example))
        said = (
            f"{j.high_accept_length:.2f} over {j.high_records} records at >= {HIGH:.0%} "
            f"cached, {j.low_accept_length:.2f} over {j.low_records} at < {LOW:.0%}"
        )
        evs.append(ev("logs", f"{e.path}: accept length by prefix-cache hit share", said))
    dropping = [(e, j) for e, j in usable if j.drops]
    if dropping:
        e, j = dropping[0]
        return warn(
            f"acceptance drops with prefix-cache hits in {e.path}: accept length "
            f"{j.high_accept_length:.2f} where >= {HIGH:.0%} of the prompt came from the cache vs "
            f"{j.low_accept_length:.2f} where < {LOW:.0%} did: the draft lacks context for "
            "cache-restored tokens (vllm#47926)",
            evs,
            cause="cache-hits-lower-acceptance",
        )
    return passed(
        "accept length does not drop with prefix-cache hits in the logs "
        + "; ".join(
            f"({e.path}: {j.high_accept_length:.2f} at >= {HIGH:.0%} cached vs "
            f"{j.low_accept_length:.2f} at < {LOW:.0%})"
            for e, j in usable
        ),
        evs,
    )


_HYBRID_ARCH = re.compile(
    r"(?i)qwen3[_-]?next|qwen3[_.]?[5-9]|mamba|nemotronh|jamba|falcon.?h1|gdn"
)


def _hybrid(ctx: Context, r: Reads) -> tuple[bool | None, list[Evidence]]:
    """Whether the target is hybrid (recurrent layers): its config, or vLLM's boot line that
    turns prefix-cache reuse off for a hybrid target under speculation."""
    said = [h.evidence() for h in ctx.hits("no-prefix-reuse")[:1]]
    t = ctx.target
    if t is None or t.config is None:
        return (True if said else None), said
    lt = r.texts(t, "layer_types")
    arch = t.arch() or ""
    evs = [ev("target", f"{t.path}/config.json: architectures", arch)]
    kinds = set(lt) if lt is not None else set()
    if kinds:
        evs.append(ev("target", f"{t.path}/config.json: layer_types", sorted(kinds)))
    rec = any(("linear" in k or "mamba" in k or "gdn" in k) for k in kinds)
    return bool(said or rec or _HYBRID_ARCH.search(arch)), evs + said


@check("hybrid-collapse")
def hybrid_collapse(ctx: Context) -> Outcome:
    r = Reads()
    hybrid, evs = _hybrid(ctx, r)
    if (bad := unreadable(r, "whether the target is hybrid")) is not None:
        return bad
    segs = ctx.segments()
    step = next((s for s in segs if s.collapse_from is not None), None)
    text = ctx.args.text if ctx.args is not None else ""
    unsafe = re.search(r"VLLM_ALLOW_MAMBA_SPEC_FULL_CUDAGRAPH\s*=\s*1", text)
    if hybrid is None and not segs:
        return skip("no --target config and no accept-length timeline in the logs")
    if step is not None:
        said = f"accept length ~1 from {step.collapse_from} to the end ({step.end})"
        evs.append(ev("logs", f"segment {step.index + 1}", said))
        return found(
            Status.FAIL if hybrid else Status.WARN,
            f"acceptance steps to ~0 accepted drafts at {step.collapse_from} and stays there to "
            "the end of the segment"
            + (
                ": a hybrid recurrent target under speculation (state rollback, async races, "
                "full-CUDA-graph replay), not a drift"
                if hybrid
                else " (a step, not a drift); the target's architecture was not given"
            ),
            evs,
            cause="hybrid-step-to-zero",
        )
    if unsafe and hybrid:
        evs.append(ev("server-args", "environment", unsafe.group(0)))
        return warn(
            "VLLM_ALLOW_MAMBA_SPEC_FULL_CUDAGRAPH=1 on a hybrid target bypasses the guard against "
            "full-CUDA-graph replay of recurrent state under varying acceptance",
            evs,
            cause="mamba-full-cudagraph",
        )
    if not segs:
        if hybrid:
            return skip("a hybrid target, but no accept-length timeline in the logs to look at")
        return passed("not a hybrid recurrent target", evs)
    return passed(
        "no step to 0 that stays in the logs' timeline" + (" (hybrid target)" if hybrid else ""),
        evs,
    )


SHORT_OUTPUT = 256  # tokens: below this median, accept length is biased low


@check("short-outputs")
def short_outputs(ctx: Context) -> Outcome:
    rep = ctx.probe
    if rep is None:
        return skip("no --server probe: the output lengths are unknown")
    toks = sorted(r.output_tokens for r in rep.main.results if r.ok and r.output_tokens)
    if not toks:
        return skip("the probe measured no output lengths")
    median = toks[len(toks) // 2]
    cut = sum(1 for r in rep.main.results if r.ok and r.finish_reason == "length")
    evs = (
        ev("server", "probe output tokens", f"median {median} over {len(toks)} requests"),
        ev("server", "probe finish_reason=length", f"{cut} of {len(toks)}"),
    )
    if median < SHORT_OUTPUT:
        return warn(
            f"the probe's outputs are short (median {median} tokens, {cut} of {len(toks)} cut "
            f"at max_tokens): below ~{SHORT_OUTPUT} tokens the accept length is biased low "
            "(a DSpark CI read 3.23 against 4.3 for this reason)",
            evs,
            cause="short-outputs",
            confirm=(
                f"specdiag doctor --server {ctx.server.url if ctx.server else 'URL'} --probe-max-tokens 512 ...",
            ),
        )
    return passed(f"median output {median} tokens: long enough", evs)
