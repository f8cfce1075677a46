"""Deployment choices that lower acceptance on their own: quantization and parallelism."""

from __future__ import annotations

from specdiag.core.doctor.checkpoint import ModelDir
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads

_FP8_KV = ("fp8", "fp8_e4m3", "fp8_e5m2", "q8_0", "q4_0", "q4_1", "q5_0", "q5_1", "iq4_nl")


def _quant_config(r: Reads, m: ModelDir) -> str | None:
    q = r.mapping(m, "quantization_config")
    if q is None:
        return None
    method = q.get("quant_method") or q.get("quant_algo")
    if method is not None and not isinstance(method, str):
        r.wrong(m, "quantization_config.quant_method", method, "a string")
        return None
    return method or str(q)


@check("quantization")
def quantization(ctx: Context) -> Outcome:
    evs: list[Evidence] = []
    found: list[str] = []
    if ctx.target is not None and ctx.target.config is not None:
        r = Reads()
        q = _quant_config(r, ctx.target)
        if (bad := unreadable(r, "the target's precision")) is not None:
            return bad
        evs.append(ev("target", f"{ctx.target.path}/config.json: quantization_config", q or "none"))
        if q:
            found.append(f"the target checkpoint is quantized ({q})")
    a = ctx.args
    if a is not None:
        for fl in ("--quantization", "-q"):
            v = a.flag(fl)
            if isinstance(v, str):
                evs.append(ev("server-args", fl, v))
                found.append(f"the server quantizes the target ({fl} {v})")
        for fl in ("--kv-cache-dtype", "-ctk", "--cache-type-k", "-ctkd", "--cache-type-k-draft"):
            v = a.flag(fl)
            if isinstance(v, str) and v.lower() in _FP8_KV:
                evs.append(ev("server-args", fl, v))
                found.append(f"the KV cache is {v} ({fl})")
        if a.spec_config:
            for k in ("quantization", "kv_cache_dtype"):
                if a.spec_config.get(k):
                    evs.append(ev("server-args", f"--speculative-config {k}", a.spec_config[k]))
                    found.append(f"the draft runs with {k} {a.spec_config[k]}")
        tp = a.target_path or ""
        if tp.lower().endswith(".gguf") and any(
            t in tp.upper() for t in ("Q2_", "Q3_", "Q4_", "Q5_", "Q6_", "Q8_", "IQ")
        ):
            evs.append(ev("server-args", "target model file", tp))
            found.append(f"the target GGUF is quantized ({tp.rsplit('/', 1)[-1]})")
    if not evs:
        return skip("no target config.json and no --server-args to read the precision from")
    if found:
        return warn(
            "; ".join(found) + ": its hidden states differ from the bf16 ones the draft was "
            "trained on, which lowers acceptance (how much depends on the model)",
            evs,
            cause="quantized-target",
        )
    return passed("no quantization of the target or its KV cache found", evs)


@check("parallelism")
def parallelism(ctx: Context) -> Outcome:
    a = ctx.args
    if a is None:
        return skip("no --server-args")
    evs: list[Evidence] = []
    warns: list[str] = []
    if a.dp_attention:
        evs.append(
            ev("server-args", "--enable-dp-attention --dp-size", a.flag("--dp-size", "--dp"))
        )
        warns.append(
            "DP attention with speculative decoding: sglang#16274 measured accept length 2.35 -> "
            "1.48 with it on"
        )
    mode = a.flag("--disaggregation-mode")
    # SGLang's own "off" is the string "null" (its default, in every /server_info; 0.5.23 read)
    if isinstance(mode, str) and mode.strip().lower() not in ("null", "none", "") and a.method:
        evs.append(ev("server-args", "--disaggregation-mode", mode))
        warns.append(
            f"PD disaggregation ({mode}) with {a.method}: the prefill->decode transfer must carry "
            "the aux hidden states at 3H (sglang#10059, sglang#7242 sent wrong ones)"
        )
    pp = a.flag("--pipeline-parallel-size", "-pp")
    if isinstance(pp, str) and pp.isdigit() and int(pp) > 1 and a.method:
        evs.append(ev("server-args", "--pipeline-parallel-size", pp))
        warns.append(
            "pipeline parallelism with EAGLE-3: aux layers on later stages were never captured "
            "before vllm#36731"
        )
    if a.engine == "trtllm" and a.options and a.options.get("enable_attention_dp"):
        evs.append(ev("server-args", "extra LLM-API options: enable_attention_dp", "true"))
        warns.append(
            "attention DP on TensorRT-LLM: rank-0 speculative statistics are duplicated and "
            "ADP had acceptance bugs (TensorRT-LLM#7939)"
        )
    if warns:
        return warn("; ".join(warns), evs, cause="parallel-layout")
    return passed(
        "no DP attention, disaggregation or pipeline parallelism on the command line", evs
    )
