"""Start the exporter: sources in daemon threads, prometheus_client's HTTP server in another."""

from __future__ import annotations

import errno
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from specdiag.errors import ServerError
from specdiag.exporter.config import ExporterConfig
from specdiag.exporter.sources import DoctorSource, LogsSource, ProbeSource
from specdiag.exporter.store import Store, StoreCollector


@dataclass(frozen=True)
class ExporterStart:
    """What a started exporter serves (its ``--json`` start document, key for key)."""

    url: str  # the /metrics URL
    host: str
    port: int
    probes: int  # servers probed
    logs: tuple[str, ...]  # log files read
    follow: bool


class ExporterHandle:
    def __init__(self, config: ExporterConfig) -> None:
        self.config = config
        self.store = Store()
        self.stop_event = threading.Event()
        self.threads: list[threading.Thread] = []
        self._httpd: Any = None
        self.host = config.host
        self.port = 0

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def _start(self) -> None:
        from prometheus_client import CollectorRegistry, start_http_server

        cfg = self.config
        if cfg.acc is not None:
            from specdiag.core.profile import resolve_profile

            prof = resolve_profile(cfg.acc, cfg.steps, None, kind=cfg.acc_kind).profile
            self.store.expected = (prof.expected_accept_length, prof.steps)
        logs = LogsSource(cfg, self.store, self.stop_event) if cfg.logs else None
        if logs is not None and not cfg.follow:
            logs.read_once()  # before serving: the first scrape already has the figures
        doctor = DoctorSource(cfg, self.store, self.stop_event) if cfg.doctor_enabled else None
        if doctor is not None:
            doctor.run_once()  # bad evidence flags fail now; the first scrape has the checks
        registry = CollectorRegistry(auto_describe=False)
        registry.register(StoreCollector(self.store))
        try:
            httpd, thread = start_http_server(cfg.port, addr=cfg.host, registry=registry)
        except OSError as exc:
            in_use = exc.errno in (errno.EADDRINUSE, errno.EACCES)
            raise ServerError(
                f"cannot listen on {cfg.host}:{cfg.port}: {exc.strerror or exc}",
                hint="pick another --port (0 lets the system choose)"
                if in_use
                else "give --host an address of this machine, e.g. 127.0.0.1 or 0.0.0.0",
            ) from None
        self._httpd = httpd
        self.threads.append(thread)
        self.port = int(httpd.server_port)
        workers: list[Any] = []
        if logs is not None and cfg.follow:
            workers.append(logs.loop)
        workers += [ProbeSource(u, cfg, self.store, self.stop_event).loop for u in cfg.probes]
        if doctor is not None:
            workers.append(doctor.loop)
        for i, fn in enumerate(workers):
            t = threading.Thread(target=fn, name=f"specdiag-exporter-{i}", daemon=True)
            t.start()
            self.threads.append(t)

    def start_document(self) -> ExporterStart:
        cfg = self.config
        return ExporterStart(
            self.url + "/metrics", self.host, self.port, len(cfg.probes), cfg.logs, cfg.follow
        )

    def serve(
        self,
        duration_s: float | None = None,
        on_ready: Callable[[ExporterStart], None] | None = None,
    ) -> bool:
        """Serve in the foreground until ``duration_s`` has passed (None: forever; returns
        False) or Ctrl-C / SIGTERM arrives (a ``KeyboardInterrupt``; returns True). ``on_ready``
        gets the start document first. The exporter is stopped when this returns or raises."""
        try:
            if on_ready is not None:
                on_ready(self.start_document())
            deadline = None if duration_s is None else time.monotonic() + duration_s
            try:
                while deadline is None or time.monotonic() < deadline:
                    left = 0.2 if deadline is None else min(0.2, deadline - time.monotonic())
                    time.sleep(max(0.0, left))  # a sleep, not a join: signals interrupt it
            except KeyboardInterrupt:  # the CLI's framework turns SIGTERM into this too
                return True
            return False
        finally:
            self.stop()

    def stop(self) -> None:
        """Stop the sources and the HTTP server; waits briefly for the threads."""
        self.stop_event.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        for t in self.threads:
            t.join(5.0)

    def __enter__(self) -> ExporterHandle:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def start(config: ExporterConfig) -> ExporterHandle:
    handle = ExporterHandle(config)
    try:
        handle._start()
    except BaseException:
        handle.stop()
        raise
    return handle
