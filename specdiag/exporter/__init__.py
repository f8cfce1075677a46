"""``specdiag exporter``: a Prometheus ``/metrics`` endpoint of normalised speculative figures.

In-process use (tests)::

    from specdiag.exporter import ExporterConfig, start_exporter

    with start_exporter(ExporterConfig(logs=("sglang.log",), port=0)) as exp:
        ...  # exp.url + "/metrics"

Sources: periodic probes of live servers (``core.probe.run_probe``) and engine logs, read once or
followed (``core.logs``). Importing this package imports neither httpx nor prometheus_client.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from specdiag.exporter.config import ExporterConfig

if TYPE_CHECKING:
    from specdiag.exporter.server import ExporterHandle


def start_exporter(
    config: ExporterConfig, warn: Callable[[str], None] | None = None
) -> ExporterHandle:
    """Start the sources and the HTTP server in background threads; returns once listening.
    ``warn`` gets a line whenever a source dies or ends and is restarted (the CLI: stderr)."""
    from specdiag.exporter.server import ExporterHandle

    return ExporterHandle.launch(config, warn)


__all__ = ["ExporterConfig", "start_exporter"]
