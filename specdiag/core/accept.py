"""Acceptance math for chain speculative decoding: pure functions, frozen results.

Conventions used throughout (see docs/expected-accept.md):

* ``acc[i]`` (conditional, the default) is P(draft position i+1 accepted | positions 1..i accepted);
  SpecForge / EAGLE ``acc_i`` and EAGLE's n-alpha are read this way.
* ``unconditional[i]`` is P(position i+1 accepted) = prod(acc[:i+1]); vLLM's "Per-position
  acceptance rate" is this quantity.
* *accepted drafts* per verify step exclude the bonus token (trainer convention:
  SpecForge ``simulated_acc_len``); *accept length* includes it (every engine's convention):
  ``accept_length = 1 + accepted_drafts``.

Only the standard library is imported here, so the CLI that uses it starts fast; the
Monte-Carlo check lives in :mod:`specdiag.core.simulate` and imports numpy lazily.
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from specdiag.core.datafiles import fill, load
from specdiag.errors import UsageError

# Verdict thresholds, as fractions of the predicted accepted drafts per verify step.
HEALTHY_MIN_RATIO = 0.90
ABOVE_MIN_RATIO = 1.15
# An accept length at or below this means drafts are essentially never accepted.
COLLAPSED_MAX_LENGTH = 1.2
# Longest draft chain accepted as input (engines draft 1-16 tokens; trees stay far below this).
MAX_STEPS = 1024


class AccKind(str, Enum):
    """How a list of per-position acceptance figures is to be read."""

    CONDITIONAL = "conditional"
    UNCONDITIONAL = "unconditional"


class Engine(str, Enum):
    """Serving engines whose reporting conventions specdiag knows."""

    SGLANG = "sglang"
    VLLM = "vllm"
    LLAMACPP = "llamacpp"
    TRTLLM = "trtllm"


class ObservedKind(str, Enum):
    """What an ``--observed`` number is."""

    LENGTH = "length"  # the engine's accept length (tokens per verify step)
    DRAFTS = "drafts"  # accepted drafts per verify step, bonus excluded (trainer convention)
    RATE = "rate"  # the engine's accept rate (its own formula, see engine_rate_formula)


class Verdict(str, Enum):
    HEALTHY = "healthy"
    BELOW = "below"
    COLLAPSED = "collapsed"
    ABOVE = "above"


# The usual causes of a collapse (accept length ~1), from the field (eagle3.md section 6).
COLLAPSE_CAUSES: tuple[str, ...] = tuple(
    load("specdiag.core", "conventions.json")["collapse_causes"]
)


@dataclass(frozen=True)
class AcceptProfile:
    """Expected behaviour of a chain drafter with the given per-position acceptance."""

    steps: int
    acc: tuple[float, ...]  # conditional, one per draft position
    unconditional: tuple[float, ...]  # P(position i accepted)
    expected_accepted_drafts: float  # bonus excluded
    expected_accept_length: float  # bonus included
    distribution: tuple[float, ...]  # P(exactly j drafts accepted), j = 0..steps


@dataclass(frozen=True)
class EngineReport:
    """One number an engine, bench tool or trainer would print for a profile."""

    source: str  # who prints it, e.g. "SGLang >= 0.5.11"
    label: str  # the label it prints, e.g. "accept rate"
    value: float | None  # None when it cannot be derived without more configuration
    printed: str  # as the engine would print it
    includes_bonus: bool | None  # for lengths: does it count the bonus token? None for rates
    formula: str
    note: str | None = None


@dataclass(frozen=True)
class Observation:
    """An observed number converted to both conventions."""

    raw_value: float
    kind: ObservedKind
    engine: Engine | None
    engine_version: str | None
    accept_length: float  # bonus included
    accepted_drafts: float  # bonus excluded
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Judgement:
    """Observed versus predicted, with a verdict and its one-line reason."""

    ratio: float | None  # observed / predicted accepted drafts
    naive_ratio: float | None  # what comparing the engine's length with the trainer's sum gives
    implied_acceptance: float  # i.i.d. per-token acceptance that explains the observation
    verdict: Verdict
    explanation: str
    causes: tuple[str, ...]


@dataclass(frozen=True)
class SweepRow:
    steps: int
    expected_accept_length: float
    speedup: float
    best: bool


# --------------------------------------------------------------------------- validation


def _check_probability(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UsageError(f"{what} must be a number, got {value!r}", hint="e.g. 0.75 or 75%")
    if math.isnan(value):
        raise UsageError(f"{what} is NaN", hint="acceptance figures are probabilities in [0, 1]")
    if not 0.0 <= value <= 1.0:
        raise UsageError(
            f"{what} = {value:g} is outside [0, 1]",
            hint="give acceptance as a fraction, e.g. 0.75 for 75%",
        )
    return float(value)


def parse_float_list(text: str, what: str = "--acc") -> tuple[float, ...]:
    """Parse ``"0.8, 0.7,0.6"`` (or ``"75%"``) into floats; raise UsageError on anything else."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(p == "" for p in parts):
        raise UsageError(
            f"{what} is empty or has an empty item: {text!r}",
            hint=f"e.g. {what} 0.75 or {what} 0.82,0.74,0.68",
        )
    values: list[float] = []
    for p in parts:
        percent = p.endswith("%")
        try:
            v = float(p[:-1] if percent else p)
        except ValueError:
            raise UsageError(
                f"{what} item {p!r} is not a number", hint=f"e.g. {what} 0.82,0.74,0.68"
            ) from None
        values.append(v / 100.0 if percent else v)
    return tuple(values)


