"""Bounded reads of the files a command is given (``@FILE`` arguments, option files, prompts,
training logs, the lines doctor scans): a size cap per :class:`FileKind` and a line cap checked
while streaming, a FIFO waited for a bounded time, gzip through a bounded decompressor. The caps:
``SPECDIAG_FILE_MAX_<KIND>_BYTES``, ``SPECDIAG_FILE_MAX_LINE_BYTES`` (tests meet every bound in
milliseconds); a FIFO's wait: ``SPECDIAG_FIFO_WAIT_S``."""

from __future__ import annotations

import io
import json
import os
import select
import stat
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO

from specdiag.core.textenum import TextEnum
from specdiag.errors import InputError


class FileKind(TextEnum):
    """What a file is, which decides how much of it is read."""

    ARGUMENT = "argument"  # --server-args @FILE, --prompt-ids @FILE, an options file it names
    CONFIG = "config"  # a model's config.json, a draft's config, a generation config
    TEXT = "text"  # --prompts, --training-log


_DEFAULT_CAPS = {FileKind.ARGUMENT: 16 << 20, FileKind.CONFIG: 64 << 20, FileKind.TEXT: 256 << 20}
LINE_CAP = 1 << 20  # one line of a file read whole (a prompt, a log line doctor keeps)
FIFO_WAIT_S = 10.0


def _env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    try:
        value = float(raw) if raw else default
    except ValueError:
        return default
    return value if value > 0 else default


def line_cap() -> int:
    return int(_env("SPECDIAG_FILE_MAX_LINE_BYTES", LINE_CAP))


GZIP_ERRORS: tuple[type[BaseException], ...] = (EOFError, zlib.error, OSError)
"""What reading a damaged .gz raises (``gzip`` raises EOFError for a truncated stream,
``BadGzipFile`` (an OSError) for a bad header, ``zlib.error`` for corrupt data)."""


def _size(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):g} {unit}"
    return f"{n} bytes"


def _open(path: Path, what: str) -> tuple[int, os.stat_result]:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise InputError(
            f"cannot read {what} {path}: {exc.strerror or exc}",
            hint="check the path and its permissions",
        ) from None
    st = os.fstat(fd)
    if stat.S_ISDIR(st.st_mode):
        os.close(fd)
        raise InputError(f"{what} {path} is a directory", hint="give a file")
    return fd, st


def _chunks(fd: int, st: os.stat_result, path: Path, what: str) -> Iterator[bytes]:
    """The raw bytes of an open file; a FIFO or pipe is waited for (a bounded time for its
    first byte), a regular file or device read as it comes."""
    regular = stat.S_ISREG(st.st_mode)
    if regular:
        os.set_blocking(fd, True)
    waited = 0.0
    wait = _env("SPECDIAG_FIFO_WAIT_S", FIFO_WAIT_S)
    got_any = False
    while True:
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:  # EAGAIN: nothing to read yet
            data = None
        except OSError as exc:
            raise InputError(
                f"cannot read {what} {path}: {exc.strerror or exc}", hint="check the file"
            ) from None
        if data:
            got_any = True
            yield data
            continue
        if regular or (data == b"" and got_any):
            return
        # a pipe with nothing yet, or a FIFO that no writer has opened (reads as the end)
        if waited >= wait:
            if got_any:  # a writer that stopped writing without closing
                raise InputError(
                    f"{what} {path}: the pipe stopped sending for {wait:g} s",
                    hint="give a regular file (a pipe is read once, as it is written)",
                )
            raise InputError(
                f"{what} {path} is a pipe or FIFO nothing was written to within {wait:g} s",
                hint="give a regular file, or write to the FIFO before starting specdiag",
            )
        step = 0.05
        if data is None:
            select.select([fd], [], [], step)
        else:
            time.sleep(step)
        waited += step


def file_cap(kind: FileKind) -> int:
    """The most bytes specdiag reads of one input of ``kind`` (``SPECDIAG_FILE_MAX_<KIND>_BYTES``)."""
    return int(_env(f"SPECDIAG_FILE_MAX_{kind.name}_BYTES", _DEFAULT_CAPS[kind]))


def read_stream_bounded(stream: IO[bytes], *, what: str, kind: FileKind) -> bytes:
    """All of ``stream`` (a pipe, stdin) up to the cap of ``kind``; more is an :class:`InputError`
    once the cap is passed (an endless pipe or ``/dev/zero`` stops there)."""
    cap = file_cap(kind)
    data = stream.read(cap + 1)
    if len(data) > cap:
        raise InputError(
            f"{what} holds more than {_size(cap)}: not read further",
            hint="is it the right input? (an endless device or pipe is not a document)",
        )
    return data


