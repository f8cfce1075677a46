"""Every command that takes a server or a file, against every hostile server and hostile file of
tests/support/hostile.py: it ends in bounded time and memory with a documented exit code, a
one-line error naming what failed, no traceback, no secret and no escape sequence on a terminal.

A new command that speaks HTTP gets these tests by one line in :data:`SERVER_COMMANDS`; one that
reads a file named on the command line by one line in :data:`FILE_COMMANDS`. The caps are made
tiny through the environment so every bound is met in well under a second.
"""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.cli import CliResult, run_cli
from tests.support.hostile import BEHAVIOURS, FILE_KINDS, HostileServer, hostile_file

KEY = "sk-hostile-KEY-123456"
USER, PASSWORD = "alice", "pw-hostile-987654"
BASIC = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
QUERY = "tok-hostile-555555"  # a gateway's key in the URL's query
SECRETS = (KEY, PASSWORD, BASIC, f"{USER}:{PASSWORD}", QUERY)

CAPS = {
    **{
        f"SPECDIAG_HTTP_MAX_{k}_BYTES": str(1 << 20)
        for k in ("INFO", "METRICS", "ANSWER", "STREAM", "QUERY")
    },
    "SPECDIAG_HTTP_MAX_LINE_BYTES": str(64 << 10),
    **{f"SPECDIAG_FILE_MAX_{k}_BYTES": str(1 << 20) for k in ("ARGUMENT", "CONFIG", "TEXT")},
    "SPECDIAG_FILE_MAX_LINE_BYTES": str(64 << 10),
    "SPECDIAG_FIFO_WAIT_S": "0.5",
}

Args = Callable[[str, Path], list[str]]

# command -> its arguments for a server at URL (a URL carrying user:password), timeout 0.5 s
SERVER_COMMANDS: dict[str, Args] = {
    "probe": lambda url, tmp: [
        "probe", url, "-n", "2", "--timeout", "0.5", "--api-key", KEY,
        "--save", str(tmp / "save.jsonl"),
    ],
    "doctor": lambda url, tmp: [
        "doctor", "--server", url, "--timeout", "0.5", "--probe-requests", "1", "--api-key", KEY,
    ],
    "fleet": lambda url, tmp: [
        "fleet", url, "--timeout", "0.5", "-H", f"Authorization: Bearer {KEY}",
    ],
    "capture-hidden": lambda url, tmp: [
        "capture-hidden", "vllm", url, "--prompt-ids", "1,2,3", "--timeout", "0.5",
        "-o", str(tmp / "out.safetensors"), "--api-key", KEY,
    ],
    "exporter": lambda url, tmp: [
        "exporter", "--probe", url, "--port", "0", "--duration", "1", "--interval", "1",
        "--api-key", KEY,
    ],
}  # fmt: skip

# command -> its arguments for a hostile file at PATH
FILE_COMMANDS: dict[str, Args] = {
    "doctor --server-args @FILE": lambda path, tmp: [
        "doctor", "--server-args", f"@{path}", "--engine", "sglang",
    ],
    "doctor --training-log": lambda path, tmp: [
        "doctor", "--training-log", str(path), "--acc", "0.7", "--steps", "3",
    ],
    "probe --prompts": lambda path, tmp: [
        "probe", "http://127.0.0.1:9", "--prompts", str(path), "--timeout", "0.5",
    ],
    "capture-hidden --prompt-ids @FILE": lambda path, tmp: [
        "capture-hidden", "vllm", "http://127.0.0.1:9", "--prompt-ids", f"@{path}",
        "-o", str(tmp / "out.safetensors"),
    ],
    "logs": lambda path, tmp: ["logs", str(path)],
    "logs --records": lambda path, tmp: [
        "logs", str(path), "--json", "--records", str(tmp / "records.jsonl"),
    ],
    "doctor --logs": lambda path, tmp: ["doctor", "--logs", str(path)],
    "report": lambda path, tmp: ["report", str(path), "-o", str(tmp / "page.html")],
    "profile": lambda path, tmp: ["profile", str(path)],
    "inspect-dump": lambda path, tmp: ["inspect-dump", str(path)],
}  # fmt: skip

# a FIFO nobody writes to is waited for in full: a shorter wait ends it the same way, sooner
# (the endless FIFO keeps CAPS' wait: its writer starts while the command waits)
NO_WRITER = {**CAPS, "SPECDIAG_FIFO_WAIT_S": "0.1"}

EXIT_CODES = {0, 1, 2, 3}

# commands that read a log as a stream of any length (a pipe from a live server may never end):
# an endless one is read in bounded memory until a signal ends it (tested by
# test_a_log_reader_ends_an_endless_stream_on_sigterm), never cut at a size cap
STREAM_COMMANDS = {"logs", "logs --records", "doctor --logs"}

# a command that reaches servers only through another command's client (the exporter's probe
# source is probe's client) meets only the behaviours its own output can differ on
ONLY: dict[str, set[str]] = {"exporter": {"echo-headers", "escapes", "endless"}}


def _run(args: list[str], env: dict[str, str] = CAPS) -> tuple[CliResult, float, int]:
    tracemalloc.start()
    t0 = time.monotonic()
    try:
        res = run_cli(args, env=env)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return res, time.monotonic() - t0, peak


def _clean(res: CliResult, *extra: str) -> None:
    texts = (res.stdout, res.stderr, *extra)
    for t in texts:
        for s in SECRETS:
            assert s not in t, f"a secret was shown: {s!r}"
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    assert "\x1b" not in res.stderr and "\x1b" not in res.stdout, res.stderr


