"""The reference server's shared state: the engine, the log, counters and the truth they add up to."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import struct
import time
from typing import TYPE_CHECKING

from specdiag.refserver.config import ENGINE_VERSIONS, FAULT_MODES, Flavor, ReferenceServerConfig
from specdiag.refserver.engine import Engine

if TYPE_CHECKING:
    from starlette.types import Scope

    from specdiag.refserver.logfmt import BaseLog, LogWriter
    from specdiag.refserver.model import Tokenizer


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class ServerState:
    """Everything the handlers share; lives in the server's event loop thread."""

    def __init__(
        self,
        config: ReferenceServerConfig,
        engine: Engine,
        tokenizer: Tokenizer,
        log: BaseLog,
        writer: LogWriter,
    ) -> None:
        from specdiag.refserver.metrics import make_registry

        self.config = config
        self.engine = engine
        self.tok = tokenizer
        self.log = log
        self.writer = writer
        self.registry = make_registry(engine)
        self.transports: dict[tuple[str, int], asyncio.Transport] = {}
        self.started = time.monotonic()
        self.shutdown: asyncio.Event | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.fault_serial = 0
        self.faults_injected = dict.fromkeys(FAULT_MODES, 0)
        self.url = ""
        self.fingerprint = {
            Flavor.VLLM: f"vllm-{ENGINE_VERSIONS[Flavor.VLLM]}-specdiag",
            Flavor.LLAMACPP: ENGINE_VERSIONS[Flavor.LLAMACPP],
            Flavor.SGLANG: None,
        }[config.flavor]
        # the server's own values in the engines' answers (see helpers.shape)
        self.slots = {
            "served_model": config.model_name,
            "max_model_len": config.max_model_len,
            "max_running_requests": config.max_running_requests,
            "speculative": config.speculative,
            "fingerprint": self.fingerprint,
            "version": ENGINE_VERSIONS[config.flavor],
        }

    # ------------------------------------------------------------------ lifecycle

    async def startup(self) -> None:
        self.shutdown = asyncio.Event()
        self.started = time.monotonic()
        self.tasks.append(asyncio.create_task(self.engine.run()))
        if self.config.flavor is Flavor.VLLM:
            self.tasks.append(asyncio.create_task(self._vllm_ticker()))
        self.log.startup(self.url)

    def begin_shutdown(self) -> None:
        """End every stream and stall now, so the HTTP server can close quickly."""
        if self.shutdown is not None:
            self.shutdown.set()
        self.engine.stop()

    async def finish(self) -> None:
        self.begin_shutdown()
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await t
        self.tasks.clear()
        self.writer.close()

    async def _vllm_ticker(self) -> None:
        while not await self.wait_shutdown(self.config.log_interval_s):
            self.log.tick(self.engine)

    async def wait_shutdown(self, seconds: float) -> bool:
        """Sleep ``seconds`` or until shutdown; True if shutting down."""
        assert self.shutdown is not None
        try:
            await asyncio.wait_for(self.shutdown.wait(), seconds)
        except asyncio.TimeoutError:
            return False
        return True

    # ------------------------------------------------------------------ helpers

    def loading(self) -> bool:
        return time.monotonic() - self.started < self.config.faults.slow_start_s

    def draw_fault(self) -> str | None:
        shares = self.config.faults.shares
        serial = self.fault_serial
        self.fault_serial += 1
        if not shares:
            return None
        u = random.Random(f"{self.config.seed}:fault:{serial}").random()
        acc = 0.0
        for mode, share in shares:
            acc += share
            if u < acc:
                self.faults_injected[mode] += 1
                return mode
        return None

    def drop(self, scope: Scope, reset: bool) -> None:
        client = scope.get("client")
        transport = self.transports.get(tuple(client)) if client else None
        if transport is None:
            return
        if reset:
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            transport.abort()
        else:
            transport.close()

    async def drop_and_settle(self, scope: Scope, reset: bool) -> None:
        """Drop the connection and let the server notice before the handler returns (so
        uvicorn sees a disconnect, not an unfinished response)."""
        self.drop(scope, reset)
        for _ in range(3):
            await asyncio.sleep(0)

    def truth(self, include_requests: bool) -> dict[str, object]:
        doc = self.engine.truth(include_requests)
        f = self.config.faults
        doc["faults"] = {
            "configured": dict(f.shares),
            "retry_after_s": f.retry_after_s,
            "stall_s": f.stall_s,
            "slow_start_s": f.slow_start_s,
            "generation_requests": self.fault_serial,
            "injected": dict(self.faults_injected),
        }
        return doc
