"""Acceptance profiles round trip: a server's acceptance measured by probe (--export-profile),
turned into flags by `specdiag profile --for reference-server`, served by a reference server
started with exactly those flags (a child process), and measured again: the two profiles agree
within sampling error at every position."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from specdiag.refserver import make_config, start_server
from tests.support.cli import run_cli

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
TRUE = (0.85, 0.7, 0.55, 0.4)  # not geometric: a shape the replay must keep
FAST = ("--target-step-ms", "0.3", "--draft-step-ms", "0.05")
PROBE = ("--num-requests", "40", "--concurrency", "8", "--max-tokens", "64")


def _start_child(flags: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "specdiag",
            "reference-server",
            *flags,
            "--port",
            "0",
            "--json",
            *FAST,
            "--seed",
            "7",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        start_new_session=True,
    )
    assert proc.stdout is not None
    buf = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        buf += line
        if line.startswith(b"}"):
            return proc, str(json.loads(buf)["url"])
    proc.kill()
    raise AssertionError(f"reference server printed no start document: {buf!r}")


def _sigma(ci: list[list[float]]) -> list[float]:
    return [(hi - lo) / (2 * 1.959963984540054) for lo, hi in ci]


def _agree(a: dict[str, Any], b: dict[str, Any], key: str) -> None:
    sa, sb = _sigma(a["confidence_intervals"][key]), _sigma(b["confidence_intervals"][key])
    rate = "conditional_accept_rates" if key == "conditional" else "marginal_accept_rates"
    for i, (x, y) in enumerate(zip(a[rate], b[rate], strict=True)):
        assert abs(x - y) <= 3.5 * math.hypot(sa[i], sb[i]) + 1e-3, (key, i, x, y)


def test_export_flags_server_probe_measures_the_same_profile(tmp_path: Path) -> None:
    first, second, page = tmp_path / "first.json", tmp_path / "second.json", tmp_path / "probe.html"
    cfg = make_config(
        flavor="sglang", steps=len(TRUE), acceptance=TRUE, target_step_ms=0.3, draft_step_ms=0.05
    )
    with start_server(cfg) as srv:
        res = run_cli(
            [
                "probe",
                srv.url,
                *PROBE,
                "--export-profile",
                str(first),
                "--report",
                str(page),
                "--json",
            ]
        )
    assert res.exit_code == 0, res.stderr
    measured = json.loads(first.read_text())
    assert measured["measured"] and measured["num_speculative_tokens"] == len(TRUE)
    n = measured["measurement_conditions"]["verify_steps"]
    assert n > 500
    # the measurement itself agrees with the server's true profile
    for (lo, hi), true in zip(measured["confidence_intervals"]["conditional"], TRUE, strict=True):
        width = hi - lo
        assert lo - width <= true <= hi + width
    assert "<svg" in page.read_text()  # --report wrote the page of this run

    res = run_cli(["profile", str(first), "--for", "reference-server", "--json"])
    assert res.exit_code == 0, res.stderr
    flags = json.loads(res.stdout)["flags"]
    assert flags[flags.index("--steps") + 1] == str(len(TRUE))

    proc, url = _start_child(flags)
    try:
        res = run_cli(["probe", url, *PROBE, "--export-profile", str(second), "--json"])
    finally:
        proc.terminate()
        proc.wait(10)
    assert res.exit_code == 0, res.stderr
    replayed = json.loads(second.read_text())
    _agree(measured, replayed, "conditional")
    _agree(measured, replayed, "marginal")
    assert replayed["mean_accept_length"] == pytest.approx(measured["mean_accept_length"], abs=0.15)
