"""One rule for "which acceptance profile does ``--acc`` mean here", the same for every command
that reads ``--acc`` against a ``--steps`` and a draft length a server or a log shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from specdiag.core import accept
from specdiag.core.accept import AcceptProfile, AccKind
from specdiag.errors import UsageError


@dataclass(frozen=True)
class ResolvedProfile:
    """The profile to predict with, and how its draft length was chosen."""

    profile: AcceptProfile
    steps: int
    steps_from: str  # "--steps", "--acc" (one value per position) or where discovered_k came from
    notes: tuple[str, ...]


def resolve_profile(
    acc: Sequence[float],
    steps: int | None,
    discovered_k: int | None,
    *,
    kind: AccKind = AccKind.CONDITIONAL,
    where: str | None = None,
    source: str | None = None,
) -> ResolvedProfile:
    """The acceptance profile ``acc`` means with ``steps`` and a ``discovered_k`` from ``where``
    (``"the server"``, ``"the logs"``; None where nothing is discovered; ``source`` says how
    it was read, for the note). :class:`UsageError` when they do not fit: a discovered length
    other than ``--steps``, fewer per-position values than it, or one value and no length."""
    values = tuple(acc)
    if not values:
        raise UsageError("no acceptance values given", hint="e.g. --acc 0.75 --steps 5")
    if discovered_k is not None and discovered_k < 1:
        discovered_k = None  # speculation off or unknown: nothing to fit
    src = f" ({source})" if source else ""
    place = where or "the input"
    notes: list[str] = []
    if steps is not None:
        if discovered_k is not None and steps != discovered_k:
            raise UsageError(
                f"--steps {steps} but {place} drafts {discovered_k} tokens per step{src}: the "
                f"prediction would be for a chain {place} does not draft",
                hint=f"drop --steps (it defaults to {place}'s {discovered_k}), or check the URL "
                "or the files",
            )
        k, steps_from = steps, "--steps"
    elif discovered_k is not None:
        k, steps_from = discovered_k, place
        if len(values) > 1 and len(values) > k:
            notes.append(
                f"{place} drafts {k} tokens per step: using the first {k} of the "
                f"{len(values)} --acc values"
            )
            values = values[:k]
        elif len(values) > 1 and len(values) < k:
            raise UsageError(
                f"--acc has {len(values)} per-position values but {place} drafts {k} tokens "
                f"per step{src}",
                hint="give one --acc value for every position, or one per position",
            )
        else:
            notes.append(f"--steps {k} taken from {place}{src}")
    elif len(values) == 1:
        raise UsageError(
            "a single --acc value needs --steps"
            + (f" ({where} showed no draft length)" if where else ""),
            hint="e.g. --acc 0.75 --steps 3, or one value per position: --acc 0.8,0.7,0.6",
        )
    else:
        k, steps_from = len(values), "--acc"
    prof = accept.profile(accept.expand_acc(values, k), kind)
    return ResolvedProfile(
        profile=prof, steps=prof.steps, steps_from=steps_from, notes=tuple(notes)
    )