@pytest.fixture(scope="module", autouse=True)
def _heavy_imports_first() -> None:
    """capture-hidden imports torch on its first run: not part of any bound measured here."""
    pytest.importorskip("torch")


@pytest.mark.parametrize(
    ("command", "behaviour"),
    [
        (c, b)
        for c in sorted(SERVER_COMMANDS)
        for b in sorted(BEHAVIOURS)
        if b in ONLY.get(c, BEHAVIOURS)
    ],
)
def test_every_server_command_meets_every_hostile_server(
    command: str, behaviour: str, tmp_path: Path
) -> None:
    server = HostileServer(behaviour)
    with server as url:
        url = url.replace("http://", f"http://{USER}:{PASSWORD}@") + f"/?token={QUERY}"
        args = SERVER_COMMANDS[command](url, tmp_path)
        res, took, peak = _run(args)
        res_json = None
        if command != "exporter" and behaviour in ("escapes", "echo-headers"):
            # its time and memory are those of the run above: only its output is checked, so
            # it runs without tracemalloc, which slows every allocation
            res_json = run_cli([*args, "--json"], env=CAPS)
    assert res.exit_code in EXIT_CODES - {2}, (res.exit_code, res.stderr)  # (2: nothing tested)
    assert took < 20, took  # a --timeout of 1 s per request, a few requests at most
    assert peak < 96 << 20, peak  # the caps are 1 MiB: never the 100 MiB a body holds
    save = tmp_path / "save.jsonl"
    _clean(res, save.read_text() if save.exists() else "")
    if behaviour == "echo-headers":  # every secret form was sent, so each could be echoed
        sent = b"".join(server.requests).decode("latin-1")
        assert QUERY in sent and (KEY in sent or BASIC in sent), sent[:500]
    if res.exit_code == 3:
        assert res.stderr.startswith("error:") or "\nerror:" in res.stderr, res.stderr
    if res_json is not None:
        _clean(res_json)
        if res_json.stdout:
            res_json.json()  # one JSON document, whatever the server's text held


@pytest.mark.parametrize("kind", FILE_KINDS)
@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_every_file_command_meets_every_hostile_file(
    command: str, kind: str, tmp_path: Path
) -> None:
    if command in STREAM_COMMANDS and kind == "endless":
        pytest.skip("an endless stream is a log's normal life: the SIGTERM test below")
    with hostile_file(kind, tmp_path) as path:
        args = FILE_COMMANDS[command](str(path), tmp_path)
        res, took, peak = _run(args, NO_WRITER if kind == "fifo" else CAPS)
    assert res.exit_code in EXIT_CODES, (res.exit_code, res.stderr)
    # inspect-dump reads a non-dump as a pickle until an opcode takes more than the stack holds
    # (an 8 MiB line of "a" is APPENDs on an empty stack: the first one)
    assert took < 30, took
    assert peak < 96 << 20, peak
    _clean(res)
    if kind in ("endless", "dev-zero", "fifo") and res.exit_code == 3:
        assert str(path) in res.stderr or "pipe" in res.stderr, res.stderr


@pytest.mark.parametrize("command", sorted(STREAM_COMMANDS))
def test_a_log_reader_ends_an_endless_stream_on_sigterm(command: str, tmp_path: Path) -> None:
    """An endless FIFO of log lines: read in bounded memory while it flows, and SIGTERM ends the
    command at once with its partial report (exit 143), as for any command."""
    env = {**os.environ, **CAPS, "PYTHONPATH": os.getcwd()}
    line = b"[2026-01-01 00:00:00] Decode batch. #running-req: 1, accept len: 2.50, gen throughput (token/s): 10.0"
    with hostile_file("endless", tmp_path, line=line) as path:
        args = FILE_COMMANDS[command](str(path), tmp_path)
        proc = subprocess.Popen(
            [sys.executable, "-m", "specdiag", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )  # fmt: skip
        try:
            rss = []
            for _ in range(30):  # 3 s of reading
                time.sleep(0.1)
                assert proc.poll() is None, proc.communicate()
                rss.append(_rss(proc.pid))
            t0 = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 143, err[-2000:]
    assert time.monotonic() - t0 < 10
    assert max(rss) < 400 << 20, rss  # megabytes flowed through; memory stays flat
    assert max(rss[15:]) < 2 * max(rss[:15]) + (64 << 20), rss
    assert b"Traceback" not in err, err[-2000:]


def _rss(pid: int) -> int:
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmRSS:"):
            return int(row.split()[1]) << 10
    return 0


@pytest.mark.parametrize("command", sorted(SERVER_COMMANDS))
def test_a_resolver_that_hangs_is_bounded_by_the_timeout(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Name resolution counts against --timeout: a resolver that hangs (a dead DNS server) ends
    the command with a clear error naming the host, never a hang (socket.create_connection and
    asyncio's resolver wait for it without limit)."""
    import socket

    real = socket.getaddrinfo

    def slow(host: object, *a: object, **k: object) -> object:
        if host == "slow-dns.example":
            time.sleep(8)
            raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
        return real(host, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(socket, "getaddrinfo", slow)
    args = SERVER_COMMANDS[command]("http://slow-dns.example:8000", tmp_path)
    res, took, _ = _run(args)
    # --timeout 0.5; the exporter runs 1 s, then waits up to 5 s for its probe source to end
    assert took < (12 if command == "exporter" else 6), took
    _clean(res)
    if command != "exporter":  # the exporter serves on, its probe source reported down
        assert res.exit_code == 3, (res.exit_code, res.stderr)
        assert "slow-dns.example" in res.stderr and "resolve" in res.stderr, res.stderr
