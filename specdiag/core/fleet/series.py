"""Raw samples of one series: reset-adjusted counters, values at instants, per-bucket deltas.

A counter's *adjusted* value adds back every reset (a sample lower than the one before it means
the process restarted from 0, as PromQL's ``increase()`` assumes too). The delta between two
instants is the difference of the adjusted values of the last samples at or before them, so the
deltas of consecutive buckets add up exactly to the window's delta. numpy does the arithmetic
(imported inside the functions: importing this module stays cheap).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float64]
else:
    Array = Any


def adjust_resets(values: Sequence[float] | Array) -> tuple[Array, int]:
    """(adjusted cumulative values, number of resets)."""
    import numpy as np

    v = np.asarray(values, dtype=np.float64)
    if v.size < 2:
        return v.copy(), 0
    drops = v[1:] < v[:-1]
    n = int(drops.sum())
    if not n:
        return v.copy(), 0
    offset = np.concatenate(([0.0], np.cumsum(np.where(drops, v[:-1], 0.0))))
    return v + offset, n


def bucket_deltas(
    timestamps: Sequence[float] | Array,
    adjusted: Sequence[float] | Array,
    base: float,
    bounds: Sequence[float] | Array,
) -> Array:
    """Delta of the adjusted counter in each bucket (bounds[i-1], bounds[i]].

    ``base`` is the value before the first sample (the first sample's own value, or 0 for a
    series born inside the window).
    """
    import numpy as np

    ts = np.asarray(timestamps, dtype=np.float64)
    adj = np.asarray(adjusted, dtype=np.float64)
    b = np.asarray(bounds, dtype=np.float64)
    if adj.size == 0:
        return np.zeros(max(0, b.size - 1))
    idx = np.searchsorted(ts, b, side="right")
    at = np.where(idx > 0, adj[np.maximum(idx - 1, 0)], base)
    out: Array = np.diff(at)
    return out


def bucket_means(
    timestamps: Sequence[float] | Array,
    values: Sequence[float] | Array,
    bounds: Sequence[float] | Array,
) -> tuple[Array, Array]:
    """(sum, count) of the samples in each bucket (bounds[i-1], bounds[i]]."""
    import numpy as np

    ts = np.asarray(timestamps, dtype=np.float64)
    v = np.asarray(values, dtype=np.float64)
    b = np.asarray(bounds, dtype=np.float64)
    keep = np.isfinite(v)
    ts, v = ts[keep], v[keep]
    edges = np.searchsorted(ts, b, side="right")
    csum = np.concatenate(([0.0], np.cumsum(v)))
    sums: Array = np.diff(csum[edges])
    counts: Array = np.diff(edges).astype(np.float64)
    return sums, counts


def median_interval(timestamps: Sequence[float] | Array) -> float | None:
    """The median time between consecutive samples (the scrape interval), or None."""
    import numpy as np

    ts = np.asarray(timestamps, dtype=np.float64)
    return None if ts.size < 2 else float(np.median(np.diff(ts)))
