"""Acceptance profiles: a measured (or predicted) per-position acceptance with its conditions,
and what each simulator or synthetic-acceptance mode needs to replay it.

A profile is read from the JSON document of a command (probe, logs, fleet, expected-accept),
from a profile file this module wrote, or from NVIDIA ModelOpt's proposed
``speculation_profile.json`` (the keys it shares with ours: ``num_speculative_tokens``,
``conditional_accept_rates``, ``marginal_accept_rates``, ``mean_accept_length``,
``measurement_conditions``). Conventions (docs/profile.md):

* ``conditional[i]`` = P(draft i+1 accepted | drafts 1..i accepted);
* ``unconditional[i]`` = P(draft i+1 accepted) = prod(conditional[:i+1]) (ModelOpt "marginal");
* ``accept_length`` includes the bonus token: 1 + sum(unconditional).

Each engine's knob takes one of these (field-scan §3.5 and the engines' source):
vLLM ``synthetic_acceptance_rates`` unconditional, length k, non-increasing; SGLang
``SGLANG_SIMULATE_ACC_LEN`` the accept length (bonus included); TensorRT-LLM
``TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS`` accepted drafts only (accept length - 1);
Dynamo's mocker ``--aic-nextn-accept-rates`` conditional; llama.cpp
``--spec-synth-rates`` unconditional (``llama-server --help``: "comma-separated unconditional
per-position synthetic acceptance probabilities"; the merged PR #27711 renamed the
``--spec-synthetic-acceptance-*`` flags of its description).

Pure: values in, frozen dataclasses out; no I/O.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from specdiag.core import accept
from specdiag.core.datafiles import fill, load
from specdiag.errors import InputError, UsageError

FORMAT = "specdiag-acceptance-profile"
FORMAT_VERSION = 1
Z95 = 1.959963984540054  # two-sided 95% normal quantile, for the Wilson intervals
DYNAMO_MAX_NEXTN = 5  # the mocker's --aic-nextn help text: 1-5 MTP draft tokens


class Target(str, Enum):
    """Where a profile can be replayed."""

    VLLM = "vllm"
    SGLANG = "sglang"
    TRTLLM = "trtllm"
    DYNAMO = "dynamo"
    LLAMACPP = "llamacpp"
    REFERENCE = "reference-server"


@dataclass(frozen=True)
class Conditions:
    """What the profile was measured (or predicted) under; None where the source did not say."""

    source: str  # the command or file kind it came from
    engine: str | None = None
    engine_version: str | None = None
    method: str | None = None
    topk: int | None = None
    temperature: float | None = None
    dataset: str | None = None
    verify_steps: int | None = None  # sample size: verify steps behind the rates
    requests: int | None = None
    replicas: int | None = None


@dataclass(frozen=True)
class AcceptanceProfile:
    """One per-position acceptance profile. ``conditional``/``unconditional`` are None when the
    source measured only the mean (SGLang's logs print accept length alone)."""

    measured: bool
    steps: int
    conditional: tuple[float, ...] | None
    unconditional: tuple[float, ...] | None
    accept_length: float  # bonus included
    conditional_ci: tuple[tuple[float, float], ...] | None
    unconditional_ci: tuple[tuple[float, float], ...] | None
    histogram: tuple[int, ...] | None  # verify steps with exactly j drafts accepted, j = 0..k
    conditions: Conditions
    notes: tuple[str, ...] = ()

    @property
    def accepted_drafts(self) -> float:
        return self.accept_length - 1.0


@dataclass(frozen=True)
class Replay:
    """What makes one target replay a profile: flags, environment, a config fragment."""

    target: Target
    flags: tuple[str, ...]
    env: tuple[tuple[str, str], ...]
    config: Mapping[str, Any] | None  # a fragment to merge into the engine's config
    config_name: str | None  # where the fragment goes (e.g. --speculative-config)
    command: str  # the whole line to paste
    replays: str  # "per-position" or "mean only"
    notes: tuple[str, ...]


# --------------------------------------------------------------------------- statistics


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (successes of n trials); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if p == 0.0 else max(0.0, min(p, centre - half))  # rounding must not exclude p
    hi = 1.0 if p == 1.0 else min(1.0, max(p, centre + half))
    return (lo, hi)


def _intervals(
    unconditional: Sequence[float], n: int
) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]:
    """95% intervals of the unconditional and conditional rates from n verify steps: position i
    is reached by n * unconditional[i-1] steps (n for the first)."""
    reach = (float(n), *(u * n for u in unconditional))
    u_ci = tuple(wilson(u * n, n) for u in unconditional)
    return u_ci, tuple(wilson(u * n, r) for u, r in zip(unconditional, reach, strict=False))


