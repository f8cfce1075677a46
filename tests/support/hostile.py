"""Hostile HTTP servers and hostile files, reusable by any test of any command.

:class:`HostileServer` answers *every* request (any method, any path) the way one
:data:`BEHAVIOURS` entry says: a body trickled a byte at a time, an endless body, a gzip bomb,
JSON nested 100k deep, integers of 5000 digits, the request's own headers echoed back, escape
sequences in every text. It speaks raw HTTP/1.1 over a socket so nothing in it is polite.

:func:`hostile_file` makes the hostile files: an endless one (a FIFO fed without end), one huge
line, a truncated gzip, a FIFO nobody writes to, a JSON config with values of the wrong type.

The command tests (tests/cli/test_hostile_inputs.py) run every entry through every
command that takes a server or a file: a new behaviour or a new command is covered by adding one
line to a table.
"""

from __future__ import annotations

import functools
import gzip
import json
import os
import socket
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ESC = "\x1b]0;pwned\x07\x1b[2J\x1b[31mRED\x1b[0m"  # a title change, a clear screen, colour

Behaviour = Callable[[bytes], Iterator[bytes]]  # the raw request -> the raw answer, in pieces


def _head(status: int = 200, ctype: str = "application/json", **extra: str) -> bytes:
    lines = [f"HTTP/1.1 {status} X", f"Content-Type: {ctype}", "Connection: close"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in extra.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def _whole(body: bytes, status: int = 200, **extra: str) -> Iterator[bytes]:
    yield _head(status, **{"Content-Length": str(len(body)), **extra})
    yield body


def trickle(_req: bytes) -> Iterator[bytes]:
    """Headers at once, then one byte of a JSON body every 50 ms, for ever."""
    yield _head()
    yield b'{"data": ['
    while True:
        time.sleep(0.05)
        yield b" "


def trickle_headers(_req: bytes) -> Iterator[bytes]:
    """The status line and headers themselves a byte every 50 ms, for ever."""
    yield b"HTTP/1.1 200 OK\r\n"
    while True:
        time.sleep(0.05)
        yield b"X"


def endless(_req: bytes) -> Iterator[bytes]:
    """A body that never ends, as fast as the client reads."""
    yield _head(ctype="text/plain")
    chunk = b"# spam\n" * 8192
    while True:
        yield chunk


def gzip_bomb(_req: bytes) -> Iterator[bytes]:
    """100 kB of gzip that inflates to 100 MiB of zeros."""
    return _whole(bomb(), **{"Content-Encoding": "gzip"})


@functools.lru_cache(maxsize=1)
def bomb() -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(1 << 20)
    return b"".join([c.compress(zeros) for _ in range(100)] + [c.flush()])


def deep_json(_req: bytes) -> Iterator[bytes]:
    return _whole(b"[" * 100_000 + b"]" * 100_000)


def huge_int(_req: bytes) -> Iterator[bytes]:
    big = "1" + "0" * 5000
    doc = f'{{"object":"list","data":[{{"id":"m","max_model_len":{big}}}],"status":"success"}}'
    return _whole(doc.encode())


def echo_headers(req: bytes) -> Iterator[bytes]:
    """An error answer that quotes the request's headers (a debugging proxy does)."""
    text = req.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    body = json.dumps({"error": {"message": f"bad request: {text}"}, "detail": text}).encode()
    return _whole(body, status=400)


def escapes(_req: bytes) -> Iterator[bytes]:
    """Escape sequences in every text a command may print: an error message, a model id."""
    body = json.dumps(
        {
            "error": {"message": f"boom {ESC}"},
            "data": [{"id": f"m{ESC}"}],
            "status": "error",
            "errorType": f"x{ESC}",
            "detail": ESC,
        }
    ).encode()
    return _whole(body, status=500)


BEHAVIOURS: dict[str, Behaviour] = {
    "trickle": trickle,
    "trickle-headers": trickle_headers,
    "endless": endless,
    "gzip-bomb": gzip_bomb,
    "deep-json": deep_json,
    "huge-int": huge_int,
    "echo-headers": echo_headers,
    "escapes": escapes,
}


class HostileServer:
    """``with HostileServer("trickle") as url: ...``: a server at ``url`` that behaves so."""

    def __init__(self, behaviour: str) -> None:
        self.behave = BEHAVIOURS[behaviour]
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.requests: list[bytes] = []
        self._stop = threading.Event()

    def _serve(self) -> None:
        self.sock.settimeout(0.1)
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(5)
            req = b""
            while b"\r\n\r\n" not in req:
                got = conn.recv(65536)
                if not got:
                    return
                req += got
            head, _, rest = req.partition(b"\r\n\r\n")
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    n = int(line.split(b":")[1])
                    while len(rest) < n:
                        got = conn.recv(65536)
                        if not got:
                            break
                        rest += got
            self.requests.append(head)
            for piece in self.behave(head):
                if self._stop.is_set():
                    return
                conn.sendall(piece)
        except OSError:
            pass
        finally:
            conn.close()

    def __enter__(self) -> str:
        threading.Thread(target=self._serve, daemon=True).start()
        return self.url

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self.sock.close()


# --------------------------------------------------------------------------- files

FILE_KINDS = (
    "endless", "huge-line", "truncated-gzip", "fifo", "dev-zero", "binary", "wrong-types",
)  # fmt: skip


@contextmanager
def hostile_file(kind: str, tmp: Path, *, line: bytes = b"x") -> Iterator[Path]:
    """A path to a hostile file of ``kind`` (see :data:`FILE_KINDS`); ``line`` is what an
    endless file repeats."""
    if kind == "dev-zero":
        yield Path("/dev/zero")
        return
    if kind == "huge-line":
        p = tmp / "huge-line.txt"
        p.write_bytes(b"a" * (8 << 20))  # 8 MiB without a line break
        yield p
        return
    if kind == "binary":
        p = tmp / "junk.bin"
        p.write_bytes(bytes(range(256)) * 4096 + b"\xff\xfe\x00\x1b[2J" * 1000)
        yield p
        return
    if kind == "wrong-types":  # JSON of the right shape with every value of the wrong type
        p = tmp / "wrong.json"
        doc = {
            "hidden_size": "4096", "num_hidden_layers": True, "vocab_size": float("nan"),
            "metrics": [1e308, -1, None], "report": {"kind": ["not", "a", "kind"]},
            "records": "none", "accept_length": {"x": 1},
        }  # fmt: skip
        p.write_text(json.dumps(doc))
        yield p
        return
    if kind == "truncated-gzip":
        p = tmp / "cut.log.gz"
        whole = gzip.compress(b"line of a log\n" * 10_000)
        p.write_bytes(whole[: len(whole) // 2])
        yield p
        return
    fifo = tmp / f"{kind}.fifo"
    os.mkfifo(fifo)
    stop = threading.Event()
    if kind == "endless":

        def feed() -> None:
            try:
                fd = os.open(fifo, os.O_WRONLY)
            except OSError:
                return
            try:
                chunk = (line + b"\n") * 4096
                while not stop.is_set():
                    os.write(fd, chunk)
            except OSError:
                pass
            finally:
                os.close(fd)

        t = threading.Thread(target=feed, daemon=True)
        t.start()
    try:
        yield fifo
    finally:
        stop.set()
        # unblock a writer still waiting for a reader
        try:
            fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
