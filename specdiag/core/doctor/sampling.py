"""Sampling settings that change what acceptance means."""

from __future__ import annotations

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, passed, skip, warn


def _settings(ctx: Context) -> tuple[float | None, int | None, list[Evidence]]:
    evs: list[Evidence] = []
    t = ctx.inputs.temperature
    k = ctx.inputs.top_k
    if t is not None:
        evs.append(ev("flags", "--temperature", t))
    if k is not None:
        evs.append(ev("flags", "--top-k", k))
    if ctx.args is not None:
        if t is None and ctx.args.temperature is not None:
            t = ctx.args.temperature
            evs.append(ev("server-args", "temperature", t))
        if k is None and ctx.args.top_k is not None:
            k = ctx.args.top_k
            evs.append(ev("server-args", "top_k", k))
    return t, k, evs


@check("sampling")
def sampling(ctx: Context) -> Outcome:
    t, k, evs = _settings(ctx)
    if t is None and k is None:
        return skip(
            "the sampling settings are unknown (pass --temperature / --top-k, or --server-args)"
        )
    if t is not None and t > 0 and k == 1:
        return warn(
            f"top_k = 1 with temperature {t:g}: the run is greedy whatever the temperature, so "
            "its acceptance is the T=0 one, not the sampled one asked for",
            evs,
            cause="top-k-1",
        )
    if t is not None and t > 0:
        rej = ctx.args.rejection_sampling if ctx.args else None
        return warn(
            f"temperature {t:g}: training accuracy predicts greedy acceptance; with argmax "
            "drafting and rejection sampling at T > 0 acceptance is Σ min(p, q) per token, lower "
            "than the greedy figure" + (f" ({rej})" if rej else ""),
            evs,
            cause="sampled-vs-greedy",
        )
    return passed("greedy (temperature 0): acceptance is comparable with training accuracy", evs)
