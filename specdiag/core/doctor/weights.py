"""The draft's weights against its config: fc, norms, lm_head (names and shapes only)."""

from __future__ import annotations

from specdiag.core.doctor.checkpoint import TensorMeta
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads


@check("draft-shapes")
def draft_shapes(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None:
        return skip("no --draft to read")
    if d.tensors is None:
        return skip("the draft weights could not be listed")
    if d.config is None:
        return skip("the draft's config.json could not be read")
    t = d.tensors
    r = Reads()
    hd = r.integer(d, "hidden_size")
    dv = r.integer(d, "draft_vocab_size", "vocab_size")
    if (bad := unreadable(r, "the weights' shapes")) is not None:
        return bad
    problems: list[str] = []
    evs: list[Evidence] = []
    unknown = [n for n, m in t.items() if m.shape is None]
    lm = t.get("lm_head.weight")
    if lm is None:
        problems.append(
            "no lm_head.weight: the draft cannot produce tokens (a target with tied embeddings does; a draft head must ship its own)"
        )
    elif lm.shape is not None:
        evs.append(ev("draft", f"{d.path}/{lm.file}: lm_head.weight", f"shape {list(lm.shape)}"))
        if isinstance(dv, int) and lm.shape[0] != dv:
            problems.append(f"lm_head.weight has {lm.shape[0]} rows, draft_vocab_size is {dv}")
        if isinstance(hd, int) and len(lm.shape) == 2 and lm.shape[1] != hd:
            problems.append(f"lm_head.weight has {lm.shape[1]} columns, hidden_size is {hd}")
    fc = t.get("fc.weight")
    arch = (d.arch() or "").lower()
    if "eagle" in arch:
        if fc is None:
            problems.append(
                "no fc.weight: an EAGLE-3 head folds the target's aux states through fc"
            )
        elif fc.shape is not None:
            evs.append(ev("draft", f"{d.path}/{fc.file}: fc.weight", f"shape {list(fc.shape)}"))
            if isinstance(hd, int) and fc.shape[0] != hd:
                problems.append(f"fc.weight has {fc.shape[0]} rows, hidden_size is {hd}")
        if not any(n.startswith(("midlayer.", "model.layers.", "layers.")) for n in t):
            problems.append("no decoder layer (midlayer.* / model.layers.*) in the weights")
    if not any(n in t for n in ("norm.weight", "model.norm.weight")):
        problems.append("no final norm (norm.weight)")
    if problems:
        return fail("; ".join(problems), evs, cause="draft-tensors-wrong")
    note = f" ({len(unknown)} tensors known by name only)" if unknown else ""
    if hd is None and dv is None:
        note += " (config.json names no hidden_size or vocab size: widths not compared)"
    return passed(f"{len(t)} tensors; fc, lm_head and norms match config.json{note}", tuple(evs))


def _norm_tensors(t: dict[str, TensorMeta], width: int | None) -> list[str]:
    out = []
    for n, m in t.items():
        if (
            "norm" in n
            and not n.startswith(("midlayer.", "model.layers.", "layers."))
            and n not in ("norm.weight", "model.norm.weight")
        ) and (width is None or (m.shape is not None and tuple(m.shape) == (width,))):
            out.append(n)
    return out


@check("norm-before-fc")
def norm_before_fc(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None:
        return skip("no --draft to read")
    if d.tensors is None or d.config is None:
        return skip("the draft's config.json or weights could not be read")
    fc = d.tensors.get("fc.weight")
    width = fc.shape[1] if fc is not None and fc.shape and len(fc.shape) == 2 else None
    r = Reads()
    nbf = r.flag(d, "norm_before_fc")
    fcn = r.flag(d, "fc_norm")
    if (bad := unreadable(r, "the norm-before-fc check")) is not None:
        return bad
    evs = [
        ev("draft", f"{d.path}/config.json: {k}", v)
        for k, v in (("norm_before_fc", nbf), ("fc_norm", fcn))
        if v is not None
    ]
    wide = _norm_tensors(d.tensors, width) if width else []
    if width is None:
        return skip("no fc.weight shape to size the norm against")
    h, _ = ctx.target_hidden(r)
    if (bad := unreadable(r, "the norm-before-fc check")) is not None:
        return bad
    if nbf is True:
        if not wide:
            return fail(
                f"norm_before_fc is true but no [{width}] norm weight is in the checkpoint: the "
                "engine normalises with a default (ones) weight or fails to load",
                evs,
                cause="pre-fc-norm-missing",
            )
        evs.append(ev("draft", "weights", ", ".join(wide)))
        return passed(
            f"norm_before_fc with {wide[0]} [{width}]; check that the engine version honours it "
            "(SGLang ignored it before sglang#32334)",
            evs,
        )
    if fcn is True:
        per = _norm_tensors(d.tensors, h) if h else []
        if not per:
            return fail(
                f"fc_norm is true but no per-chunk [{h}] norm weights are in the checkpoint",
                evs,
                cause="fc-norm-missing",
            )
        return passed(f"fc_norm with {len(per)} per-chunk norms", evs)
    if wide:
        evs.append(ev("draft", "weights", ", ".join(wide)))
        return warn(
            f"the checkpoint has a [{width}] norm before fc ({wide[0]}) but config.json does not "
            "set norm_before_fc: engines that follow the flag skip this norm",
            evs,
            cause="norm-flag-unset",
        )
    return passed("no pre-fc norm in config or weights (plain EAGLE-3)", evs)
