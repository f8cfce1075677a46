"""Chunked scanning: bytes in, records out (docs/logs.md, "Record sources and batches").

A :class:`Scanner` is fed blocks of bytes; its bytes stage, a :class:`LineFinder`, carries the
incomplete last line over and finds candidate lines (a compiled-regex pass for the anchor plus a
keyword check: lines without a keyword never become Python strings); only those reach the
:class:`~specdiag.core.logs.parse.LineParser`. Memory is one block plus one line.
"""

from __future__ import annotations

import gzip
import io
import re
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO, NamedTuple, Protocol

from specdiag.core.files import JsonError, Prepended, loads_json, open_stream_input
from specdiag.core.logs.batch import RecordBatch
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.patterns import (
    ALL_KEYWORDS,
    ANCHOR_RE,
    CONTEXT,
    FOLLOW_KEYWORDS,
    FOLLOW_LINES,
    KEYWORDS_BY_ENGINE,
    PREV_KEYWORDS,
    PREV_LINES,
)
from specdiag.core.logs.records import LogRecord, Skipped, Unrecognised
from specdiag.errors import InputError

CHUNK_SIZE = 8 << 20  # bytes read at a time
JSON_DOC_MAX = 64 << 20  # a whole JSON document is read as one value up to this size
MAX_LINE = 1 << 20  # longer lines are skipped (counted when they hold a keyword)


class Block(NamedTuple):
    """A range the compiled part scanned: its counts, where the scan stopped (a special line's
    start, or the range's end), its items (ITEM rows, packed) over ``data`` and the
    per-position rates they point into (packed doubles)."""

    lines: int
    candidate_lines: int
    stop: int
    items: bytes
    pp: bytes
    data: bytes


class Compiled(Protocol):
    """The compiled part of a source (:class:`~.fast.Compiled`; it imports this module, so it
    is named here by what the readers call)."""

    def scan(self, buf: bytes, start: int, end: int) -> Block: ...

    def batch(
        self,
        blk: Block,
        base: int,
        prev_tail: bytes,
        parse: Callable[[int, bytes | None, bytes | None], list[LogRecord]],
        skip: Callable[[int, str, str], None],
    ) -> tuple[RecordBatch | None, int]: ...


MAX_EXAMPLES = 5  # skipped-line examples kept per source
GZIP_MAGIC = b"\x1f\x8b"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass
class ScanCounts:
    """What a scanner saw in one source (mutable; snapshot with :meth:`Scanner.counts`)."""

    lines: int = 0
    candidate_lines: int = 0
    records: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    examples: list[tuple[int, str, str]] = field(default_factory=list)  # line, reason, excerpt
    binary: bool = False
    truncated: str | None = None
    unrecognised: int = 0  # lines that name acceptance figures in no layout known here
    unrecognised_examples: list[tuple[int, str]] = field(default_factory=list)  # line, excerpt

    @property
    def skipped_lines(self) -> int:
        return sum(self.skipped.values())

    def extend(self, o: ScanCounts, lines: int) -> None:
        """The counts of the next byte range of the same source (``lines``: those before it)."""
        for name in ("lines", "candidate_lines", "records", "unrecognised"):  # summed
            setattr(self, name, getattr(self, name) + getattr(o, name))
        for reason, n in o.skipped.items():
            self.skipped[reason] = self.skipped.get(reason, 0) + n
        self.examples += [(n + lines, r, e) for n, r, e in o.examples]
        del self.examples[MAX_EXAMPLES:]
        self.unrecognised_examples += [(n + lines, e) for n, e in o.unrecognised_examples]
        del self.unrecognised_examples[MAX_EXAMPLES:]


