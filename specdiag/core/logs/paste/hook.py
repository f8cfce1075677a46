"""Where the structure readers meet the log pipeline: small inputs are held while the line
scanner reads them, then the blocks it did not claim are read by structure.

Only inputs of at most :data:`PASTE_MAX` bytes are held (a paste, a bench output, a JSON
body); a server log larger than that is read by the line scanner alone, at its usual speed.
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import TYPE_CHECKING, BinaryIO

from specdiag.core.logs.paste.model import PasteReading
from specdiag.core.logs.records import PASTE_MAX, LogRecord

if TYPE_CHECKING:
    from specdiag.core.logs.batch import RecordBatch

# the skip reasons of a line with an engine's mark but no layout of it ("'accept len' without a
# readable SGLang Decode batch line"): such a line is prose or another tool's, not the scanner's
_NO_LAYOUT = " without a readable "


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

    One fresh line scanner is fed the input once, lazily, as blocks are asked about in line
    order: a block is claimed when one of its lines has become a record, or was skipped for
    its values in a known layout, or lies in the span of the multi-line summary the scanner
    is reading. A line skipped because no layout fits is left to the structure readers (prose
    that names a figure often looks like a statistics line).
    Feeding stops as soon as a block is claimed, so a server log (one block) costs its first
    chunk, and a paste at most one pass of the line scanner."""

    CHUNK_LINES = 32

    def __init__(self, raw_lines: list[bytes], engine: str | None, version: str | None) -> None:
        from specdiag.core.logs.parse import LineParser
        from specdiag.core.logs.scan import Scanner

        self.raw_lines = raw_lines
        self.lines: set[int] = set()  # record lines
        self.skipped: set[int] = set()  # lines skipped for their values in a known layout
        self.spans: list[tuple[int, int]] = []  # open summaries seen: (first, last so far)
        self.fed = 0  # lines fed so far
        self._read: list[LogRecord | RecordBatch] = []  # what the scanner read, as it gave it
        self.parser = LineParser(engine, version)
        self.scanner = Scanner(self.parser, self._sink)
        self.closed = False

    def _sink(self, got: LogRecord | RecordBatch) -> None:
        # a record, or a batch of them: both carry ``line_no`` (an int, or a column)
        ln = got.line_no
        if isinstance(ln, int):
            self.lines.add(ln)
        else:
            self.lines.update(int(x) for x in ln)
        self._read.append(got)

    @property
    def records(self) -> list[LogRecord]:
        """The records read so far (scanned.py; the figures a title may round)."""
        return [r for g in self._read for r in ((g,) if isinstance(g, LogRecord) else g.records())]

    def _claimed(self, first: int, last: int) -> bool:
        if any(first <= n <= last for n in self.lines | self.skipped):
            return True
        return any(lo <= last and hi >= first for lo, hi in self.spans)

    def _laid(self) -> int:
        """The lines skipped so far in a known layout (for their values)."""
        return sum(n for why, n in self.scanner.counts.skipped.items() if _NO_LAYOUT not in why)

    def _note_skips(self, before: int, seen: int, lo: int, hi: int) -> None:
        """Lines of a known layout skipped for their values (a negative count, a number out of
        range) are the line scanner's; a line skipped because no layout fits ('accept len'
        in prose) is left to the structure readers. Past the scanner's example cap the line of
        a skip in a known layout is not known: the chunk's lines are claimed (never for skips
        where no layout fits, however many: prose naming the figure line after line)."""
        new = [ln for ln, why, _ in self.scanner.counts.examples[seen:] if _NO_LAYOUT not in why]
        if self._laid() - before > len(new):
            self.skipped.update(range(lo + 1, hi + 1))
        self.skipped.update(new)

    def skipped_only(self, first: int, last: int) -> bool:
        """Whether lines ``first``..``last`` (already asked about) are claimed only by lines the
        scanner skipped: no record read there and no multi-line summary over them."""
        return (
            not any(first <= n <= last for n in self.lines)
            and not any(lo <= last and hi >= first for lo, hi in self.spans)
            and any(first <= n <= last for n in self.skipped)
        )

    def __call__(self, first: int, last: int) -> bool:
        end = min(last, len(self.raw_lines))
        while self.fed < end:
            hi = min(end, self.fed + self.CHUNK_LINES)
            counts = self.scanner.counts
            before, seen = self._laid(), len(counts.examples)
            was = self.parser.block
            self.scanner.feed(b"".join(self.raw_lines[self.fed : hi]))
            self._note_skips(before, seen, self.fed, hi)
            self.fed = hi
            # the summary open now, and the one open before that closed in these lines (its
            # last paragraph: trtllm-bench's '[AL]' rows, then the closing rule)
            for b in {id(b): b for b in (was, self.parser.block) if b is not None}.values():
                self.spans.append((b.start, b.last))
            if self.fed >= first and self._claimed(first, last):
                return True
        if self.fed >= len(self.raw_lines) and not self.closed:
            self.closed = True
            counts = self.scanner.counts
            before, seen = self._laid(), len(counts.examples)
            self.scanner.close()
            self._note_skips(before, seen, self.fed - self.CHUNK_LINES, self.fed)
        return self._claimed(first, last)


def read_held(data: bytes, engine: str | None) -> PasteReading:
    """The structure readers over one held input."""
    from specdiag.core.logs.paste.reader import read_paste

    text = data.decode("utf-8", "replace")
    if "\x00" in text[:4096]:
        return read_paste("")  # binary: nothing to read by structure
    first = text.lstrip().split("\n", 1)[0].strip()
    # The claim check reads every engine's lines (with --engine, the other engines' lines are
    # known layouts left out on purpose, not pastes). A pretty-printed JSON document is read
    # by the line scanner as one value (line 1).
    document = first[:1] in ("{", "[") and first[-1:] in ("{", "[")
    if document and ClaimCheck([data], None, None)(1, 1):
        return read_paste("")
    raw = data.splitlines(keepends=True)
    check = ClaimCheck(raw, None, None)
    # llama.cpp's lines print no length: the paste around them may prove it (scanned.py)
    # (and the speculative examples' summaries, whose counts may close: scanned.py)
    llama = ("draft acceptance" in text or "n_drafted" in text) and engine in (None, "llamacpp")

    def scanned() -> list[tuple[int, float | None, float | None]]:
        check(len(raw), len(raw))  # the whole input fed: every line's record seen
        return [(r.line_no, r.accept_length, r.accept_rate) for r in check.records]

    reading = read_paste(
        text,
        is_claimed=check,
        only_tool=engine,
        skipped_only=check.skipped_only,
        scanned=scanned,
    )
    if llama:
        from specdiag.core.logs.paste.scanned import decide

        check(len(raw), len(raw))  # the whole input fed: every line's record seen
        if decided := decide(check.records, text):
            reading = replace(reading, scanned=decided)
    if engine is not None:
        # with --engine, a block not read cannot be told to be that engine's: not listed
        reading = replace(reading, unread=(), ignored=())
    return reading