def from_rates(
    *,
    measured: bool,
    conditions: Conditions,
    conditional: Sequence[float] | None = None,
    unconditional: Sequence[float] | None = None,
    accept_length: float | None = None,
    steps: int | None = None,
    histogram: Sequence[int] | None = None,
    notes: Sequence[str] = (),
) -> AcceptanceProfile:
    """A profile from whichever of the rates/histogram/mean a source gives; intervals where the
    sample size (verify steps) is known."""
    extra = list(notes)
    if histogram is not None and sum(histogram) > 0 and unconditional is None:
        total = sum(histogram)
        unconditional = tuple(sum(histogram[j:]) / total for j in range(1, len(histogram)))
    cond: tuple[float, ...] | None = None
    unc: tuple[float, ...] | None = None
    if unconditional is not None:
        unc, clamped = accept.non_increasing(unconditional)
        if clamped:
            extra.append("a rate above the one before it was clamped (rounding in the source)")
        cond = accept.to_conditional(unc)
    elif conditional is not None:
        cond = tuple(min(1.0, max(0.0, c)) for c in conditional)
        unc = accept.to_unconditional(cond)
    if unc is not None:
        k = len(unc)
        if steps is not None and steps != k:
            raise InputError(
                f"the source gives {k} per-position rates but drafts {steps} tokens per step",
                hint="the rates and the draft length must come from the same run",
            )
        length = 1.0 + math.fsum(unc)
        if accept_length is not None and abs(accept_length - length) > 0.05:
            extra.append(
                f"the source's accept length {accept_length:.3f} differs from the one its "
                f"rates give ({length:.3f}); the rates are kept"
            )
    else:
        if accept_length is None or steps is None:
            raise InputError(
                "the source has neither per-position acceptance nor an accept length with "
                "its draft length",
                hint="export from a probe, logs, fleet or expected-accept document that "
                "shows acceptance",
            )
        if not 1.0 <= accept_length <= steps + 1:
            raise InputError(
                f"accept length {accept_length:g} is impossible with {steps} draft tokens",
                hint="accept length (bonus included) lies in 1..k+1",
            )
        k, length = steps, accept_length
        extra.append("the source measured the mean accept length only, not its per-position shape")
    if k < 1:
        raise InputError("the profile has no draft position", hint="speculation was off?")
    n = conditions.verify_steps
    u_ci = c_ci = None
    if measured and unc is not None and n:
        u_ci, c_ci = _intervals(unc, n)
    elif measured and unc is not None:
        extra.append("no sample size in the source: no confidence intervals")
    return AcceptanceProfile(
        measured=measured,
        steps=k,
        conditional=None if cond is None else tuple(cond),
        unconditional=None if unc is None else tuple(unc),
        accept_length=length,
        conditional_ci=c_ci,
        unconditional_ci=u_ci,
        histogram=None if histogram is None else tuple(int(h) for h in histogram),
        conditions=conditions,
        notes=tuple(extra),
    )


# --------------------------------------------------------------------------- reading


def _num(x: object) -> float | None:
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def _floats(x: object) -> tuple[float, ...] | None:
    if not isinstance(x, list) or not x:
        return None
    vals = [_num(v) for v in x]
    if any(v is None or not 0.0 <= v <= 1.0 for v in vals):
        raise InputError(
            "a per-position rate is not a number in [0, 1]",
            hint="the profile's rates are probabilities",
        )
    return tuple(v for v in vals if v is not None)


def _int(x: object) -> int | None:
    v = _num(x)
    return int(v) if v is not None and v == int(v) else None


# the kinds a document is told by the keys it has (each after the five document_kind reads first)
_BY_KEYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("logs", ("summary", "files", "combined")),
    ("expected-accept", ("engine_reports", "acc")),
    ("compare-hidden", ("similarity", "alignment")),
    ("inspect-dump", ("files_scanned",)),
    ("capture-hidden", ("hf_indices", "layer_ids")),
    ("fleet", ("replicas", "fleet", "window")),
)