def expand_acc(values: Sequence[float], steps: int | None) -> tuple[float, ...]:
    """One value for every position (needs ``steps``) or one per position (``steps`` must match)."""
    if len(values) == 0:
        raise UsageError("no acceptance values given", hint="e.g. --acc 0.75 --steps 5")
    for i, v in enumerate(values):
        _check_probability(v, f"acceptance at position {i + 1}" if len(values) > 1 else "--acc")
    if steps is not None and steps < 1:
        raise UsageError(
            f"--steps must be at least 1, got {steps}",
            hint="steps is the number of draft tokens proposed per verify step",
        )
    if max(len(values), steps or 0) > MAX_STEPS:
        raise UsageError(
            f"{max(len(values), steps or 0)} draft steps is beyond any engine's draft length "
            f"(at most {MAX_STEPS} here)",
            hint="steps is the number of draft tokens proposed per verify step, typically 1-16",
        )
    if len(values) == 1:
        if steps is None:
            raise UsageError(
                "a single --acc value needs --steps",
                hint="e.g. --acc 0.75 --steps 5, or one value per position: --acc 0.8,0.7,0.6",
            )
        return tuple(float(values[0]) for _ in range(steps))
    if steps is not None and steps != len(values):
        raise UsageError(
            f"--steps {steps} does not match the {len(values)} per-position values of --acc",
            hint="drop --steps, or pass exactly one value per draft position "
            "(use the first k training positions when serving k draft tokens)",
        )
    return tuple(float(v) for v in values)


# --------------------------------------------------------------------------- conversions


def to_unconditional(acc: Sequence[float]) -> tuple[float, ...]:
    """Conditional per-position rates -> P(position i accepted) = prod(acc[:i+1])."""
    return tuple(itertools.accumulate(acc, operator.mul, initial=1.0))[1:]


def non_increasing(unconditional: Sequence[float]) -> tuple[tuple[float, ...], bool]:
    """Rates clamped to [0, the rate before]: rounding in a source, or mixed draft lengths, can
    make P(pos i) read above P(pos i-1). True when something was clamped."""
    clamp = itertools.accumulate(unconditional, lambda prev, u: min(max(0.0, u), prev), initial=1.0)
    out = tuple(clamp)[1:]
    return out, any(abs(v - u) > 1e-9 for v, u in zip(out, unconditional, strict=True))


