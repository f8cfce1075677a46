"""``specdiag demo``: each scenario's verdicts, and nothing left behind (also on Ctrl-C)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

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
