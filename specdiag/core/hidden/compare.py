"""Compare a served hidden-state capture with the training tensors; say which layer each chunk is.

Entry points:

* :func:`compare` ``(served, training, options, reference=None) -> CompareResult`` on two
  :class:`~specdiag.core.hidden.loading.Dump` objects (``load_dump`` or ``dump_from_tensors``);
* :func:`compare_values` for served numbers given as text (``--values``);
* :func:`default_tolerances` for the dtype-aware tolerances.

Everything is streamed in blocks of tokens (``CompareOptions.block_tokens``), so peak memory is a
few blocks however long the dumps are. Per block the served chunks ``S [n, Cs, H]`` and the
training chunks ``R [n, Ct, H]`` give, in one pass each: the aligned differences (chunk i vs
chunk i), the full cross matrix of per-token dot products (``bmm``), and the norms; relative L2
errors and cosines of *every* pair follow from ``|s - t|^2 = |s|^2 + |t|^2 - 2 s.t``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from specdiag.core.hidden.conventions import (
    CaptureEngine,
    describe_hf,
    engine_id_to_hf,
    suggest_ids,
    trainer_id_to_hf,
)
from specdiag.core.hidden.loading import Dump, ValueSnippet, require_torch
from specdiag.errors import InputError, UsageError

# Unit roundoff per dtype. float32 captures on GPUs usually go through TF32 matmuls, so the
# float32 defaults use TF32's roundoff (10 mantissa bits), like float16.
UNIT_ROUNDOFF = {
    "bfloat16": 2.0**-8,
    "float16": 2.0**-11,
    "float32": 2.0**-11,
    "float64": 2.0**-11,
}
RTOL_FACTOR = 12.8  # relative L2 bound = 12.8 u  (bf16: 0.05)
ATOL_FACTOR = 16.0  # max |diff| bound = 16 u * max|training chunk|  (bf16: 6.25 % of the max)
EMBEDDING_COSINE = 1.0 - 1e-4  # repeated tokens give identical embedding rows
MIN_VALUES_HIGH = 4  # fewer printed values than this are weak evidence for a layer
# an unmatched chunk within max(2 rtol, 0.1) relative L2 of a training chunk is called a near
# match (the same layer, noisier than the tolerance), not another layer: adjacent layers of
# the tests' model sit at 0.4-0.8, and a real model's (cosine 0.8-0.98) at about 0.2 or more
NEAR_FACTOR = 2.0
NEAR_MIN_REL = 0.1


@dataclass(frozen=True)
class Tolerances:
    """When a served chunk counts as equal to a training chunk.

    A chunk matches when it has no NaN/Inf, ``rel_l2 <= rtol``, ``cosine_min >= min_cosine`` and
    ``max_abs_diff <= atol`` (``atol`` defaults to ``atol_scale * max|training chunk|``).
    """

    dtype: str
    rtol: float
    min_cosine: float
    atol: float | None
    atol_scale: float

    def atol_for(self, max_abs_training: float) -> float:
        return self.atol if self.atol is not None else self.atol_scale * max_abs_training


def _coarser(a: str, b: str) -> str:
    ua, ub = UNIT_ROUNDOFF.get(a, 2.0**-8), UNIT_ROUNDOFF.get(b, 2.0**-8)
    return a if ua >= ub else b


def default_tolerances(
    served_dtype: str,
    training_dtype: str,
    *,
    rtol: float | None = None,
    atol: float | None = None,
    min_cosine: float | None = None,
) -> Tolerances:
    """Defaults from the coarser dtype's unit roundoff ``u``: ``rtol = 12.8u``,
    ``atol = 16u * max|t|``, ``min_cosine = 1 - 2 rtol^2`` (the worst token may carry twice the
    average relative error). bf16: rtol 0.05, min cosine 0.995, atol 6.25 % of the chunk max."""
    dt = _coarser(served_dtype, training_dtype)
    u = UNIT_ROUNDOFF.get(dt, 2.0**-8)
    r = rtol if rtol is not None else RTOL_FACTOR * u
    for name, v in (("--rtol", rtol), ("--atol", atol)):
        if v is not None and not (v >= 0 and math.isfinite(v)):
            raise UsageError(
                f"{name} must be a finite number >= 0, got {v:g}",
                hint=f"e.g. {name} 0.05 (leave it out for the dtype's default)",
            )
    if min_cosine is not None and not -1.0 <= min_cosine <= 1.0:
        raise UsageError(
            f"--min-cosine must lie in [-1, 1], got {min_cosine:g}",
            hint="e.g. --min-cosine 0.995 (leave it out for the dtype's default)",
        )
    mc = min_cosine if min_cosine is not None else max(0.0, 1.0 - 2.0 * r * r)
    return Tolerances(dtype=dt, rtol=r, min_cosine=mc, atol=atol, atol_scale=ATOL_FACTOR * u)


def effective_dtype(dump: Dump) -> tuple[str, str | None]:
    """The precision a dump's values really have, and a note when it is not the stored dtype.

    A bf16 engine's capture saved with ``.float()`` (or through numpy, which has no bfloat16)
    is stored as float32 but holds bfloat16 numbers only; judging it with float32 tolerances
    would call kernel noise a mismatch. A sample of the first rows decides: when every finite,
    non-zero value (at least 256 of them) survives a round trip through bfloat16, the dump is
    treated as bfloat16.
    """
    torch = require_torch()
    dt = dump.dtype
    if dt not in ("float32", "float16") or dump.valid_tokens <= 0:
        return dt, None
    n = min(dump.valid_tokens, max(1, 65536 // max(1, dump.width)))
    x = dump.block(0, n)
    x = x[torch.isfinite(x) & (x != 0)]
    if x.numel() < 256 or not bool((x.to(torch.bfloat16).to(torch.float32) == x).all()):
        return dt, None
    return "bfloat16", (
        f"{dt} values that are all bfloat16 numbers (a bfloat16 computation stored as {dt}): "
        "tolerances from bfloat16"
    )


@dataclass(frozen=True)
class CompareOptions:
    """Flags of ``specdiag compare-hidden`` (all optional)."""

    training_layers: tuple[int, ...] | None = None  # SpecForge convention: output of layer k
    served_layers: tuple[int, ...] | None = None  # as written in the served engine's config
    engine: CaptureEngine | None = None  # reads --served-layers; None: sglang, suggest both
    hidden_size: int | None = None
    offset: int | None = None  # training position of served token 0
    rtol: float | None = None
    atol: float | None = None
    min_cosine: float | None = None
    device: str = "cpu"
    block_tokens: int | None = None  # tokens per block; default from the row width


@dataclass(frozen=True)
class TokenAlignment:
    status: str  # identical | contained | training-inside-served | offset | differ | diverged
    # | unavailable
    served_start: int
    training_start: int
    tokens: int  # compared
    served_tokens: int  # valid (padding excluded)
    training_tokens: int
    first_difference: int | None = None  # served position of the first differing id
    served_id: int | None = None
    training_id: int | None = None
    description: str = ""


@dataclass(frozen=True)
class ChunkResult:
    """One served chunk of H features (or one ``--values`` snippet)."""

    index: int
    compared_to: int | None  # training chunk used for the diff statistics (same index)
    max_abs_diff: float | None
    mean_abs_diff: float | None
    rel_l2: float | None
    cosine_mean: float | None
    cosine_min: float | None
    worst_token: int | None  # served position of the lowest cosine
    match: bool
    best_train_chunk: int | None
    best_cosine: float | None
    best_rel_l2: float | None
    identified_layer: int | None  # trainer convention: output of layer k; -1 = embedding
    identified_hf_index: int | None
    identified_by: str | None
    confidence: str | None  # high | medium | low
    rms: float  # mean per-token RMS (depth fingerprint)
    nonfinite: int  # NaN/Inf elements in this served chunk
    nonfinite_training: int
    description: str
    token: int | None = None  # --values: training position of the best slice
    tolerance_failures: tuple[str, ...] = ()  # the bounds a non-matching chunk misses


@dataclass(frozen=True)
class Overall:
    """The statistics over the whole row (every aligned chunk), per token for the cosine."""

    max_abs_diff: float
    mean_abs_diff: float
    rel_l2: float
    cosine_mean: float
    cosine_min: float


@dataclass(frozen=True)
class FinalState:
    """Both dumps carry the target's last hidden state (SpecForge ``hidden_state``): compared too."""

    max_abs_diff: float
    rel_l2: float
    cosine_mean: float
    cosine_min: float
    match: bool
    rms_served: float
    rms_training: float


@dataclass(frozen=True)
class TrainingChunk:
    index: int
    hf_index: int | None
    layer: int | None
    source: str | None  # reference | --layers | served match
    rms: float