def document_kind(doc: Mapping[str, Any]) -> str | None:
    """Which command (or file format) a JSON document is, read from its keys; None if unknown."""
    if doc.get("format") == FORMAT:
        return "profile"
    if "conditional_accept_rates" in doc or "marginal_accept_rates" in doc:
        return "modelopt"
    if doc.get("command") == "doctor" or ("checks" in doc and "gap" in doc):
        return "doctor"
    if isinstance(doc.get("steps"), list) and "scenario" in doc:
        return "demo"
    if isinstance(doc.get("accept_length"), Mapping) and "workload" in doc:
        return "probe"
    return next((kind for kind, keys in _BY_KEYS if all(k in doc for k in keys)), None)


def _from_probe(doc: Mapping[str, Any]) -> AcceptanceProfile:
    server = doc.get("server") or {}
    spec = server.get("speculative") or {}
    al = doc.get("accept_length") or {}
    pp = doc.get("per_position") or {}
    wl = doc.get("workload") or {}
    cats = wl.get("categories") or []
    cond = Conditions(
        source="probe",
        engine=doc.get("engine") or server.get("engine"),
        engine_version=server.get("version"),
        method=spec.get("method"),
        topk=_int(spec.get("topk")),
        temperature=_num(wl.get("temperature")),
        dataset=(
            f"specdiag probe prompts ({', '.join(map(str, cats))})" if cats else "specdiag probe"
        ),
        verify_steps=_int(al.get("verify_steps")),
        requests=_int((doc.get("requests") or {}).get("ok")),
    )
    hist = al.get("histogram") if isinstance(al.get("histogram"), list) else None
    if not hist or not sum(h for h in hist if isinstance(h, (int, float))):
        hist = None  # no per-request histogram (llama.cpp, counters): the per-position rates
    steps = _int(spec.get("steps"))
    return from_rates(
        measured=True,
        conditions=cond,
        unconditional=_floats(pp.get("unconditional")) if hist is None else None,
        histogram=hist if hist and sum(hist) > 0 else None,
        accept_length=_num(al.get("pooled")),
        steps=steps if steps and steps > 0 else None,
    )


def _from_logs(doc: Mapping[str, Any], engine: str | None) -> AcceptanceProfile:
    summary = doc.get("summary") or {}
    if not summary:
        raise InputError("the logs document has no engine summary", hint="no records were read")
    if engine is None:
        if len(summary) > 1:
            raise UsageError(
                f"the logs document has several engines ({', '.join(summary)})",
                hint="choose one with --engine",
            )
        engine = next(iter(summary))
    s = summary.get(engine)
    if not isinstance(s, Mapping):
        raise UsageError(f"no engine {engine!r} in the logs document", hint="see its summary")
    pp = s.get("per_position") or []
    unc = tuple(float(p["unconditional"]) for p in pp) if pp else None
    versions = s.get("versions") or {}
    drafted, k = _int(s.get("drafted_tokens")), _int(s.get("draft_positions"))
    steps_n = _int(s.get("verify_steps"))
    if steps_n is None and drafted and k:
        steps_n = drafted // k
    al = s.get("accept_length") or {}
    return from_rates(
        measured=True,
        conditions=Conditions(
            source="logs",
            engine=engine,
            engine_version=", ".join(versions) if versions else None,
            verify_steps=steps_n,
        ),
        unconditional=unc,
        accept_length=_num(al.get("weighted_mean") or al.get("mean")),
        steps=k,
    )


def _from_fleet(doc: Mapping[str, Any], replica: str | None) -> AcceptanceProfile:
    reps = [r for r in doc.get("replicas") or [] if isinstance(r, Mapping)]
    if replica is not None:
        reps = [r for r in reps if str(r.get("replica")) == replica]
        if not reps:
            raise UsageError(f"no replica {replica!r} in the fleet document", hint="see replicas")
    reps = [r for r in reps if r.get("per_position_unconditional") and _num(r.get("verify_steps"))]
    if not reps:
        raise InputError(
            "no replica in the fleet document has per-position acceptance",
            hint="the engine's per-position counters must be scraped (vLLM, SGLang >= 0.5.11)",
        )
    k = min(len(r["per_position_unconditional"]) for r in reps)
    total = sum(float(r["verify_steps"]) for r in reps)
    unc = tuple(
        sum(float(r["per_position_unconditional"][i]) * float(r["verify_steps"]) for r in reps)
        / total
        for i in range(k)
    )
    engines = sorted({str(r.get("engine")) for r in reps if r.get("engine")})
    notes = (
        [] if len(reps) == 1 else [f"pooled over {len(reps)} replicas, weighted by verify steps"]
    )
    return from_rates(
        measured=True,
        conditions=Conditions(
            source="fleet",
            engine=", ".join(engines) or None,
            verify_steps=int(total),
            replicas=len(reps),
        ),
        unconditional=unc,
        notes=notes,
    )


