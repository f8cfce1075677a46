"""The doctor's result types: frozen dataclasses, JSON-ready through ``to_jsonable``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    SKIPPED = "skipped"
    # a value the check needs is present but of the wrong type or out of range (a string, NaN,
    # 1e308, a bool where a size belongs): neither a pass nor a fault found, and never a pass
    UNREADABLE = "unreadable"


class ImpactKind(str, Enum):
    """What a finding does to the accept length (see docs/doctor.md, "How findings are ranked");
    listed in rank order."""

    COLLAPSE = "collapse"  # alone, it drives acceptance to ~0: can explain the whole gap
    PARTIAL = "partial"  # lowers acceptance by an amount computed from the evidence
    MEASUREMENT = "measurement"  # the number is read wrongly; the deployment may be fine
    SPEED = "speed"  # costs throughput, not accept length
    NONE = "none"


@dataclass(frozen=True)
class Evidence:
    """One fact a check read: where (file and key, log line, metric) and what it said."""

    source: str  # "draft", "target", "logs", "server", "server-args", "training-dump", ...
    location: str  # e.g. "draft/config.json: eagle_config.eagle_aux_hidden_state_layer_ids"
    value: str  # what was read, as text


@dataclass(frozen=True)
class Impact:
    kind: ImpactKind
    # accepted drafts per verify step this finding can account for, when computable
    drafts: float | None
    how: str  # how the number was made


@dataclass(frozen=True)
class CheckResult:
    check: str  # stable id, e.g. "aux-layer-ids"
    family: str  # module family, e.g. "aux_layers"
    title: str
    status: Status
    message: str  # what was decided; for skipped: why
    evidence: tuple[Evidence, ...] = ()
    fix: str | None = None
    confirm: tuple[str, ...] = ()  # commands that confirm the finding
    refs: tuple[str, ...] = ()  # public issues / PRs the check comes from
    impact: Impact | None = None
    details: dict[str, object] = field(default_factory=dict)
    snippet: str | None = None  # the fix, ready to paste (a config fragment or a launch flag)


@dataclass(frozen=True)
class Finding:
    """A warn/fail check in rank order, with the share of the gap it can explain."""

    rank: int
    check: str
    status: Status
    title: str
    message: str
    fix: str | None
    explains: float | None  # share of the expected-vs-observed gap, 0..1; None: no gap known
    impact_kind: ImpactKind
    confirm: tuple[str, ...]
    snippet: str | None = None  # the fix, ready to paste


@dataclass(frozen=True)
class Gap:
    """Expected against observed accept length, in both conventions."""

    steps: int
    expected_accept_length: float  # bonus included
    expected_drafts: float  # bonus excluded
    observed_accept_length: float
    observed_drafts: float
    observed_from: str  # where the observation came from
    gap_drafts: float  # expected - observed accepted drafts per step (>= 0 when below)
    ratio: float | None  # observed / expected accepted drafts
    naive_ratio: float | None  # engine length / trainer drafts: the convention trap
    verdict: str  # healthy | below | collapsed | above
    explanation: str


@dataclass(frozen=True)
class InputProblem:
    """Evidence that was given but could not be read (the other checks still run)."""

    source: str
    path: str
    message: str
    # "unreadable": the input (or a part of it a check needs) could not be read: the result is
    # incomplete; "partial": read, but one use of it was not possible (said in the message)
    kind: str = "unreadable"


@dataclass(frozen=True)
class EvidenceUse:
    """What became of one piece of evidence given: used, unreadable (why) or irrelevant."""

    source: str  # "draft", "logs", "server", ...
    path: str  # the file, directory, URL or value given
    status: str  # "used" | "unreadable" | "partial" | "irrelevant"
    why: str  # which checks used it, why it could not be read, or why nothing needed it


@dataclass(frozen=True)
class Segment:
    """One stretch of a log between restarts, judged on its own."""

    index: int
    start: str | None  # first timestamp seen
    end: str | None
    lines: int  # spec-decode lines in it
    accept_length: float | None  # count-weighted mean (engine convention, bonus included)
    version: str | None
    starts_because: str  # "first" or why a new segment starts (gap, counters reset, version)
    # where acceptance stepped to ~0 accepted drafts and stayed there to the segment's end
    collapse_from: str | None = None


@dataclass(frozen=True)
class DoctorReport:
    evidence_given: tuple[str, ...]  # which kinds of evidence were given
    engine: str | None
    engine_from: str | None  # where the engine came from
    checks: tuple[CheckResult, ...]  # every check, registry order
    findings: tuple[Finding, ...]  # warn/fail, ranked
    gap: Gap | None
    summary: str
    counts: dict[str, int]
    input_problems: tuple[InputProblem, ...]
    could_not_run: str | None  # why no check could decide anything, else None
    ranking_method: str
    interrupted: bool = False  # Ctrl-C / SIGTERM stopped the server probe; the rest ran
    evidence: tuple[EvidenceUse, ...] = ()  # every input given: used, unreadable or irrelevant
    # an input given could not be read (and --allow-missing was not given): not a pass
    incomplete: bool = False
    segments: tuple[Segment, ...] = ()  # the logs' timeline split at restarts (>= 2 when split)
    engine_version: str | None = None
    engine_version_from: str | None = None

    @property
    def failed(self) -> bool:
        return any(c.status is Status.FAIL for c in self.checks)