def to_conditional(unconditional: Sequence[float]) -> tuple[float, ...]:
    """P(position i accepted) -> conditional rates. Rates must not increase with position.

    Where an earlier position is never accepted the conditional rate is undefined; it is
    reported as 0 (any value gives the same expectations).
    """
    out: list[float] = []
    prev = 1.0
    for i, r in enumerate(unconditional):
        if r > prev + 1e-12:
            raise UsageError(
                f"unconditional acceptance rises from {prev:g} to {r:g} at position {i + 1}",
                hint="P(position i accepted) cannot exceed P(position i-1 accepted); "
                "did you mean --acc-kind conditional?",
            )
        out.append(0.0 if prev == 0.0 else min(1.0, r / prev))
        prev = r
    return tuple(out)


def profile(acc: Sequence[float], kind: AccKind = AccKind.CONDITIONAL) -> AcceptProfile:
    """Expected accepted drafts, accept length and the full distribution for a chain of k drafts.

    E[accepted drafts] = sum_i prod_{j<=i} acc_j;  E[accept length] = 1 + that.
    P(exactly j accepted) = r_j - r_{j+1} with r_0 = 1, r_{k+1} = 0.
    """
    if len(acc) == 0:
        raise UsageError("no acceptance values given", hint="e.g. --acc 0.75 --steps 5")
    values = tuple(
        _check_probability(a, f"acceptance at position {i + 1}") for i, a in enumerate(acc)
    )
    if kind is AccKind.UNCONDITIONAL:
        cond = to_conditional(values)
        uncond = values
    else:
        cond = values
        uncond = to_unconditional(values)
    drafts = math.fsum(uncond)
    reach = (1.0, *uncond, 0.0)
    distribution = tuple(max(0.0, reach[j] - reach[j + 1]) for j in range(len(cond) + 1))
    return AcceptProfile(
        steps=len(cond),
        acc=cond,
        unconditional=uncond,
        expected_accepted_drafts=drafts,
        expected_accept_length=1.0 + drafts,
        distribution=distribution,
    )


def geometric_drafts(a: float, steps: int) -> float:
    """sum_{i=1..k} a^i: expected accepted drafts for i.i.d. acceptance a (Leviathan et al.)."""
    return float(steps) if a == 1.0 else a * (1.0 - a**steps) / (1.0 - a)


def implied_acceptance(accepted_drafts: float, steps: int) -> float:
    """The i.i.d. per-token acceptance a with sum_{i=1..k} a^i == accepted_drafts (bisection)."""
    if steps < 1:
        raise UsageError(
            f"steps must be at least 1, got {steps}",
            hint="steps is the number of draft tokens proposed per verify step",
        )
    if not 0.0 <= accepted_drafts <= steps:
        raise UsageError(
            f"{accepted_drafts:g} accepted drafts per step is impossible with {steps} draft steps",
            hint=f"accepted drafts per verify step lie in 0..{steps}",
        )
    if accepted_drafts == steps:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if geometric_drafts(mid, steps) < accepted_drafts:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    return (lo + hi) / 2.0


def speedup(accept_length: float, steps: int, cost_ratio: float) -> float:
    """Expected walltime speedup over plain decoding (Leviathan et al. Theorem 3.8).

    One verify step costs ``steps * c + 1`` target-step times and yields ``accept_length`` tokens.
    """
    if not 0.0 <= cost_ratio < math.inf:
        raise UsageError(
            f"--cost-ratio must be a finite number >= 0, got {cost_ratio:g}",
            hint="cost ratio = draft step time / target step time, e.g. 0.05",
        )
    return accept_length / (steps * cost_ratio + 1.0)


def sweep(acc: Sequence[float], cost_ratio: float) -> tuple[SweepRow, ...]:
    """Length and speedup for k = 1..len(acc), using the first k positions (length 1 + r_1 + ...
    + r_k, the prefix sums); marks the best k."""
    lengths = tuple(itertools.accumulate(profile(acc).unconditional, initial=1.0))[1:]
    rows = [(k, length, speedup(length, k, cost_ratio)) for k, length in enumerate(lengths, 1)]
    best_speedup = max(r[2] for r in rows)
    best_k = min(r[0] for r in rows if r[2] >= best_speedup - 1e-12)
    return tuple(SweepRow(k, length, s, k == best_k) for k, length, s in rows)


# --------------------------------------------------------------------------- engines


