"""Checks on the launch command line alone (parsed by :mod:`.server_args`)."""

from __future__ import annotations

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Impact, ImpactKind, Status
from specdiag.core.doctor.registry import Outcome, check, ev, skip


@check(
    "server-args",
    "server_args",
    "launch command line",
    reads="--server-args: the SGLang / vLLM / llama.cpp / TensorRT-LLM command line (JSON flags "
    "such as --speculative-config parsed; TRT-LLM's --extra_llm_api_options YAML read)",
    decides="speculation is really on; JSON flags parse; llama.cpp -md without --spec-type "
    "(does not speculate) and removed --draft-* flags; what the engine will use",
    refs=("llama.cpp#24536", "SpecForge#741"),
)
def server_args(ctx: Context) -> Outcome:
    a = ctx.args
    if a is None:
        return skip("no --server-args")
    evs = [ev("server-args", "engine", f"{a.engine} (from {a.engine_from})")]
    for name, val in (
        ("method", a.method),
        ("draft", a.draft_path),
        ("target", a.target_path),
        ("steps", a.steps),
        ("topk", a.topk),
        ("num_draft_tokens", a.num_draft_tokens),
        ("max length", a.max_len),
    ):
        if val is not None:
            evs.append(ev("server-args", name, val))
    if a.problems:
        return Outcome(
            Status.FAIL,
            "; ".join(a.problems),
            tuple(evs),
            fix="fix the launch command (see the message)",
            impact=Impact(ImpactKind.COLLAPSE, None, "speculation is off or misconfigured"),
            details={"notes": list(a.notes)},
        )
    if a.engine is None:
        return Outcome(
            Status.WARN,
            "; ".join(a.notes) or "engine unknown",
            tuple(evs),
            fix="pass --engine, or the full command line",
        )
    if not a.method:
        return Outcome(
            Status.WARN,
            f"{a.engine}: no speculative method on the command line: the server does not speculate",
            tuple(evs),
            fix="add the speculative flags (e.g. --speculative-algorithm EAGLE3)",
        )
    if a.warnings:
        return Outcome(
            Status.WARN,
            "; ".join(a.warnings),
            tuple(evs),
            fix="use the current flag names",
            details={"notes": list(a.notes)},
        )
    return Outcome(
        Status.PASS,
        f"{a.engine} speculates with {a.method}" + (f"; {'; '.join(a.notes)}" if a.notes else ""),
        tuple(evs),
        details={"notes": list(a.notes)},
    )


@check(
    "synthetic-acceptance",
    "server_args",
    "synthetic acceptance (llama.cpp)",
    reads="--server-args (--spec-synthetic-acceptance-length/-rates, --spec-synth-rates), log "
    "lines warning that generated output is not valid",
    decides="the measured acceptance is a real one, not the synthetic rate the server was told",
    refs=("llama.cpp#27711",),
)
def synthetic(ctx: Context) -> Outcome:
    hits = [h for h in (ctx.logs.hits if ctx.logs else ()) if h.kind == "synthetic"]
    flag = ctx.args.synthetic if ctx.args else None
    if flag or hits:
        evs = [ev("server-args", flag, "set")] if flag else []
        evs += [ev("logs", f"{h.path}:{h.line_no}", h.text) for h in hits[:2]]
        return Outcome(
            Status.FAIL,
            "the server runs with synthetic acceptance: its accept length is the configured one, "
            "not the draft's, so nothing measured here judges the draft",
            tuple(evs),
            fix="remove the synthetic-acceptance flags and measure again",
            impact=Impact(ImpactKind.MEASUREMENT, None, "the observed number is not the draft's"),
        )
    if ctx.args is None and ctx.logs is None:
        return skip("no --server-args and no --logs")
    return Outcome(Status.PASS, "no synthetic-acceptance flag or log line")
