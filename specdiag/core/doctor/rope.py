"""RoPE and position limits: draft against target against the served maximum length."""

from __future__ import annotations

from typing import Any

from specdiag.core.doctor.checkpoint import ModelDir
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads, server_length


def _rope(r: Reads, m: ModelDir) -> tuple[float | None, Any]:
    params = r.mapping(m, "rope_parameters")
    theta = r.number(m, "rope_theta", lo=1e-6, hi=1e15)
    scaling = r.mapping(m, "rope_scaling")
    if params is not None:  # transformers 5.x
        if theta is None and params.get("rope_theta") is not None:
            theta = r.number(m, "rope_theta", lo=1e-6, hi=1e15, source=params)
        typ = params.get("rope_type")
        if scaling is None and typ not in (None, "default"):
            scaling = {k: v for k, v in params.items() if k != "rope_theta"}
    if (
        isinstance(scaling, dict)
        and scaling.get("rope_type", scaling.get("type")) in (None, "default")
        and len(scaling) <= 1
    ):
        scaling = None
    return theta, scaling


def served_max_len(ctx: Context) -> tuple[int | None, str | None]:
    if ctx.server is not None:
        info = ctx.server.server_info
        length = server_length(info, "context_length")
        if length is not None:
            return length, f"{ctx.server.url}/server_info: context_length"
        if ctx.server.max_model_len:
            return ctx.server.max_model_len, f"{ctx.server.url}/v1/models: max_model_len"
    if ctx.args is not None and ctx.args.max_len:
        return ctx.args.max_len, f"--server-args {ctx.args.max_len_flag}"
    return None, None


@check("rope-positions")
def rope_positions(ctx: Context) -> Outcome:
    d, t = ctx.draft, ctx.target
    if d is None or d.config is None:
        return skip("no readable draft config.json")
    r = Reads()
    dmax = r.integer(d, "max_position_embeddings")
    dtheta, dscale = _rope(r, d)
    evs: list[Evidence] = [ev("draft", f"{d.path}/config.json: max_position_embeddings", dmax)]
    problems: list[str] = []
    warns: list[str] = []
    served, ssrc = served_max_len(ctx)
    if served is not None and ssrc:
        evs.append(ev("server" if ssrc.startswith("http") else "server-args", ssrc, served))
    if t is not None and t.config is not None:
        tmax = r.integer(t, "max_position_embeddings")
        ttheta, tscale = _rope(r, t)
    else:
        tmax, ttheta, tscale = None, None, None
    if (bad := unreadable(r, "the positions and RoPE check")) is not None:
        return bad
    if t is not None and t.config is not None:
        evs.append(ev("target", f"{t.path}/config.json: max_position_embeddings", tmax))
        evs.append(ev("draft", "rope_theta / scaling", f"{dtheta} / {dscale}"))
        evs.append(ev("target", "rope_theta / scaling", f"{ttheta} / {tscale}"))
        if (
            dtheta is not None
            and ttheta is not None
            and abs(dtheta - ttheta) > 1e-6 * max(1.0, ttheta)
        ):
            problems.append(f"rope_theta differs: draft {dtheta:g}, target {ttheta:g}")
        if (tscale is None) != (dscale is None):
            problems.append(
                f"rope scaling differs: draft {dscale}, target {tscale} (dropped when the draft "
                "config was converted?): acceptance decays with context"
            )
        elif isinstance(dscale, dict) and isinstance(tscale, dict) and dscale != tscale:
            warns.append(f"rope scaling parameters differ: draft {dscale}, target {tscale}")
        if isinstance(dmax, int) and isinstance(tmax, int) and dmax < tmax and served is None:
            warns.append(
                f"the draft's max_position_embeddings {dmax} is below the target's {tmax}: prompts "
                f"beyond {dmax} tokens collapse acceptance"
            )
    if isinstance(dmax, int) and served is not None and served > dmax and dscale is None:
        problems.append(
            f"the server accepts {served} tokens but the draft knows positions up to {dmax} "
            "(no rope scaling): acceptance collapses on longer contexts"
        )
    a = ctx.args
    overrides = str(a.hf_overrides) if a is not None and a.hf_overrides else ""
    mtp = a is not None and "mtp" in (a.method or "").lower()
    if mtp and ("rope_scaling" in overrides or "rope_parameters" in overrides):
        warns.append(
            "--hf-overrides sets rope scaling and the draft is MTP: vLLM's MTP draft ignored "
            "--hf-overrides (vllm#58080) and proposes dummy token 0 past its max_model_len"
        )
    if dmax is None and t is None and served is None:
        return skip("no max_position_embeddings in the draft and nothing to compare with")
    if problems:
        return fail("; ".join(problems + warns), evs, cause="rope-mismatch")
    if warns:
        return warn("; ".join(warns), evs, cause="rope-doubt")
    return passed("draft positions and RoPE agree with the target and the served length", evs)
