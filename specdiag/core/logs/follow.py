"""``--follow``: tail growing files (surviving rotation and truncation), pipes and FIFOs.

Every path is opened once: a regular file by its :class:`_FileTail` (again only after a rotation,
when the path names a new file), stdin, a FIFO or a ``<(process substitution)`` by a
:class:`_PipeTail`, which reads it until its writer closes it.
"""

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


class _FileTail:
    def __init__(self, path: str, analyzer: LogAnalyzer, label: str | None = None) -> None:
        self.path = path
        self.label = label if label is not None else path
        self.analyzer = analyzer
        self.f: BinaryIO | None = None
        self.ino: int | None = None
        self.scanner: Scanner | None = None
        self.generation = 0
        self.eof = False  # files never end while following

    def _open(self) -> bool:
        # opened without blocking: a path that became a FIFO would otherwise block here until
        # a writer comes; anything but a regular file is waited past, as a missing file is
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return False
            os.set_blocking(fd, True)
            f = os.fdopen(fd, "rb")
        except OSError:
            os.close(fd)
            return False
        self.f = f
        self.ino = os.fstat(f.fileno()).st_ino
        label = self.label if self.generation == 0 else f"{self.label} (rotated {self.generation})"
        self.scanner = self.analyzer.add_source(label)
        self.scanner.whole_documents = False  # a growing file never ends
        return True

    def poll(self) -> int:
        if self.f is None and not self._open():
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

    def close(self) -> None:
        if self.scanner is not None:
            self.scanner.close()
        if self.f is not None:
            self.f.close()
        self.f = None
        self.scanner = None


class _PipeTail:
    def __init__(
        self, stream: BinaryIO, analyzer: LogAnalyzer, label: str = "-", owned: bool = False
    ) -> None:
        self.stream = stream
        self.owned = owned  # opened here (a FIFO path): closed here
        self.scanner: Scanner | None = analyzer.add_source(label)
        self.scanner.whole_documents = False
        self.eof = False

    def poll(self, wait: float = 0.0) -> int:
        if self.eof:
            return 0
        try:
            fd = self.stream.fileno()
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                return 0
            data = os.read(fd, READ_SIZE)
        except (OSError, ValueError, AttributeError):
            data = self.stream.read(READ_SIZE)
        if not data:
            self.eof = True
            return 0
        assert self.scanner is not None
        self.scanner.feed(data)
        return len(data)

    def close(self) -> None:
        if self.scanner is not None:
            self.scanner.close()
            self.scanner = None
        if self.owned:
            self.stream.close()


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
    sleep: Callable[[float], None] = time.sleep,
    now: Callable[[], float] = time.monotonic,
) -> None:
    """Feed growing files into ``analyzer`` until stopped, idle for ``idle_timeout`` s, or the
    pipes end. KeyboardInterrupt propagates after the tails are closed."""
    names = labels or {}
    files: list[_FileTail] = []
    pipes: list[_PipeTail] = []
    try:
        for p in paths:
            label = names.get(p, p)
            if p == "-":
                pipes.append(_PipeTail(stdin or sys.stdin.buffer, analyzer, label))
            elif _is_stream(p):
                pipes.append(_PipeTail(open(p, "rb"), analyzer, label, owned=True))  # noqa: SIM115
            else:
                files.append(_FileTail(p, analyzer, label))
    except BaseException:
        for pt in pipes:
            pt.close()
        raise
    last_data = now()
    last_tick = -1e18
    try:
        while True:
            got = sum(t.poll() for t in files)
            waiting = True  # the first open pipe waits for data when nothing else can arrive
            for pt in pipes:
                if pt.eof:
                    continue
                got += pt.poll(poll_interval if waiting and not got and not files else 0.0)
                waiting = False
            t = now()
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
                sleep(poll_interval)
    finally:
        for f in files:
            f.close()
        for pt in pipes:
            pt.close()
