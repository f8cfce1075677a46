"""Tolerances of ``compare-hidden``: from the unit roundoff of the coarser dtype of two dumps."""

from __future__ import annotations

import math

from specdiag.core.hidden.compare_results import Tolerances
from specdiag.core.hidden.loading import Dump, require_torch
from specdiag.errors import UsageError

# Unit roundoff per dtype. float32 captures on GPUs usually go through TF32 matmuls, so the
# float32 defaults use TF32's roundoff (10 mantissa bits), like float16.
UNIT_ROUNDOFF = {"bfloat16": 2.0**-8, "float16": 2.0**-11, "float32": 2.0**-11, "float64": 2.0**-11}
RTOL_FACTOR = 12.8  # relative L2 bound = 12.8 u  (bf16: 0.05)
ATOL_FACTOR = 16.0  # max |diff| bound = 16 u * max|training chunk|  (bf16: 6.25 % of the max)


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
    # the coarser dtype (the served one when both round alike)
    dt = max((served_dtype, training_dtype), key=lambda d: UNIT_ROUNDOFF.get(d, 2.0**-8))
    u = UNIT_ROUNDOFF.get(dt, 2.0**-8)
    r = rtol if rtol is not None else RTOL_FACTOR * u
    for name, v in (("--rtol", rtol), ("--atol", atol)):
        if v is not None and not (v >= 0 and math.isfinite(v)):
            raise UsageError(
                f"{name} must be a finite number >= 0, got {v:g}",
                hint=f"e.g. {name} 0.05 (leave it out for the dtype's default)",
            )
    mc = min_cosine if min_cosine is not None else max(0.0, 1.0 - 2.0 * r * r)
    return Tolerances(dtype=dt, rtol=r, min_cosine=mc, atol=atol, atol_scale=ATOL_FACTOR * u)


def effective_dtype(dump: Dump) -> tuple[str, str | None]:
    """The precision a dump's values really have, and a note when it is not the stored dtype: a
    float32 dump holding bfloat16 numbers only is judged as bfloat16 (docs/compare-hidden.md), as
    float32 tolerances would call its kernel noise a mismatch."""
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
