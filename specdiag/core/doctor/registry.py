"""The registry of checks: each family module registers its check functions with :func:`check`.

A check is a function ``Context -> Outcome``; the catalogue (:mod:`.catalog`, checks.json) gives
each its family, title, what it reads and decides, and the public issues it comes from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache, partial
from typing import Any

from specdiag.core.datafiles import document
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import CheckResult, Evidence, Impact, ImpactKind, Status
from specdiag.core.doctor.typed import Reads
from specdiag.errors import SpecdiagError


@dataclass(frozen=True)
class Outcome:
    status: Status
    message: str
    evidence: tuple[Evidence, ...] = ()
    fix: str | None = None
    confirm: tuple[str, ...] = ()
    impact: Impact | None = None
    details: dict[str, object] = field(default_factory=dict)
    snippet: str | None = None  # the fix, ready to paste (a config fragment or a launch flag)


CheckFn = Callable[[Context], Outcome]
ALL_VERSIONS = "all (no release-specific rule)"


@dataclass(frozen=True)
class CheckSpec:
    """A check as the catalogue (checks.json) describes it, with its function."""

    id: str
    family: str
    title: str
    reads: str  # what evidence it reads (docs)
    decides: str  # what it decides (docs)
    refs: tuple[str, ...]  # the public issues it comes from
    fn: CheckFn
    versions: str = ALL_VERSIONS  # the engine releases the rule applies to (docs)


@cache
def causes() -> dict[str, dict[str, Any]]:
    """Every fault the checks name, by its id, from the catalogue (checks.json)."""
    return {
        name: c
        for e in document("specdiag.core.doctor", "checks.json")
        for name, c in e.get("causes", {}).items()
    }


FUNCTIONS: dict[str, CheckFn] = {}


def check(id: str) -> Callable[[CheckFn], CheckFn]:
    """Register the function of the catalogue's check ``id``."""

    def deco(fn: CheckFn) -> CheckFn:
        if id in FUNCTIONS:
            raise ValueError(f"check {id!r} registered twice")
        FUNCTIONS[id] = fn
        return fn

    return deco


def skip(why: str, **details: object) -> Outcome:
    return Outcome(Status.SKIPPED, why, details=details)


def found(
    status: Status,
    message: str,
    evidence: Iterable[Evidence] = (),
    *,
    cause: str | None = None,
    fix: str | None = None,
    drafts: float | None = None,
    confirm: tuple[str, ...] = (),
    details: Mapping[str, object] | None = None,
    snippet: str | None = None,
) -> Outcome:
    """A check's answer; ``cause`` names the fault in checks.json, whose fix, impact, snippet and
    confirm commands a value given here replaces. ``drafts``: the accepted drafts it costs."""
    c = causes()[cause] if cause is not None else {}
    made = None
    if "impact" in c:
        kind = ImpactKind(c["impact"])
        if drafts is None and kind is ImpactKind.SPEED:
            drafts = 0.0
        made = Impact(kind, drafts, c["how"])
    return Outcome(
        status,
        message,
        tuple(evidence),
        fix or c.get("fix"),
        confirm or tuple(c.get("confirm", ())),
        made,
        dict(details or {}),
        snippet or c.get("snippet"),
    )


passed = partial(found, Status.PASS)
warn = partial(found, Status.WARN)
fail = partial(found, Status.FAIL)


def ev(source: str, location: str, value: object) -> Evidence:
    """One piece of evidence; tuples print as lists, as they are written in JSON configs."""
    if isinstance(value, tuple):
        value = list(value)
    return Evidence(source, location, value if isinstance(value, str) else repr(value))


def run_check(spec: CheckSpec, ctx: Context) -> CheckResult:
    try:
        out = spec.fn(ctx)
    except SpecdiagError as exc:
        out = skip(f"could not decide: {exc.message}")
    except Exception as exc:  # noqa: BLE001 - one broken check must not stop the others
        first = (str(exc).splitlines() or [""])[0]
        out = skip(
            f"internal error in this check ({type(exc).__name__}: {first}); please report it"
        )
    confirm = out.confirm
    if not confirm and out.status in (Status.WARN, Status.FAIL):
        from specdiag.core.doctor.confirm import DEFAULTS

        try:
            confirm = DEFAULTS[spec.id](ctx) if spec.id in DEFAULTS else ()
        except Exception:  # noqa: BLE001 - a confirm command is a courtesy, never a crash
            confirm = ()
    given = {f.name: getattr(out, f.name) for f in fields(Outcome)} | {"confirm": confirm}
    return CheckResult(spec.id, spec.family, spec.title, refs=spec.refs, **given)


def unreadable(r: Reads, what: str = "this check") -> Outcome | None:
    """The ``unreadable`` finding for every config value ``r`` could not read (of the wrong
    type or out of range), or None when all were readable: a check returns it, never a pass."""
    if not r.bad:
        return None
    whys = [f"{m.role} config.json: {why}" for m, _, why in r.bad]
    return Outcome(
        Status.UNREADABLE,
        "unreadable: " + "; ".join(whys) + f": {what} cannot be decided on it",
        tuple(ev(m.role, f"{m.path}/config.json: {key}", why) for m, key, why in r.bad),
        fix="write the config.json value with the type the model's loader expects (as the "
        "training or conversion script writes it)",
        details={"unreadable": [why for _, _, why in r.bad]},
    )
