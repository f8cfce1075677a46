"""The exporter's configuration: one frozen dataclass, validated on construction."""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core.accept import AccKind
from specdiag.errors import UsageError

MAX_INTERVAL_S = 604_800.0  # a week between two runs of a source at most


@dataclass(frozen=True)
class ExporterConfig:
    probes: tuple[str, ...] = ()  # server URLs probed every `interval_s`
    interval_s: float = 60.0
    probe_requests: int = 4
    probe_max_tokens: int = 64
    probe_timeout_s: float = 60.0
    api_key: str | None = None
    logs: tuple[str, ...] = ()
    follow: bool = False
    engine: str | None = None  # logs: read only this engine's lines
    replica: str | None = None  # the `replica` label of log figures (default: host name)
    acc: tuple[float, ...] | None = None
    acc_kind: AccKind = AccKind.CONDITIONAL
    steps: int | None = None
    host: str = "127.0.0.1"
    port: int = 9465
    # doctor (specdiag.core.doctor): checks run every doctor_interval_s on this evidence plus
    # the logs above (and the one --probe server, when exactly one is given)
    doctor: bool = False
    draft: str | None = None
    target: str | None = None
    server_args: str | None = None
    doctor_interval_s: float = 600.0

    @property
    def doctor_enabled(self) -> bool:
        return self.doctor or any(
            x is not None for x in (self.draft, self.target, self.server_args)
        )

    def __post_init__(self) -> None:
        doctor = self.doctor or any(
            x is not None for x in (self.draft, self.target, self.server_args)
        )
        if not self.probes and not self.logs and self.acc is None and not doctor:
            raise UsageError(
                "nothing to export: give --probe URL, --logs FILE or --acc",
                hint="e.g. specdiag exporter --logs /var/log/sglang.log --follow --port 9465",
            )
        if not 1.0 <= self.interval_s <= MAX_INTERVAL_S:
            raise UsageError(
                f"--interval must be in 1..{MAX_INTERVAL_S:g} seconds, got {self.interval_s:g}",
                hint="each probe sends requests: keep it long on production servers, e.g. 300",
            )
        if self.probe_requests < 1:
            raise UsageError(
                f"--probe-requests must be at least 1, got {self.probe_requests}",
                hint="e.g. --probe-requests 4",
            )
        if self.probe_max_tokens < 1:
            raise UsageError(
                f"--probe-max-tokens must be at least 1, got {self.probe_max_tokens}",
                hint="e.g. --probe-max-tokens 64",
            )
        if not 0 <= self.port <= 65535:
            raise UsageError(
                f"--port must be in 0..65535, got {self.port}", hint="0 picks a free port"
            )
        if not 10.0 <= self.doctor_interval_s <= MAX_INTERVAL_S:
            raise UsageError(
                f"--doctor-interval must be in 10..{MAX_INTERVAL_S:g} seconds, got "
                f"{self.doctor_interval_s:g}",
                hint="the checks re-read the evidence each time, e.g. 600",
            )
        if self.follow and not self.logs:
            raise UsageError("--follow needs --logs FILE", hint="e.g. --logs server.log --follow")