@dataclass(frozen=True)
class CompareResult:
    mode: str  # "tensors" or "values"
    match: bool
    tokens_compared: int
    hidden_size: int | None
    served_hidden_size: int | None
    served_dtype: str
    training_dtype: str
    tolerances: Tolerances
    alignment: TokenAlignment
    chunks: tuple[ChunkResult, ...]
    training_chunks: tuple[TrainingChunk, ...]
    similarity: tuple[tuple[float, ...], ...]  # served chunk x training chunk, mean cosine
    reference_similarity: tuple[tuple[float, ...], ...] | None  # served chunk x HF index
    training_reference_similarity: tuple[tuple[float, ...], ...] | None
    diagnosis: tuple[str, ...]
    findings: tuple[str, ...]
    suggested_layer_ids: dict[str, list[int]]
    engine: str | None
    served_layers: tuple[int, ...] | None
    training_layers: tuple[int, ...] | None
    notes: tuple[str, ...] = field(default_factory=tuple)
    final_state: FinalState | None = None
    overall: Overall | None = None  # all aligned chunks together


# --------------------------------------------------------------------------------------------
# Token alignment


def _find(hay: list[int], needle: list[int]) -> int | None:
    """First start where ``needle`` occurs inside ``hay``."""
    if not needle or len(needle) > len(hay):
        return None
    first = needle[0]
    n = len(needle)
    for i in range(len(hay) - n + 1):
        if hay[i] == first and hay[i : i + n] == needle:
            return i
    return None


def align_tokens(served: Dump, training: Dump, offset: int | None) -> TokenAlignment:
    ns, nt = served.valid_tokens, training.valid_tokens
    sids, tids = served.ids_list(), training.ids_list()
    if offset is not None and not 0 <= offset < nt:
        raise UsageError(
            f"--offset {offset} is outside the training sample (0..{nt - 1})",
            hint="--offset is the training position of served token 0",
        )
    if sids is None or tids is None:
        o = offset or 0
        n = min(ns, nt - o)
        which = (
            "neither dump"
            if sids is None and tids is None
            else ("the served dump" if sids is None else "the training dump")
        )
        return TokenAlignment(
            "unavailable" if offset is None else "offset",
            0,
            o,
            n,
            ns,
            nt,
            description=f"no input_ids in {which}: served token 0 taken as training position "
            f"{o} (--offset), {n} tokens compared",
        )
    sids, tids = sids[:ns], tids[:nt]
    if offset is None:
        found = _find(tids, sids)
        if found is not None:
            o = found
            status = "identical" if (o == 0 and ns == nt) else "contained"
            desc = (
                f"input_ids identical ({ns} tokens)"
                if status == "identical"
                else f"served tokens (all {ns}) found at training position {o}"
            )
            return TokenAlignment(status, 0, o, ns, ns, nt, description=desc)
        o2 = _find(sids, tids)
        if o2 is not None:  # training sample inside the served tokens
            return TokenAlignment(
                "training-inside-served",
                o2,
                0,
                nt,
                ns,
                nt,
                description=f"the training sample (all {nt} tokens) found at served position {o2}",
            )
        o = 0
    else:
        o = offset
    n = min(ns, nt - o)
    p = next((i for i in range(n) if sids[i] != tids[o + i]), None)
    if p is None:
        return TokenAlignment(
            "offset",
            0,
            o,
            n,
            ns,
            nt,
            description=f"served tokens equal training positions {o}..{o + n - 1} (--offset)",
        )
    mask = training.loss_mask
    if p > 0 and mask is not None and int(mask[o + p]) == 1 and int(mask[o + p - 1]) == 1:
        # the first differing token lies inside an answer, after an answer token that agreed:
        # the served request generated another answer after the same prompt. A difference at
        # the first answer token stays a template finding (e.g. Qwen3's empty think block).
        return TokenAlignment(
            "diverged",
            0,
            o,
            p,
            ns,
            nt,
            first_difference=p,
            served_id=sids[p],
            training_id=tids[o + p],
            description=(
                f"input_ids equal up to served position {p}, where the served answer diverges "
                f"from the training answer (served id {sids[p]}, training id {tids[o + p]}; "
                f"loss_mask 1 there, so the prompt and template agree); the {p} tokens before "
                "it are compared"
            ),
        )
    return TokenAlignment(
        "differ",
        0,
        o,
        p,
        ns,
        nt,
        first_difference=p,
        served_id=sids[p],
        training_id=tids[o + p],
        description=(
            f"input_ids differ at served position {p} (served id {sids[p]}, training id "
            f"{tids[o + p]}): a different chat template, system prompt or tokenizer; only the "
            f"{p} tokens before it are compared"
        ),
    )


# --------------------------------------------------------------------------------------------
# Chunking (hidden size)


def _hidden_sizes(
    served: Dump, training: Dump, opts: CompareOptions, reference: Dump | None
) -> tuple[int, int, list[str]]:
    """(H of training, H of served, notes). Raises UsageError for an impossible --hidden-size."""
    notes: list[str] = []
    wt, ws = training.width, served.width
    if opts.hidden_size is not None:
        h = opts.hidden_size
        if h <= 0 or wt % h:
            raise UsageError(
                f"--hidden-size {h} does not divide the training row width {wt}",
                hint="pass the target model's hidden_size",
            )
        ht = h
    elif training.hidden_size is not None:
        ht = training.hidden_size
    elif (
        reference is not None
        and reference.hidden_size is not None
        and wt % reference.hidden_size == 0
    ):
        ht = reference.hidden_size
    elif opts.training_layers and wt % len(opts.training_layers) == 0:
        ht = wt // len(opts.training_layers)
    elif served.hidden_size is not None and wt % served.hidden_size == 0:
        ht = served.hidden_size
    elif wt % 3 == 0:
        ht = wt // 3
        notes.append(
            f"hidden size not recorded in the dumps: assumed 3 chunks of {ht} (EAGLE-3); "
            "pass --hidden-size to be sure"
        )
    else:
        ht = wt
    if wt % ht:
        raise InputError(
            f"training row width {wt} is not a multiple of its hidden size {ht}",
            hint="pass the target model's --hidden-size",
        )
    if served.hidden_size is not None and opts.hidden_size is None:
        hs = served.hidden_size
    elif ws % ht == 0:
        hs = ht
    elif opts.served_layers and ws % len(opts.served_layers) == 0:
        hs = ws // len(opts.served_layers)
    elif ws % 3 == 0:
        hs = ws // 3
    else:
        hs = ws
    return ht, hs, notes


# --------------------------------------------------------------------------------------------
# Streaming statistics


class _Acc:
    """Running sums over token blocks (float64 on the host)."""

    def __init__(self, cs: int, ct: int, lr: int) -> None:
        import numpy as np

        m = min(cs, ct)
        self.m = m
        self.max_abs = np.zeros(m)
        self.sum_abs = np.zeros(m)
        self.sum_d2 = np.zeros(m)
        self.sum_t2 = np.zeros(m)
        self.max_t = np.zeros(m)
        self.cos_sum = np.zeros(m)
        self.cos_min = np.full(m, np.inf)
        self.worst = np.zeros(m, dtype=np.int64)
        self.tokens = np.zeros(m)  # finite tokens per aligned pair
        self.nf_s = np.zeros(cs, dtype=np.int64)
        self.nf_t = np.zeros(ct, dtype=np.int64)
        self.x_cos = np.zeros((cs, ct))
        self.x_cos_min = np.full((cs, ct), np.inf)
        self.x_d2 = np.zeros((cs, ct))
        self.x_t2 = np.zeros((cs, ct))
        self.x_n = np.zeros((cs, ct))  # tokens per pair (NaN/Inf rows left out)
        self.rms_s = np.zeros(cs)
        self.rms_t = np.zeros(ct)
        self.ref_cos_s = np.zeros((cs, lr))
        self.ref_d2_s = np.zeros((cs, lr))
        self.ref_r2 = np.zeros(lr)
        self.ref_cos_t = np.zeros((ct, lr))
        self.n = 0
        self.row_n = 0
        self.row_cos_sum = 0.0
        self.row_cos_min = math.inf


def _cos(dot: Any, na: Any, nb: Any) -> Any:
    """Cosine from dot products and norms; 1 when both vectors are 0, 0 when one is."""
    torch = require_torch()
    den = na * nb
    both_zero = (na == 0) & (nb == 0)
    c = torch.where(den > 0, dot / den.clamp_min(1e-30), torch.zeros_like(dot))
    # float rounding can put |cos| a hair above 1; a cosine never is
    return torch.where(both_zero, torch.ones_like(c), c).clamp(-1.0, 1.0)


# values beyond this are treated like Inf: their squares (norms, dot products) would overflow
# float32, and no hidden state is anywhere near (the residual stream is O(1)-O(1e4))
OVERFLOW = 1e15


def _finite_rows(x: Any, nrm: Any, acc_nf: Any) -> tuple[Any, Any, Any]:
    """Zero out rows with NaN/Inf or overflowing values (counted into ``acc_nf``).

    Fast path when every norm is finite and below ``OVERFLOW``.
    """
    torch = require_torch()
    if bool((nrm <= OVERFLOW).all()):
        return x, nrm, None
    bad_el = ~(x.abs() <= OVERFLOW)  # NaN compares False
    acc_nf += bad_el.sum(dim=(0, 2)).cpu().numpy()
    ok = ~bad_el.any(-1)  # [n, C]
    x = torch.where(ok.unsqueeze(-1), x, torch.zeros_like(x))
    return x, torch.linalg.vector_norm(x, dim=-1), ok