def parse_version(text: str | None) -> tuple[int, ...] | None:
    """``"0.5.10"`` -> (0, 5, 10); ``"0.8.5.post1"`` -> (0, 8, 5). None for None."""
    if text is None:
        return None
    m = re.match(r"^\s*v?(\d+(?:\.\d+)*)", text)
    if not m:
        raise UsageError(f"cannot read version {text!r}", hint="e.g. --engine-version 0.5.10")
    return tuple(int(x) for x in m.group(1).split("."))


def sglang_rate_formula(version: tuple[int, ...] | None) -> str:
    """Which accept-rate formula an SGLang version uses: 'none', '0.5.5', '0.5.10' or '0.5.11'."""
    if version is None or version >= (0, 5, 11):
        return "0.5.11"
    if version >= (0, 5, 10):
        return "0.5.10"
    if version >= (0, 5, 0):
        return "0.5.5"
    return "none"


def vllm_length_is_bonus_less(version: tuple[int, ...] | None) -> bool:
    """vLLM 0.8.5 printed "Mean acceptance length" = accepted / drafts, without the +1."""
    return version is not None and version[:2] == (0, 8)


def engine_reports(
    p: AcceptProfile, num_draft_tokens: int | None = None
) -> tuple[EngineReport, ...]:
    """What every engine, bench tool and trainer would print for this profile (the table is
    ``conventions.json``'s ``engine_reports``)."""
    k, length, drafts = p.steps, p.expected_accept_length, p.expected_accepted_drafts
    ndt = num_draft_tokens
    values = {
        "length": length,
        "drafts": drafts,
        "rate": drafts / k,
        "drafts_per_tree_node": None if ndt is None else drafts / (ndt - 1),
        "length_per_draft_token": None if ndt is None else length / ndt,
        "length_per_step_token": length / (k + 1),
    }
    out = []
    for row in load("specdiag.core", "conventions.json")["engine_reports"]:
        fixed = (row["source"], row["label"])
        if row["value"] == "unconditional":
            shown = ", ".join(f"{r:.3f}" for r in p.unconditional)
            out.append(EngineReport(*fixed, None, shown, None, row["formula"]))
            continue
        v = values[row["value"]]
        if v is None:  # an SGLang rate of a tree: its verify width is not known
            note = "needs --num-draft-tokens for tree drafting (topk > 1)"
            out.append(EngineReport(*fixed, None, "n/a", None, row["formula"], note))
            continue
        printed = row.get("printed", "{:.2f}").format(v)
        out.append(
            EngineReport(*fixed, v, printed, row.get("bonus"), row["formula"], row.get("note"))
        )
    return tuple(out)


# --------------------------------------------------------------------------- observations


def convert_observed(
    value: float,
    kind: ObservedKind,
    steps: int,
    *,
    engine: Engine | None = None,
    engine_version: str | None = None,
    num_draft_tokens: int | None = None,
) -> Observation:
    """Read an observed number in the named engine's convention; return both conventions."""
    if math.isnan(value) or math.isinf(value):
        raise UsageError(
            f"--observed must be a finite number, got {value}", hint="e.g. --observed 2.4"
        )
    version = parse_version(engine_version)
    notes: list[str] = []
    if kind is ObservedKind.LENGTH:
        if engine is Engine.VLLM and vllm_length_is_bonus_less(version):
            drafts = value
            notes.append(_note("vllm_bonus_less", version=engine_version))
        else:
            drafts = value - 1.0
            if engine is None:
                notes.append(_note("length_assumed"))
    elif kind is ObservedKind.DRAFTS:
        drafts = value
    else:
        drafts = _drafts_from_rate(value, steps, engine, version, num_draft_tokens, notes)
    if drafts < -1e-9 or drafts > steps + 1e-9:
        lo, hi = (0.0, float(steps)) if kind is not ObservedKind.LENGTH else (1.0, steps + 1.0)
        raise UsageError(
            f"observed {kind.value} {value:g} is impossible with {steps} draft steps "
            f"(valid range {lo:g}..{hi:g})",
            hint="check --steps and --observed-kind (length includes the bonus token, "
            "drafts does not)",
        )
    drafts = min(max(drafts, 0.0), float(steps))
    return Observation(
        raw_value=value,
        kind=kind,
        engine=engine,
        engine_version=engine_version,
        accept_length=1.0 + drafts,
        accepted_drafts=drafts,
        notes=tuple(notes),
    )