# A candidate, the arguments of LineFinder's ``on_line``: (1-based line number, the line's
# bytes or None for an overlong line with a keyword, ``prev``: the line before it (llama.cpp's
# two-line form), the PREV_LINES lines before it joined by newlines (a PREV_KEYWORDS line or a
# table), CONTEXT for a context line, else None).
CUT_ENDS = (b",", b":", b"=", b"(")  # a line ending so is cut mid-field: its next line follows
# LineFinder._find tests each candidate decoded as latin-1 (one byte per character: the same
# answers as on the bytes, and ``in`` on a str is several times faster than on bytes)
_CUT_ENDS_S = tuple(c.decode("latin-1") for c in CUT_ENDS)
_CUT_LAST_S = frozenset((*_CUT_ENDS_S, " ", "\r", "\t"))
_PREV_KEYWORDS_S = tuple(kw.decode("latin-1") for kw in PREV_KEYWORDS)
_FOLLOW_KEYWORDS_S = tuple(kw.decode("latin-1") for kw in FOLLOW_KEYWORDS)


def keywords_for(engine: str | None) -> tuple[bytes, ...]:
    """The keywords that make a line with the anchor a candidate (one engine's, or all)."""
    return KEYWORDS_BY_ENGINE[engine] if engine is not None else ALL_KEYWORDS


# makes the record source of one input: (parser, sink, max_line, extract) -> source
SourceFactory = Callable[[LineParser, Callable[[RecordBatch], None], int, bool], "Scanner"]


