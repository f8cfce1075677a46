"""The demo's doctor step: the deployment story, broken and repaired."""

from __future__ import annotations

import pytest

from specdiag.core.doctor.model import Status
from tests.support.cli import demo_run

pytest.importorskip("starlette")
pytest.importorskip("torch")


def test_demo_collapsed_doctor_names_the_aux_ids_first() -> None:
    r = demo_run("--scenario", "collapsed", "--json")
    step = next(s for s in r.json()["steps"] if s["name"] == "doctor")
    first = step["result"]["findings"][0]
    assert first["check"] == "aux-layer-ids" and first["status"] == Status.FAIL.value
    assert "[2, 30, 58]" in (first["fix"] or "")
    assert step["result"]["gap"]["verdict"] == "collapsed"
    assert "--server " in step["command"] and "--server-args" in step["command"]


def test_demo_seed_doctor_says_below_not_healthy() -> None:
    r = demo_run("--scenario", "seed", "--json")
    assert r.exit_code == 0, r.stderr
    step = next(s for s in r.json()["steps"] if s["name"] == "doctor")
    doc = step["result"]
    assert doc["gap"]["verdict"] == "below"
    assert 0.57 <= doc["gap"]["ratio"] <= 0.65  # 2.40 observed would be 61%
    assert "would look healthy" in doc["summary"]
    aux = next(c for c in doc["checks"] if c["check"] == "aux-layer-ids")
    assert aux["status"] == "pass"
    assert "running doctor:" in r.stderr
