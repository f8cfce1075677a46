"""Identification: which layer each training chunk and each served chunk holds, and how sure
(the evidence, strongest first, is step 4 of docs/compare-hidden.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from specdiag.core.hidden.compare_results import (
    ChunkResult,
    CompareOptions,
    Confidence,
    IdentifiedBy,
    Tolerances,
    TrainingChunk,
)
from specdiag.core.hidden.compare_stats import Inputs, Summary
from specdiag.core.hidden.conventions import (
    CaptureEngine,
    describe_hf,
    engine_id_to_hf,
    trainer_id_to_hf,
)
from specdiag.core.hidden.inspect import EMBEDDING_COSINE, repeat_min_cosines

if TYPE_CHECKING:
    from specdiag.core.hidden.compare_stats import Floats

# an unmatched chunk within max(2 rtol, 0.1) relative L2 of a training chunk is called a near
# match (the same layer, noisier than the tolerance), not another layer: adjacent layers of
# the tests' model sit at 0.4-0.8, and a real model's (cosine 0.8-0.98) at about 0.2 or more
NEAR_FACTOR = 2.0
NEAR_MIN_REL = 0.1


def near_limit(tol: Tolerances) -> float:
    return max(NEAR_FACTOR * tol.rtol, NEAR_MIN_REL)


@dataclass(frozen=True)
class TrainingConflict:
    """The reference says training chunk ``index`` is HF index ``found``; --training-layers said ``claimed``."""

    index: int
    found: int
    cosine: float
    claimed: int


@dataclass(frozen=True)
class Identification:
    """Every chunk identified, with the pairings the diagnosis reads."""

    chunks: tuple[ChunkResult, ...]
    training: tuple[TrainingChunk, ...]
    matched: tuple[int | None, ...]  # served chunk -> the training chunk it equals
    near: tuple[int | None, ...]  # served chunk -> the training chunk it nearly equals
    served_cfg_hf: tuple[int, ...] | None  # HF indices the served config claims
    num_layers: int | None  # from the reference
    conflicts: tuple[TrainingConflict, ...]


@dataclass(frozen=True)
class _Context:
    inputs: Inputs
    summary: Summary
    tol: Tolerances
    matched: Sequence[int | None]
    near: Sequence[int | None]
    t_hf: Sequence[int | None]
    served_cfg_hf: Sequence[int] | None
    emb_min: Sequence[float]  # per served chunk; empty without repeated token ids
    emb_pairs: int
    num_layers: int | None


@dataclass(frozen=True)
class _Named:
    hf: int | None = None
    by: IdentifiedBy | None = None
    chunk: int | None = None  # with IdentifiedBy.TRAINING_CHUNK
    confidence: Confidence | None = None
    description: str = ""


def identify(
    inputs: Inputs, summary: Summary, opts: CompareOptions, tol: Tolerances
) -> Identification:
    """Name the layer of every training chunk, then of every served chunk."""
    cs, ct, h = inputs.served_chunks, inputs.training_chunks, inputs.hidden_size
    num_layers = inputs.reference_layers - 1 if inputs.reference is not None else None
    t_hf, t_src, conflicts = _training_layers(opts, summary, ct)
    engine_read = opts.engine or CaptureEngine.SGLANG
    served_cfg_hf = (
        tuple(engine_id_to_hf(i, engine_read) for i in opts.served_layers)
        if opts.served_layers is not None
        else None
    )
    matched, near = _pairings(summary, tol, cs, ct)
    # training chunks whose layer we learn from a matching served chunk + the served config
    if served_cfg_hf is not None:
        for i, jm in enumerate(matched):
            if jm is not None and t_hf[jm] is None:
                t_hf[jm], t_src[jm] = served_cfg_hf[i], "served match + --served-layers"
    al = inputs.alignment
    served_tokens = range(al.served_start, al.served_start + al.tokens)
    emb_min, emb_pairs = repeat_min_cosines(inputs.served, h, cs, served_tokens, 64)
    ctx = _Context(
        inputs, summary, tol, matched, near, t_hf, served_cfg_hf, emb_min, emb_pairs, num_layers
    )
    chunks = tuple(_chunk(i, ctx) for i in range(cs))
    training = tuple(  # index, layer (trainer id), HF index, source, RMS
        TrainingChunk(j, None if hfj is None else hfj - 1, hfj, t_src[j], float(summary.rms_t[j]))
        for j, hfj in enumerate(t_hf)
    )
    return Identification(
        chunks, training, tuple(matched), tuple(near), served_cfg_hf, num_layers, conflicts
    )


def _training_layers(
    opts: CompareOptions, summary: Summary, ct: int
) -> tuple[list[int | None], list[str | None], tuple[TrainingConflict, ...]]:
    """Training chunks: their HF index from --training-layers, overruled by the reference."""
    import numpy as np

    t_hf: list[int | None] = [None] * ct
    t_src: list[str | None] = [None] * ct
    conflicts: list[TrainingConflict] = []
    if opts.training_layers is not None:
        for j, lid in enumerate(opts.training_layers):
            t_hf[j], t_src[j] = trainer_id_to_hf(lid), "--training-layers"
    tref = summary.tref_sim
    if tref is not None:
        for j in range(ct):
            best = int(np.argmax(tref[j]))
            claimed = t_hf[j]
            if claimed is not None and claimed != best:
                conflicts.append(TrainingConflict(j, best, float(tref[j, best]), claimed))
            t_hf[j], t_src[j] = best, "reference"
    return t_hf, t_src, tuple(conflicts)


def _pairings(
    summary: Summary, tol: Tolerances, cs: int, ct: int
) -> tuple[list[int | None], list[int | None]]:
    """Served chunk -> the training chunk it equals (or nearly equals: noisier than allowed)."""
    import numpy as np

    acc, sim, x_rel, x_min = summary.acc, summary.sim, summary.x_rel, summary.x_min

    def pair_match(i: int, j: int) -> bool:
        # judged on the finite tokens: a few NaN/Inf values fail the chunk's match (below)
        # but do not make it another layer
        return bool(
            acc.n > 0
            and acc.x_n[i, j] > 0
            and x_rel[i, j] <= tol.rtol
            and x_min[i, j] >= tol.min_cosine
        )

    matched: list[int | None] = []
    near: list[int | None] = []
    limit = near_limit(tol)
    for i in range(cs):
        cands = [j for j in range(ct) if pair_match(i, j)]
        jm = max(cands, key=lambda j: sim[i, j]) if cands else None
        jn = int(np.argmax(sim[i])) if ct and acc.n else None
        close = jm is None and jn is not None and acc.x_n[i, jn] > 0 and x_rel[i, jn] <= limit
        matched.append(jm)
        near.append(jn if close else None)
    return matched, near


def _chunk(i: int, ctx: _Context) -> ChunkResult:
    """Served chunk i against training chunk i (on the tokens they share), and its layer."""
    import numpy as np

    acc, tol, sim, x_rel = ctx.summary.acc, ctx.tol, ctx.summary.sim, ctx.summary.x_rel
    h, served_start = ctx.inputs.hidden_size, ctx.inputs.alignment.served_start
    aligned = i < acc.m
    tokens_i = acc.tokens[i] if aligned else 0
    measured = aligned and tokens_i > 0
    max_abs = float(acc.max_abs[i]) if measured else None
    rel = float(math.sqrt(acc.sum_d2[i] / max(acc.sum_t2[i], 1e-300))) if measured else None
    cos_min = float(acc.cos_min[i]) if measured else None
    nf_s = int(acc.nf_s[i])
    nf_t = int(acc.nf_t[i]) if aligned else 0
    limit = tol.atol_for(float(acc.max_t[i])) if aligned else math.inf
    # a chunk matches when it was measured and misses none of the bounds
    fails = _failures(rel, cos_min, max_abs, nf_s or nf_t, tol, limit) if measured else ()
    ok = bool(measured and not fails)
    best_j = int(np.argmax(sim[i])) if sim.shape[1] and acc.n else None  # sim: [cs, ct]
    named = _name(i, ctx)
    desc = named.description
    if nf_s:
        desc += f"; {nf_s} NaN/Inf value(s) in the served chunk"
    if nf_t:
        desc += f"; {nf_t} NaN/Inf value(s) in training chunk {i}"
    return ChunkResult(
        index=i,
        max_abs_diff=max_abs,
        mean_abs_diff=float(acc.sum_abs[i] / (tokens_i * h)) if measured else None,
        rel_l2=rel,
        cosine_mean=float(acc.cos_sum[i] / tokens_i) if measured else None,
        cosine_min=cos_min,
        worst_token=int(acc.worst[i]) + served_start if measured else None,
        match=ok,
        best_train_chunk=best_j,
        best_cosine=float(sim[i, best_j]) if best_j is not None else None,
        best_rel_l2=float(x_rel[i, best_j]) if best_j is not None else None,
        identified_layer=(named.hf - 1) if named.hf is not None else None,
        identified_hf_index=named.hf,
        identified_by=named.by,
        confidence=named.confidence,
        rms=float(ctx.summary.rms_s[i]),
        nonfinite=nf_s,
        nonfinite_training=nf_t,
        token=None,
        tolerance_failures=fails,
        description=desc,
        identified_chunk=named.chunk,
    )


def _failures(
    rel: float | None,
    cos_min: float | None,
    max_abs: float | None,
    nonfinite: int,
    tol: Tolerances,
    limit: float,
) -> tuple[str, ...]:
    """The bounds a non-matching chunk misses, in words."""
    fails: list[str] = []
    if nonfinite:
        fails.append("NaN/Inf")
    if rel is not None and rel > tol.rtol:
        fails.append(f"relative L2 {rel:.3g} > {tol.rtol:.3g}")
    if cos_min is not None and cos_min < tol.min_cosine:
        fails.append(f"worst-token cosine {cos_min:.6g} < {tol.min_cosine:.6g}")
    if max_abs is not None and max_abs > limit:
        fails.append(f"max |diff| {max_abs:.3g} > {limit:.3g}")
    return tuple(fails)


def _name(i: int, ctx: _Context) -> _Named:
    """The layer of served chunk i from the strongest evidence there is."""
    summary, tol = ctx.summary, ctx.tol
    if summary.ref_sim is not None and summary.tokens:
        return _by_reference(i, ctx)
    jm = ctx.matched[i]
    if jm is not None:
        hf = ctx.t_hf[jm]
        desc = f"equals training chunk {jm}" + (f" ({describe_hf(hf)})" if hf is not None else "")
        return _Named(hf, IdentifiedBy.TRAINING_CHUNK, jm, Confidence.HIGH, desc)
    if ctx.emb_min and ctx.emb_min[i] >= EMBEDDING_COSINE:
        return _Named(
            0,
            IdentifiedBy.FINGERPRINT,
            None,
            Confidence.HIGH if ctx.emb_pairs >= 3 else Confidence.MEDIUM,
            f"the embedding output: rows of repeated tokens are identical ({ctx.emb_pairs} "
            f"pair(s)), which no decoder layer output does",
        )
    jn = ctx.near[i]
    if jn is not None:
        desc = near_text(jn, summary.x_rel[i, jn], summary.sim[i, jn], tol.rtol)
        return _Named(ctx.t_hf[jn], IdentifiedBy.TRAINING_CHUNK, jn, Confidence.MEDIUM, desc)
    row = summary.sim[i] if summary.sim.shape[1] else None
    desc = depth_hint(summary.rms_s[i], summary.rms_t, ctx.t_hf, row)
    if ctx.served_cfg_hf is not None:
        hf = ctx.served_cfg_hf[i]
        desc += f"; the served config says {describe_hf(hf)} (not verified)"
        return _Named(hf, IdentifiedBy.SERVED_CONFIG, None, Confidence.LOW, desc)
    return _Named(description=desc)


def _by_reference(i: int, ctx: _Context) -> _Named:
    import numpy as np

    summary, tol = ctx.summary, ctx.tol
    assert summary.ref_sim is not None and summary.ref_rel is not None
    order = np.argsort(-summary.ref_sim[i])
    hf = int(order[0])
    second = float(summary.ref_sim[i, order[1]]) if len(order) > 1 else -1.0
    top = float(summary.ref_sim[i, hf])
    if summary.ref_rel[i, hf] <= tol.rtol and top >= 1 - 2 * tol.rtol**2:
        conf = Confidence.HIGH
    elif top - second >= 0.05:
        conf = Confidence.MEDIUM
    else:
        conf = Confidence.LOW
    desc = (
        f"is {describe_hf(hf, ctx.num_layers)} (reference cosine {top:.4f}, next best {second:.4f})"
    )
    jm, jn = ctx.matched[i], ctx.near[i]
    if jm is not None:
        desc += f" and equals training chunk {jm}"
    elif jn is not None:
        desc += "; " + near_text(jn, summary.x_rel[i, jn], summary.sim[i, jn], tol.rtol)
    elif summary.sim.shape[1]:
        desc += "; no training chunk matches"
    return _Named(hf, IdentifiedBy.REFERENCE, None, conf, desc)


def depth_hint(
    rms: float, rms_t: Floats, t_hf: Sequence[int | None], sim_row: Floats | None
) -> str:
    """Where an unmatched chunk probably sits, from its norm (the residual stream grows with depth)."""
    parts = ["matches no training chunk"]
    if sim_row is not None and len(sim_row):
        j = int(max(range(len(sim_row)), key=lambda k: sim_row[k]))
        c = float(sim_row[j])
        if c >= 0.5:
            rel = "lower" if rms < rms_t[j] else "higher"
            where = "earlier" if rms < rms_t[j] else "later"
            parts.append(
                f"closest to training chunk {j} (cosine {c:.3f}, RMS {rms:.3g} vs {rms_t[j]:.3g}, "
                f"{rel}): probably a neighbouring, {where} layer (low confidence; pass --reference "
                "to be sure)"
            )
    known = sorted((float(rms_t[j]), h) for j, h in enumerate(t_hf) if h is not None)
    if known and rms < known[0][0] * 0.5:
        parts.append(
            f"its RMS {rms:.3g} is below every training chunk's ({known[0][0]:.3g} at "
            f"{describe_hf(known[0][1])}): an early layer or the embedding (low confidence)"
        )
    return "; ".join(parts)


def near_text(j: int, rel: float, cos: float, rtol: float) -> str:
    return (
        f"is close to training chunk {j} (relative L2 {rel:.3g} > tolerance {rtol:.3g}, mean "
        f"cosine {cos:.4f}): probably the same layer with more numeric noise than the tolerance "
        "allows (other kernels, a quantized target); raise --rtol if that is expected "
        "(--reference tells it from an adjacent layer)"
    )


def any_close(chunks: Sequence[ChunkResult], tol: Tolerances) -> bool:
    """Whether any served chunk is near some training chunk (a match or a near match)."""
    near = near_limit(tol)
    return any(c.best_rel_l2 is not None and c.best_rel_l2 <= near for c in chunks)