def _from_profile(doc: Mapping[str, Any], modelopt: bool) -> AcceptanceProfile:
    mc = doc.get("measurement_conditions")
    mc = mc if isinstance(mc, Mapping) else {}
    sampling = mc.get("sampling") if isinstance(mc.get("sampling"), Mapping) else {}
    temp = _num(sampling.get("temperature")) if sampling else _num(mc.get("temperature"))
    measured = doc.get("measured")
    note: tuple[str, ...]
    if modelopt and doc.get("schema_version") is None:
        note = ("ModelOpt profile without schema_version (the export stub's shape)",)
    elif modelopt:
        note = (f"read from ModelOpt speculation_profile.json {doc.get('schema_version')}",)
    else:
        note = ()
    dataset = mc.get("dataset")
    return from_rates(
        measured=bool(measured) if isinstance(measured, bool) else True,
        conditions=Conditions(
            source=str(mc.get("source") or ("modelopt" if modelopt else "profile")),
            engine=mc.get("engine"),
            engine_version=mc.get("engine_version"),
            method=mc.get("method"),
            topk=_int(mc.get("topk")),
            temperature=temp,
            dataset=dataset if isinstance(dataset, str) else None,
            verify_steps=_int(mc.get("verify_steps")),
            requests=_int(mc.get("requests")),
            replicas=_int(mc.get("replicas")),
        ),
        unconditional=_floats(doc.get("marginal_accept_rates")),
        conditional=_floats(doc.get("conditional_accept_rates")),
        accept_length=_num(doc.get("mean_accept_length")),
        steps=_int(doc.get("num_speculative_tokens")),
        notes=note,
    )


def read_profile(
    doc: Mapping[str, Any], *, engine: str | None = None, replica: str | None = None
) -> AcceptanceProfile:
    """The acceptance profile a JSON document holds (see the module docstring for the kinds)."""
    kind = document_kind(doc)
    if kind == "probe":
        return _from_probe(doc)
    if kind == "logs":
        return _from_logs(doc, engine)
    if kind == "fleet":
        return _from_fleet(doc, replica)
    if kind == "expected-accept":
        return from_rates(
            measured=False,
            conditions=Conditions(source="expected-accept", topk=_int(doc.get("topk"))),
            conditional=_floats(doc.get("acc")),
            notes=("predicted from training accuracy, not measured",),
        )
    if kind in ("profile", "modelopt"):
        return _from_profile(doc, kind == "modelopt")
    raise InputError(
        f"no acceptance profile in a {kind} document"
        if kind
        else "not an acceptance profile nor a document specdiag knows",
        hint="give a profile written by --export-profile, ModelOpt's speculation_profile.json, "
        "or the --json document of probe, logs, fleet or expected-accept",
    )


@dataclass(frozen=True)
class ProfileOptions:
    """What ``specdiag profile`` is asked: the target to replay on, and which part of a logs or
    fleet document holds the profile (an engine's series, a replica)."""

    target: Target = Target.VLLM
    engine: str | None = None
    replica: str | None = None


@dataclass(frozen=True)
class ProfileReplay:
    """A document's acceptance profile and what replays it on the target."""

    profile: AcceptanceProfile
    replay: Replay


def replay_document(
    doc: object, options: ProfileOptions, *, name: str = "the document"
) -> ProfileReplay:
    """The one entry of ``specdiag profile``: read the profile ``doc`` (called ``name`` in
    errors) holds, then the flags, environment and config fragment that replay it on
    ``options.target``."""
    if not isinstance(doc, Mapping):
        raise InputError(f"{name} is not a JSON object", hint="give a profile or a --json document")
    prof = read_profile(doc, engine=options.engine, replica=options.replica)
    return ProfileReplay(prof, replay(prof, options.target))


def _r(x: float) -> float:
    return round(x, 6)


def _rs(xs: Sequence[float] | None) -> list[float] | None:
    return None if xs is None else [_r(x) for x in xs]


