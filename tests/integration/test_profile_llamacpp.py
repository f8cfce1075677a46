"""An acceptance profile replayed on the REAL llama.cpp server: `specdiag profile --for llamacpp`
prints the flags, llama-server runs with exactly those flags (synthetic acceptance), and probe
measures the profile back within sampling error (llama.cpp's --spec-synth-rates are unconditional
per-position probabilities: the wrong convention would be off by far more)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import start_llamacpp

WANT = [0.8, 0.5, 0.3]  # unconditional; conditional 0.8, 0.625, 0.6


def test_llamacpp_replays_the_profile(tmp_path: Path) -> None:
    want = tmp_path / "want.json"
    res = run_cli(["expected-accept", "--acc", "0.8,0.625,0.6", "--export-profile", str(want)])
    assert res.exit_code == 0, res.stderr
    res = run_cli(["profile", str(want), "--for", "llamacpp", "--json"])
    assert res.exit_code == 0, res.stderr
    flags = json.loads(res.stdout)["flags"]
    assert flags[flags.index("--spec-synth-rates") + 1] == "0.8,0.5,0.3"
    got = tmp_path / "got.json"
    with start_llamacpp(tmp_path, draft="noisy", n_max=3, extra_args=flags) as srv:
        url = f"http://127.0.0.1:{srv.port}"
        res = run_cli(
            [
                "probe",
                url,
                "-n",
                "10",
                "--concurrency",
                "1",
                "--max-tokens",
                "64",
                "--export-profile",
                str(got),
                "--json",
            ]
        )
    assert res.exit_code == 0, res.stderr
    measured = json.loads(got.read_text())
    assert measured["measurement_conditions"]["engine"] == "llamacpp"
    n = measured["measurement_conditions"]["verify_steps"]
    assert n >= 150
    ci = measured["confidence_intervals"]["marginal"]
    for (lo, hi), rate, want_rate in zip(ci, measured["marginal_accept_rates"], WANT, strict=True):
        half = (hi - lo) / 2
        assert abs(rate - want_rate) <= 1.8 * half + 0.01, (rate, want_rate, lo, hi)
    # the mean length is 1 + the unconditional rates' sum (the same steps): its distance from
    # 1 + sum(WANT) is the per-position errors summed, each checked above within its interval
    rates = measured["marginal_accept_rates"]
    assert measured["mean_accept_length"] == pytest.approx(1 + sum(rates), abs=0.01), measured
    bound = sum(1.8 * (hi - lo) / 2 + 0.01 for lo, hi in ci)
    assert abs(measured["mean_accept_length"] - (1 + sum(WANT))) <= bound, measured
