"""``--follow``: tail growing files (surviving rotation and truncation), pipes and FIFOs."""

from __future__ import annotations

import os
import select
import stat
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import BinaryIO

from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.scan import Scanner

READ_SIZE = 1 << 20
MAX_PER_POLL = 64 << 20  # bytes read from one file before the display gets a turn


class _Tail:
    """One followed input: a regular file by its path (opened when it exists, again after a
    rotation, when the path names a new file; never ends) or a stream (stdin, a FIFO, a pipe:
    read until its writer closes it; ``owned``: opened here, closed here)."""

    def __init__(
        self,
        analyzer: LogAnalyzer,
        label: str,
        path: str | None = None,
        stream: BinaryIO | None = None,
        owned: bool = False,
    ) -> None:
        self.analyzer, self.label, self.path = analyzer, label, path
        self.f, self.owned = stream, owned
        self.ino: int | None = None
        self.generation = 0
        self.eof = False
        self.scanner: Scanner | None = None if stream is None else self._source(label)

    def _source(self, label: str) -> Scanner:
        scanner = self.analyzer.add_source(label)
        scanner.whole_documents = False  # a growing input never ends
        return scanner

    def _open(self, path: str) -> bool:
        # opened without blocking: a path that became a FIFO would otherwise block here until
        # a writer comes; anything but a regular file is waited past, as a missing file is
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return False
            os.set_blocking(fd, True)
            self.f = os.fdopen(fd, "rb")
        except OSError:
            os.close(fd)
            return False
        self.owned = True
        self.ino = os.fstat(self.f.fileno()).st_ino
        rotated = f" (rotated {self.generation})" if self.generation else ""
        self.scanner = self._source(self.label + rotated)
        return True

    def poll(self, wait: float = 0.0) -> int:
        """Feed what the input has now (a stream: waiting up to ``wait`` s for it)."""
        if self.path is None:
            return self._poll_stream(wait)
        if self.f is None and not self._open(self.path):
            return 0
        assert self.f is not None and self.scanner is not None
        got = 0
        while got < MAX_PER_POLL:
            data = self.f.read(READ_SIZE)
            if not data:
                break
            self.scanner.feed(data)
            got += len(data)
        if got:
            return got
        try:
            st = os.stat(self.path)
        except OSError:
            return 0  # rotated away, not yet recreated: keep the old handle until it is
        if st.st_ino != self.ino or st.st_size < self.f.tell():
            self.close()
            self.generation += 1
        return 0

    def _poll_stream(self, wait: float) -> int:
        if self.eof or self.f is None or self.scanner is None:
            return 0
        try:
            fd = self.f.fileno()
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                return 0
            data = os.read(fd, READ_SIZE)
        except (OSError, ValueError, AttributeError):
            data = self.f.read(READ_SIZE)
        if not data:
            self.eof = True
            return 0
        self.scanner.feed(data)
        return len(data)

    def close(self) -> None:
        if self.scanner is not None:
            self.scanner.close()
            self.scanner = None
        if self.f is not None and self.owned:
            self.f.close()
        self.f = None


def _is_stream(path: str) -> bool:
    """A FIFO, pipe or device (not a regular file): read to its end, never re-opened."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False  # not there yet: a file to wait for


def follow(
    analyzer: LogAnalyzer,
    paths: Sequence[str],
    *,
    labels: Mapping[str, str] | None = None,
    poll_interval: float = 0.5,
    idle_timeout: float | None = None,
    on_tick: Callable[[], None] | None = None,
    tick_interval: float = 1.0,
    should_stop: Callable[[], bool] = lambda: False,
    stdin: BinaryIO | None = None,
) -> None:
    """Feed growing files into ``analyzer`` until stopped, idle for ``idle_timeout`` s, or the
    pipes end. KeyboardInterrupt propagates after the tails are closed."""
    names = labels or {}
    files: list[_Tail] = []
    pipes: list[_Tail] = []
    try:
        for p in paths:
            label = names.get(p, p)
            if p == "-":
                pipes.append(_Tail(analyzer, label, stream=stdin or sys.stdin.buffer))
            elif _is_stream(p):
                pipes.append(_Tail(analyzer, label, stream=open(p, "rb"), owned=True))  # noqa: SIM115
            else:
                files.append(_Tail(analyzer, label, path=p))
        last_data = time.monotonic()
        last_tick = -1e18
        while True:
            got = sum(t.poll() for t in files)
            waiting = True  # the first open pipe waits for data when nothing else can arrive
            for pt in pipes:
                if pt.eof:
                    continue
                got += pt.poll(poll_interval if waiting and not got and not files else 0.0)
                waiting = False
            t = time.monotonic()
            if got:
                last_data = t
            if on_tick is not None and t - last_tick >= tick_interval:
                on_tick()
                last_tick = t
            if should_stop():
                break
            if idle_timeout is not None and t - last_data >= idle_timeout:
                break
            if pipes and not files and all(pt.eof for pt in pipes):
                break
            if not got and (files or not pipes):
                time.sleep(poll_interval)
    finally:
        for tail in (*files, *pipes):
            tail.close()
