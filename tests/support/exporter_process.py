"""``specdiag exporter`` as a child process, for the tests of the exporter and of the fleet: start
it (``--port 0 --json`` plus the given flags) and read the JSON document it prints first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from tests.support import paths

REPO = paths.REPO


def spawn_exporter(*args: str) -> subprocess.Popen[bytes]:
    """The exporter on a free port with ``--json``; the caller stops it (kill in a finally)."""
    return subprocess.Popen(
        [sys.executable, "-m", "specdiag", "exporter", "--port", "0", "--json", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def read_document(proc: subprocess.Popen[bytes], timeout: float = 30.0) -> dict[str, Any]:
    """The JSON document the exporter prints on start (up to its closing ``}`` line)."""
    assert proc.stdout is not None
    buf = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:  # stdout closed: the exporter ended, its stderr says why
            err = proc.stderr.read() if proc.stderr else b""
            raise AssertionError(f"exporter printed no JSON document: {buf!r}; stderr: {err!r}")
        buf += line
        if line.startswith(b"}"):
            doc: dict[str, Any] = json.loads(buf)
            return doc
    raise AssertionError(f"exporter printed no JSON document: {buf!r}")
