"""The draft's reduced vocabulary: d2t / t2d present, in range, in the offset convention."""

from __future__ import annotations

from pathlib import Path

from specdiag.core.doctor.checkpoint import load_small_tensor
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Status
from specdiag.core.doctor.registry import Outcome, check, ev, fail, found, passed, skip, unreadable
from specdiag.core.doctor.typed import Reads


def _target_vocab(ctx: Context, r: Reads) -> tuple[int | None, str | None]:
    for m, said in ((ctx.target, ""), (ctx.draft, " (the target's, by EAGLE-3 convention)")):
        if m is not None and (v := r.integer(m, "vocab_size")) is not None:
            return v, f"{m.path}/config.json: vocab_size{said}"
    return None, None


@check("d2t-t2d")
def d2t_t2d(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None:
        return skip("no --draft to read")
    if d.config is None:
        return skip("the draft's config.json could not be read")
    r = Reads()
    dv = r.integer(d, "draft_vocab_size")
    v, vsrc = _target_vocab(ctx, r)
    if (bad := unreadable(r, "the vocabulary map")) is not None:
        return bad
    evs: list[Evidence] = []
    if isinstance(dv, int):
        evs.append(ev("draft", f"{d.path}/config.json: draft_vocab_size", dv))
    if v is not None and vsrc:
        who = "target" if ctx.target is not None and vsrc.startswith(ctx.target.path) else "draft"
        evs.append(ev(who, vsrc, v))
    if not isinstance(dv, int):
        lm = (d.tensors or {}).get("lm_head.weight")
        if lm is not None and lm.shape:
            dv = lm.shape[0]
            evs.append(
                ev("draft", f"{d.path}/{lm.file}: lm_head.weight", f"shape {list(lm.shape)}")
            )
    if not isinstance(dv, int) or v is None:
        return skip("draft_vocab_size or the target vocab size is unknown")
    if d.tensors is None:
        return skip("the draft weights could not be listed")
    d2t, t2d = d.tensors.get("d2t"), d.tensors.get("t2d")
    vm = sorted(Path(d.path).glob("vocab_mapping*.pt"))
    if dv >= v and d2t is None and t2d is None:
        return passed(f"draft vocabulary = target vocabulary ({dv}): no map needed", evs)
    if d2t is None or t2d is None:
        if vm:
            from specdiag.core.hidden.inspect import inspect_vocab

            rep = inspect_vocab(str(vm[0]))
            said = "ok" if rep.ok else "; ".join(rep.problems) or str(rep.error)
            evs.append(ev("draft", str(vm[0]), said))
            return fail(
                f"draft vocabulary {dv} < target {v} and the weights carry no "
                f"{'d2t' if d2t is None else 't2d'}; a separate {vm[0].name} exists, which engines "
                "do not read from the checkpoint",
                evs,
                cause="vocab-map-separate",
            )
        return fail(
            f"draft vocabulary {dv} < target {v} but the weights have no "
            f"{' and no '.join(x for x, t in (('d2t', d2t), ('t2d', t2d)) if t is None)}: engines then "
            "treat draft id i as target id i (the first Dv ids), so most drafts are wrong",
            evs,
            cause="no-vocab-map",
            confirm=(f"specdiag inspect-dump {vm[0]}",) if vm else (),
        )
    problems: list[str] = []
    for name, meta, size in (("d2t", d2t, dv), ("t2d", t2d, v)):
        shape = list(meta.shape or ())
        evs.append(ev("draft", f"{d.path}/{meta.file}: {name}", f"shape {shape} {meta.dtype}"))
        if meta.shape is not None and tuple(meta.shape) != (size,):
            problems.append(f"{name} has shape {shape}, expected [{size}]")
    a = load_small_tensor(d, "d2t")
    b = load_small_tensor(d, "t2d")
    if a is not None and not problems:
        import numpy as np

        a = np.asarray(a).astype(np.int64).reshape(-1)
        idx = np.arange(a.shape[0])
        tgt = idx + a
        if a.shape[0] > 1 and bool((a == idx).all()):
            problems.append(
                "d2t equals arange: it holds target ids where offsets belong, so draft id i maps "
                "to 2i (the convention is target = i + d2t[i])"
            )
        elif dv < v and bool((a == 0).all()):
            problems.append(
                "d2t is all zero: every draft id maps to the same id (the first-N-ids fallback)"
            )
        elif int(tgt.min()) < 0 or int(tgt.max()) >= v:
            problems.append(
                f"i + d2t[i] leaves the target vocabulary 0..{v - 1} (min {int(tgt.min())}, max {int(tgt.max())})"
            )
        if b is not None:
            bb = np.asarray(b).astype(bool).reshape(-1)
            if int(bb.sum()) != dv:
                problems.append(f"t2d marks {int(bb.sum())} target ids, d2t maps {dv}")
            elif not problems and not bool(bb[tgt].all()):
                problems.append("d2t and t2d disagree: mapped target ids are not all marked in t2d")
        evs.append(ev("draft", "d2t values", f"target ids {int(tgt.min())}..{int(tgt.max())}"))
    elif a is None:
        return found(
            Status.WARN if not problems else Status.FAIL,
            "; ".join(problems)
            or "d2t and t2d present with the right shapes; their values could not be read",
            evs,
        )
    if problems:
        return fail("; ".join(problems), evs, cause="vocab-map-wrong")
    return passed(
        f"d2t/t2d map {dv} draft ids into the {v}-token target vocabulary as offsets", evs
    )
