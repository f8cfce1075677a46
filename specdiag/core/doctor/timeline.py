"""A log's timeline split at restarts: a long silence, counters that go back to zero, a new
engine version or a server that starts again. Each stretch between two restarts is a segment,
judged on its own (a week at 2.41 and a day at 1.12 after a restart are two deployments, not a
drift)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from specdiag.core.doctor.model import Segment

GAP_MIN_S = 1800.0  # a silence shorter than this is never a restart
GAP_FACTOR = 20.0  # ... nor one shorter than this many median intervals
COLLAPSED = 1.05  # an accept length at or below this is ~0 accepted drafts
STEP_MIN_LINES = 5  # a step to 0 must last this many lines (and a fifth of the segment)
STEP_BEFORE = 1.3  # ... after a level of at least this
# a server starting (printed once per start by the engines' launchers and uvicorn)
STARTUP = re.compile(
    r"server_args=ServerArgs\(|vLLM API server version|Starting vLLM API server"
    r"|non-default args:|main: server is listening|Application startup complete"
)


@dataclass
class Point:
    """One spec-decode record: its time, accept length (weighted), version, lifetime tokens."""

    t: float | None
    time_text: str | None
    length: float | None
    weight: float
    version: str | None
    lifetime_tokens: int | None


@dataclass
class TimelineBuilder:
    """Fed the spec-decode records (``points``) and startup lines of one source, in line
    order."""

    points: list[Point] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)  # index into points where a start was seen

    def startup(self) -> None:
        """A server start seen after the records so far: the next record begins a segment."""
        if self.points and (not self.starts or self.starts[-1] != len(self.points)):
            self.starts.append(len(self.points))

    def segments(self) -> tuple[Segment, ...]:
        pts = self.points
        if not pts:
            return ()
        times = [p.t for p in pts if p.t is not None]
        steps = sorted(b - a for a, b in zip(times, times[1:], strict=False) if b >= a)
        median = steps[len(steps) // 2] if steps else 0.0
        limit = max(GAP_MIN_S, GAP_FACTOR * median)
        cuts: dict[int, str] = dict.fromkeys(self.starts, "the server started again")
        prev: Point | None = None
        for i, p in enumerate(pts):
            if prev is not None and i not in cuts:
                if p.t is not None and prev.t is not None and p.t - prev.t > limit:
                    cuts[i] = f"a gap of {_span(p.t - prev.t)} without a line"
                elif p.version and prev.version and p.version != prev.version:
                    cuts[i] = f"the engine version changed ({prev.version} -> {p.version})"
                elif (
                    p.lifetime_tokens is not None
                    and prev.lifetime_tokens is not None
                    and p.lifetime_tokens < prev.lifetime_tokens
                ):
                    cuts[i] = "the lifetime counters went back down (a reset)"
            prev = p
        bounds = [0, *sorted(c for c in cuts if 0 < c < len(pts)), len(pts)]
        out = []
        for n, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)):
            part = pts[a:b]
            if not part:
                continue
            w = [(p.length, p.weight) for p in part if p.length is not None]
            tot = sum(x for _, x in w)
            mean = sum(v * x for v, x in w) / tot if tot > 0 else None
            versions = [p.version for p in part if p.version]
            out.append(
                Segment(
                    index=n,
                    start=next((p.time_text for p in part if p.time_text), None),
                    end=next((p.time_text for p in reversed(part) if p.time_text), None),
                    lines=len(part),
                    accept_length=mean,
                    version=versions[-1] if versions else None,
                    starts_because="first" if a == 0 else cuts[a],
                    collapse_from=_step_to_zero(part),
                )
            )
        return tuple(out)


def _step_to_zero(part: list[Point]) -> str | None:
    """Where accept length fell to ~1 (no draft accepted) and stayed so to the end."""
    vals = [p for p in part if p.length is not None]
    i = len(vals)
    while i > 0 and (vals[i - 1].length or 0.0) <= COLLAPSED:
        i -= 1
    tail = len(vals) - i
    if i == 0 or tail < max(STEP_MIN_LINES, len(vals) // 5):
        return None
    before = [p.length for p in vals[:i] if p.length is not None]
    if sum(before) / len(before) < STEP_BEFORE:
        return None
    return vals[i].time_text or f"line {i + 1} of the segment"


def _span(seconds: float) -> str:
    if seconds >= 86400:
        return f"{seconds / 86400:.1f} days"
    if seconds >= 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 60:.0f} min"
