"""``specdiag reference-server`` on the command line."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from tests.support.cli import run_cli

FAST = ["--port", "0", "--target-step-ms", "0", "--draft-step-ms", "0", "--duration", "0.2"]


def test_json_document_and_summary(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "s.log"
    r = run_cli(
        [
            "reference-server",
            *FAST,
            "--flavor",
            "vllm",
            "--steps",
            "5",
            "--acceptance",
            "0.75",
            "--log",
            str(log),
            "--json",
        ]
    )
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    assert doc["flavor"] == "vllm"
    assert doc["port"] > 0 and doc["url"].endswith(f":{doc['port']}")
    assert doc["speculative"]["steps"] == 5
    assert doc["speculative"]["expected_accept_length"] == pytest.approx(3.2880859375)
    assert "POST /v1/completions" in doc["endpoints"]
    assert doc["truth_url"] == doc["url"] + "/_specdiag/truth"
    assert doc["log"] == str(log)
    assert doc["timing"]["expected_speedup"] is None  # no step time, no cost ratio
    assert "served 0 requests" in r.stderr
    assert "Starting vLLM API server" in log.read_text()


def test_human_view_and_speedup() -> None:
    r = run_cli(["reference-server", "--port", "0", "--duration", "0.1", "--steps", "3"])
    assert r.exit_code == 0, r.stderr
    assert "listening on http://127.0.0.1:" in r.stdout
    assert "expected speedup" in r.stdout
    assert "/_specdiag/truth" in r.stdout
    assert "The server is fired up" in r.stderr  # log lines go to stderr by default


def test_unconditional_acceptance_and_no_speculation_warning() -> None:
    r = run_cli(
        [
            "reference-server",
            *FAST,
            "--json",
            "--steps",
            "3",
            "--acceptance",
            "0.8,0.4,0.2",
            "--acc-kind",
            "unconditional",
        ]
    )
    assert r.json()["speculative"]["acceptance_conditional"] == pytest.approx([0.8, 0.5, 0.5])
    r = run_cli(["reference-server", *FAST, "--json", "--steps", "0", "--acceptance", "0.5"])
    assert r.exit_code == 0
    assert r.json()["speculative"]["enabled"] is False
    assert "ignored" in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--acceptance", "1.5"],
        ["--acceptance", "0.5,0.5", "--steps", "3"],
        ["--faults", "500=2"],
        ["--faults", "explode=0.1"],
        ["--flavor", "vllm", "--eagle-topk", "2"],
        ["--flavor", "mlx"],
        ["--duration", "-1"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    r = run_cli(["reference-server", "--port", "0", *args])
    assert r.exit_code == 2
    assert r.stdout == ""


def test_port_in_use_exits_3() -> None:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    try:
        r = run_cli(["reference-server", "--port", str(s.getsockname()[1]), "--duration", "0"])
    finally:
        s.close()
    assert r.exit_code == 3
    assert "cannot listen" in r.stderr
    assert "hint:" in r.stderr


def test_api_key_is_never_printed() -> None:
    r = run_cli(["reference-server", *FAST, "--json", "--api-key", "topsecret"])
    assert r.exit_code == 0
    assert r.json()["api_key_required"] is True
    assert "topsecret" not in r.stdout + r.stderr


def test_module_imports_stay_light() -> None:
    code = (
        "import sys, specdiag.cli.reference_server, specdiag.refserver; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'numpy', 'starlette', 'uvicorn', 'httpx', 'prometheus_client'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == []


def test_accept_length_picks_the_iid_acceptance() -> None:
    r = run_cli(["reference-server", *FAST, "--json", "--steps", "5", "--accept-length", "2.4"])
    assert r.exit_code == 0, r.stderr
    s = r.json()["speculative"]
    assert s["expected_accept_length"] == pytest.approx(2.4)
    assert len(set(s["acceptance_conditional"])) == 1
    bad = run_cli(["reference-server", *FAST, "--steps", "5", "--accept-length", "7"])
    assert bad.exit_code == 2 and "impossible" in bad.stderr
    both = run_cli(
        ["reference-server", *FAST, "--steps", "5", "--accept-length", "2", "--acceptance", "0.5"]
    )
    assert both.exit_code == 2 and "exclusive" in both.stderr