class LineFinder:
    """The bytes stage: blocks in, candidate lines out, in order, to ``on_line``.

    With a ``compiled`` part, each range of whole lines is scanned by it up to the next special
    line (a block header, a line cut mid-field, a summary's counts line), which this class reads
    with the context lines it implies; each Block goes to ``on_block`` with the lines before it
    and the line before it.
    """

    def __init__(
        self,
        keywords: tuple[bytes, ...],
        max_line: int = MAX_LINE,
        compiled: Compiled | None = None,
        *,
        on_line: Callable[[int, bytes | None, bytes | None], None],
        on_block: Callable[[Block, int, bytes], None],
        counts: ScanCounts,
    ) -> None:
        self.counts = counts  # its lines, candidate lines and binary flag: counted here
        self.on_line = on_line
        self.on_block = on_block
        self.keywords = keywords
        self.compiled = compiled
        self._keywords_s = tuple(kw.decode("latin-1") for kw in keywords)
        self.max_line = max_line
        self._carry = b""
        self._overlong = False  # discarding an overlong line up to its newline
        self._overlong_kw = False
        self._first = True
        self._follow = 0  # context lines still to hand on after a block header / a cut line
        # the last PREV_LINES lines before the lines being read (each cut at 4096 bytes)
        self._prev_lines: list[bytes] = []

    def start_after(self, lines: list[bytes]) -> None:
        """Start after these lines (the last ones before a byte range), as if they were read."""
        self._prev_lines = [line[:4096] for line in lines[-PREV_LINES:]]

    def quiet(self) -> bool:
        """Nothing of the input read so far waits for the lines after it."""
        return not (self._follow or self._overlong or self._carry)

    def feed(self, data: bytes) -> None:
        """The next bytes: the candidates they complete are handed on, in order."""
        if not data:
            return
        if self._first:
            self._first = False
            self.counts.binary = b"\x00" in data[:65536]
        if self._overlong:
            nl = data.find(b"\n")
            head = data if nl == -1 else data[:nl]
            self._overlong_kw = self._overlong_kw or self._has_keyword(head)
            if nl == -1:
                return
            self._end_overlong()
            data = data[nl + 1 :]
        last_nl = data.rfind(b"\n")
        if last_nl == -1:
            self._keep(self._carry + data)
            return
        start = 0
        if self._carry:
            # the carried partial line ends in this block: process it on its own (no big copy)
            start = data.find(b"\n") + 1
            head = self._carry + data[:start]
            self._carry = b""
            if len(head) - 1 > self.max_line:
                self._overlong_kw = self._has_keyword(head)
                self._end_overlong()
            else:
                self._block(head, 0, len(head))
        if start < last_nl + 1:
            self._block(data, start, last_nl + 1)
        self._keep(data[last_nl + 1 :])

    def close(self) -> None:
        """End of input: the last line may lack its newline."""
        if self._overlong:
            self._end_overlong()
        elif self._carry:
            tail, self._carry = self._carry + b"\n", b""
            self._block(tail, 0, len(tail))

    def _keep(self, partial: bytes) -> None:
        """A last line without its newline: carried to the next block, or, longer than
        max_line, discarded up to its newline (whether it holds a keyword noted)."""
        self._overlong = len(partial) > self.max_line
        self._overlong_kw = self._overlong and self._has_keyword(partial)
        self._carry = b"" if self._overlong else partial

    def _end_overlong(self) -> None:
        self._overlong = False
        self.counts.lines += 1
        if self._overlong_kw:
            self.on_line(self.counts.lines, None, None)
        self._overlong_kw = False

    def _has_keyword(self, data: bytes) -> bool:
        return any(kw in data for kw in self.keywords)

    def _context(self, buf: bytes, start: int, end: int, lo: int | None = None) -> int:
        """Hand on up to ``self._follow`` whole lines from ``start`` as context lines (the
        look-back from ``lo``, by default ``start``); returns where the search goes on."""
        pos = start
        while self._follow and pos < end:
            e = buf.find(b"\n", pos, end)
            if e < 0:
                break
            self.counts.lines += 1
            self._follow -= 1
            if e - pos <= self.max_line:
                raw = buf[pos:e]
                if ANCHOR_RE.search(raw) is not None and self._has_keyword(raw):
                    self.counts.candidate_lines += 1  # a candidate in its own right
                    prev = None
                    if any(kw in raw for kw in PREV_KEYWORDS) or raw.lstrip(b" \t>")[:1] == b"|":
                        prev = self._prev_of(buf, start if lo is None else lo, pos)
                    self.on_line(self.counts.lines, raw, prev)
                    if any(kw in raw for kw in FOLLOW_KEYWORDS):
                        self._follow = max(self._follow, FOLLOW_LINES)  # the next section
                else:
                    self.on_line(self.counts.lines, raw, CONTEXT)
            pos = e + 1
        return pos

    def _prev_of(self, buf: bytes, start: int, s: int) -> bytes:
        """The PREV_LINES lines before position ``s`` (a line start), joined by newlines."""
        return b"\n".join(_last_lines(self._prev_lines, buf, start, s))

    def _line_before(self, buf: bytes, start: int, s: int) -> bytes:
        """The whole line before position ``s`` (a line start; at ``start``: the last line
        before the block)."""
        if s == start:
            return self._prev_lines[-1] if self._prev_lines else b""
        ps = buf.rfind(b"\n", start, s - 1)  # (none: the line starts at start)
        return buf[start if ps < 0 else ps + 1 : s - 1]

    def _block(self, buf: bytes, start: int, end: int) -> None:
        """Find the candidates in buf[start:end]: whole lines, the last one ending with a
        newline."""
        if self.compiled is None:
            self._find(buf, start, end)
            return
        if type(buf) is not bytes:
            buf = bytes(buf)
        orig_lines = self._prev_lines
        pos = start
        if self._follow:  # context lines carried over from the previous block
            pos = self._context(buf, pos, end)
            if pos >= end:
                return
        lo = pos  # the Python search computes its look-back from here
        while pos < end:
            if self._follow:  # context lines after a special line (they look back from lo)
                self._prev_lines = orig_lines
                pos = self._context(buf, pos, end, lo)
                if pos >= end:
                    break
            blk = self.compiled.scan(buf, pos, end)
            if blk.items:
                # PREV_TAIL items at pos: the line before pos (whole) or the last block's tail
                self.on_block(blk, self.counts.lines, self._line_before(buf, lo, pos))
            self.counts.lines += blk.lines
            self.counts.candidate_lines += blk.candidate_lines
            stop = blk.stop
            if stop >= end:
                break
            # the special line, by the Python search (its look-back as it would see it)
            pos = buf.find(b"\n", stop, end) + 1
            self._prev_lines = _last_lines(orig_lines, buf, lo, stop)
            self._find(buf, stop, pos)
        self._prev_lines = _last_lines(orig_lines, buf, lo, end)

    def _find(self, buf: bytes, start: int, end: int) -> None:
        """The Python candidate search over buf[start:end] (whole lines)."""
        if self._follow:
            start = self._context(buf, start, end)
            if start >= end:
                return
        find = buf.find
        rfind = buf.rfind
        count = buf.count
        keywords_s = self._keywords_s
        on_line = self.on_line
        max_line = self.max_line
        line_no = self.counts.lines
        cur = start
        search = ANCHOR_RE.search
        m = search(buf, start, end)
        while m is not None:
            pos = m.start()
            s = rfind(b"\n", start, pos)
            s = start if s < 0 else s + 1
            e = find(b"\n", pos, end)
            nxt = search(buf, e, end)
            raw = buf[s:e]
            text = raw.decode("latin-1")  # for the tests only (see _CUT_ENDS_S)
            for kw in keywords_s:
                if kw in text:
                    break
            else:
                m = nxt
                continue
            line_no += count(b"\n", cur, s)
            cur = s
            m = nxt
            self.counts.candidate_lines += 1
            if e - s > max_line:
                on_line(line_no + 1, None, None)
                continue
            prev: bytes | None = None
            if "draft acceptance rate" in text and "slot " not in text:
                prev = self._line_before(buf, start, s)
            elif "n_acc" in text or "num_acc" in text or "ength:" in text or "(%)" in text:
                if any(kw_s in text for kw_s in _PREV_KEYWORDS_S):
                    prev = self._prev_of(buf, start, s)
            elif "|" in text and text.lstrip(" \t>")[:1] == "|":
                prev = self._prev_of(buf, start, s)  # a table's header: the heading above it
            on_line(line_no + 1, raw, prev)
            follow = 0
            if text[-1:] in _CUT_LAST_S and text.rstrip(" \r\t").endswith(_CUT_ENDS_S):
                follow = 1
            if (
                "ccept" in text
                and (  # a section's header, a markdown table's header row
                    any(kw_s in text for kw_s in _FOLLOW_KEYWORDS_S)
                    or (text.lstrip(" \t>")[:1] == "|" and text.count("|") >= 3)
                )
            ):
                follow = FOLLOW_LINES
            if follow:
                self.counts.lines = line_no + 1
                self._follow = follow
                nxt_start = self._context(buf, e + 1, end, start)
                line_no = self.counts.lines
                cur = nxt_start
                m = search(buf, nxt_start, end) if nxt_start < end else None
        self.counts.lines = line_no + count(b"\n", cur, end)
        self._prev_lines = _last_lines(self._prev_lines, buf, start, end)


