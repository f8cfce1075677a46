"""Start and stop a reference server in-process (tests, ``specdiag demo``) or in the foreground:
uvicorn in one daemon thread with its own event loop (docs/reference-server.md, in-process use)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from specdiag.core import accept
from specdiag.core.serving import ServerLifecycle
from specdiag.errors import ServerError
from specdiag.refserver.config import ENGINE_VERSIONS, Flavor, ReferenceServerConfig, Speculation

if TYPE_CHECKING:
    import uvicorn

    from specdiag.refserver.state import ServerState

STOP_TIMEOUT_S = 10.0


def _protocol_class(
    transports: dict[tuple[str, int], asyncio.Transport],
) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, remembering each connection's transport (for reset faults)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TrackingH11Protocol(H11Protocol):
        # (uvicorn's own signature narrows asyncio's BaseTransport: its stub forces the ignore)
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            # uvicorn writes the head and the body of a response separately; without
            # TCP_NODELAY the body waits for the client's delayed ACK (~40 ms per request).
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.client:
                transports[self.client] = transport

        def connection_lost(self, exc: Exception | None) -> None:
            if self.client:
                transports.pop(self.client, None)
            super().connection_lost(exc)

    return TrackingH11Protocol


@dataclass(frozen=True)
class Timing:
    target_step_ms: float
    draft_step_ms: float
    cost_ratio: float | None
    expected_speedup: float | None


@dataclass(frozen=True)
class Faults:
    shares: Mapping[str, float]
    retry_after_s: float
    stall_s: float
    slow_start_s: float


@dataclass(frozen=True)
class ServerStart:
    """What a started reference server is (its ``--json`` start document, key for key)."""

    url: str
    host: str
    port: int
    flavor: Flavor
    engine_version: str
    model: str
    speculative: Speculation
    timing: Timing
    endpoints: tuple[str, ...]
    truth_url: str
    log: str
    api_key_required: bool
    faults: Faults

    @classmethod
    def of(
        cls, cfg: ReferenceServerConfig, url: str, port: int, endpoints: tuple[str, ...]
    ) -> ServerStart:
        spec = cfg.speculation()
        cost = cfg.draft_step_ms / cfg.target_step_ms if cfg.target_step_ms > 0 else None
        return cls(
            url=url,
            host=cfg.host,
            port=port,
            flavor=cfg.flavor,
            engine_version=ENGINE_VERSIONS[cfg.flavor],
            model=cfg.model_name,
            speculative=spec,
            timing=Timing(
                target_step_ms=cfg.target_step_ms,
                draft_step_ms=cfg.draft_step_ms,
                cost_ratio=cost,
                expected_speedup=accept.speedup(spec.expected_accept_length, cfg.steps, cost)
                if cost is not None
                else None,
            ),
            endpoints=endpoints,
            truth_url=url + "/_specdiag/truth",
            log="stderr" if cfg.log == "-" else str(cfg.log),
            api_key_required=cfg.api_key is not None,
            faults=Faults(**asdict(cfg.faults) | {"shares": dict(cfg.faults.shares)}),
        )


class ServerHandle(ServerLifecycle):
    """A running reference server. Use as a context manager, or call :meth:`stop`."""

    def __init__(self, config: ReferenceServerConfig) -> None:
        super().__init__(config.host)
        self.config = config
        self._thread: threading.Thread | None = None
        self._server: uvicorn.Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._state: ServerState | None = None
        self._sock: socket.socket | None = None
        self._error: BaseException | None = None

    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and not self._stopped

    def _start(self) -> None:
        try:
            import starlette  # noqa: F401
            import uvicorn
            from threadpoolctl import threadpool_limits
        except ImportError as exc:
            raise ServerError(
                f"the reference server needs starlette and uvicorn ({exc.name} is missing)",
                hint="install the server extra: pip install 'specdiag[server]'",
            ) from None

        from specdiag.refserver.api import build_app
        from specdiag.refserver.engine import Engine
        from specdiag.refserver.logfmt import LogWriter, make_log
        from specdiag.refserver.model import TinyLM, Tokenizer
        from specdiag.refserver.state import ServerState

        cfg = self.config
        family = socket.AF_INET6 if ":" in cfg.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((cfg.host, cfg.port))
        except OSError as exc:
            sock.close()
            in_use = exc.errno in (errno.EADDRINUSE, errno.EACCES)
            raise ServerError(
                f"cannot listen on {cfg.host}:{cfg.port}: {exc.strerror or exc}",
                hint="pick another --port (0 lets the system choose a free one)"
                if in_use
                else "give --host an address of this machine, e.g. 127.0.0.1",
            ) from None
        sock.listen(2048)
        sock.setblocking(False)
        self._sock = sock
        self.port = sock.getsockname()[1]

        try:
            writer = LogWriter(cfg.log)
        except OSError as exc:
            sock.close()
            raise ServerError(
                f"cannot open the log file {cfg.log}: {exc.strerror or exc}",
                hint="give --log a path in a writable directory (or leave it out: stderr)",
            ) from None
        # BLAS on one thread (small products): by the environment before numpy loads, else here
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        threadpool_limits(limits=1, user_api="blas")
        tok = Tokenizer()
        model = TinyLM(tok)
        engine = Engine(cfg, model, tok)
        log = make_log(engine, writer)
        state = ServerState(cfg, engine, tok, log, writer)
        state.url = self.url
        self._state = state
        uconfig = uvicorn.Config(
            build_app(state),
            http=_protocol_class(state.transports),
            lifespan="on",
            log_config=None,
            log_level="error",  # our handlers' own failures show; nothing else does
            access_log=False,
            timeout_graceful_shutdown=2,
            timeout_keep_alive=30,
            ws="none",
        )
        server = uvicorn.Server(uconfig)
        self._server = server

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(server.serve(sockets=[sock]))
            except BaseException as exc:  # noqa: BLE001 - reported to the starting thread
                self._error = exc
            finally:
                try:
                    loop.run_until_complete(loop.shutdown_asyncgens())
                finally:
                    loop.close()

        thread = threading.Thread(target=run, name=f"specdiag-refserver-{self.port}", daemon=True)
        self._thread = thread
        thread.start()
        deadline = time.monotonic() + 10.0
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise ServerError(
                    f"the reference server did not start: {self._error or 'timed out'}",
                    hint="is the port free? try --port 0 for a free one",
                )
            time.sleep(0.002)

    def _stop(self) -> None:
        """Stop serving: end streams, close the socket, join the thread."""
        loop, state, server = self._loop, self._state, self._server
        if loop is not None and state is not None and not loop.is_closed():

            def close_now() -> None:
                # Stop accepting at once: uvicorn itself notices should_exit only at its next
                # 0.1 s tick, and would meanwhile accept clients the engine no longer serves.
                for listener in getattr(server, "servers", None) or ():
                    listener.close()
                state.begin_shutdown()

            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(close_now)
        if server is not None:
            server.should_exit = True
        if self._thread is not None:
            self._thread.join(STOP_TIMEOUT_S)
            if self._thread.is_alive() and server is not None:
                server.force_exit = True
                self._thread.join(STOP_TIMEOUT_S)
        if self._sock is not None:
            self._sock.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the server thread ends (True) or ``timeout`` passes (False)."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def truth(self, include_requests: bool = False) -> dict[str, object]:
        """GET /_specdiag/truth (over HTTP, so it is consistent with what clients saw), through
        the one HTTP edge: a server that is gone is a :class:`ServerError`."""
        from specdiag.core.http import BodyKind, fetch, parse_base_url, sync_client

        base = parse_base_url(self.url, what="the reference server URL", example=self.url)
        with sync_client(base, timeout_s=10.0) as client:
            got = fetch(
                client,
                "GET",
                "/_specdiag/truth",
                kind=BodyKind.ANSWER,
                timeout_s=10.0,
                shown=base.shown,
                params={"requests": "1"} if include_requests else None,
            )
        if got.status != 200:
            raise ServerError(
                f"{base.shown}/_specdiag/truth answered HTTP {got.status}",
                hint="is another server listening on that port?",
            )
        data: dict[str, object] = json.loads(got.body)
        return data

    def serve(
        self, duration_s: float | None = None, on_ready: Callable[[ServerStart], None] | None = None
    ) -> dict[str, object] | None:
        """Serve in the foreground until ``duration_s`` (None: forever), Ctrl-C, SIGTERM or the
        server's death; the final truth, or None when the server died first (docs/reference-server.md)."""
        try:
            ready = None if on_ready is None else (lambda: on_ready(self.start_document()))
            self.run_for(duration_s, ready)  # Ctrl-C or SIGTERM: stop serving, then summarise
            try:
                return self.truth()
            except ServerError:  # the server died; nothing to summarise
                return None
        finally:
            self.stop()

    def start_document(self) -> ServerStart:
        from specdiag.refserver.api import routes

        # each route's first method (besides GET /_specdiag/truth)
        assert self._state is not None, "start_document() of a started server"
        endpoints = tuple(f"{methods[0]} {path}" for path, _, methods, _ in routes(self._state))
        return ServerStart.of(self.config, self.url, self.port, endpoints)


def start_server(config: ReferenceServerConfig | None = None) -> ServerHandle:
    """Start a reference server in a background thread; returns once it accepts connections."""
    return ServerHandle.launch(config or ReferenceServerConfig())
