"""Hidden-state checks through inspect-dump and compare-hidden."""

from __future__ import annotations

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads


@check("training-dump")
def training_dump(ctx: Context) -> Outcome:
    if not ctx.inputs.training_dump:
        return skip("no --training-dump")
    rep = ctx.training_report
    if rep is None:
        return skip("the training dump could not be read (see input problems)")
    files = [f for f in rep.files if f.error is None]
    said = f"{len(rep.files)} dump files, {len(rep.vocab)} vocab maps"
    evs: list[Evidence] = [ev("training-dump", ctx.inputs.training_dump, said)]
    problems = list(rep.problems)
    for f in rep.files:
        problems += [f"{f.path}: {p}" for p in f.problems]
        if f.error:
            problems.append(f"{f.path}: {f.error}")
    for v in rep.vocab:
        problems += [f"{v.path}: {p}" for p in v.problems]
    warns = sorted({w for f in files for w in f.warnings})
    r = Reads()
    h, hsrc = ctx.target_hidden(r)
    sizes = {f.hidden_size for f in files if f.hidden_size}
    if h is not None and sizes and sizes != {h}:
        problems.append(f"the dump's hidden size {sorted(sizes)} is not the target's {h} ({hsrc})")
    if files:
        f0 = files[0]
        said = f"{f0.feature_key} {f0.chunks} chunks of H={f0.hidden_size}, {f0.dtype}"
        evs.append(ev("training-dump", f0.path, said))
    ident = ctx.training_hf
    if ident and all(x is not None for x in ident) and 0 not in ident:
        # the layers were identified against the target (or --reference): that decides, not
        # the repeated-token heuristic (a model whose layers barely mix context fools it)
        kept = [w for w in warns if "like the embedding output" not in w]
        if len(kept) != len(warns):
            said = (
                f"chunks identified as HF indices {list(ident)}, none the embedding "
                "(the repeated-token heuristic's warning set aside)"
            )
            evs.append(ev("training-dump", ctx.training_file or ctx.inputs.training_dump, said))
            warns = kept
    confirm = (f"specdiag inspect-dump {ctx.inputs.training_dump}",)
    if not problems and (bad := unreadable(r, "the dump's hidden size against the target's")):
        return bad
    if problems:
        return fail("; ".join(problems[:5]), evs, cause="broken-dump-files", confirm=confirm)
    if warns:
        return warn("; ".join(warns[:4]), evs, cause="dump-layer-doubt", confirm=confirm)
    return passed(f"{len(files)} dump files consistent", tuple(evs), confirm=confirm)


@check("served-vs-training")
def served_vs_training(ctx: Context) -> Outcome:
    if not ctx.inputs.served_dump:
        return skip("no --served-dump")
    if not ctx.training_file:
        return skip("no readable --training-dump to compare with")
    res = ctx.served_compare
    ref = f" --reference {ctx.inputs.reference}" if ctx.inputs.reference else ""
    confirm = (f"specdiag compare-hidden {ctx.inputs.served_dump} {ctx.training_file}{ref}",)
    if res is None:
        return skip("compare-hidden could not run (see the inputs that could not be read)")
    said = f"{len(res.chunks)} chunks, {res.tokens_compared} tokens compared"
    evs = [ev("served-dump", ctx.inputs.served_dump, f"{said} ({res.alignment.status})")]
    for c in res.chunks:
        cos = c.cosine_mean if c.cosine_mean is not None else float("nan")
        layer = (
            f"identified layer {c.identified_layer} ({c.identified_by})"
            if c.identified_layer is not None
            else "not identified"
        )
        evs.append(ev("served-dump", f"chunk {c.index}", f"cosine {cos:.4f}, {layer}"))
    details = {"suggested_layer_ids": res.suggested_layer_ids, "findings": list(res.findings)}
    if res.match:
        return passed(
            "served hidden states match the training capture", evs, confirm=confirm, details=details
        )
    sug = res.suggested_layer_ids
    eng = ctx.engine if ctx.engine in sug else next(iter(sug), None)
    if ctx.draft is not None and ctx.draft.config is not None:
        fix = None  # the ids, per engine and version, are aux-layer-ids' fix: one fix, not two
    elif eng:
        fix = f"set the aux layer ids to {sug[eng]} ({eng}'s convention)"
    else:
        fix = "see compare-hidden's diagnosis"
    return fail(
        "; ".join(res.diagnosis[:3]) or "served hidden states differ from training",
        evs,
        cause="served-states-differ",
        fix=fix,
        confirm=confirm,
        details=details,
    )