def _last_lines(before: list[bytes], buf: bytes, start: int, end: int) -> list[bytes]:
    """The last PREV_LINES lines before ``end`` (a line start): ``before``, then the whole
    lines of buf[start:end], each cut at 4096 bytes."""
    out: list[bytes] = []
    while len(out) < PREV_LINES and end > start:
        ps = buf.rfind(b"\n", start, end - 1)
        ps = start if ps < 0 else ps + 1
        out.append(buf[ps : end - 1][:4096])
        end = ps
    return (before + out[::-1])[-PREV_LINES:]


# a JSON string literal on one line (a pretty-printed document's strings never span lines)
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"(?P<key>\s*:)?')


def _logged_strings(text: str, keywords: tuple[str, ...]) -> list[tuple[int, str]]:
    """The string values (not keys) of a pretty-printed JSON document that hold a keyword,
    with the 1-based line each stands on, in order."""
    import json

    out: list[tuple[int, str]] = []
    for n, line in enumerate(text.split("\n"), 1):
        if not any(k in line for k in keywords):
            continue
        for m in _JSON_STRING.finditer(line):
            if m.group("key") is not None:
                continue
            try:
                value = json.loads(m.group(0))
            except ValueError:
                continue
            if isinstance(value, str) and any(k in value for k in keywords):
                out.append((n, value))
    return out


def _without(doc: object, values: set[str]) -> object:
    """``doc`` with the string values in ``values`` made empty."""
    if isinstance(doc, dict):
        return {k: _without(v, values) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_without(v, values) for v in doc]
    if isinstance(doc, str) and doc in values:
        return ""
    return doc


