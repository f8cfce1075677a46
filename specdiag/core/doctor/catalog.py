"""The catalogue of doctor checks (``checks.json``, in report order) joined with the functions
the family modules register; kept apart from the registry so those modules import it without a
cycle."""

from __future__ import annotations

from functools import cache

from specdiag.core.datafiles import document
from specdiag.core.doctor.registry import FUNCTIONS, CheckSpec


@cache
def load_all() -> list[CheckSpec]:
    """Import every family module (each registers its functions) and return the checks in
    catalogue order; a check without a function, or a function without an entry, is a bug."""
    from specdiag.core.doctor import (  # noqa: F401 - imported for their registrations
        aux_layers,
        deployment,
        expected,
        field,
        hidden,
        logs_checks,
        mtp,
        rope,
        sampling,
        server_checks,
        tokenizer,
        tree,
        vocab,
        weights,
    )

    entries = document("specdiag.core.doctor", "checks.json")
    ids = [e["id"] for e in entries]
    if sorted(ids) != sorted(FUNCTIONS) or len(set(ids)) != len(ids):
        raise ValueError(
            f"checks.json and the registered checks differ: {set(ids) ^ set(FUNCTIONS)}"
        )
    specs = []
    for e in entries:
        described = {k: v for k, v in e.items() if k != "causes"} | {"refs": tuple(e["refs"])}
        specs.append(CheckSpec(**described, fn=FUNCTIONS[e["id"]]))
    return specs