def read_bounded(
    path: str | os.PathLike[str], *, what: str, kind: FileKind, max_line: int | None = None
) -> bytes:
    """The whole file (decompressed when it is gzip), at most the cap of ``kind`` and, with
    ``max_line``, no line longer; any other file is an :class:`InputError` naming ``what``."""
    p = Path(path)
    cap = file_cap(kind)
    fd, st = _open(p, what)
    try:
        if stat.S_ISREG(st.st_mode) and st.st_size > cap and not p.name.endswith(".gz"):
            raise InputError(
                f"{what} {p} is {_size(st.st_size)}, more than the {_size(cap)} specdiag reads "
                "of such a file",
                hint="is it the right file?",
            )
        parts: list[bytes] = []
        size = 0
        line = 0  # length of the line being read
        inflate = None
        for raw in _chunks(fd, st, p, what):
            if inflate is None and not parts and raw[:2] == b"\x1f\x8b":
                inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
            data = raw
            if inflate is not None:
                try:
                    data = inflate.decompress(raw, cap - size + 1)
                except zlib.error as exc:
                    raise InputError(f"{what} {p}: corrupt gzip ({exc})", hint=_GZ_HINT) from None
            size += len(data)
            if size > cap:
                raise InputError(
                    f"{what} {p} holds more than {_size(cap)}: not read further",
                    hint="is it the right file? (an endless device or pipe is not a file)",
                )
            if max_line is not None:
                pieces = data.split(b"\n")
                lengths = [line + len(pieces[0]), *(len(x) for x in pieces[1:])]
                line = lengths[-1]  # the line still open at the end of this chunk
                if max(lengths) > max_line:
                    raise InputError(
                        f"{what} {p} has a line longer than {_size(max_line)}",
                        hint="is it the right file? (a text file of lines is expected)",
                    )
            parts.append(data)
        if inflate is not None and not inflate.eof:
            raise InputError(f"{what} {p}: the gzip stream is truncated", hint=_GZ_HINT)
        return b"".join(parts)
    finally:
        os.close(fd)


class Prepended(io.RawIOBase):
    """A stream with its first bytes (already read, e.g. to sniff a pipe) put back in front.

    A read returns what the stream has now (``read1`` where it has one), not a full block, so a
    pipe's records flow as they arrive. ``owns``: closing this closes the stream too."""

    def __init__(self, head: bytes, stream: IO[bytes], *, owns: bool = True) -> None:
        self._head = head
        self._stream = stream
        self._owns = owns

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            n = min(len(b), len(self._head))
            b[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        read1 = getattr(self._stream, "read1", None)
        data = read1(len(b)) if read1 is not None else self._stream.read(len(b))
        n = len(data)
        b[:n] = data
        return n

    def close(self) -> None:
        if self._owns:
            self._stream.close()
        super().close()


def open_stream_input(path: str | os.PathLike[str], *, what: str) -> BinaryIO:
    """A file read as a stream of any length (a log): a regular file is opened as it is; a FIFO
    or pipe is waited for without blocking (one nobody writes to ends after the FIFO wait with an
    :class:`InputError`, like :func:`read_bounded`), then read as it is written; a device
    (``/dev/zero``, a disk) is refused: it is not a file and may never end."""
    p = Path(path)
    fd, st = _open(p, what)
    if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        os.close(fd)
        raise InputError(
            f"{what} {p} is a device, not a file: not read",
            hint="give a log file, or '-' to read standard input",
        )
    if stat.S_ISREG(st.st_mode):
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    try:
        first = next(_chunks(fd, st, p, what), b"")
    except BaseException:
        os.close(fd)
        raise
    os.set_blocking(fd, True)
    raw = os.fdopen(fd, "rb", buffering=0)
    return io.BufferedReader(Prepended(first, raw))


_GZ_HINT = "the file was cut short or damaged: compress it again, or give it uncompressed"


def read_text_bounded(
    path: str | os.PathLike[str], *, what: str, kind: FileKind, max_line: int | None = None
) -> str:
    """:func:`read_bounded` as UTF-8 text (undecodable bytes replaced)."""
    return read_bounded(path, what=what, kind=kind, max_line=max_line).decode("utf-8", "replace")


def bounded_lines(stream: IO[bytes], max_line: int | None = None) -> Iterator[bytes | None]:
    """The lines of a binary stream, at most ``max_line`` bytes held at a time: a longer line
    is read past in pieces and comes out as ``None`` (counted, never kept)."""
    limit = max_line if max_line is not None else line_cap()
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit:
            while not line.endswith(b"\n"):
                line = stream.readline(1 << 16)
                if not line:
                    break
            yield None
            continue
        yield line


# --------------------------------------------------------------------------- JSON

JSON_MAX_DEPTH = 1024  # orjson's limit, kept by the fallback parser too
JSON_MAX_DIGITS = 40  # an integer longer than this is not a count any file or server holds


class JsonError(ValueError):
    """A document that is not JSON, or is JSON beyond the bounds (depth, number size)."""


def _bounded_int(text: str) -> int | float:
    if len(text.lstrip("-")) > JSON_MAX_DIGITS:
        raise JsonError(f"an integer of {len(text)} digits")
    return int(text)


def loads_json(data: bytes | str) -> Any:
    """Parse JSON with bounds: nesting at most 1024 deep, integers at most 40 digits (orjson
    reads longer ones as floats; beyond a double's range they are refused). ``NaN`` and
    ``Infinity`` (Python's own JSON writes them) are read. Raises :class:`JsonError`."""
    import orjson

    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        msg = str(exc)
        if "depth" in msg:
            raise JsonError(f"nested too deeply (more than {JSON_MAX_DEPTH} levels)") from None
        if "infinity" in msg:
            raise JsonError("a number beyond the range of a double") from None
        # NaN/Infinity literals and other leniencies of Python's json: try it, bounded
    try:
        return json.loads(data, parse_int=_bounded_int)
    except RecursionError:
        raise JsonError(f"nested too deeply (more than {JSON_MAX_DEPTH} levels)") from None
    except JsonError:
        raise
    except (ValueError, UnicodeDecodeError) as exc:
        raise JsonError(str(exc).splitlines()[0][:200] if str(exc) else "not JSON") from None