def _opens_document(data: bytes) -> bool:
    """Whether a source starts like a pretty-printed JSON document: its first non-blank line
    opens an object or a list and leaves it open ('{', '[', '[{', '{"metrics": {', ...). A log
    line ('[2026-11-29 08:40:12] ...') or one JSON value per line (JSON Lines) does not."""
    head = data.lstrip()[:4096]
    first = head.split(b"\n", 1)[0].strip()
    return first[:1] in (b"{", b"[") and first[-1:] in (b"{", b"[")


class Scanner:
    """The record source: :meth:`feed` bytes of one input any number of times, then
    :meth:`close`; the records found go to ``sink`` as one :class:`~.batch.RecordBatch` per
    block, in line order; the rest is counted in ``counts``. The bytes stage is a
    :class:`LineFinder`, the parse stage :meth:`parse_candidate`. With a ``compiled`` part
    (:func:`~.fast.record_source`), each Block it scans becomes a batch of its own, the lines it
    does not read going to this source's parser: the records are the same either way.
    """

    def __init__(
        self,
        parser: LineParser,
        sink: Callable[[RecordBatch], None],
        *,
        max_line: int = MAX_LINE,
        compiled: Compiled | None = None,
    ) -> None:
        self.parser = parser
        self.sink = sink
        self._records: list[LogRecord] = []  # the records of the block being read
        self.counts = ScanCounts()
        self.compiled = compiled
        self.finder = LineFinder(
            keywords_for(parser.engine),
            max_line,
            compiled,
            on_line=self.parse_candidate,
            on_block=self._block_batch,
            counts=self.counts,
        )
        # A source that starts with '{' or '[' may be one whole (pretty-printed) JSON document:
        # it is held (up to JSON_DOC_MAX bytes) until the end, then read as one value, or, when
        # it is not one (JSON Lines, a log), line by line as usual.
        self.whole_documents = True  # off for --follow (a growing file never ends)
        self._doc: list[bytes] | None = None
        self._doc_size = 0
        self._started = False
        # sees each record and skip the parser gives (not the compiled part's rows)
        self.watch: Callable[[LogRecord | Skipped], None] | None = None

    def feed(self, data: bytes) -> None:
        if not self._started and data:
            self._started = True
            if self.whole_documents and _opens_document(data):
                self._doc, self._doc_size = [], 0
        if self._doc is not None:
            self._doc.append(data)
            self._doc_size += len(data)
            if self._doc_size > JSON_DOC_MAX:
                self._lines_of_doc()
            return
        self.finder.feed(data)
        self._emit()

    def _emit(self) -> None:
        """The records found since the last batch, as one batch."""
        if self._records:
            recs, self._records = self._records, []
            self.sink(RecordBatch.of(self.parser.source, recs))

    def close(self) -> None:
        """End of input: the last line may lack its newline; an open multi-line block ends."""
        if self._doc is not None:
            if self._whole_document(b"".join(self._doc)):
                return
            self._lines_of_doc()
        self.finder.close()
        self._emit()
        self.finish()

    def _lines_of_doc(self) -> None:
        held, self._doc = self._doc or [], None
        for data in held:
            self.feed(data)

    def _whole_document(self, data: bytes) -> bool:
        """Read a source that is one JSON value spanning several lines; False when it is not
        one (then it is read line by line)."""
        import json

        text = data.decode("utf-8", "replace")
        if "\n" not in text.strip():
            return False  # one line: the line parser reads it (the same outcome)
        try:
            doc = loads_json(data)
        except JsonError:
            return False
        self._doc = None
        self.counts.lines = text.count("\n") + (0 if text.endswith("\n") else 1)
        keywords = tuple(kw.decode("latin-1") for kw in self.finder.keywords)
        logged = _logged_strings(text, keywords) if any(k in text for k in keywords) else []
        # String values holding log lines ('"log": "... SpecDecoding metrics: ..."', a result
        # file keeping each run's metrics line): each is a line of its own, where it stands in
        # the file; the rest of the document, without them, goes to the JSON-body readers as
        # one line (all the strings' fields in it would be one record mixing them); a document
        # holding none goes to them whole. (Nothing was counted before: the document was held
        # from the first byte.)
        values = {v for _, v in logged}
        compact = json.dumps(_without(doc, values) if values else doc, ensure_ascii=False)
        if not logged or any(k in compact for k in keywords):
            self.counts.candidate_lines += 1
            self._take(1, compact, self.parser.parse(compact, 1))
        for line_no, value in logged:
            for piece in value.split("\n"):
                if any(k in piece for k in keywords):
                    self.counts.candidate_lines += 1
                    out = self.parser.parse(piece, line_no)
                    if self.parser.ready:
                        self._drain()
                    if out is not None:
                        self._take(line_no, piece, out)
        self.finish()
        return True

    def finish(self) -> None:
        """The records of a multi-line block (or a cut line) still open at the end."""
        self.parser.finish()
        self._drain()
        self._emit()

    def _drain(self) -> None:
        """Records the parser completed out of line order (a block's, a cut line's)."""
        ready = self.parser.ready
        items = ready[:]
        ready.clear()  # the same list: the parser holds it
        for line_no, text, item in items:
            self._take(line_no, text, (item,) if isinstance(item, LogRecord) else item)

    def _block_batch(self, blk: Block, base: int, tail: bytes) -> None:
        """A Block the compiled part scanned (``base``: the lines before it, ``tail``: the line
        before it): its records as one batch of their own."""
        assert self.compiled is not None
        self._emit()
        batch, fast = self.compiled.batch(blk, base, tail, self.parse_line, self.skip)
        self.counts.records += fast
        if batch is not None and len(batch):
            self.sink(batch)

    def parse_candidate(self, line_no: int, raw: bytes | None, prev: bytes | None) -> None:
        """One candidate line (LineFinder's ``on_line``): its records (and those it completes)
        kept for the block's batch, a skip or a line not understood counted."""
        if raw is None:
            self.skip(line_no, f"overlong line (> {self.finder.max_line} bytes)", "")
            return
        text = raw.decode("utf-8", "replace")
        parser = self.parser
        if prev is None:
            out = parser.parse(text, line_no)
        elif prev == CONTEXT:
            out = parser.parse(text, line_no, alone=False)
        else:
            out = parser.parse(text, line_no, prev.decode("utf-8", "replace"))
        if parser.ready:
            self._drain()
        if out is not None:
            self._take(line_no, text, out)

    def _take(self, line_no: int, text: str, out: object) -> None:
        """The parser's outcome for a line: records, a Skipped or an Unrecognised."""
        if type(out) is tuple:  # records: the common case first
            self.counts.records += len(out)
            self._records.extend(out)
            if self.watch is not None:
                for rec in out:
                    self.watch(rec)
        elif isinstance(out, Skipped):
            self.skip(line_no, out.reason, text)
            if self.watch is not None:
                self.watch(out)
        elif isinstance(out, Unrecognised):
            c = self.counts
            c.unrecognised += 1
            if len(c.unrecognised_examples) < MAX_EXAMPLES:
                c.unrecognised_examples.append((line_no, _excerpt(text)))

    def parse_line(self, line_no: int, raw: bytes | None, prev: bytes | None) -> list[LogRecord]:
        """:meth:`parse_candidate`, returning the records found (they are not batched here)."""
        start = len(self._records)
        self.parse_candidate(line_no, raw, prev)
        out = self._records[start:]
        del self._records[start:]
        return out

    def skip(self, line_no: int, reason: str, text: str) -> None:
        """A line skipped for ``reason``: counted, the first few kept as examples."""
        c = self.counts
        c.skipped[reason] = c.skipped.get(reason, 0) + 1
        if len(c.examples) < MAX_EXAMPLES:
            c.examples.append((line_no, reason, _excerpt(text)))