def _default_block(width: int, device: str) -> int:
    # CPU: ~32 MiB of float32 per tensor per block: few enough blocks that per-op thread
    # wake-ups do not dominate on a busy 2-core machine, small next to a whole dump. GPU: the
    # same order (64 MiB): the host side (page faults, copies) sets the pace, not the kernels.
    budget = (1 << 23) if device == "cpu" else (1 << 24)
    return max(1, min(1 << 16, budget // max(1, width)))


def _stream(
    served: Dump,
    training: Dump,
    reference: Dump | None,
    al: TokenAlignment,
    ref_start: int,
    h: int,
    opts: CompareOptions,
) -> _Acc:
    torch = require_torch()
    cs, ct = served.width // h, training.width // h
    lr = reference.width // h if reference is not None else 0
    acc = _Acc(cs, ct, lr)
    m = acc.m
    dev = opts.device
    bt = opts.block_tokens or _default_block(max(served.width, training.width), dev)
    n_all = al.tokens
    with torch.no_grad():
        for a in range(0, n_all, bt):
            b = min(n_all, a + bt)
            n = b - a
            s = served.block(al.served_start + a, al.served_start + b, dev).view(n, cs, h)
            t = training.block(al.training_start + a, al.training_start + b, dev).view(n, ct, h)
            ns = torch.linalg.vector_norm(s, dim=-1)
            nt = torch.linalg.vector_norm(t, dim=-1)
            s, ns, ok_s = _finite_rows(s, ns, acc.nf_s)
            t, nt, ok_t = _finite_rows(t, nt, acc.nf_t)
            dot = torch.bmm(s, t.transpose(1, 2))  # [n, cs, ct]
            xc = _cos(dot, ns.unsqueeze(2), nt.unsqueeze(1))
            d2 = (ns.unsqueeze(2) ** 2 + nt.unsqueeze(1) ** 2 - 2 * dot).clamp_min(0)
            t2 = (nt**2).unsqueeze(1).expand(n, cs, ct)
            if ok_s is None and ok_t is None:
                acc.x_n += n
                xc_for_min = xc
            else:  # leave tokens with NaN/Inf out of every pair they touch
                okx = torch.ones(n, cs, ct, dtype=torch.bool, device=s.device)
                if ok_s is not None:
                    okx &= ok_s.unsqueeze(2)
                if ok_t is not None:
                    okx &= ok_t.unsqueeze(1)
                acc.x_n += okx.sum(0).double().cpu().numpy()
                xc = xc * okx
                d2 = d2 * okx
                t2 = t2 * okx
                xc_for_min = torch.where(okx, xc, torch.full_like(xc, math.inf))
            acc.x_cos += xc.sum(0).double().cpu().numpy()
            acc.x_cos_min = _np_min(acc.x_cos_min, xc_for_min.amin(0).double().cpu().numpy())
            acc.x_d2 += d2.sum(0).double().cpu().numpy()
            acc.x_t2 += t2.sum(0).double().cpu().numpy()
            acc.rms_s += (ns / math.sqrt(h)).sum(0).double().cpu().numpy()
            acc.rms_t += (nt / math.sqrt(h)).sum(0).double().cpu().numpy()
            if m:
                d = s[:, :m] - t[:, :m]
                # three reductions over d, no abs() pass: L2, L1 and max-norm
                dn2 = torch.linalg.vector_norm(d, dim=-1) ** 2  # [n, m]
                dsum = torch.linalg.vector_norm(d, ord=1, dim=-1)
                dmax = torch.linalg.vector_norm(d, ord=math.inf, dim=-1)
                tlo, thi = torch.aminmax(t[:, :m], dim=-1)
                tmax = torch.maximum(thi, -tlo)
                nt2 = nt[:, :m] ** 2
                cos_al = torch.diagonal(xc, dim1=1, dim2=2)[:, :m]  # [n, m]
                if ok_s is not None or ok_t is not None:
                    ok = torch.diagonal(okx, dim1=1, dim2=2)[:, :m]
                    cos_for_min = torch.where(ok, cos_al, torch.full_like(cos_al, math.inf))
                    dn2, dmax, dsum, tmax, nt2 = (x * ok for x in (dn2, dmax, dsum, tmax, nt2))
                    acc.tokens += ok.sum(0).double().cpu().numpy()
                else:
                    cos_for_min = cos_al
                    acc.tokens += n
                acc.max_abs = _np_max(acc.max_abs, dmax.amax(0).double().cpu().numpy())
                acc.max_t = _np_max(acc.max_t, tmax.amax(0).double().cpu().numpy())
                acc.sum_abs += dsum.sum(0).double().cpu().numpy()
                acc.sum_d2 += dn2.sum(0).double().cpu().numpy()
                acc.sum_t2 += nt2.sum(0).double().cpu().numpy()
                acc.cos_sum += cos_al.sum(0).double().cpu().numpy()
                bmin, barg = cos_for_min.min(0)
                bmin_np = bmin.double().cpu().numpy()
                better = bmin_np < acc.cos_min
                acc.worst[better] = barg.cpu().numpy()[better] + a
                acc.cos_min = _np_min(acc.cos_min, bmin_np)
                # the whole row (all aligned chunks together): per-token cosine
                dd = torch.diagonal(dot, dim1=1, dim2=2)[:, :m]
                ns2r, nt2r = ns[:, :m] ** 2, nt[:, :m] ** 2
                if ok_s is not None or ok_t is not None:
                    dd, ns2r, nt2r = dd * ok, ns2r * ok, nt2r * ok
                    row_ok = ok.any(-1)
                    rc = _cos(dd.sum(-1), ns2r.sum(-1).sqrt(), nt2r.sum(-1).sqrt())
                    acc.row_n += int(row_ok.sum())
                    acc.row_cos_sum += float((rc * row_ok).sum())
                    rmin = torch.where(row_ok, rc, torch.full_like(rc, math.inf)).min()
                else:
                    rc = _cos(dd.sum(-1), ns2r.sum(-1).sqrt(), nt2r.sum(-1).sqrt())
                    acc.row_n += n
                    acc.row_cos_sum += float(rc.sum())
                    rmin = rc.min()
                acc.row_cos_min = min(acc.row_cos_min, float(rmin))
            if reference is not None:
                r = reference.block(ref_start + a, ref_start + b, dev).view(n, lr, h)
                nr = torch.linalg.vector_norm(r, dim=-1)
                r, nr, _ = _finite_rows(r, nr, torch.zeros(lr, dtype=torch.int64).numpy())
                dsr = torch.bmm(s, r.transpose(1, 2))
                acc.ref_cos_s += (
                    _cos(dsr, ns.unsqueeze(2), nr.unsqueeze(1)).sum(0).double().cpu().numpy()
                )
                acc.ref_d2_s += (
                    ((ns.unsqueeze(2) ** 2 + nr.unsqueeze(1) ** 2 - 2 * dsr).clamp_min(0).sum(0))
                    .double()
                    .cpu()
                    .numpy()
                )
                acc.ref_r2 += (nr**2).sum(0).double().cpu().numpy()
                dtr = torch.bmm(t, r.transpose(1, 2))
                acc.ref_cos_t += (
                    _cos(dtr, nt.unsqueeze(2), nr.unsqueeze(1)).sum(0).double().cpu().numpy()
                )
            acc.n += n
            served.release(al.served_start + a, al.served_start + b)
            training.release(al.training_start + a, al.training_start + b)
    return acc


def _np_max(a: Any, b: Any) -> Any:
    import numpy as np

    return np.fmax(a, b)


def _np_min(a: Any, b: Any) -> Any:
    import numpy as np

    return np.fmin(a, b)


def _embedding_test(
    served: Dump, al: TokenAlignment, cs: int, h: int
) -> tuple[list[float | None], int]:
    """Min cosine between served rows of repeated token ids, per chunk (None: no repeats).

    Embedding outputs depend on the token id only, so repeated ids give identical rows; layer
    outputs depend on the context and differ.
    """
    torch = require_torch()
    ids = served.ids_list()
    if ids is None:
        return [None] * cs, 0
    first: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    for p in range(al.served_start, al.served_start + al.tokens):
        tok = ids[p]
        if tok in first:
            pairs.append((first[tok], p))
            if len(pairs) >= 64:
                break
        else:
            first[tok] = p
    if not pairs:
        return [None] * cs, 0
    rows = sorted({p for pr in pairs for p in pr})
    vec = {p: served.block(p, p + 1).view(cs, h) for p in rows}
    out: list[float | None] = []
    for c in range(cs):
        cos = [
            float(torch.nn.functional.cosine_similarity(vec[p][c], vec[q][c], dim=0))
            for p, q in pairs
        ]
        finite = [x for x in cos if math.isfinite(x)]
        out.append(min(finite) if finite else None)
    return out, len(pairs)


# --------------------------------------------------------------------------------------------
# The comparison


def _ref_start(reference: Dump, training: Dump, served: Dump, al: TokenAlignment) -> int:
    need = al.tokens
    rids = reference.ids_list()
    if rids is not None:
        tids = training.ids_list()
        sids = served.ids_list()
        if sids is not None:
            seg = sids[al.served_start : al.served_start + need]
            o = _find(rids, seg)
            if o is not None:
                return o
        if tids is not None:
            seg = tids[al.training_start : al.training_start + need]
            o = _find(rids, seg)
            if o is not None:
                return o
        raise InputError(
            f"{reference.source}: its input_ids do not contain the compared tokens",
            hint="the reference must be the target's hidden_states on the same tokens",
        )
    if reference.num_tokens < al.training_start + need:
        raise InputError(
            f"{reference.source}: {reference.num_tokens} tokens, fewer than the "
            f"{al.training_start + need} needed",
            hint="the reference must cover the training sample's tokens",
        )
    return al.training_start


def compare(
    served: Dump,
    training: Dump,
    options: CompareOptions | None = None,
    *,
    reference: Dump | None = None,
) -> CompareResult:
    """Compare ``served`` with ``training``; identify layers (with ``reference``: exactly)."""
    require_torch()
    opts = options or CompareOptions()
    _check_device(opts.device)
    if opts.engine is CaptureEngine.VLLM and any(i < 0 for i in opts.served_layers or ()):
        raise UsageError(
            "--served-layers: vLLM ids are >= 0 (0 = the embedding output); -1 is the "
            "SGLang/SpecForge name of the embedding",
            hint="write the ids as they are in the vLLM config, or pass --engine sglang",
        )
    sdt, snote = effective_dtype(served)
    tdt, tnote = effective_dtype(training)
    tol = default_tolerances(sdt, tdt, rtol=opts.rtol, atol=opts.atol, min_cosine=opts.min_cosine)
    ht, hs, notes = _hidden_sizes(served, training, opts, reference)
    notes = [f"served: {n}" for n in served.notes] + notes
    notes += [f"training: {n}" for n in training.notes]
    notes += [f"{who}: {n}" for who, n in (("served", snote), ("training", tnote)) if n]
    al = align_tokens(served, training, opts.offset)
    base: dict[str, Any] = {
        "served_dtype": served.dtype,
        "training_dtype": training.dtype,
        "tolerances": tol,
        "alignment": al,
        "engine": opts.engine.value if opts.engine else None,
        "served_layers": opts.served_layers,
        "training_layers": opts.training_layers,
    }
    if hs != ht or served.width % ht:
        return _wrong_hidden_size(served.width, training.width, hs, ht, notes, base)
    h = ht
    if reference is not None:
        if reference.hidden_size is None:
            reference = _as_stack(reference, h)
        if reference.hidden_size != h:
            raise InputError(
                f"{reference.source}: hidden size {reference.hidden_size}, the dumps have {h}",
                hint="the reference must be the same target model's hidden_states",
            )
    cs, ct = served.width // h, training.width // h
    if opts.served_layers is not None and len(opts.served_layers) > cs:
        return _fewer_served_chunks(served, training, reference, opts, h, cs, notes, base)
    for flag, ids, count, who in (
        ("--layers", opts.training_layers, ct, "training"),
        ("--served-layers", opts.served_layers, cs, "served"),
    ):
        if ids is not None and len(ids) != count:
            raise UsageError(
                f"{flag} names {len(ids)} layers but the {who} rows hold {count} chunks of {h}",
                hint="give one id per chunk, in capture order (or fix --hidden-size)",
            )
    ref_start = _ref_start(reference, training, served, al) if reference is not None else 0
    acc = _stream(served, training, reference, al, ref_start, h, opts)
    result = _finish(served, training, reference, opts, tol, al, acc, h, cs, ct, notes, base)
    ws = served.width
    if cs != ct and not _any_close(result) and ws % ct == 0 and ws // ct != h:
        result = replace(
            result,
            diagnosis=(
                *result.diagnosis,
                f"or the served rows are {ct} chunks of {ws // ct}: hidden size {ws // ct} vs "
                f"{h}, a different target model (--served-layers with the served ids tells the "
                "two readings apart)",
            ),
        )
    final = _final_state(served, training, al, h, tol, opts)
    if final is None:
        return result
    extra_diag: tuple[str, ...] = ()
    extra_find: tuple[str, ...] = ()
    if not final.match:
        how = ""
        if final.rms_served > 0 and final.rms_training > 0:
            ratio = final.rms_served / final.rms_training
            if ratio > 1.5 or ratio < 1 / 1.5:
                how = (
                    f" (RMS {final.rms_served:.3g} vs {final.rms_training:.3g}: one side is before "
                    "the final norm, e.g. vLLM's capture, the other after it)"
                )
        extra_diag = (
            f"the final hidden states (LM-head input) differ too: relative L2 "
            f"{final.rel_l2:.3g}, cosine {final.cosine_mean:.4f}{how}",
        )
        extra_find = ("final-state-differs",)
    return replace(
        result,
        final_state=final,
        diagnosis=result.diagnosis + extra_diag,
        findings=result.findings + extra_find,
    )


def _any_close(r: CompareResult) -> bool:
    """Whether any served chunk is near some training chunk (a match or a near match)."""
    near = max(NEAR_FACTOR * r.tolerances.rtol, NEAR_MIN_REL)
    return any(c.best_rel_l2 is not None and c.best_rel_l2 <= near for c in r.chunks)


def _wrong_hidden_size(
    ws: int, wt: int, hs: int, ht: int, notes: list[str], base: dict[str, Any]
) -> CompareResult:
    diag = (
        f"served rows have {ws} features ({ws // hs} x {hs}) but the training rows {wt} "
        f"({wt // ht} x {ht}): hidden size {hs} vs {ht}. The server runs a different target "
        "model (or the dump is not the aux hidden states); nothing can match"
    )
    return CompareResult(
        mode="tensors",
        match=False,
        tokens_compared=0,
        hidden_size=ht,
        served_hidden_size=hs,
        chunks=(),
        training_chunks=(),
        similarity=(),
        reference_similarity=None,
        training_reference_similarity=None,
        diagnosis=(diag,),
        findings=("wrong-hidden-size",),
        suggested_layer_ids={},
        notes=tuple(notes),
        **base,
    )


def _fewer_served_chunks(
    served: Dump,
    training: Dump,
    reference: Dump | None,
    opts: CompareOptions,
    h: int,
    cs: int,
    notes: list[str],
    base: dict[str, Any],
) -> CompareResult:
    """``--served-layers`` names more ids than the served rows hold chunks of H.

    Either the engine captured fewer layers than configured (SGLang never reaches the last
    layer), and the chunks still match training chunks; or the served rows are made of
    smaller chunks (another target model), and nothing matches.
    """
    k = len(opts.served_layers or ())
    ws = served.width
    probe = compare(served, training, replace(opts, served_layers=None), reference=reference)
    if not _any_close(probe) and ws % k == 0 and ws // k != h:
        return _wrong_hidden_size(ws, training.width, ws // k, h, notes, base)
    line = (
        f"--served-layers names {k} ids but the server captured {cs} chunk(s) of {h}: the engine "
        "did not capture every configured layer (SGLang's generic +1 path never reaches the last "
        "layer, id N-1)"
    )
    return replace(
        probe,
        served_layers=opts.served_layers,
        diagnosis=(line, *probe.diagnosis),
        findings=tuple(dict.fromkeys(("chunk-count", *probe.findings))),
    )


def _final_state(
    served: Dump, training: Dump, al: TokenAlignment, h: int, tol: Tolerances, opts: CompareOptions
) -> FinalState | None:
    """Compare the last hidden states when both dumps have them (streamed like the chunks)."""
    torch = require_torch()
    a, b = served.last_hidden, training.last_hidden
    if a is None or b is None or a.ndim != 2 or b.ndim != 2 or al.tokens == 0:
        return None
    if int(a.shape[-1]) != h or int(b.shape[-1]) != h:
        return None
    bt = opts.block_tokens or _default_block(h, opts.device)
    mx = d2 = t2 = cs = rs = rt = 0.0
    cmin = math.inf
    tmax = 0.0
    n = 0
    with torch.no_grad():
        for i in range(0, al.tokens, bt):
            j = min(al.tokens, i + bt)
            x = a[al.served_start + i : al.served_start + j].to(opts.device, torch.float32)
            y = b[al.training_start + i : al.training_start + j].to(opts.device, torch.float32)
            ok = (x.abs() <= OVERFLOW).all(-1) & (y.abs() <= OVERFLOW).all(-1)
            x, y = x[ok], y[ok]
            d = x - y
            mx = max(mx, float(torch.linalg.vector_norm(d, ord=math.inf))) if d.numel() else mx
            d2 += float(torch.linalg.vector_norm(d) ** 2)
            t2 += float(torch.linalg.vector_norm(y) ** 2)
            tmax = max(tmax, float(y.abs().max())) if y.numel() else tmax
            nx, ny = torch.linalg.vector_norm(x, dim=-1), torch.linalg.vector_norm(y, dim=-1)
            c = _cos((x * y).sum(-1), nx, ny)
            cs += float(c.sum())
            cmin = min(cmin, float(c.min())) if c.numel() else cmin
            rs += float((nx / math.sqrt(h)).sum())
            rt += float((ny / math.sqrt(h)).sum())
            n += int(ok.sum())
    if n == 0:
        return None
    rel = math.sqrt(d2 / max(t2, 1e-300))
    ok_all = rel <= tol.rtol and cmin >= tol.min_cosine and mx <= tol.atol_for(tmax)
    return FinalState(mx, rel, cs / n, cmin, ok_all, rs / n, rt / n)


def _as_stack(reference: Dump, h: int) -> Dump:
    if reference.width % h:
        raise InputError(
            f"{reference.source}: rows of {reference.width} features are not layers of size {h}",
            hint="the reference must be the same target model's hidden_states [L+1, T, H]",
        )
    return replace(reference, hidden_size=h)


def _check_device(device: str) -> None:
    torch = require_torch()
    if device == "cpu":
        return
    if device.startswith("cuda"):
        if not torch.cuda.is_available():
            raise UsageError(
                f"--device {device}: no CUDA device is available to torch here",
                hint="use --device cpu (the default), or a CUDA build of torch on a GPU machine",
            )
        return
    raise UsageError(
        f"--device {device}: use cpu or cuda (cuda:N)", hint="e.g. --device cpu or --device cuda:0"
    )


def _f(x: Any) -> float:
    return float(x)


def _finish(
    served: Dump,
    training: Dump,
    reference: Dump | None,
    opts: CompareOptions,
    tol: Tolerances,
    al: TokenAlignment,
    acc: _Acc,
    h: int,
    cs: int,
    ct: int,
    notes: list[str],
    base: dict[str, Any],
) -> CompareResult:
    import numpy as np

    n = max(acc.n, 1)
    sim = acc.x_cos / np.maximum(acc.x_n, 1)
    x_rel = np.sqrt(acc.x_d2 / np.maximum(acc.x_t2, 1e-300))
    x_min = acc.x_cos_min
    rms_s = acc.rms_s / n
    rms_t = acc.rms_t / n
    engine_read = opts.engine or CaptureEngine.SGLANG
    num_layers = (reference.width // h) - 1 if reference is not None else None
    ref_sim = acc.ref_cos_s / n if reference is not None else None
    ref_rel = (
        np.sqrt(acc.ref_d2_s / np.maximum(acc.ref_r2[None, :], 1e-300))
        if reference is not None
        else None
    )
    tref_sim = acc.ref_cos_t / n if reference is not None else None

    def pair_match(i: int, j: int) -> bool:
        # judged on the finite tokens: a few NaN/Inf values fail the chunk's match (below)
        # but do not make it another layer
        return bool(
            acc.n > 0
            and acc.x_n[i, j] > 0
            and x_rel[i, j] <= tol.rtol
            and x_min[i, j] >= tol.min_cosine
        )

    near_rel = max(NEAR_FACTOR * tol.rtol, NEAR_MIN_REL)

    # training chunks: which HF index each holds
    t_hf: list[int | None] = [None] * ct
    t_src: list[str | None] = [None] * ct
    diag: list[str] = []
    findings: list[str] = []
    if opts.training_layers is not None:
        for j, lid in enumerate(opts.training_layers):
            t_hf[j], t_src[j] = trainer_id_to_hf(lid), "--layers"
    if tref_sim is not None:
        for j in range(ct):
            best = int(np.argmax(tref_sim[j]))
            claimed = t_hf[j]
            if claimed is not None and claimed != best:
                diag.append(
                    f"training chunk {j} is {describe_hf(best, num_layers)} according to the "
                    f"reference (cosine {tref_sim[j, best]:.4f}), but --layers says layer "
                    f"{claimed - 1}: the training capture used other layers than you think "
                    "(or --layers is wrong); the reference wins below"
                )
                findings.append("training-layers-differ")
            t_hf[j], t_src[j] = best, "reference"

    served_cfg_hf = (
        [engine_id_to_hf(i, engine_read) for i in opts.served_layers]
        if opts.served_layers is not None
        else None
    )
    # served chunks matched to training chunks
    matched: list[int | None] = []
    for i in range(cs):
        cands = [j for j in range(ct) if pair_match(i, j)]
        matched.append(max(cands, key=lambda j: sim[i, j]) if cands else None)
    # unmatched served chunks close to a training chunk: the same layer, noisier than allowed
    near: list[int | None] = []
    for i in range(cs):
        jn = int(np.argmax(sim[i])) if ct and acc.n else None
        near.append(
            jn
            if matched[i] is None
            and jn is not None
            and acc.x_n[i, jn] > 0
            and x_rel[i, jn] <= near_rel
            else None
        )
    # training chunks whose layer we learn from a matching served chunk + the served config
    if served_cfg_hf is not None:
        for i, jm in enumerate(matched):
            if jm is not None and t_hf[jm] is None:
                t_hf[jm], t_src[jm] = served_cfg_hf[i], "served match + --served-layers"

    emb_min, emb_pairs = _embedding_test(served, al, cs, h) if acc.n else ([None] * cs, 0)

    chunks: list[ChunkResult] = []
    m = acc.m
    for i in range(cs):
        aligned = i < m
        tokens_i = acc.tokens[i] if aligned else 0
        mad: float | None
        mean: float | None
        rel: float | None
        cmean: float | None
        cmin: float | None
        worst: int | None
        if aligned and tokens_i > 0:
            mad = _f(acc.max_abs[i])
            mean = _f(acc.sum_abs[i] / (tokens_i * h))
            rel = _f(math.sqrt(acc.sum_d2[i] / max(acc.sum_t2[i], 1e-300)))
            cmean = _f(acc.cos_sum[i] / tokens_i)
            cmin = _f(acc.cos_min[i])
            worst = int(acc.worst[i]) + al.served_start
        else:
            mad = mean = rel = cmean = cmin = None
            worst = None
        nf_s = int(acc.nf_s[i])
        nf_t = int(acc.nf_t[i]) if aligned else 0
        ok = bool(
            aligned
            and tokens_i > 0
            and nf_s == 0
            and nf_t == 0
            and rel is not None
            and rel <= tol.rtol
            and cmin is not None
            and cmin >= tol.min_cosine
            and mad is not None
            and mad <= tol.atol_for(_f(acc.max_t[i]))
        )
        best_j = int(np.argmax(sim[i])) if ct and acc.n else None
        best_c = _f(sim[i, best_j]) if best_j is not None else None
        best_rel = _f(x_rel[i, best_j]) if best_j is not None else None
        hf: int | None = None
        by: str | None = None
        conf: str | None = None
        desc = ""
        if ref_sim is not None and acc.n:
            order = np.argsort(-ref_sim[i])
            hf = int(order[0])
            second = _f(ref_sim[i, order[1]]) if len(order) > 1 else -1.0
            top = _f(ref_sim[i, hf])
            by = "reference"
            assert ref_rel is not None
            if ref_rel[i, hf] <= tol.rtol and top >= 1 - 2 * tol.rtol**2:
                conf = "high"
            elif top - second >= 0.05:
                conf = "medium"
            else:
                conf = "low"
            desc = f"is {describe_hf(hf, num_layers)} (reference cosine {top:.4f}, next best {second:.4f})"
            if matched[i] is not None:
                desc += f" and equals training chunk {matched[i]}"
            elif (jn := near[i]) is not None:
                desc += "; " + _near_text(jn, x_rel[i, jn], sim[i, jn], tol.rtol)
            elif ct:
                desc += "; no training chunk matches"
        elif matched[i] is not None:
            jm = matched[i]
            assert jm is not None
            hf, by, conf = t_hf[jm], f"training chunk {jm}", "high"
            desc = f"equals training chunk {jm}" + (
                f" ({describe_hf(hf)})" if hf is not None else ""
            )
        elif (emb_i := emb_min[i]) is not None and emb_i >= EMBEDDING_COSINE:
            hf, by = 0, "fingerprint"
            conf = "high" if emb_pairs >= 3 else "medium"
            desc = (
                f"the embedding output: rows of repeated tokens are identical ({emb_pairs} "
                f"pair(s)), which no decoder layer output does"
            )
        elif (jn := near[i]) is not None:
            hf, by, conf = t_hf[jn], f"training chunk {jn}", "medium"
            desc = _near_text(jn, x_rel[i, jn], sim[i, jn], tol.rtol)
        else:
            desc = _depth_hint(i, rms_s[i], rms_t, t_hf, sim[i] if ct else None)
            if served_cfg_hf is not None:
                hf, by, conf = served_cfg_hf[i], "served config", "low"
                desc += f"; the served config says {describe_hf(hf)} (not verified)"
        fails: list[str] = []
        if not ok and aligned and tokens_i > 0:
            if nf_s or nf_t:
                fails.append("NaN/Inf")
            if rel is not None and rel > tol.rtol:
                fails.append(f"relative L2 {rel:.3g} > {tol.rtol:.3g}")
            if cmin is not None and cmin < tol.min_cosine:
                fails.append(f"worst-token cosine {cmin:.6g} < {tol.min_cosine:.6g}")
            lim = tol.atol_for(_f(acc.max_t[i]))
            if mad is not None and mad > lim:
                fails.append(f"max |diff| {mad:.3g} > {lim:.3g}")
        if nf_s:
            desc += f"; {nf_s} NaN/Inf value(s) in the served chunk"
        if nf_t:
            desc += f"; {nf_t} NaN/Inf value(s) in training chunk {i}"
        chunks.append(
            ChunkResult(
                index=i,
                compared_to=i if aligned else None,
                max_abs_diff=mad,
                mean_abs_diff=mean,
                rel_l2=rel,
                cosine_mean=cmean,
                cosine_min=cmin,
                worst_token=worst,
                match=ok,
                best_train_chunk=best_j,
                best_cosine=best_c,
                best_rel_l2=best_rel,
                identified_layer=(hf - 1) if hf is not None else None,
                identified_hf_index=hf,
                identified_by=by,
                confidence=conf,
                rms=_f(rms_s[i]),
                nonfinite=nf_s,
                nonfinite_training=nf_t,
                description=desc,
                tolerance_failures=tuple(fails),
            )
        )
    tchunks = tuple(
        TrainingChunk(j, hfj, (hfj - 1) if hfj is not None else None, t_src[j], _f(rms_t[j]))
        for j, hfj in enumerate(t_hf)
    )
    more_diag, more_find, suggestions, more_notes = _diagnose(
        chunks, tchunks, matched, near, al, opts, served_cfg_hf, num_layers, acc, cs, ct, tol.rtol
    )
    diag = more_diag[:1] + diag + more_diag[1:] if more_diag else diag
    findings += more_find
    notes += more_notes
    overall = bool(
        acc.n > 0
        and cs == ct
        and al.status != "differ"
        and all(c.match for c in chunks)
        and not findings_block(findings)
    )
    return CompareResult(
        mode="tensors",
        match=overall,
        tokens_compared=acc.n,
        overall=_overall(acc, h),
        hidden_size=h,
        served_hidden_size=h,
        chunks=tuple(chunks),
        training_chunks=tchunks,
        similarity=tuple(tuple(_f(v) for v in row) for row in sim),
        reference_similarity=(
            tuple(tuple(_f(v) for v in row) for row in ref_sim) if ref_sim is not None else None
        ),
        training_reference_similarity=(
            tuple(tuple(_f(v) for v in row) for row in tref_sim) if tref_sim is not None else None
        ),
        diagnosis=tuple(diag),
        findings=tuple(dict.fromkeys(findings)),
        suggested_layer_ids=suggestions,
        notes=tuple(notes),
        **base,
    )


def _overall(acc: _Acc, h: int) -> Overall | None:
    tokens = float(acc.tokens.sum()) if acc.m else 0.0
    if tokens <= 0 or acc.row_n == 0:
        return None
    return Overall(
        max_abs_diff=float(acc.max_abs.max()),
        mean_abs_diff=float(acc.sum_abs.sum()) / (tokens * h),
        rel_l2=math.sqrt(float(acc.sum_d2.sum()) / max(float(acc.sum_t2.sum()), 1e-300)),
        cosine_mean=acc.row_cos_sum / acc.row_n,
        cosine_min=acc.row_cos_min,
    )


def findings_block(findings: Sequence[str]) -> bool:
    return any(f in ("nonfinite", "template-mismatch", "wrong-hidden-size") for f in findings)


def _depth_hint(
    i: int, rms: float, rms_t: Any, t_hf: Sequence[int | None], sim_row: Any | None
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


def _one_side_of_training(
    chunks: Sequence[ChunkResult], tchunks: Sequence[TrainingChunk], near: Sequence[int | None]
) -> int | None:
    """-1 (+1) when every served chunk is closest to the training chunk of the same index, with
    a lower (higher) RMS, and none is a match, a near match or the embedding."""
    if not chunks or len(chunks) != len(tchunks) or any(j is not None for j in near):
        return None
    signs = set()
    for c in chunks:
        if (
            c.best_train_chunk != c.index
            or c.best_cosine is None
            or c.best_cosine < 0.5
            or c.identified_hf_index == 0
        ):
            return None
        signs.add(-1 if c.rms < tchunks[c.index].rms else 1)
    return signs.pop() if len(signs) == 1 else None


def _near_text(j: int, rel: float, cos: float, rtol: float) -> str:
    return (
        f"is close to training chunk {j} (relative L2 {rel:.3g} > tolerance {rtol:.3g}, mean "
        f"cosine {cos:.4f}): probably the same layer with more numeric noise than the tolerance "
        "allows (other kernels, a quantized target); raise --rtol if that is expected "
        "(--reference tells it from an adjacent layer)"
    )


def _ranges(pairs: Sequence[tuple[int, int]]) -> str:
    """[(1,0),(2,1)] -> 'chunks 1-2 equal training chunks 0-1'."""
    groups: list[list[tuple[int, int]]] = []
    for p in pairs:
        if groups and p[0] == groups[-1][-1][0] + 1 and p[1] == groups[-1][-1][1] + 1:
            groups[-1].append(p)
        else:
            groups.append([p])
    out = []
    for g in groups:
        if len(g) == 1:
            out.append(f"served chunk {g[0][0]} equals training chunk {g[0][1]}")
        else:
            out.append(
                f"served chunks {g[0][0]}-{g[-1][0]} equal training chunks {g[0][1]}-{g[-1][1]}"
            )
    return ", ".join(out)


def _diagnose(
    chunks: Sequence[ChunkResult],
    tchunks: Sequence[TrainingChunk],
    matched: Sequence[int | None],
    near: Sequence[int | None],
    al: TokenAlignment,
    opts: CompareOptions,
    served_cfg_hf: Sequence[int] | None,
    num_layers: int | None,
    acc: _Acc,
    cs: int,
    ct: int,
    tol_rtol: float,
) -> tuple[list[str], list[str], dict[str, list[int]], list[str]]:
    diag: list[str] = []
    findings: list[str] = []
    notes: list[str] = []
    if al.status == "differ":
        diag.append(al.description)
        findings.append("template-mismatch")
    if acc.n == 0:
        diag.append("no tokens to compare")
        findings.append("no-tokens")
    if any(c.nonfinite or c.nonfinite_training for c in chunks) or acc.nf_t.any():
        bad = [c.index for c in chunks if c.nonfinite] or []
        tbad = [j for j in range(ct) if acc.nf_t[j]]
        txt = []
        if bad:
            txt.append(f"served chunk(s) {', '.join(map(str, bad))}")
        if tbad:
            txt.append(f"training chunk(s) {', '.join(map(str, tbad))}")
        diag.append(
            f"NaN/Inf in {' and '.join(txt)}: overflow in the capture (fp16?) or a broken kernel; "
            "those tokens are left out of the statistics"
        )
        findings.append("nonfinite")
    layers_ok = cs == ct and all(matched[i] == i or near[i] == i for i in range(cs))
    if acc.n:
        all_ok = cs == ct and all(c.match for c in chunks)
        pairs = [(i, j) for i, j in enumerate(matched) if j is not None]
        if all_ok:
            worst = max((c.rel_l2 or 0.0) for c in chunks)
            if al.status == "differ":
                diag.append(
                    f"on the {acc.n} tokens before the first difference all {cs} served chunks "
                    f"equal training chunks 0-{ct - 1} in order (worst relative L2 {worst:.3g}, "
                    f"tolerance {tol_rtol:.3g}): the layers are right, the tokens are not; "
                    "serve with the chat template and system prompt training used"
                )
            else:
                diag.append(
                    f"all {cs} served chunks equal training chunks 0-{ct - 1} in order (worst "
                    f"relative L2 {worst:.3g}, tolerance {tol_rtol:.3g}): the draft sees the "
                    "hidden states it was trained on"
                )
        else:
            first_chunk_line = len(diag)
            for c in chunks:
                if matched[c.index] is None:
                    if c.identified_hf_index == 0:
                        diag.append(
                            f"served chunk {c.index} is the embedding output (no training chunk "
                            f"matches; identified by {c.identified_by}, {c.confidence} confidence)"
                        )
                        findings.append("embedding-slot")
                    else:
                        diag.append(f"served chunk {c.index} {c.description}")
            if cs != ct:
                diag.append(
                    f"the server captured {cs} chunk(s), training {ct}: a layer id the engine "
                    "cannot reach (e.g. the last layer on SGLang) or a different id count"
                )
                findings.append("chunk-count")
            if layers_ok:
                why = "; ".join(
                    f"chunk {c.index}: {', '.join(c.tolerance_failures)}"
                    for c in chunks
                    if c.tolerance_failures
                )
                diag.append(
                    "the served layers are the training layers; the mismatch is numeric, not the "
                    "layer ids" + (f" ({why})" if why else "")
                )
                if any(f != "NaN/Inf" for c in chunks for f in c.tolerance_failures):
                    findings.append("out-of-tolerance")
            if pairs and not layers_ok:
                diag.append(_ranges(pairs))
            if (
                not layers_ok
                and not pairs
                and not any(j is not None for j in near)
                and al.status == "unavailable"
            ):
                diag.append(
                    "nothing lines up, and there are no input_ids to align the tokens: if served "
                    "token 0 is not training position 0, pass --offset (the training position of "
                    "served token 0)"
                )
            mark = len(diag)
            shifts = {j - i for i, j in pairs}
            if pairs and len(shifts) == 1 and shifts != {0}:
                k = shifts.pop()
                if k < 0:
                    diag.append(
                        "the served list is shifted by one slot: an extra layer prepended and the "
                        "last training layer dropped"
                        if k == -1
                        else f"the served list is shifted by {-k} slots: {-k} extra layers "
                        f"prepended and the last {-k} training layers dropped"
                    )
                else:
                    diag.append(
                        "the served list is shifted by one slot the other way: the first training "
                        "layer is missing"
                        if k == 1
                        else f"the served list is shifted by {k} slots the other way: the first "
                        f"{k} training layers are missing"
                    )
                findings.append("shifted")
            elif len(pairs) >= 2 and sorted(j for _, j in pairs) != [j for _, j in pairs]:
                order = ", ".join(str(j) for _, j in pairs)
                thf = [t.hf_index for t in tchunks]
                known = [h for h in thf if h is not None]
                if len(known) == len(thf) and known != sorted(known):
                    tl = [t.layer for t in tchunks]
                    why = (
                        f"the training capture was not in ascending layer order (layers {tl}: "
                        "SpecForge's HF backend keeps the list order, ModelOpt's set() can "
                        "reorder it), while engines always concatenate in ascending order; "
                        "re-capture training with an ascending list"
                    )
                elif len(known) == len(thf):
                    why = (
                        "training is in ascending layer order, and engines capture in ascending "
                        "order too, so the served dump itself was reordered (the dump hook, or a "
                        "hand-made concatenation)"
                    )
                else:
                    why = (
                        "engines concatenate in ascending layer order, so either the training "
                        "capture (HF backend / ModelOpt set()) or the served dump was reordered"
                    )
                diag.append(
                    f"the served chunks hold training layers in another order (served order: "
                    f"{order}): {why}"
                )
                findings.append("permuted")
            missing = [j for j in range(ct) if j not in set(matched) and j not in set(near)]
            if missing and pairs:
                diag.append(
                    ("training chunks " if len(missing) > 1 else "training chunk ")
                    + ", ".join(
                        f"{j}"
                        + (
                            f" ({describe_hf(tchunks[j].hf_index or 0, num_layers)})"
                            if tchunks[j].hf_index is not None
                            else ""
                        )
                        for j in missing
                    )
                    + (" are not served" if len(missing) > 1 else " is not served")
                )
                findings.append("missing-layer")
            # off-by-one: identified layers vs training layers (all aligned chunks)
            offs = [
                sh - th
                for c in chunks
                if c.index < ct
                and (sh := c.identified_hf_index) is not None
                and (th := tchunks[c.index].hf_index) is not None
            ]
            verified = all(c.identified_by != "served config" for c in chunks[: min(cs, ct)])
            if offs and len(offs) == min(cs, ct) and len(set(offs)) == 1 and abs(offs[0]) == 1:
                how = (
                    ""
                    if verified
                    else " (from the served config, partly unverified by the tensors)"
                )
                if offs[0] == -1:
                    off_txt = (
                        "every served chunk is one layer EARLIER than training" + how + ": the "
                        "ids were written for SGLang/SpecForge (id k = output of layer k) and read "
                        "by an engine that captures the input of layer k (vLLM convention)"
                    )
                else:
                    off_txt = (
                        "every served chunk is one layer LATER than training" + how + ": ids "
                        "written in the vLLM convention (id k = input of layer k) were read by "
                        "SGLang, which adds +1"
                    )
                # an off-by-one explains any accidental overlap: drop the shift/missing lines
                drop = {"shifted", "missing-layer", "permuted"}
                del diag[mark:]
                findings[:] = [f for f in findings if f not in drop]
                diag.insert(first_chunk_line, off_txt)  # the conclusion leads (and is the hint)
                findings.append("off-by-one")
            elif not pairs and cs == ct and not findings_block(findings):
                findings.append("layer-mismatch")
                side = _one_side_of_training(chunks, tchunks, near)
                if side is not None and num_layers is None:
                    diag.insert(
                        first_chunk_line,
                        f"every served chunk is closest to its own training chunk but with a "
                        f"{'lower' if side < 0 else 'higher'} norm: each is probably one layer "
                        f"{'EARLIER' if side < 0 else 'LATER'} than training, the off-by-one "
                        "between the SGLang/SpecForge (output of layer k) and vLLM (input of "
                        "layer k) conventions (low confidence: --reference, or --served-layers "
                        "with --engine, confirms it)",
                    )
            if any(j is not None for j in near):
                findings.append("out-of-tolerance")
                if "layer-mismatch" in findings and all(
                    matched[i] is not None or near[i] is not None for i in range(cs)
                ):
                    findings.remove("layer-mismatch")
    # the served config on its own: things the engines do with such a list
    if opts.served_layers is not None:
        sl = list(opts.served_layers)
        eng_read = opts.engine or CaptureEngine.SGLANG
        if eng_read is CaptureEngine.SGLANG and -1 in sl:
            notes.append(
                "the served config has -1 (the embedding): SGLang's Llama-style models cannot "
                "capture it (there is no residual before layer 0)"
            )
        if sl != sorted(sl):
            notes.append(
                f"the served ids {sl} are not ascending: SGLang and vLLM capture inside the "
                "forward loop, so the chunks come out in ascending layer order anyway"
            )
        if num_layers is not None and eng_read is CaptureEngine.SGLANG and num_layers - 1 in sl:
            notes.append(
                f"id {num_layers - 1} is the last layer: SGLang's generic +1 path never reaches "
                "it and returns one chunk fewer (sglang PR #32334)"
            )
    # the served config vs training (conventions), even before tensors are judged
    t_hf = [t.hf_index for t in tchunks]
    if served_cfg_hf is not None and all(x is not None for x in t_hf) and acc.n:
        eng = (opts.engine or CaptureEngine.SGLANG).value
        if list(served_cfg_hf) != list(t_hf):
            diag.append(
                f"with {eng}'s convention the served ids {list(opts.served_layers or ())} capture "
                f"HF indices {list(served_cfg_hf)}; training used {list(t_hf)}"
            )
    suggestions: dict[str, list[int]] = {}
    if t_hf and all(x is not None for x in t_hf):
        hfs = [int(x) for x in t_hf if x is not None]
        engines = [opts.engine] if opts.engine is not None else list(CaptureEngine)
        for e in engines:
            suggestions[e.value] = list(suggest_ids(hfs, e))
        if not layers_ok:
            parts = []
            for e in engines:
                rule = "SGLang adds +1" if e is CaptureEngine.SGLANG else "vLLM reads ids verbatim"
                parts.append(f"{suggestions[e.value]} for {e.value} ({rule})")
            diag.append(
                "set eagle_aux_hidden_state_layer_ids (draft config.json, nested under "
                "eagle_config for SGLang; top level for vLLM) to " + " or ".join(parts)
            )
        if 0 in hfs and CaptureEngine.SGLANG.value in suggestions:
            notes.append(
                "training used the embedding output, which SGLang's Llama-style models cannot capture"
            )
        if num_layers is not None and hfs == [2, num_layers // 2, num_layers - 3]:
            notes.append(
                f"training used the default layers (SpecForge's [1, N//2-1, N-4] with N = "
                f"{num_layers}, HF indices {hfs}): leaving the ids out of the draft config works "
                f"too, since SGLang's and vLLM's defaults [2, N//2, N-3] = {hfs} capture the same "
                "layers"
            )
        if num_layers is not None and num_layers in hfs:
            notes.append(
                f"training captured the final normed output (HF index {num_layers}); SGLang never "
                "reaches it and vLLM returns it before the final norm"
            )
        sg = suggestions.get(CaptureEngine.SGLANG.value)
        if sg and sg[0] != 1:
            verbatim = (
                f"; on those models write the HF indices {hfs} instead" if hfs[0] != 1 else ""
            )
            notes.append(
                f"SGLang's DeepSeek-V2/V3 and GLM-4-MoE-lite models (PR #25454) add +1 only when "
                f"the first id is 1, so they read {sg} as written{verbatim}; gpt-oss uses ids "
                "as written when the largest equals the layer count: check your model file"
            )
        if hfs != sorted(hfs):
            notes.append("training layers are not ascending; engines capture in ascending order")
    elif acc.n:
        unknown = [t.index for t in tchunks if t.hf_index is None]
        notes.append(
            "no layer ids suggested: the layers of training chunk(s) "
            + ", ".join(map(str, unknown))
            + " are unknown (pass --layers with the training ids, or --reference)"
        )
    return diag, findings, suggestions, notes


# --------------------------------------------------------------------------------------------
# Served values given as text


def compare_values(
    snippets: Sequence[ValueSnippet],
    training: Dump,
    options: CompareOptions | None = None,
    *,
    reference: Dump | None = None,
) -> CompareResult:
    """Find each snippet inside the training tensor (and the reference): which chunk, which token.

    Each snippet is compared with the first ``k`` values of every training chunk at every valid
    token (only at ``--offset`` when given); values longer than one chunk are compared with the
    start of the row. Tolerance per value: half a unit of its last printed digit plus the
    dtype's ``atol`` (relative to the largest value of that training chunk row).
    """
    torch = require_torch()

    opts = options or CompareOptions()
    tdt, tnote = effective_dtype(training)
    tol = default_tolerances(tdt, tdt, rtol=opts.rtol, atol=opts.atol, min_cosine=opts.min_cosine)
    ht, _, notes = _hidden_sizes(training, training, opts, reference)  # no served tensor here
    if tnote:
        notes.append(f"training: {tnote}")
    nt = training.valid_tokens
    if opts.offset is not None and not 0 <= opts.offset < nt:
        raise UsageError(
            f"--offset {opts.offset} is outside the training sample (0..{nt - 1})",
            hint="with --values, --offset is the training position to compare (leave it out to "
            "search every position)",
        )
    tokens = range(opts.offset, opts.offset + 1) if opts.offset is not None else range(nt)
    ct = training.width // ht
    sources: list[tuple[str, Dump, int]] = [("training", training, ct)]
    if reference is not None:
        ref = reference if reference.hidden_size is not None else _as_stack(reference, ht)
        if ref.num_tokens < (tokens.stop):
            raise InputError(
                f"{reference.source}: fewer tokens than the training sample",
                hint="the reference must cover the training sample's tokens",
            )
        sources.append(("reference", ref, ref.width // ht))
    chunks: list[ChunkResult] = []
    findings: list[str] = []
    diag: list[str] = []
    sim_rows: list[tuple[float, ...]] = []
    ref_rows: list[tuple[float, ...]] = []
    for si, snip in enumerate(snippets):
        k = len(snip.values)
        v = torch.tensor(snip.values, dtype=torch.float32)
        ptol = torch.tensor(snip.print_tolerance, dtype=torch.float32)
        best: dict[str, tuple[float, int, int, Any]] = {}
        count: dict[str, int] = {}
        per_chunk_best: dict[str, list[float]] = {}
        chunk_hits: dict[str, set[int]] = {}
        for name, src, nch in sources:
            span = k > ht
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
                x = rows[:, :k].unsqueeze(1) if span else rows.view(n, nch, ht)[:, :, :k]
                rms = (
                    rows.pow(2).mean(-1, keepdim=True).sqrt().unsqueeze(-1)
                    if span
                    else rows.view(n, nch, ht).pow(2).mean(-1, keepdim=True).sqrt()
                )
                # a row with NaN/Inf or overflowing values matches nothing (an infinite RMS
                # would allow any difference)
                rms = torch.where(rms <= OVERFLOW, rms, torch.full_like(rms, math.nan))
                # kernel noise is relative to the value and to the row's scale (rounding
                # errors accumulate through the matmuls that produced the row)
                allowed = ptol + (
                    opts.atol if opts.atol is not None else tol.rtol * (x.abs() + rms)
                )
                diff = (v - x).abs()
                excess = torch.nan_to_num((diff - allowed).amax(-1), nan=math.inf)  # [n, nch']
                dmax = torch.nan_to_num(diff.amax(-1), nan=math.inf)
                hits += int((excess <= 0).sum())
                flat = excess.reshape(-1)
                idx = int(flat.argmin())
                val = float(flat[idx])
                width = x.shape[1]
                emin = dmax.amin(0).tolist()
                for c in range(len(emin)):
                    cbest[c] = min(cbest[c], emin[c])
                hit_chunks = (excess <= 0).any(0).tolist()
                for c in range(len(hit_chunks)):
                    if hit_chunks[c]:
                        chunk_hits.setdefault(name, set()).add(c)
                if name not in best or val < best[name][0]:
                    best[name] = (
                        val,
                        a + idx // width,
                        idx % width,
                        x[idx // width, idx % width].clone(),
                    )
            count[name] = hits
            per_chunk_best[name] = cbest
        val, tok, c, xbest = best["training"]
        d = (v - xbest).abs()
        rel = float(
            torch.linalg.vector_norm(v - xbest) / torch.linalg.vector_norm(xbest).clamp_min(1e-30)
        )
        cosv = (
            min(1.0, max(-1.0, float(torch.nn.functional.cosine_similarity(v, xbest, dim=0))))
            if k > 1
            else None
        )
        ok = val <= 0
        hf = by = conf = None
        if "reference" in best:
            rv, rtok, rc, _ = best["reference"]
            if rv <= 0:
                hf, by = rc, "reference"
                conf = (
                    "high"
                    if len(chunk_hits.get("reference", set())) == 1 and k >= MIN_VALUES_HIGH
                    else "medium"
                )
        if hf is None and ok:
            known = opts.training_layers
            if known is not None and c < len(known) and k <= ht:
                hf, by, conf = trainer_id_to_hf(known[c]), f"training chunk {c}", "high"
        span = k > ht
        where = (
            f"the start of the row at token {tok}" if span else f"training chunk {c} at token {tok}"
        )
        if ok:
            desc = f"matches {where}"
            if count["training"] > 1:
                desc += (
                    f" ({count['training']} matching slices: the values are not unique, "
                    "e.g. repeated tokens)"
                )
            if hf is not None and by == "reference":
                desc += f"; the reference says {describe_hf(hf)}"
        else:
            desc = f"matches no training slice (closest: {where}, max |diff| {float(d.max()):.3g})"
            if hf is not None:
                desc += f", but matches {describe_hf(hf)} of the reference"
            elif "reference" in best:
                desc += " and no layer of the reference"
        if k < MIN_VALUES_HIGH:
            desc += f" (only {k} value(s): weak evidence)"
            if conf == "high":
                conf = "medium"
        chunks.append(
            ChunkResult(
                index=si,
                compared_to=None if span else c,
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
                description=f"{snip.name}: {desc}",
                token=tok,
            )
        )
        sim_rows.append(tuple(per_chunk_best["training"]))
        if "reference" in per_chunk_best:
            ref_rows.append(tuple(per_chunk_best["reference"]))
        if not ok:
            findings.append("values-mismatch")
        diag.append(chunks[-1].description)
    overall = all(c.match for c in chunks)
    if overall and all(len(sn.values) < MIN_VALUES_HIGH for sn in snippets):
        # 1-3 numbers match somewhere among thousands of slices by chance: no verdict from them
        overall = False
        slices = len(tokens) * ct
        diag.insert(
            0,
            f"every snippet matches, but none holds {MIN_VALUES_HIGH} or more values: so few "
            f"numbers can match one of the {slices} training slices searched by chance, so "
            f"this does not show that the layers agree; give at least {MIN_VALUES_HIGH} "
            "consecutive values of one token",
        )
        findings.append("too-few-values")
    elif overall:
        diag.append("every served value snippet is found in the training tensor")
    train_hf = (
        [trainer_id_to_hf(i) for i in opts.training_layers]
        if opts.training_layers is not None
        else None
    )
    for snip_result in chunks:
        h = snip_result.identified_hf_index
        if snip_result.match or h is None or snip_result.identified_by != "reference":
            continue
        name = snip_result.description.split(":", 1)[0]
        if h == 0:
            diag.append(
                f"{name} is the embedding output, which training never captured: an embedding "
                "slot in the served id list (-1 for SGLang, 0 for vLLM)"
            )
        elif train_hf is not None:
            after = [j for j, t in enumerate(train_hf) if t == h - 1]
            before = [j for j, t in enumerate(train_hf) if t == h + 1]
            if len(before) + len(after) == 1:
                j, how = (before[0], "EARLIER") if before else (after[0], "LATER")
                diag.append(
                    f"{name} is {describe_hf(h)}, one layer {how} than training chunk {j} "
                    f"(layer {train_hf[j] - 1}): the off-by-one between the SGLang/SpecForge and "
                    "vLLM conventions"
                )
    suggestions: dict[str, list[int]] = {}
    if train_hf is not None:
        engines = [opts.engine] if opts.engine is not None else list(CaptureEngine)
        for e in engines:
            suggestions[e.value] = list(suggest_ids(train_hf, e))
        wrong_layer = any(
            not x.match and x.identified_by == "reference" and x.identified_hf_index not in train_hf
            for x in chunks
        )
        if wrong_layer:  # a snippet of a layer training never captured (says the reference)
            diag.append(
                "set eagle_aux_hidden_state_layer_ids (draft config.json, nested under "
                "eagle_config for SGLang; top level for vLLM) to "
                + " or ".join(f"{suggestions[e.value]} for {e.value}" for e in engines)
                + " to serve the training layers"
            )
    al = TokenAlignment(
        "offset" if opts.offset is not None else "unavailable",
        0,
        opts.offset or 0,
        len(tokens),
        0,
        nt,
        description=(
            f"values compared at training position {opts.offset}"
            if opts.offset is not None
            else f"values searched over all {nt} training positions"
        ),
    )
    return CompareResult(
        mode="values",
        match=overall,
        tokens_compared=len(tokens),
        hidden_size=ht,
        served_hidden_size=None,
        served_dtype="text",
        training_dtype=training.dtype,
        tolerances=tol,
        alignment=al,
        chunks=tuple(chunks),
        training_chunks=(),
        similarity=tuple(sim_rows),
        reference_similarity=tuple(ref_rows) if ref_rows else None,
        training_reference_similarity=None,
        diagnosis=tuple(diag),
        findings=tuple(dict.fromkeys(findings)),
        suggested_layer_ids=suggestions,
        engine=opts.engine.value if opts.engine else None,
        served_layers=opts.served_layers,
        training_layers=opts.training_layers,
        notes=tuple(notes),
    )