def _drafts_from_rate(
    value: float,
    steps: int,
    engine: Engine | None,
    version: tuple[int, ...] | None,
    num_draft_tokens: int | None,
    notes: list[str],
) -> float:
    if engine is None:
        raise UsageError(
            "--observed-kind rate needs --engine: every engine computes its rate differently",
            hint="e.g. --observed 0.46 --observed-kind rate --engine sglang --engine-version 0.5.11",
        )
    if value > 1.0:
        notes.append(_note("percentage", value=f"{value:g}", fraction=f"{value / 100:g}"))
        value /= 100.0
    if value < 0:
        raise UsageError(
            f"an accept rate cannot be negative, got {value:g}",
            hint="an accept rate is accepted / drafted, in 0..1 (or 0..100%)",
        )
    ndt = num_draft_tokens if num_draft_tokens is not None else steps + 1
    if engine is Engine.SGLANG:
        formula = sglang_rate_formula(version)
        if formula == "none":
            raise UsageError(
                "SGLang before 0.5 printed no accept rate",
                hint="give its accept len instead: --observed-kind length",
            )
        if formula == "0.5.11":
            if version is None:
                notes.append(_note("sglang_version_assumed"))
            return value * (ndt - 1)
        if formula == "0.5.10":
            notes.append(_note("sglang_0.5.10"))
            return value * ndt - 1.0
        notes.append(_note("sglang_0.5.5"))
        return value * (steps + 1) - 1.0
    notes.append(_note("drafted_rate", engine=engine.value, steps=steps))
    return value * steps


def _note(name: str, **values: object) -> str:
    """How an observed number was read: conventions.json's ``observation_notes``, filled."""
    return fill(load("specdiag.core", "conventions.json")["observation_notes"][name], **values)


def judge(p: AcceptProfile, obs: Observation, *, topk: int = 1) -> Judgement:
    """Compare an observation with the prediction and give a verdict with its reason."""
    predicted = p.expected_accepted_drafts
    observed = obs.accepted_drafts
    ratio = observed / predicted if predicted > 0 else None
    naive = obs.accept_length / predicted if predicted > 0 else None
    implied = implied_acceptance(observed, p.steps)
    text = load("specdiag.core", "conventions.json")["verdicts"]
    values: dict[str, object] = {
        "observed": f"{observed:.2f}",
        "predicted": f"{predicted:.2f}",
        "length": f"{obs.accept_length:.2f}",
        "expected_length": f"{p.expected_accept_length:.2f}",
        "pct": f"{ratio:.0%}" if ratio is not None else "n/a",
        "collapsed": COLLAPSED_MAX_LENGTH,
    }
    values.update(both=fill(text["both"], **values))
    causes: tuple[str, ...] = ()
    if obs.accept_length <= COLLAPSED_MAX_LENGTH and (ratio is None or ratio < HEALTHY_MIN_RATIO):
        verdict, why, causes = Verdict.COLLAPSED, "collapsed", COLLAPSE_CAUSES
    elif ratio is None:
        verdict, why = Verdict.ABOVE, "nothing_predicted"
    elif ratio >= ABOVE_MIN_RATIO:
        verdict, why = Verdict.ABOVE, "above"
    elif ratio >= HEALTHY_MIN_RATIO:
        verdict, why = Verdict.HEALTHY, "healthy"
    else:
        verdict, why = Verdict.BELOW, "below"
    explanation = fill(text[why], **values)
    if why == "above" and topk > 1:
        explanation += text["above_tree"]
    if why == "below" and naive is not None and naive >= HEALTHY_MIN_RATIO:
        explanation += fill(text["below_naive"], **values)  # the naive comparison's trap
    return Judgement(
        ratio=ratio,
        naive_ratio=naive,
        implied_acceptance=implied,
        verdict=verdict,
        explanation=explanation,
        causes=causes,
    )
