"""Commands as real processes stopped by real signals: each ends with its exit code and what it
promised to print (the reference server's summary, the exporter's last words, logs --follow's
summary so far)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.support.exporter_process import read_document, spawn_exporter
from tests.support.loggen import sgl_lines


def test_sigterm_stops_cleanly_with_a_summary() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "specdiag",
            "reference-server",
            "--port",
            "0",
            "--steps",
            "2",
            "--target-step-ms",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # printed once the server accepts connections
        assert "listening on http://127.0.0.1:" in first
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    assert "note: served 0 requests" in err


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_signal_stops_cleanly(sig: int, code: int) -> None:
    proc = spawn_exporter("--acc", "0.8", "--steps", "3")
    try:
        url = read_document(proc)["url"]
        assert "specdiag_expected_accept_length" in httpx.get(url, timeout=10).text
        proc.send_signal(sig)
        assert proc.wait(15) == code
        assert proc.stderr is not None and b"exporter stopped" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


def _wait_read(pid: int, path: Path, timeout: float = 60.0) -> None:
    """Until process ``pid`` has the file open and its offset is at the file's end (Linux
    /proc), then a moment for the lines to be parsed: a loaded machine gets no fixed sleep."""
    deadline = time.monotonic() + timeout
    size = path.stat().st_size
    while time.monotonic() < deadline:
        for fd in Path(f"/proc/{pid}/fd").glob("*"):
            try:
                if os.readlink(fd) != str(path):
                    continue
                info = Path(f"/proc/{pid}/fdinfo/{fd.name}").read_text()
            except OSError:
                continue
            pos = next((int(x.split()[1]) for x in info.splitlines() if x.startswith("pos:")), 0)
            if pos >= size:
                time.sleep(0.5)
                return
        time.sleep(0.1)
    raise AssertionError(f"the follower did not read {path} to its end in {timeout} s")


def test_follow_subprocess_ctrl_c_prints_summary(tmp_path: Path) -> None:
    """The real thing: a growing file, a live process, SIGINT, the summary so far."""
    f = tmp_path / "live.log"
    f.write_text(sgl_lines([2.0]))
    env = {**os.environ, "NO_COLOR": "1"}
    p = subprocess.Popen(
        [sys.executable, "-m", "specdiag", "logs", "--json", "--follow", str(f)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    _wait_read(p.pid, f)
    with open(f, "a") as fh:
        fh.write(sgl_lines([4.0], start=1))
    _wait_read(p.pid, f)
    p.send_signal(2)
    out, err = p.communicate(timeout=30)
    assert p.returncode == 0, err
    doc = json.loads(out)
    assert doc["summary"]["sglang"]["records"] == 2
    assert doc["summary"]["sglang"]["accept_length"]["mean"] == 3.0
    assert b"interrupted" in err
