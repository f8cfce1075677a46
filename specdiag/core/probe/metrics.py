"""Speculative-decoding counters read from a Prometheus ``/metrics`` page, and their deltas.

Each engine's names are in counters.json, all cumulative and summed over label sets (engine, dp
rank, ...). vLLM's and llama.cpp's verify steps are ``spec_decode_num_drafts`` (steps with
drafts); TensorRT-LLM's are its drafted tokens at position 0, and it has no generation-token
counter (so no foreign-traffic check); SGLang exports verify calls and generation tokens only
(its accept-length gauges are interval values, useless for a delta). The page is parsed with
``prometheus_client``'s own parser. Nothing is ever reset: the run's numbers are the difference
of two snapshots taken before and after it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, fields, replace
from itertools import zip_longest
from typing import Any

from specdiag.core.datafiles import load
from specdiag.core.textenum import TextEnum
from specdiag.errors import ServerError


class MetricsFamily(TextEnum):
    """Which engine's Prometheus names a /metrics page uses."""

    VLLM = "vllm"
    SGLANG = "sglang"
    LLAMACPP = "llamacpp"
    TRTLLM = "trtllm"
    NONE = "none"


@dataclass(frozen=True)
class CounterSnapshot:
    """The speculation counters of one /metrics page (None: the engine does not export it)."""

    family: MetricsFamily
    verify_steps: float | None = None
    draft_tokens: float | None = None
    accepted_drafts: float | None = None
    accepted_per_pos: tuple[float, ...] = ()
    drafted_per_pos: tuple[float, ...] = ()
    generation_tokens: float | None = None
    requests_finished: float | None = None

    @property
    def has_spec(self) -> bool:
        return any(
            v is not None for v in (self.verify_steps, self.draft_tokens, self.accepted_drafts)
        )


@dataclass(frozen=True)
class CounterDelta:
    """After minus before: what this run (and anyone else's traffic) did to the counters."""

    family: MetricsFamily
    verify_steps: float | None
    draft_tokens: float | None
    accepted_drafts: float | None
    accepted_per_pos: tuple[float, ...]
    drafted_per_pos: tuple[float, ...]
    generation_tokens: float | None
    requests_finished: float | None
    went_backwards: bool = False  # a counter decreased: the server restarted or reset it
    notes: tuple[str, ...] = field(default_factory=tuple)


_NAMES: dict[str, dict[str, str]] = load("specdiag.core.probe", "counters.json")

_POS_LABELS = ("position", "token_position")


_MAX_COUNTER = float(2**53)
_WENT_BACKWARDS = (
    "a counter went down during the run: the server restarted or its metrics were reset, so "
    "run-scoped counter numbers are unusable"
)
# no engine drafts this far: a position label, a histogram bucket or a per-step count beyond
# it is not one (and nothing is ever sized by such a number)
MAX_POSITIONS = 1024


def family_of(text: str) -> MetricsFamily:
    """Which engine wrote this /metrics page, from its metric-name prefixes."""
    for fam, prefix in (
        (MetricsFamily.VLLM, "vllm:"),
        (MetricsFamily.SGLANG, "sglang:"),
        (MetricsFamily.LLAMACPP, "llamacpp:"),
        (MetricsFamily.TRTLLM, "trtllm_"),
    ):
        if f"\n{prefix}" in f"\n{text}" or f"# TYPE {prefix}" in text:
            return fam
    return MetricsFamily.NONE


def parse_counters(text: str, family: MetricsFamily | str | None = None) -> CounterSnapshot:
    """Parse a Prometheus text page into the speculation counters of ``family`` (auto if None)."""
    from prometheus_client.parser import text_string_to_metric_families

    fam = MetricsFamily(family) if family else family_of(text)
    names = _NAMES.get(fam)
    if names is None:
        return CounterSnapshot(family=MetricsFamily.NONE)
    wanted = {v: k for k, v in names.items()}
    totals: dict[str, float] = {}
    per_pos: dict[str, dict[int, float]] = defaultdict(dict)
    try:
        for metric in text_string_to_metric_families(text):
            for sample in metric.samples:
                key = wanted.get(sample.name)
                if key is None:
                    continue
                value = float(sample.value)
                if not 0.0 <= value <= _MAX_COUNTER:  # NaN, inf, negative, beyond exact
                    raise ServerError(
                        f"/metrics counter {sample.name} = {sample.value!r} is not a count",
                        hint="the server's counters are unusable; probe measures without them",
                    )
                if key in ("accepted_per_pos", "drafted_per_pos"):
                    pos_label = next(
                        (sample.labels[k] for k in _POS_LABELS if k in sample.labels), None
                    )
                    if pos_label is None:
                        continue
                    try:
                        pos = int(pos_label)
                    except ValueError:
                        continue
                    if not 0 <= pos < MAX_POSITIONS:
                        continue  # no engine drafts this far: a label that is not a position
                    per_pos[key][pos] = per_pos[key].get(pos, 0.0) + value
                else:
                    totals[key] = totals.get(key, 0.0) + value
    except ValueError as exc:
        raise ServerError(
            f"the /metrics page is not valid Prometheus text: {exc}",
            hint="is this a Prometheus endpoint? pass --engine to skip auto-detection",
        ) from None

    def dense(d: dict[int, float]) -> tuple[float, ...]:
        return tuple(d.get(i, 0.0) for i in range(max(d) + 1)) if d else ()

    acc_pos = dense(per_pos.get("accepted_per_pos", {}))
    drafted_pos = dense(per_pos.get("drafted_per_pos", {}))
    steps = totals.get("verify_steps")
    if fam == "trtllm" and drafted_pos:
        steps = drafted_pos[0]  # every step with drafts drafts position 0
    return CounterSnapshot(
        family=fam,
        verify_steps=steps,
        draft_tokens=totals.get("draft_tokens"),
        accepted_drafts=totals.get("accepted_drafts"),
        accepted_per_pos=acc_pos,
        drafted_per_pos=drafted_pos,
        generation_tokens=totals.get("generation_tokens"),
        requests_finished=totals.get("requests_finished"),
    )


def delta(before: CounterSnapshot, after: CounterSnapshot) -> CounterDelta:
    """Counter differences; a decrease (restart, reset by someone else) is flagged, not hidden."""
    backwards = False

    def d(a: float | None, b: float | None) -> float | None:
        nonlocal backwards
        if a is None or b is None:
            return None
        if b < a:
            backwards = True
            return None
        return b - a

    def dpos(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
        nonlocal backwards
        out = tuple(y - x for x, y in zip_longest(a, b, fillvalue=0.0))
        if any(v < 0 for v in out):
            backwards = True
            return ()
        return out

    diffs: dict[str, Any] = {}  # (the fields by name: getattr)
    for f in fields(CounterSnapshot)[1:]:  # every counter (after the family)
        a, b = getattr(before, f.name), getattr(after, f.name)
        diffs[f.name] = dpos(a, b) if isinstance(b, tuple) else d(a, b)
    res = CounterDelta(family=after.family, **diffs)
    return replace(res, went_backwards=True, notes=(_WENT_BACKWARDS,)) if backwards else res
