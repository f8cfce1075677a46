"""MTP (native multi-token prediction) weights present in the target checkpoint."""

from __future__ import annotations

import re

from specdiag.core.datafiles import document
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Status
from specdiag.core.doctor.registry import Outcome, check, ev, fail, found, passed, skip, unreadable
from specdiag.core.doctor.typed import MAX_LAYERS, Reads


def _uses_mtp(ctx: Context) -> bool | None:
    methods = ctx.methods()
    if not methods:
        return None
    mtp = document("specdiag.core.doctor", "engine_flags.json")["mtp_methods"]
    return any(any(m.startswith(x) or x in m for x in mtp) for m in methods)


@check("mtp-weights")
def mtp_weights(ctx: Context) -> Outcome:
    hits = ctx.hits("mtp-missing")
    if hits:
        return fail(
            f"the server log says draft/MTP weights are missing: {hits[0].text}",
            (h.evidence() for h in hits[:3]),
            cause="mtp-weights-missing-log",
        )
    t = ctx.target
    uses = _uses_mtp(ctx)
    if t is None or t.config is None:
        return skip("no readable --target config.json")
    r = Reads()
    k = r.integer(
        t, "num_nextn_predict_layers", "mtp_num_hidden_layers", "num_mtp_layers", lo=0, hi=64
    )
    n = r.integer(t, "num_hidden_layers", hi=MAX_LAYERS)
    if (bad := unreadable(r, "the MTP layers")) is not None:
        return bad
    if k is None or k <= 0:
        if uses:
            return fail(
                "the server speculates with MTP but the target config declares no MTP layers "
                "(num_nextn_predict_layers / mtp_num_hidden_layers)",
                (ev("target", f"{t.path}/config.json", "no num_nextn_predict_layers"),),
                cause="mtp-not-declared",
            )
        return skip("the target declares no MTP layers and nothing says MTP is used")
    if t.tensors is None:
        return skip("the target's weight names could not be listed (no index, no safetensors)")
    names = list(t.tensors)
    missing = []
    for i in range(k):
        pats = []
        if isinstance(n, int):
            pats.append(re.compile(rf"(^|\.)layers\.{n + i}\."))
        pats.append(re.compile(rf"(^|\.)mtp\.(layers\.)?{i}\.|(^|\.)mtp\."))
        if not any(p.search(x) for p in pats for x in names):
            missing.append(n + i if isinstance(n, int) else i)
    evs = (
        ev("target", f"{t.path}/config.json: num_nextn_predict_layers", k),
        ev("target", t.weights_source or "weights", f"{len(names)} tensor names"),
    )
    if missing:
        return found(
            Status.FAIL if uses is not False else Status.WARN,
            f"MTP layer(s) {missing} declared but no tensor of them in the checkpoint "
            "(vLLM >= PR #35548 refuses to start; older engines draft with random weights: 0% acceptance)",
            evs,
            cause="mtp-layers-missing",
        )
    return passed(f"{k} MTP layer(s) present in the checkpoint", evs)
