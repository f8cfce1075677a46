"""Where the structure readers meet the log pipeline: small inputs are held while the line
scanner reads them, then the blocks it did not claim are read by structure.

Only inputs of at most :data:`PASTE_MAX` bytes are held (a paste, a bench output, a JSON
body); a server log larger than that is read by the line scanner alone, at its usual speed.
"""

from __future__ import annotations

import io
from typing import Any, BinaryIO

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


class ClaimCheck:
    """Whether the line scanner reads a line of a block (then the block is its own).

    The block's lines, after up to CONTEXT_LINES lines before it (a multi-line summary's title
    may sit several blank-separated sections above), go through a fresh line scanner in
    chunks, stopping as soon as a line of the block has become a record, a skipped statistics
    line, or part of the multi-line summary the scanner is reading (its open block's span): a
    server log costs one chunk, not a second full scan."""

    CONTEXT_LINES = 40
    CHUNK_LINES = 256

    def __init__(self, raw_lines: list[bytes], engine: str | None, version: str | None) -> None:
        self.raw_lines = raw_lines
        self.engine = engine
        self.version = version

    def __call__(self, first: int, last: int) -> bool:
        from specdiag.core.logs.parse import LineParser
        from specdiag.core.logs.scan import Scanner

        start = max(1, first - self.CONTEXT_LINES)
        offset = start - 1

        def within(lo: int, hi: int) -> bool:
            return lo + offset <= last and hi + offset >= first

        inside: list[int] = []

        def sink(got: Any) -> None:
            # a record, or a batch of them: both carry ``line_no`` (an int, or a column)
            ln = got.line_no
            lines = [ln] if isinstance(ln, int) else [int(x) for x in ln]
            inside.extend(n for n in lines if within(n, n))

        parser = LineParser(self.engine, self.version)
        scanner = Scanner(parser, sink)
        examples = scanner.counts.examples
        end = min(last, len(self.raw_lines))
        for lo in range(offset, end, self.CHUNK_LINES):
            scanner.feed(b"".join(self.raw_lines[lo : min(end, lo + self.CHUNK_LINES)]))
            b = parser.block
            if inside or (b is not None and within(b.start, b.last)):
                return True
            if examples and any(within(ln, ln) for ln, _, _ in examples):
                return True
        scanner.close()
        return bool(inside) or any(within(ln, ln) for ln, _, _ in examples)


def read_held(data: bytes, engine: str | None, engine_version: str | None) -> PasteReading:
    """The structure readers over one held input."""
    from specdiag.core.logs.paste.reader import read_paste

    text = data.decode("utf-8", "replace")
    if "\x00" in text[:4096]:
        return read_paste("")  # binary: nothing to read by structure
    if text.lstrip()[:1] in ("{", "["):
        # one whole JSON document is read by the line scanner as one value (line 1)
        check = ClaimCheck([data], engine, engine_version)
        if check(1, 1):
            return read_paste("")
    raw = data.splitlines(keepends=True)
    return read_paste(text, is_claimed=ClaimCheck(raw, engine, engine_version))
