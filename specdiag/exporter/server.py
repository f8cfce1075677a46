"""Start the exporter: sources in daemon threads, prometheus_client's HTTP server in another."""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from specdiag.core.profile import resolve_profile
from specdiag.core.serving import ServerLifecycle
from specdiag.errors import ServerError
from specdiag.exporter.config import ExporterConfig
from specdiag.exporter.sources import DoctorSource, LogsSource, ProbeSource
from specdiag.exporter.store import Store

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

Source = ProbeSource | LogsSource | DoctorSource  # each runs loop() until the exporter stops


@dataclass(frozen=True)
class ExporterStart:
    """What a started exporter serves (its ``--json`` start document, key for key)."""

    url: str  # the /metrics URL
    host: str
    port: int
    probes: int  # servers probed
    logs: tuple[str, ...]  # log files read
    follow: bool


class ExporterHandle(ServerLifecycle):
    def __init__(self, config: ExporterConfig, warn: Callable[[str], None] | None = None) -> None:
        super().__init__(config.host)
        self.config = config
        self.warn = warn or (lambda _message: None)
        self.store = Store()
        self.stop_event = threading.Event()
        self.threads: list[threading.Thread] = []
        self._httpd: WSGIServer | None = None

    def _start(self) -> None:
        from prometheus_client import CollectorRegistry, start_http_server

        cfg = self.config
        if cfg.acc is not None:
            prof = resolve_profile(cfg.acc, cfg.steps, None, kind=cfg.acc_kind).profile
            self.store.expected = (prof.expected_accept_length, prof.steps)
        logs = LogsSource(cfg, self.store, self.stop_event, self.warn) if cfg.logs else None
        if logs is not None and not cfg.follow:
            logs.read_once()  # before serving: the first scrape already has the figures
        doctor = DoctorSource(cfg, self.store, self.stop_event) if cfg.doctor_enabled else None
        if doctor is not None:
            doctor.run_once()  # bad evidence flags fail now; the first scrape has the checks
        registry = CollectorRegistry(auto_describe=False)
        registry.register(self.store)
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
        workers: list[Source] = [logs] if logs is not None and cfg.follow else []
        workers += [ProbeSource(u, cfg, self.store, self.stop_event) for u in cfg.probes]
        workers += [doctor] if doctor is not None else []
        for i, source in enumerate(workers):
            t = threading.Thread(
                target=self._supervise, args=(source,), name=f"specdiag-exporter-{i}", daemon=True
            )
            t.start()
            self.threads.append(t)

    def _supervise(self, source: Source) -> None:
        """Run a source's loop until the exporter stops. A loop that dies (an exception) or ends
        on its own (a followed path that became a pipe) is reported down on /metrics and on
        stderr, and started again after a pause that doubles up to a minute."""
        failures = 0
        while not self.stop_event.is_set():
            try:
                source.loop()
                if self.stop_event.is_set():
                    return
                why = "ended"
            except Exception as exc:  # noqa: BLE001 - a source must never take the exporter down
                text = (str(exc) or type(exc).__name__).splitlines()[0][:200]
                why = f"crashed ({type(exc).__name__}: {text})"
            failures += 1
            pause = min(RESTART_MAX_S, RESTART_FIRST_S * 2 ** min(failures - 1, 10))
            message = f"{source.kind} source {source.ident} {why}; restarting in {pause:g} s"
            self.store.fail(source.kind, source.ident, message)
            self.warn(message)
            self.stop_event.wait(pause)

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
            ready = None if on_ready is None else (lambda: on_ready(self.start_document()))
            return self.run_for(duration_s, ready)
        finally:
            self.stop()

    def _stop(self) -> None:
        """Stop the sources and the HTTP server; waits briefly for the threads."""
        self.stop_event.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        for t in self.threads:
            t.join(5.0)


RESTART_FIRST_S = 1.0
RESTART_MAX_S = 60.0
