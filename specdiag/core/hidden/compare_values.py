"""Served numbers given as text (``--values``): find each snippet inside the training tensor (and
the reference); where it is compared and with what tolerance: docs/compare-hidden.md."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from specdiag.core.hidden.compare_align import as_stack, hidden_sizes
from specdiag.core.hidden.compare_diagnosis import MIN_VALUES_HIGH, ValuesFacts, diagnose_values
from specdiag.core.hidden.compare_results import (
    AlignmentStatus,
    ChunkResult,
    CompareMode,
    CompareOptions,
    CompareResult,
    Confidence,
    IdentifiedBy,
    TokenAlignment,
    Tolerances,
)
from specdiag.core.hidden.compare_stats import OVERFLOW
from specdiag.core.hidden.compare_tolerance import default_tolerances, effective_dtype
from specdiag.core.hidden.conventions import describe_hf, trainer_id_to_hf
from specdiag.core.hidden.loading import Dump, require_torch
from specdiag.core.hidden.values import ValueSnippet
from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from torch import Tensor


@dataclass(frozen=True)
class _Search:
    """Where a snippet fits best, per source."""

    best: dict[str, tuple[float, int, int, Tensor]]  # source -> (excess, token, chunk, slice)
    count: dict[str, int]  # matching slices
    per_chunk_best: dict[str, list[float]]  # smallest max |diff| per chunk
    chunk_hits: dict[str, set[int]] = field(default_factory=dict)  # chunks with a match


@dataclass(frozen=True)
class _Found:
    chunk: ChunkResult
    training_row: tuple[float, ...]  # smallest max |diff| per training chunk
    reference_row: tuple[float, ...] | None  # ... per reference layer


@dataclass(frozen=True)
class _Setup:
    tol: Tolerances
    hidden_size: int
    tokens: range
    sources: tuple[tuple[str, Dump], ...]  # ("training" | "reference", its dump)


def compare_values(
    snippets: Sequence[ValueSnippet],
    training: Dump,
    options: CompareOptions | None = None,
    *,
    reference: Dump | None = None,
) -> CompareResult:
    """Find each snippet inside the training tensor (and the reference): which chunk, which token."""
    require_torch()
    opts = options or CompareOptions()
    tdt, tnote = effective_dtype(training)
    tol = default_tolerances(tdt, tdt, rtol=opts.rtol, atol=opts.atol, min_cosine=opts.min_cosine)
    ht, _, notes = hidden_sizes(training, training, opts, reference)  # no served tensor here
    if tnote:
        notes.append(f"training: {tnote}")
    setup = _setup(training, reference, opts, tol, ht)
    found = [_snippet(si, snip, setup, opts) for si, snip in enumerate(snippets)]
    chunks = tuple(f.chunk for f in found)
    match, diag = diagnose_values(
        ValuesFacts(
            chunks=chunks,
            names=tuple(s.name for s in snippets),
            sizes=tuple(len(s.values) for s in snippets),
            opts=opts,
            slices=len(setup.tokens) * (training.width // ht),
        )
    )
    nt, tokens = training.valid_tokens, setup.tokens
    status = AlignmentStatus.OFFSET if opts.offset is not None else AlignmentStatus.UNAVAILABLE
    desc = (
        f"values compared at training position {opts.offset}"
        if opts.offset is not None
        else f"values searched over all {nt} training positions"
    )
    al = TokenAlignment(status, 0, opts.offset or 0, len(tokens), 0, nt, description=desc)
    return CompareResult(
        match=match,
        mode=CompareMode.VALUES,
        tokens_compared=len(tokens),
        hidden_size=ht,
        served_hidden_size=None,
        served_dtype="text",
        training_dtype=training.dtype,
        tolerances=tol,
        alignment=al,
        chunks=chunks,
        similarity=tuple(f.training_row for f in found),
        reference_similarity=tuple(f.reference_row for f in found if f.reference_row) or None,
        findings=diag.findings,
        diagnosis=diag.lines,
        engine=opts.engine.value if opts.engine else None,
        served_layers=opts.served_layers,
        training_layers=opts.training_layers,
        suggested_layer_ids=diag.suggestions,
        notes=tuple(notes),
    )


def _setup(
    training: Dump, reference: Dump | None, opts: CompareOptions, tol: Tolerances, ht: int
) -> _Setup:
    nt = training.valid_tokens
    if opts.offset is not None and not 0 <= opts.offset < nt:
        raise UsageError(
            f"--offset {opts.offset} is outside the training sample (0..{nt - 1})",
            hint="with --values, --offset is the training position to compare (leave it out to "
            "search every position)",
        )
    tokens = range(opts.offset, opts.offset + 1) if opts.offset is not None else range(nt)
    sources = [("training", training)]
    if reference is not None:
        ref = as_stack(reference, ht)
        if ref.num_tokens < tokens.stop:
            raise InputError(
                f"{reference.source}: fewer tokens than the training sample",
                hint="the reference must cover the training sample's tokens",
            )
        sources.append(("reference", ref))
    return _Setup(tol, ht, tokens, tuple(sources))


def _search(snip: ValueSnippet, setup: _Setup) -> _Search:
    """Every slice of every source against the snippet, in blocks of tokens."""
    torch = require_torch()
    k, ht, tol, tokens = len(snip.values), setup.hidden_size, setup.tol, setup.tokens
    v = torch.tensor(snip.values, dtype=torch.float32)
    ptol = torch.tensor(snip.print_tolerance, dtype=torch.float32)
    out = _Search(best={}, count={}, per_chunk_best={})
    span = k > ht
    for name, src in setup.sources:
        nch = src.width // ht
        if span and k > src.width:
            raise UsageError(
                f"--values {snip.name}: {k} values, more than a row of {src.width}",
                hint="give the values of one token (at most one row of the training tensor)",
            )
        cbest = [math.inf] * nch
        hits = 0
        bt = max(1, (1 << 20) // src.width)
        for a in range(tokens.start, tokens.stop, bt):
            b = min(tokens.stop, a + bt)
            rows = src.block(a, b)  # [n, W]
            n = b - a
            grid = rows.unsqueeze(1) if span else rows.view(n, nch, ht)  # [n, slices, row]
            x = grid[:, :, :k]
            rms = grid.pow(2).mean(-1, keepdim=True).sqrt()
            # a row with NaN/Inf or overflowing values matches nothing (an infinite RMS
            # would allow any difference)
            rms = torch.where(rms <= OVERFLOW, rms, torch.full_like(rms, math.nan))
            # kernel noise is relative to the value and to the row's scale (rounding
            # errors accumulate through the matmuls that produced the row)
            allowed = ptol + (tol.atol if tol.atol is not None else tol.rtol * (x.abs() + rms))
            diff = (v - x).abs()
            excess = torch.nan_to_num((diff - allowed).amax(-1), nan=math.inf)  # [n, nch']
            dmax = torch.nan_to_num(diff.amax(-1), nan=math.inf)
            hits += int((excess <= 0).sum())
            flat = excess.reshape(-1)
            idx = int(flat.argmin())
            val = float(flat[idx])
            width = x.shape[1]
            emin = dmax.amin(0).tolist()  # one entry per chunk, or one for a whole-row snippet
            cbest[: len(emin)] = map(min, cbest, emin)
            hit_chunks = [c for c, hit in enumerate((excess <= 0).any(0).tolist()) if hit]
            out.chunk_hits.setdefault(name, set()).update(hit_chunks)
            if name not in out.best or val < out.best[name][0]:
                out.best[name] = (
                    val,
                    a + idx // width,
                    idx % width,
                    x[idx // width, idx % width].clone(),
                )
        out.count[name] = hits
        out.per_chunk_best[name] = cbest
    return out


def _snippet(si: int, snip: ValueSnippet, setup: _Setup, opts: CompareOptions) -> _Found:
    """One snippet: where it fits best, what layer that is, and how sure."""
    torch = require_torch()
    found = _search(snip, setup)
    k, ht = len(snip.values), setup.hidden_size
    v = torch.tensor(snip.values, dtype=torch.float32)
    val, tok, c, xbest = found.best["training"]
    d = (v - xbest).abs()
    rel = float(
        torch.linalg.vector_norm(v - xbest) / torch.linalg.vector_norm(xbest).clamp_min(1e-30)
    )
    cosv = (
        min(1.0, max(-1.0, float(torch.nn.functional.cosine_similarity(v, xbest, dim=0))))
        if k > 1
        else None
    )
    ok = bool(val <= 0)
    span = k > ht
    hf, by, conf = _snippet_layer(found, ok, c, k, ht, opts)
    where = f"the start of the row at token {tok}" if span else f"training chunk {c} at token {tok}"
    if ok:
        desc = f"matches {where}"
        if found.count["training"] > 1:
            desc += (
                f" ({found.count['training']} matching slices: the values are not unique, "
                "e.g. repeated tokens)"
            )
        if hf is not None and by is IdentifiedBy.REFERENCE:
            desc += f"; the reference says {describe_hf(hf)}"
    else:
        desc = f"matches no training slice (closest: {where}, max |diff| {float(d.max()):.3g})"
        if hf is not None:
            desc += f", but matches {describe_hf(hf)} of the reference"
        elif "reference" in found.best:
            desc += " and no layer of the reference"
    if k < MIN_VALUES_HIGH:
        desc += f" (only {k} value(s): weak evidence)"
        if conf is Confidence.HIGH:
            conf = Confidence.MEDIUM
    chunk = ChunkResult(
        index=si,
        max_abs_diff=float(d.max()),
        mean_abs_diff=float(d.mean()),
        rel_l2=rel,
        cosine_mean=cosv,
        cosine_min=cosv,
        worst_token=None,
        match=ok,
        best_train_chunk=None if span else c,
        best_cosine=cosv,
        best_rel_l2=rel,
        identified_layer=(hf - 1) if hf is not None else None,
        identified_hf_index=hf,
        identified_by=by,
        confidence=conf,
        rms=float(torch.linalg.vector_norm(v) / math.sqrt(k)),
        nonfinite=int((~torch.isfinite(v)).sum()),
        nonfinite_training=0,
        token=tok,
        tolerance_failures=(),
        description=f"{snip.name}: {desc}",
        identified_chunk=c if by is IdentifiedBy.TRAINING_CHUNK else None,
    )
    ref_row = found.per_chunk_best.get("reference")
    return _Found(
        chunk, tuple(found.per_chunk_best["training"]), tuple(ref_row) if ref_row else None
    )


def _snippet_layer(
    found: _Search, ok: bool, c: int, k: int, ht: int, opts: CompareOptions
) -> tuple[int | None, IdentifiedBy | None, Confidence | None]:
    """The layer a snippet is from: the reference's match, else the matching chunk's --training-layers."""
    if "reference" in found.best:
        rv, _rtok, rc, _ = found.best["reference"]
        if rv <= 0:
            single = len(found.chunk_hits.get("reference", set())) == 1
            conf = Confidence.HIGH if single and k >= MIN_VALUES_HIGH else Confidence.MEDIUM
            return rc, IdentifiedBy.REFERENCE, conf
    known = opts.training_layers
    if ok and known is not None and c < len(known) and k <= ht:
        return trainer_id_to_hf(known[c]), IdentifiedBy.TRAINING_CHUNK, Confidence.HIGH
    return None, None, None
