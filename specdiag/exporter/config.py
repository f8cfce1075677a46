"""The exporter's configuration: one frozen dataclass, validated on construction."""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core.accept import MAX_STEPS, AccKind
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.profile import resolve_profile
from specdiag.errors import UsageError

MAX_INTERVAL_S = 604_800.0  # a week between two runs of a source at most


@dataclass(frozen=True)
class ExporterConfig:
    probes: tuple[str, ...] = ()  # server URLs probed every `interval_s`
    interval_s: float = bounded(flag="--interval", lo=1, hi=MAX_INTERVAL_S, default=60.0)
    probe_requests: int = bounded(flag="--probe-requests", lo=1, default=4)
    probe_max_tokens: int = bounded(flag="--probe-max-tokens", lo=1, default=64)
    probe_timeout_s: float = 60.0
    api_key: str | None = None
    logs: tuple[str, ...] = ()
    follow: bool = False
    engine: str | None = None  # logs: read only this engine's lines
    replica: str | None = None  # the `replica` label of log figures (default: host name)
    acc: tuple[float, ...] | None = None
    acc_kind: AccKind = AccKind.CONDITIONAL
    steps: int | None = bounded(flag="--steps", lo=1, hi=MAX_STEPS)
    host: str = "127.0.0.1"
    port: int = bounded(flag="--port", lo=0, hi=65535, default=9465)
    # doctor (specdiag.core.doctor): checks run every doctor_interval_s on this evidence plus
    # the logs above (and the one --probe server, when exactly one is given)
    doctor: bool = False
    draft: str | None = None
    target: str | None = None
    server_args: str | None = None
    doctor_interval_s: float = bounded(
        flag="--doctor-interval", lo=10, hi=MAX_INTERVAL_S, default=600.0
    )

    @property
    def doctor_enabled(self) -> bool:
        return self.doctor or any(
            x is not None for x in (self.draft, self.target, self.server_args)
        )

    def __post_init__(self) -> None:
        if not self.probes and not self.logs and self.acc is None and not self.doctor_enabled:
            raise UsageError(
                "nothing to export: give --probe URL, --logs FILE or --acc",
                hint="e.g. specdiag exporter --logs /var/log/sglang.log --follow --port 9465",
            )
        check_bounds(self)
        if self.probes:  # refused up front as probe refuses them, not a source failing forever
            from specdiag.core.http import check_timeout
            from specdiag.core.probe.run import server_base

            check_timeout(self.probe_timeout_s)
            for url in self.probes:
                server_base(url)
        if self.acc is not None:  # the rule every command reads --acc with, checked up front
            resolve_profile(self.acc, self.steps, None, kind=self.acc_kind)
        elif self.steps is not None:
            raise UsageError("--steps only matters with --acc", hint="e.g. --acc 0.8 --steps 3")
        if self.follow and not self.logs:
            raise UsageError("--follow needs --logs FILE", hint="e.g. --logs server.log --follow")
