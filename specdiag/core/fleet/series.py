"""Raw samples of one series: reset-adjusted counters, values at instants, per-bucket deltas.

A counter's *adjusted* value adds back every reset (a sample lower than the one before it means
the process restarted from 0, as PromQL's ``increase()`` assumes too). The delta between two
instants is the difference of the adjusted values of the last samples at or before them, so the
deltas of consecutive buckets add up exactly to the window's delta.
"""

from __future__ import annotations

from collections.abc import Sequence


def adjust_resets(values: Sequence[float]) -> tuple[list[float], int]:
    """(adjusted cumulative values, number of resets)."""
    out: list[float] = []
    offset = 0.0
    prev: float | None = None
    resets = 0
    for v in values:
        if prev is not None and v < prev:
            offset += prev
            resets += 1
        out.append(v + offset)
        prev = v
    return out, resets


def bucket_deltas(
    timestamps: Sequence[float], adjusted: Sequence[float], base: float, bounds: Sequence[float]
) -> list[float]:
    """Delta of the adjusted counter in each bucket (bounds[i-1], bounds[i]].

    ``base`` is the value before the first sample (the first sample's own value, or 0 for a
    series born inside the window).
    """
    out: list[float] = []
    n = len(timestamps)
    j = 0
    prev = base
    for b in bounds[1:]:
        while j < n and timestamps[j] <= b:
            j += 1
        cur = adjusted[j - 1] if j > 0 else base
        out.append(cur - prev)
        prev = cur
    return out


def bucket_means(
    timestamps: Sequence[float], values: Sequence[float], bounds: Sequence[float]
) -> list[float | None]:
    """Mean of the samples in each bucket (bounds[i-1], bounds[i]] (None: no sample)."""
    out: list[float | None] = []
    n = len(timestamps)
    j = 0
    while j < n and timestamps[j] <= bounds[0]:
        j += 1
    for b in bounds[1:]:
        total, count = 0.0, 0
        while j < n and timestamps[j] <= b:
            total += values[j]
            count += 1
            j += 1
        out.append(total / count if count else None)
    return out


def median_interval(timestamps: Sequence[float]) -> float | None:
    """The median time between consecutive samples (the scrape interval), or None."""
    if len(timestamps) < 2:
        return None
    diffs = sorted(b - a for a, b in zip(timestamps, timestamps[1:], strict=False))
    return diffs[len(diffs) // 2]
