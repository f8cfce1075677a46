"""``specdiag exporter`` as a user runs it: usage errors and exit codes, a run of --duration, a
source that never worked said at the stop, a port in use, the packaged assets."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from tests.support.cli import run_cli


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ([], 2),
        (["--logs", "/nonexistent/file.log", "--port", "0"], 3),
        (["--acc", "0.8", "--steps", "3", "--port", "70000"], 2),
        (["--print-asset", "nope"], 2),
        (["--logs", "x", "--engine", "nope"], 2),
    ],
)
def test_cli_errors(args: list[str], code: int) -> None:
    r = run_cli(["exporter", *args])
    assert r.exit_code == code, r.stderr
    assert r.stderr.startswith("error:") and "hint:" in r.stderr or code == 2


def test_duration_ends_with_exit_0() -> None:
    r = run_cli(
        ["exporter", "--acc", "0.8", "--steps", "3", "--port", "0", "--duration", "0.3", "--json"]
    )
    assert r.exit_code == 0 and r.json()["url"].endswith("/metrics")
    assert "exporter stopped" in r.stderr


def test_a_source_that_never_worked_is_reported_at_the_stop() -> None:
    """A probe of a closed port used to end with exit 0 and only "exporter stopped"."""
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        closed = sk.getsockname()[1]
    r = run_cli(
        [
            "exporter",
            "--probe",
            f"http://127.0.0.1:{closed}/?api_key=sk-SECRETKEY",
            "--interval",
            "1",
            "--port",
            "0",
            "--duration",
            "1.5",
            "--json",
        ]
    )
    assert r.exit_code == 0 and r.json()["probes"] == 1
    assert f"warning: probe 127.0.0.1:{closed}: never succeeded" in r.stderr, r.stderr
    assert "last error:" in r.stderr and "SECRETKEY" not in r.stderr + r.stdout


def test_port_in_use_exit_3() -> None:
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        sk.listen(1)
        r = run_cli(
            ["exporter", "--acc", "0.8", "--steps", "3", "--port", str(sk.getsockname()[1])]
        )
    assert r.exit_code == 3 and "cannot listen" in r.stderr


def test_print_assets() -> None:
    r = run_cli(["exporter", "--print-assets", "--json"])
    paths = r.json()["assets"]
    assert set(paths) == {"recording-rules.yml", "alert-rules.yml", "grafana-dashboard.json"}
    assert all(Path(p).is_file() for p in paths.values())
    r = run_cli(["exporter", "--print-asset", "grafana-dashboard.json"])
    assert json.loads(r.stdout)["uid"] == "specdiag-spec-decode"
