"""``specdiag demo``: each scenario's verdicts, and nothing left behind (also on Ctrl-C)."""

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

from specdiag.workflows import demo
from tests.support.cli import demo_run, run_cli


def test_scenario_profiles_are_derived_from_the_story() -> None:
    # seed: the engine prints 2.40 with the bonus token, i.e. 1.40 accepted drafts per step
    assert demo.served_accepted_drafts("seed") == pytest.approx(1.40)
    assert demo.served_accepted_drafts("collapsed") == pytest.approx(0.12)
    assert demo.served_accepted_drafts("healthy") == pytest.approx(0.97 * 2.2880859375)
    assert 0.0 < demo.served_acceptance("collapsed") < demo.served_acceptance("seed") < 0.75


@pytest.mark.parametrize(
    ("scenario", "verdict", "hidden_match"),
    [("seed", "below", True), ("collapsed", "collapsed", False), ("healthy", "healthy", True)],
)
def test_scenario_verdicts(scenario: str, verdict: str, hidden_match: bool) -> None:
    r = demo_run("--scenario", scenario, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    assert doc["verdict"] == verdict
    assert doc["hidden_match"] is hidden_match
    steps = {s["name"]: s for s in doc["steps"]}
    assert list(steps) == ["reference-server", "probe", "logs", "compare-hidden", "doctor"]
    for s in doc["steps"]:
        assert s["command"].startswith("specdiag ")
    probe = steps["probe"]["result"]
    assert probe["verdict"] == verdict
    # the probe, the server's own log and the server's ground truth agree
    agreement = doc["agreement"]
    assert agreement["agree"] is True
    assert agreement["probe_accept_length"] == pytest.approx(
        agreement["truth_accept_length"], abs=0.02
    )
    target = 1 + demo.served_accepted_drafts(scenario)
    assert agreement["truth_accept_length"] == pytest.approx(target, abs=0.15)
    hidden = steps["compare-hidden"]["result"]
    assert hidden["match"] is hidden_match
    identified = [c["identified_layer"] for c in hidden["chunks"]]
    if scenario == "collapsed":
        assert identified[0] in ("embedding", -1, "embeddings") or "embed" in str(identified[0])
        assert [c["best_train_chunk"] for c in hidden["chunks"]][1:] == [0, 1]
        assert hidden["suggested_layer_ids"]["sglang"] == [1, 3, 5]
        assert doc["fix"] and "[1, 3, 5]" in doc["fix"]
    else:
        assert [c["best_train_chunk"] for c in hidden["chunks"]] == [0, 1, 2]
        assert doc["fix"] is None


def test_human_output_prints_each_command() -> None:
    r = run_cli(["demo", "--scenario", "seed"])
    assert r.exit_code == 0
    for needle in ["$ specdiag probe", "$ specdiag logs", "$ specdiag compare-hidden", "below"]:
        assert needle in r.stdout
    assert "running probe" in r.stderr  # progress goes to stderr


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


@pytest.mark.integration  # end to end: a real process and a real signal
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


@pytest.mark.integration  # end to end: a real process and a real signal
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


@pytest.mark.integration  # end to end: a real process and a real signal
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


def test_missing_extras_are_named_before_anything_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def fake(name: str, *args: object) -> object:
        return None if name == "starlette" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", fake)
    r = run_cli(["demo"])
    assert r.exit_code == 3
    assert "starlette" in r.stderr and "specdiag[server,tensors]" in r.stderr
    assert "running" not in r.stderr


def test_a_ctrl_c_where_python_would_drop_it_is_raised_just_after() -> None:
    """Inside a __del__ Python prints a KeyboardInterrupt as "Exception ignored" and drops it;
    the demo's handler raises it again 10 ms later, out of that frame (without it, the sleep
    below would finish and the demo would run on)."""
    from specdiag.cli import demo as D

    class Finalised:
        def __del__(self) -> None:
            signal.raise_signal(signal.SIGINT)

    before = signal.getsignal(signal.SIGINT)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt), D._interrupts_not_lost():
        obj = Finalised()
        del obj
        time.sleep(5)
    assert time.monotonic() - t0 < 2
    assert signal.getsignal(signal.SIGINT) is before  # restored


def test_real_without_the_harness_says_how_to_build_it(tmp_path: Path) -> None:
    """--real needs the test harness's SGLang: where it is not built, exit 3 with the make target."""
    res = run_cli(["demo", "--real", "sglang"], env={"SPECDIAG_CACHE_DIR": str(tmp_path)})
    assert res.exit_code == 3
    assert res.stdout == ""
    assert "error: the real SGLang test harness is not built" in res.stderr
    assert "hint:" in res.stderr and "make realservers" in res.stderr


def test_real_refuses_the_simulated_demos_flags(tmp_path: Path) -> None:
    env = {"SPECDIAG_CACHE_DIR": str(tmp_path)}
    res = run_cli(["demo", "--real", "sglang", "--scenario", "healthy"], env=env)
    assert res.exit_code == 2 and "--scenario" in res.stderr
    res = run_cli(["demo", "--real", "sglang", "--keep-server"], env=env)
    assert res.exit_code == 2 and "--keep-server" in res.stderr
    res = run_cli(["demo", "--real", "vllm"], env=env)
    assert res.exit_code == 2
