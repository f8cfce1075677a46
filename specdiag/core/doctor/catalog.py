"""The catalogue of doctor checks: imports every family module (each registers its checks in
:mod:`specdiag.core.doctor.registry`) and returns them in report order. Kept apart from the
registry so the family modules can import the registry without a cycle."""

from __future__ import annotations

from specdiag.core.doctor.registry import FAMILY_ORDER, REGISTRY, CheckSpec


def load_all() -> list[CheckSpec]:
    """Import every family module (each registers its checks) and return the registry."""
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

    REGISTRY.sort(key=lambda s: FAMILY_ORDER.index(s.family) if s.family in FAMILY_ORDER else 99)
    return REGISTRY
