"""Where the structure readers meet the log pipeline: small inputs are held while the line
scanner reads them, then the blocks it did not claim are read by structure.

Only inputs of at most :data:`PASTE_MAX` bytes are held (a paste, a bench output, a JSON
body); a server log larger than that is read by the line scanner alone, at its usual speed.
"""

from __future__ import annotations

import io
from typing import BinaryIO

from specdiag.core.logs.paste.model import PasteReading

PASTE_MAX = 256 * 1024


class Tee(io.RawIOBase):
    """A stream read through, keeping a copy of its bytes while they are at most PASTE_MAX.
    A pipe is read as data arrives (read1), so records still flow as they are read."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._kept: list[bytes] | None = []
        self._size = 0

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray | memoryview) -> int:  # type: ignore[override]
        read1 = getattr(self._stream, "read1", None)
        data = read1(len(b)) if read1 is not None else self._stream.read(len(b))
        n = len(data)
        b[:n] = data
        if self._kept is not None and n:
            self._size += n
            if self._size > PASTE_MAX:
                self._kept = None  # too large for a paste: the line scanner alone reads it
            else:
                self._kept.append(bytes(data))
        return n

    def held(self) -> bytes | None:
        """The whole input, when it was at most PASTE_MAX bytes."""
        return b"".join(self._kept) if self._kept is not None else None


def hold(stream: BinaryIO) -> tuple[BinaryIO, Tee]:
    """The stream to scan, and the tee that keeps a small input's bytes."""
    tee = Tee(stream)
    return tee, tee  # type: ignore[return-value]  # a raw stream: read(n) returns what arrived


def claimed_lines(data: bytes, engine: str | None, engine_version: str | None) -> set[int]:
    """The lines the line scanner reads as records (or skips as unreadable statistics): the
    structure readers leave their blocks alone."""
    from specdiag.core.logs.parse import LineParser
    from specdiag.core.logs.scan import Scanner

    lines: set[int] = set()
    scanner = Scanner(LineParser(engine, engine_version), lambda rec: lines.add(rec.line_no))
    scanner.feed(data)
    scanner.close()
    lines.update(ln for ln, _, _ in scanner.counts.examples)
    return lines


def read_held(data: bytes, engine: str | None, engine_version: str | None) -> PasteReading:
    """The structure readers over one held input."""
    from specdiag.core.logs.paste.reader import read_paste

    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", "replace")
    else:
        text = data.decode("utf-8", "replace")
    if "\x00" in text[:4096]:
        return read_paste("")  # binary: nothing to read by structure
    return read_paste(text, claimed_lines(data, engine, engine_version))
