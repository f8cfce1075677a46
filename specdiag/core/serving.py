"""One lifecycle for the HTTP servers specdiag runs (the reference server, the exporter):
subclasses give :meth:`ServerLifecycle._start`, ``_stop`` and, where a server can die on its own,
``alive``."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, TypeVar

_H = TypeVar("_H", bound="ServerLifecycle")

TICK_S = 0.2  # how often the foreground loop looks at the clock and the server


class ServerLifecycle(ABC):
    """A server started in the background of this process."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.port = 0
        self._stopped = False

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @abstractmethod
    def _start(self) -> None:
        """Start serving; return once connections are accepted."""

    @abstractmethod
    def _stop(self) -> None:
        """Stop serving and release everything (called once)."""

    def alive(self) -> bool:
        """Whether the server still serves (a server that cannot die on its own: True)."""
        return not self._stopped

    @classmethod
    def launch(cls: type[_H], *args: Any, **kwargs: Any) -> _H:
        """A started server; one that fails to start is stopped before the error goes on."""
        handle = cls(*args, **kwargs)
        try:
            handle._start()
        except BaseException:
            handle.stop()
            raise
        return handle

    def run_for(self, duration_s: float | None, on_ready: Callable[[], None] | None = None) -> bool:
        """Serve in the foreground for ``duration_s`` (None: until stopped or dead). True when
        Ctrl-C or SIGTERM ended it. ``on_ready`` runs first. Does not stop the server."""
        try:
            if on_ready is not None:
                on_ready()
            deadline = None if duration_s is None else time.monotonic() + duration_s
            while deadline is None or time.monotonic() < deadline:
                left = TICK_S if deadline is None else min(TICK_S, deadline - time.monotonic())
                time.sleep(max(0.0, left))  # a sleep, not a join: signals interrupt it
                if not self.alive():
                    break
        except KeyboardInterrupt:  # the CLI's framework turns SIGTERM into this too
            return True
        return False

    def stop(self) -> None:
        """Stop the server (idempotent)."""
        if self._stopped:
            return
        self._stopped = True
        self._stop()

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
