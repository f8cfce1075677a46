"""``--workers 2``: a file's bytes stage in a second process, pipelined with the parsing.

The reader process opens the file (gzip and UTF-16 too), reads it block by block and runs a
:class:`~specdiag.core.logs.scan.LineFinder` over it: the C-level candidate search, newline
counting and, for gzip, the decompression. It sends each block's candidates (the statistics
lines only, a few hundred bytes each) to the main process, which parses and aggregates them with
the same :meth:`~specdiag.core.logs.scan.Scanner.consume` the sequential run uses, so the results
are identical. The pipe's small capacity keeps the reader about one block ahead: memory stays
flat.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection

from specdiag.core.logs.scan import (
    CHUNK_SIZE,
    LineFinder,
    Scanner,
    _opens_document,
    open_path,
    pump,
)
from specdiag.errors import InputError


def _reader(
    path: str, keywords: tuple[bytes, ...], max_line: int, chunk_size: int, conn: Connection
) -> None:
    """The reader process: candidates of each block down the pipe, then the end message."""
    try:
        finder = LineFinder(keywords, max_line)
        raw = [False, True]  # [sending raw blocks, first block]

        def feed(data: bytes) -> None:
            if raw[1]:
                raw[1] = False
                # maybe one whole JSON document: the main process's Scanner decides, as in a
                # sequential run (the blocks go as they are)
                raw[0] = _opens_document(data)
            if raw[0]:
                conn.send(("raw", data))
                return
            conn.send(
                ("cands", finder.feed(data), finder.lines, finder.candidate_lines, finder.binary)
            )

        try:
            stream = open_path(path)
            try:
                truncated = pump(stream, feed, path, chunk_size)
            finally:
                stream.close()
        except InputError as exc:
            conn.send(("error", exc.message, exc.hint))
            return
        if raw[0]:
            conn.send(("rawend", truncated))
            return
        end = finder.close()
        conn.send(("end", end, finder.lines, finder.candidate_lines, finder.binary, truncated))
    except (KeyboardInterrupt, BrokenPipeError):  # Ctrl-C, or the main process has gone
        pass
    finally:
        conn.close()


def scan_path_pipelined(
    scanner: Scanner,
    path: str,
    chunk_size: int = CHUNK_SIZE,
    after_block: Callable[[], None] | None = None,
) -> None:
    """Scan one file (not stdin) into ``scanner`` with its bytes stage in a reader process (the
    only process that opens the file)."""
    ctx = (
        multiprocessing.get_context("fork")  # fast, and no re-import (Linux)
        if "fork" in multiprocessing.get_all_start_methods()
        else multiprocessing.get_context("spawn")
    )
    recv_end, send_end = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_reader,
        args=(path, scanner.keywords, scanner.max_line, chunk_size, send_end),
        daemon=True,
    )
    proc.start()
    send_end.close()
    try:
        while True:
            try:
                msg = recv_end.recv()
            except EOFError:
                raise InputError(
                    f"cannot read {path}: the reader process ended unexpectedly",
                    hint="run again without --workers",
                ) from None
            if msg[0] == "error":
                raise InputError(msg[1], hint=msg[2])
            if msg[0] == "raw":
                scanner.feed(msg[1])
                continue
            if msg[0] == "rawend":
                if msg[1] is not None:
                    scanner.counts.truncated = msg[1]
                scanner.close()
                break
            scanner.consume(msg[1], msg[2], msg[3], msg[4])
            if after_block is not None:
                after_block()
            if msg[0] == "end":
                if msg[5] is not None:
                    scanner.counts.truncated = msg[5]
                scanner.finish()
                break
    finally:
        recv_end.close()
        proc.join(timeout=5)
        if proc.is_alive():
            proc.terminate()
            proc.join()
