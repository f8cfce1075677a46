"""``specdiag demo`` as a process: nothing left behind when it ends or is interrupted (Ctrl-C,
SIGTERM), and ``--keep-server`` serving until Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

import pytest


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["TMPDIR"] = str(tmp)
    env["NO_COLOR"] = "1"
    return env


def _port_closed(url: str) -> bool:
    host, port = re.match(r"http://([\d.]+):(\d+)", url).groups()  # type: ignore[union-attr]
    with socket.socket() as s:
        s.settimeout(1.0)
        return s.connect_ex((host, int(port))) != 0


def test_leaves_nothing_behind(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "specdiag", "demo", "--json"],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stderr
    assert list(tmp_path.iterdir()) == []
    url = re.search(r"listening at (http://\S+)", proc.stderr).group(1)  # type: ignore[union-attr]
    assert _port_closed(url)


_STDOUT: dict[int, IO[str]] = {}


def _stdout(proc: subprocess.Popen[str]) -> str:
    """What the process wrote to the file given as its stdout (see ``_start_demo``)."""
    f = _STDOUT.pop(proc.pid)
    f.seek(0)
    text = f.read()
    f.close()
    return text


def _start_demo(tmp: Path, args: list[str], until: str) -> tuple[subprocess.Popen[str], str]:
    """Start ``specdiag demo ARGS``; read stderr until a line matches ``until`` (its first
    group is the server URL: ``listening at`` or ``still running at``)."""
    # stdout goes to a file, not a pipe: the report (the JSON document is larger than a pipe's
    # buffer) is written before the line waited for on stderr, and nobody reads stdout until then
    out = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed by _stdout
    proc = subprocess.Popen(
        [sys.executable, "-m", "specdiag", "demo", *args],
        env=_env(tmp),
        stdout=out,
        stderr=subprocess.PIPE,
        text=True,
    )
    _STDOUT[proc.pid] = out
    assert proc.stderr is not None
    url = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            break
        m = re.search(r"(?:listening|still running) at (http://\S+)", line)
        if m:
            url = m.group(1)
        if re.search(until, line):
            break
    assert url is not None, "the demo should say where its server listens"
    return proc, url


@pytest.mark.parametrize(
    ("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"]
)
def test_interrupted_demo_leaves_nothing_behind(tmp_path: Path, sig: int, code: int) -> None:
    proc, url = _start_demo(tmp_path, ["--scenario", "collapsed"], until=r"^running probe")
    assert list(tmp_path.iterdir()), "the demo's work directory should exist while it runs"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
    assert _port_closed(url)


def test_keep_server_serves_until_interrupted(tmp_path: Path) -> None:
    import json
    import urllib.request

    proc, url = _start_demo(
        tmp_path, ["--scenario", "healthy", "--keep-server", "--json"], until="still running at"
    )
    # the report came first, and the server still answers
    with urllib.request.urlopen(f"{url}/health", timeout=10) as resp:
        assert resp.status == 200
    with urllib.request.urlopen(f"{url}/server_info", timeout=10) as resp:
        assert json.loads(resp.read())["speculative_num_steps"] == 5
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    out = _stdout(proc)
    assert proc.returncode == 0, err
    assert json.loads(out)["verdict"] == "healthy"
    assert list(tmp_path.iterdir()) == []
    assert _port_closed(url)