def profile_document(p: AcceptanceProfile) -> dict[str, object]:
    """The profile file (docs/profile.md): ModelOpt's key names where the fields are shared."""
    c = p.conditions
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "measured": p.measured,
        "num_speculative_tokens": p.steps,
        "conditional_accept_rates": _rs(p.conditional),
        "marginal_accept_rates": _rs(p.unconditional),
        "mean_accept_length": _r(p.accept_length),
        "accepted_drafts_per_step": _r(p.accepted_drafts),
        "accepted_count_histogram": None if p.histogram is None else list(p.histogram),
        "confidence_intervals": None
        if p.conditional_ci is None or p.unconditional_ci is None
        else {
            "level": 0.95,
            "method": "wilson",
            "conditional": [[_r(a), _r(b)] for a, b in p.conditional_ci],
            "marginal": [[_r(a), _r(b)] for a, b in p.unconditional_ci],
        },
        "measurement_conditions": {
            "source": c.source,
            "engine": c.engine,
            "engine_version": c.engine_version,
            "method": c.method,
            "num_speculative_tokens": p.steps,
            "topk": c.topk,
            "sampling": {"temperature": c.temperature},
            "dataset": c.dataset,
            "verify_steps": c.verify_steps,
            "requests": c.requests,
            "replicas": c.replicas,
        },
        "notes": list(p.notes),
    }


# --------------------------------------------------------------------------- replay


def _fmt(x: float) -> str:
    return f"{x:.4f}".rstrip("0").rstrip(".")


def geometric_fill(p: AcceptanceProfile) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Conditional and unconditional rates: the profile's, or (mean only) the constant
    conditional rate that gives its accept length (an assumption, said in the notes)."""
    if p.conditional is not None and p.unconditional is not None:
        return p.conditional, p.unconditional
    a = accept.implied_acceptance(p.accepted_drafts, p.steps)
    cond = (a,) * p.steps
    return cond, accept.to_unconditional(cond)


def replay(
    p: AcceptanceProfile, target: Target, *, flavor: str = "sglang", port: int | None = None
) -> Replay:
    """The flags, environment and config fragment that make ``target`` replay ``p``."""
    notes: list[str] = []
    cond, unc = geometric_fill(p)
    k = p.steps
    al = p.accept_length
    if p.conditions.topk and p.conditions.topk > 1:
        notes.append(
            f"measured with tree drafting (topk {p.conditions.topk}); the knobs below replay "
            "a chain of the same accept length"
        )
    if target is Target.DYNAMO and k > DYNAMO_MAX_NEXTN:
        raise UsageError(
            f"Dynamo's mocker samples 1-{DYNAMO_MAX_NEXTN} MTP draft tokens; the profile has {k}",
            hint="replay it on vLLM or the reference server, or re-measure with fewer steps",
        )
    # SGLang and TensorRT-LLM take one number; the others take a rate per position
    shaped = target not in (Target.SGLANG, Target.TRTLLM)
    if shaped and p.conditional is None:
        notes.append(
            "the profile has no per-position shape (mean only): the rates below assume the "
            "same conditional acceptance at every position"
        )
    cfg: dict[str, object] | None = None  # the config fragment: numbers, so not in the data file
    if target is Target.VLLM:
        rates = [round(u, 4) for u in unc]
        cfg = {
            "num_speculative_tokens": k,
            "rejection_sample_method": "synthetic",
            "synthetic_acceptance_rates": rates,
        }
    elif target is Target.TRTLLM:
        cfg = {"speculative_config": {"max_draft_len": k}}
    how = load("specdiag.core", "conventions.json")["replay"][target.value]
    values: dict[str, object] = {
        "k": k,
        "length": _fmt(al),
        "drafts": _fmt(al - 1),
        "conditional": ",".join(map(_fmt, cond)),
        "unconditional": ",".join(map(_fmt, unc)),
        "flavor": flavor,
        "config": json.dumps(cfg, separators=(", ", ": ")),
    }
    flags = tuple(fill(f, **values) for f in how["flags"])
    if target is Target.REFERENCE and port is not None:
        flags = (*flags, "--port", str(port))
    env = tuple((name, fill(v, **values)) for name, v in how.get("env", ()))
    shown = {"flags": " ".join(flags), "env": " ".join(f"{a}={b}" for a, b in env)}
    command = fill(how["command"], **values, **shown)
    notes += [fill(t, **values) for t in how["notes"]]
    replays = "per-position" if shaped and p.conditional is not None else "mean only"
    return Replay(target, flags, env, cfg, how.get("where"), command, replays, tuple(notes))
