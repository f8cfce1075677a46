"""Synthetic speculative-decoding history as OpenMetrics text, for promtool backfills.

Each replica is a vLLM-style set of counters sampled every ``interval`` seconds; the accept
length of every interval is given by a function of time, so the tests and the benchmark know the
exact counter deltas of any window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

STEPS_PER_INTERVAL = 40  # verify steps per sample interval
POSITIONS = 3


@dataclass
class Replica:
    instance: str
    accept_length: Callable[[float], float]  # t -> accept length in the interval ending at t
    reset_at: float | None = None  # the process restarts (counters from 0) at this time
    job: str = "history"
    # filled by generate(): per sample (t, steps, accepted, per-position) *increments*
    increments: list[tuple[float, float, float, tuple[float, ...]]] = field(default_factory=list)


def generate(
    replicas: Sequence[Replica],
    start: float,
    end: float,
    interval: float,
    positions: int = POSITIONS,
) -> str:
    """OpenMetrics text (ending in ``# EOF``) for ``replicas`` sampled over [start, end]."""
    times = []
    t = start
    while t <= end + 1e-9:
        times.append(round(t, 3))
        t += interval
    fams: dict[str, list[str]] = {
        "vllm:spec_decode_num_drafts": [],
        "vllm:spec_decode_num_draft_tokens": [],
        "vllm:spec_decode_num_accepted_tokens": [],
        "vllm:spec_decode_num_accepted_tokens_per_pos": [],
    }
    for r in replicas:
        r.increments = []
        steps = drafted = accepted = 0.0
        per_pos = [0.0] * positions
        rows: dict[str, list[str]] = {k: [] for k in fams}
        pos_rows: list[list[str]] = [[] for _ in range(positions)]
        lab = f'job="{r.job}",instance="{r.instance}"'
        for i, t in enumerate(times):
            if r.reset_at is not None and times[i - 1] < r.reset_at <= t and i > 0:
                steps = drafted = accepted = 0.0
                per_pos = [0.0] * positions
            if i > 0:
                al = r.accept_length(t)
                acc = round((al - 1.0) * STEPS_PER_INTERVAL)
                inc_pos = _split(acc, positions)
                steps += STEPS_PER_INTERVAL
                drafted += positions * STEPS_PER_INTERVAL
                accepted += acc
                per_pos = [a + b for a, b in zip(per_pos, inc_pos, strict=True)]
                r.increments.append((t, float(STEPS_PER_INTERVAL), float(acc), inc_pos))
            rows["vllm:spec_decode_num_drafts"].append(
                f"vllm:spec_decode_num_drafts_total{{{lab}}} {steps:g} {t}"
            )
            rows["vllm:spec_decode_num_draft_tokens"].append(
                f"vllm:spec_decode_num_draft_tokens_total{{{lab}}} {drafted:g} {t}"
            )
            rows["vllm:spec_decode_num_accepted_tokens"].append(
                f"vllm:spec_decode_num_accepted_tokens_total{{{lab}}} {accepted:g} {t}"
            )
            for p in range(positions):
                pos_rows[p].append(
                    "vllm:spec_decode_num_accepted_tokens_per_pos_total"
                    f'{{{lab},position="{p}"}} {per_pos[p]:g} {t}'
                )
        for k in rows:
            if k != "vllm:spec_decode_num_accepted_tokens_per_pos":
                fams[k] += rows[k]
        for p in range(positions):
            fams["vllm:spec_decode_num_accepted_tokens_per_pos"] += pos_rows[p]
    out: list[str] = []
    for name, lines in fams.items():
        out.append(f"# TYPE {name} counter")
        out.extend(lines)
    out.append("# EOF")
    return "\n".join(out) + "\n"


def _split(acc: float, positions: int = POSITIONS) -> tuple[float, ...]:
    """Accepted tokens of an interval over the positions (earlier positions accept more)."""
    out = []
    left = acc
    for p in range(positions):
        a = left if p == positions - 1 else min(left, STEPS_PER_INTERVAL)
        out.append(float(a))
        left -= a
    return tuple(out)


def truth(r: Replica, start: float, end: float) -> tuple[float, float, tuple[float, ...]]:
    """(verify steps, accepted, per-position accepted) of samples in (start, end], after the
    window's first sample (the delta a raw-sample reader can see)."""
    inside = [x for x in r.increments if start < x[0] <= end]
    inside = inside[1:]  # the first sample in the window is the baseline
    steps = sum(x[1] for x in inside)
    acc = sum(x[2] for x in inside)
    n = len(inside[0][3]) if inside else 0
    pos = tuple(sum(x[3][p] for x in inside) for p in range(n))
    return steps, acc, pos
