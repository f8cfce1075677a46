"""``specdiag reference-server``: a local speculative-decoding server with known ground truth
(in-process use: docs/reference-server.md). Importing this package imports neither numpy nor
starlette nor uvicorn; :func:`start_server` does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from specdiag.refserver.config import (
    FaultConfig,
    Flavor,
    PerRequestMetrics,
    ReferenceServerConfig,
    make_config,
    parse_faults,
)

if TYPE_CHECKING:
    from specdiag.refserver.server import ServerHandle


def start_server(config: ReferenceServerConfig | None = None) -> ServerHandle:
    """Start a server in a background thread and return its handle (a context manager)."""
    from specdiag.refserver.server import start_server as _start

    return _start(config)


__all__ = [
    "FaultConfig",
    "Flavor",
    "PerRequestMetrics",
    "ReferenceServerConfig",
    "make_config",
    "parse_faults",
    "start_server",
]