def _excerpt(text: str) -> str:
    return text[:160].encode("ascii", "backslashreplace").decode("ascii")


# --------------------------------------------------------------------------- sources


class _Utf16ToUtf8(io.RawIOBase):
    """UTF-16 text (a Windows PowerShell redirect) re-encoded as UTF-8 bytes."""

    def __init__(self, stream: BinaryIO) -> None:
        self._text = io.TextIOWrapper(stream, encoding="utf-16", errors="replace", newline="")
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray | memoryview) -> int:  # type: ignore[override]
        while not self._pending:
            chunk = self._text.read(1 << 20)
            if not chunk:
                return 0
            self._pending = chunk.encode("utf-8")
        n = min(len(b), len(self._pending))
        b[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n


def open_stream(stream: BinaryIO) -> BinaryIO:
    """Wrap a binary stream so gzip data (by magic bytes, not name) reads decompressed and
    UTF-16 text (by its byte-order mark) reads as UTF-8."""
    try:
        seekable = stream.seekable()
    except (AttributeError, ValueError, OSError):
        seekable = False
    if seekable:
        pos = stream.tell()
        head = stream.read(2)
        stream.seek(pos)
    else:  # a pipe: its first bytes put back
        head = stream.read(2)
        stream = io.BufferedReader(Prepended(head, stream, owns=False), CHUNK_SIZE)
    if head[:2] == GZIP_MAGIC:
        return gzip.GzipFile(fileobj=stream, mode="rb")  # type: ignore[return-value]
    if head[:2] in UTF16_BOMS:
        return io.BufferedReader(_Utf16ToUtf8(stream), buffer_size=CHUNK_SIZE)
    return stream


def open_path(path: str, stdin: BinaryIO | None = None) -> BinaryIO:
    """Open a file (or '-' for ``stdin``, by default the process's) for scanning, once: a pipe
    or FIFO is read through this one handle (its first bytes sniffed and put back).
    InputError when it cannot be read (a missing path or a directory: run.inspect_inputs
    says so first, with the hint of the command)."""
    if path == "-":
        return open_stream(stdin if stdin is not None else sys.stdin.buffer)
    # a FIFO nobody writes to ends after a bounded wait; a device (/dev/zero) is refused
    f = open_stream_input(path, what="log")
    try:
        return open_stream(f)
    except OSError as exc:
        f.close()
        raise InputError(
            f"cannot read {path}: {exc.strerror or exc}", hint="check the file is readable"
        ) from None


def scan_stream(
    stream: BinaryIO,
    scanner: Scanner,
    chunk_size: int = CHUNK_SIZE,
    after_block: Callable[[], None] | None = None,
) -> None:
    """Read a whole stream through a scanner. A damaged or truncated gzip stream stops early:
    what was read is kept, noted in the counts; InputError when nothing at all can be read."""
    label = scanner.parser.source or "input"
    # gzip: what decompressed so far (read1), so a damaged tail loses little, its pieces (tens
    # of KiB) fed a block at a time, as a plain file's are; a pipe: each block as it arrives
    # (an interrupted run keeps it)
    gather = isinstance(stream, gzip.GzipFile)
    piped = isinstance(stream, io.BufferedReader) and isinstance(stream.raw, Prepended)
    read = stream.read1 if gather or piped else stream.read  # type: ignore[attr-defined]
    pieces: list[bytes] = []

    def push() -> None:
        data = b"".join(pieces)  # (one piece: that piece, not a copy)
        pieces.clear()
        scanner.feed(data)
        if after_block is not None:
            after_block()

    got = pending = 0
    try:
        while data := read(chunk_size):
            got += len(data)
            pending += len(data)
            pieces.append(data)
            if not gather or pending >= chunk_size:
                push()
                pending = 0
        if pieces:
            push()
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        if not got:  # not a byte could be decompressed: an unreadable file, not a truncated one
            raise InputError(
                f"cannot read {label}: damaged gzip data ({exc})",
                hint="check the file (gzip -t); a truncated .gz keeps what can be read",
            ) from None
        if pieces:
            push()
        scanner.counts.truncated = f"compressed stream is damaged or truncated ({exc})"
    except OSError as exc:
        raise InputError(
            f"read error in {label}: {exc.strerror or exc}",
            hint="check the file and the device it is on",
        ) from None
    scanner.close()
