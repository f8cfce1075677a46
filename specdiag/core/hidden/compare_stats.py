"""Streamed statistics of ``compare-hidden``: one pass over the dumps in blocks of tokens.

Per block the served chunks ``S [n, Cs, H]`` and the training chunks ``R [n, Ct, H]`` give, in
one pass each: the aligned differences (chunk i vs chunk i), the full cross matrix of per-token
dot products (``bmm``), and the norms; relative L2 errors and cosines of *every* pair follow
from ``|s - t|^2 = |s|^2 + |t|^2 - 2 s.t``. Sums are kept in float64 on the host, so peak
memory is a few blocks however long the dumps are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from specdiag.core.hidden.compare_results import FinalState, Overall, TokenAlignment, Tolerances
from specdiag.core.hidden.loading import Dump, require_torch

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
    from torch import Tensor

    Floats = NDArray[np.float64]

# values beyond this are treated like Inf: their squares (norms, dot products) would overflow
# float32, and no hidden state is anywhere near (the residual stream is O(1)-O(1e4))
OVERFLOW = 1e15


@dataclass(frozen=True)
class Inputs:
    """The dumps being compared and how they line up."""

    served: Dump
    training: Dump
    reference: Dump | None
    alignment: TokenAlignment
    hidden_size: int
    ref_start: int = 0  # reference position of the first compared training token
    device: str = "cpu"
    block_tokens: int | None = None

    @property
    def served_chunks(self) -> int:
        return self.served.width // self.hidden_size

    @property
    def training_chunks(self) -> int:
        return self.training.width // self.hidden_size

    @property
    def reference_layers(self) -> int:
        return self.reference.width // self.hidden_size if self.reference is not None else 0


class Acc:
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


@dataclass
class _Block:
    """One block of tokens on the device, with what the cross pass computed from it."""

    start: int  # index of its first token among the compared tokens
    s: Tensor  # served [n, cs, H]
    t: Tensor  # training [n, ct, H]
    ns: Tensor  # norms [n, cs]
    nt: Tensor  # norms [n, ct]
    ok_s: Tensor | None  # finite rows [n, cs], None when all are
    ok_t: Tensor | None
    dot: Tensor | None = None  # [n, cs, ct]
    xc: Tensor | None = None  # cosines [n, cs, ct]
    okx: Tensor | None = None  # pairs of finite rows [n, cs, ct], None when all are

    @property
    def n(self) -> int:
        return int(self.s.shape[0])

    @property
    def all_finite(self) -> bool:
        return self.ok_s is None and self.ok_t is None


def host(x: Tensor) -> Floats:
    """A reduced tensor as a float64 numpy array on the host."""
    return x.double().cpu().numpy()


def cosine(dot: Tensor, na: Tensor, nb: Tensor) -> Tensor:
    """Cosine from dot products and norms; 1 when both vectors are 0, 0 when one is."""
    import torch

    den = na * nb
    both_zero = (na == 0) & (nb == 0)
    c = torch.where(den > 0, dot / den.clamp_min(1e-30), torch.zeros_like(dot))
    # float rounding can put |cos| a hair above 1; a cosine never is
    return torch.where(both_zero, torch.ones_like(c), c).clamp(-1.0, 1.0)


def finite_rows(
    x: Tensor, nrm: Tensor, acc_nf: NDArray[np.int64]
) -> tuple[Tensor, Tensor, Tensor | None]:
    """Zero out rows with NaN/Inf or overflowing values (counted into ``acc_nf``)."""
    torch = require_torch()
    if bool((nrm <= OVERFLOW).all()):
        return x, nrm, None
    bad_el = ~(x.abs() <= OVERFLOW)  # NaN compares False
    acc_nf += bad_el.sum(dim=(0, 2)).cpu().numpy()
    ok = ~bad_el.any(-1)  # [n, C]
    x = torch.where(ok.unsqueeze(-1), x, torch.zeros_like(x))
    return x, torch.linalg.vector_norm(x, dim=-1), ok


def default_block(width: int, device: str) -> int:
    """Tokens per block: ~32 MiB of float32 per tensor on CPU, 64 MiB on GPU.

    CPU: few enough blocks that per-op thread wake-ups do not dominate on a busy 2-core
    machine, small next to a whole dump. GPU: the same order: the host side (page faults,
    copies) sets the pace, not the kernels.
    """
    budget = (1 << 23) if device == "cpu" else (1 << 24)
    return max(1, min(1 << 16, budget // max(1, width)))


def stream(inputs: Inputs) -> Acc:
    """Every statistic of the comparison in one pass over the aligned tokens."""
    torch = require_torch()
    served, training, al, h = inputs.served, inputs.training, inputs.alignment, inputs.hidden_size
    cs, ct = inputs.served_chunks, inputs.training_chunks
    acc = Acc(cs, ct, inputs.reference_layers)
    dev = inputs.device
    bt = inputs.block_tokens or default_block(max(served.width, training.width), dev)
    with torch.no_grad():
        for a in range(0, al.tokens, bt):
            b = min(al.tokens, a + bt)
            n = b - a
            s = served.block(al.served_start + a, al.served_start + b, dev).view(n, cs, h)
            t = training.block(al.training_start + a, al.training_start + b, dev).view(n, ct, h)
            ns = torch.linalg.vector_norm(s, dim=-1)
            nt = torch.linalg.vector_norm(t, dim=-1)
            s, ns, ok_s = finite_rows(s, ns, acc.nf_s)
            t, nt, ok_t = finite_rows(t, nt, acc.nf_t)
            blk = _Block(a, s, t, ns, nt, ok_s, ok_t)
            _cross(acc, blk, h)
            if acc.m:
                _aligned(acc, blk)
            if inputs.reference is not None:
                _against_reference(acc, blk, inputs)
            acc.n += n
            served.release(al.served_start + a, al.served_start + b)
            training.release(al.training_start + a, al.training_start + b)
    return acc


def _cross(acc: Acc, blk: _Block, h: int) -> None:
    """Every served chunk against every training chunk: cosines, squared distances, RMS."""
    import numpy as np

    torch = require_torch()
    s, t, ns, nt, n = blk.s, blk.t, blk.ns, blk.nt, blk.n
    cs, ct = int(s.shape[1]), int(t.shape[1])
    dot = torch.bmm(s, t.transpose(1, 2))  # [n, cs, ct]
    xc = cosine(dot, ns.unsqueeze(2), nt.unsqueeze(1))
    d2 = (ns.unsqueeze(2) ** 2 + nt.unsqueeze(1) ** 2 - 2 * dot).clamp_min(0)
    t2 = (nt**2).unsqueeze(1).expand(n, cs, ct)
    okx = None
    if blk.all_finite:
        acc.x_n += n
        xc_for_min = xc
    else:  # leave tokens with NaN/Inf out of every pair they touch
        okx = torch.ones(n, cs, ct, dtype=torch.bool, device=s.device)
        if blk.ok_s is not None:
            okx &= blk.ok_s.unsqueeze(2)
        if blk.ok_t is not None:
            okx &= blk.ok_t.unsqueeze(1)
        acc.x_n += host(okx.sum(0))
        xc = xc * okx
        d2 = d2 * okx
        t2 = t2 * okx
        xc_for_min = torch.where(okx, xc, torch.full_like(xc, math.inf))
    acc.x_cos += host(xc.sum(0))
    acc.x_cos_min = np.fmin(acc.x_cos_min, host(xc_for_min.amin(0)))
    acc.x_d2 += host(d2.sum(0))
    acc.x_t2 += host(t2.sum(0))
    acc.rms_s += host((ns / math.sqrt(h)).sum(0))
    acc.rms_t += host((nt / math.sqrt(h)).sum(0))
    blk.dot, blk.xc, blk.okx = dot, xc, okx


def _aligned(acc: Acc, blk: _Block) -> None:
    """Served chunk i against training chunk i, and the whole row (all chunks together)."""
    import numpy as np

    torch = require_torch()
    m = acc.m
    s, t, nt, xc, a = blk.s, blk.t, blk.nt, blk.xc, blk.start
    d = s[:, :m] - t[:, :m]
    # three reductions over d, no abs() pass: L2, L1 and max-norm
    dn2 = torch.linalg.vector_norm(d, dim=-1) ** 2  # [n, m]
    dsum = torch.linalg.vector_norm(d, ord=1, dim=-1)
    dmax = torch.linalg.vector_norm(d, ord=math.inf, dim=-1)
    tlo, thi = torch.aminmax(t[:, :m], dim=-1)
    tmax = torch.maximum(thi, -tlo)
    nt2 = nt[:, :m] ** 2
    cos_al = torch.diagonal(xc, dim1=1, dim2=2)[:, :m]  # [n, m]
    ok = None
    if not blk.all_finite:
        ok = torch.diagonal(blk.okx, dim1=1, dim2=2)[:, :m]
        cos_for_min = torch.where(ok, cos_al, torch.full_like(cos_al, math.inf))
        dn2, dmax, dsum, tmax, nt2 = (x * ok for x in (dn2, dmax, dsum, tmax, nt2))
        acc.tokens += host(ok.sum(0))
    else:
        cos_for_min = cos_al
        acc.tokens += blk.n
    acc.max_abs = np.fmax(acc.max_abs, host(dmax.amax(0)))
    acc.max_t = np.fmax(acc.max_t, host(tmax.amax(0)))
    acc.sum_abs += host(dsum.sum(0))
    acc.sum_d2 += host(dn2.sum(0))
    acc.sum_t2 += host(nt2.sum(0))
    acc.cos_sum += host(cos_al.sum(0))
    bmin, barg = cos_for_min.min(0)
    bmin_np = host(bmin)
    better = bmin_np < acc.cos_min
    acc.worst[better] = barg.cpu().numpy()[better] + a
    acc.cos_min = np.fmin(acc.cos_min, bmin_np)
    # the whole row (all aligned chunks together): per-token cosine
    dd = torch.diagonal(blk.dot, dim1=1, dim2=2)[:, :m]
    ns2r, nt2r = blk.ns[:, :m] ** 2, blk.nt[:, :m] ** 2
    if ok is not None:
        dd, ns2r, nt2r = dd * ok, ns2r * ok, nt2r * ok
    rc = cosine(dd.sum(-1), ns2r.sum(-1).sqrt(), nt2r.sum(-1).sqrt())
    row_ok = ok.any(-1) if ok is not None else torch.ones_like(rc, dtype=torch.bool)
    acc.row_n += int(row_ok.sum())
    acc.row_cos_sum += float((rc * row_ok).sum())
    rmin = torch.where(row_ok, rc, torch.full_like(rc, math.inf)).min()
    acc.row_cos_min = min(acc.row_cos_min, float(rmin))


def _against_reference(acc: Acc, blk: _Block, inputs: Inputs) -> None:
    """Served and training chunks against every layer of the reference stack."""
    torch = require_torch()
    assert inputs.reference is not None
    lr, h, dev = inputs.reference_layers, inputs.hidden_size, inputs.device
    a, n = inputs.ref_start + blk.start, blk.n
    r = inputs.reference.block(a, a + n, dev).view(n, lr, h)
    nr = torch.linalg.vector_norm(r, dim=-1)
    r, nr, _ = finite_rows(r, nr, torch.zeros(lr, dtype=torch.int64).numpy())
    s, t, ns, nt = blk.s, blk.t, blk.ns, blk.nt
    dsr = torch.bmm(s, r.transpose(1, 2))
    acc.ref_cos_s += host(cosine(dsr, ns.unsqueeze(2), nr.unsqueeze(1)).sum(0))
    acc.ref_d2_s += host(
        (ns.unsqueeze(2) ** 2 + nr.unsqueeze(1) ** 2 - 2 * dsr).clamp_min(0).sum(0)
    )
    acc.ref_r2 += host((nr**2).sum(0))
    dtr = torch.bmm(t, r.transpose(1, 2))
    acc.ref_cos_t += host(cosine(dtr, nt.unsqueeze(2), nr.unsqueeze(1)).sum(0))


@dataclass(frozen=True)
class Summary:
    """The accumulated sums turned into means: what identification and diagnosis read."""

    acc: Acc
    sim: Floats  # [cs, ct] mean cosine
    x_rel: Floats  # [cs, ct] relative L2
    x_min: Floats  # [cs, ct] worst-token cosine
    rms_s: Floats  # [cs]
    rms_t: Floats  # [ct]
    ref_sim: Floats | None  # [cs, L+1] mean cosine against the reference
    ref_rel: Floats | None
    tref_sim: Floats | None  # [ct, L+1]

    @property
    def tokens(self) -> int:
        return self.acc.n


def summarise(acc: Acc, with_reference: bool) -> Summary:
    import numpy as np

    n = max(acc.n, 1)
    ref_rel = (
        np.sqrt(acc.ref_d2_s / np.maximum(acc.ref_r2[None, :], 1e-300)) if with_reference else None
    )
    return Summary(
        acc=acc,
        sim=acc.x_cos / np.maximum(acc.x_n, 1),
        x_rel=np.sqrt(acc.x_d2 / np.maximum(acc.x_t2, 1e-300)),
        x_min=acc.x_cos_min,
        rms_s=acc.rms_s / n,
        rms_t=acc.rms_t / n,
        ref_sim=acc.ref_cos_s / n if with_reference else None,
        ref_rel=ref_rel,
        tref_sim=acc.ref_cos_t / n if with_reference else None,
    )


def overall(acc: Acc, h: int) -> Overall | None:
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


def final_state(inputs: Inputs, tol: Tolerances) -> FinalState | None:
    """Compare the last hidden states when both dumps have them: streamed like the chunks, as
    one more pair of chunks (the same statistics, the same NaN/Inf handling)."""
    a, b = inputs.served.last_hidden, inputs.training.last_hidden
    h = inputs.hidden_size
    if a is None or b is None or a.ndim != 2 or b.ndim != 2 or inputs.alignment.tokens == 0:
        return None
    if int(a.shape[-1]) != h or int(b.shape[-1]) != h:
        return None
    served, training = (
        replace(d, features=x, layout="flat") for d, x in ((inputs.served, a), (inputs.training, b))
    )
    acc = stream(replace(inputs, served=served, training=training, reference=None))
    n = float(acc.tokens[0])
    if n == 0:
        return None
    rel = math.sqrt(acc.sum_d2[0] / max(acc.sum_t2[0], 1e-300))
    mx, cmin = float(acc.max_abs[0]), float(acc.cos_min[0])
    ok = rel <= tol.rtol and cmin >= tol.min_cosine and mx <= tol.atol_for(float(acc.max_t[0]))
    rms = (float(acc.rms_s[0]) / acc.n, float(acc.rms_t[0]) / acc.n)
    return FinalState(mx, rel, float(acc.cos_sum[0]) / n, cmin, ok, *rms)
