"""``specdiag demo --real sglang --json`` as a user runs it: a subprocess (no CliRunner), the real
SGLang server of the test harness started twice by the demo itself (broken, then repaired).

The founding case on the 10-layer tiny target: training at [1, 4, 7], served with [-1, 1, 4].
The demo's doctor must rank the aux ids first with [1, 4, 7] as the SGLang fix, the accept
length must collapse and recover, and the repaired doctor run must judge the verdict from
expected vs observed with no aux-id finding. Takes 2-6 min (two server starts; docs/testing.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support import paths, realservers

pytestmark = pytest.mark.timeout(1200)


def test_demo_real_sglang_finds_and_fixes_the_founding_case() -> None:
    setup = realservers.require("sglang")
    assert isinstance(setup, realservers.SglangSetup)
    env = {**os.environ, "PYTHONPATH": str(paths.REPO)}
    env.pop("SPECDIAG_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-m", "specdiag", "demo", "--real", "sglang", "--json"],
        capture_output=True,
        text=True,
        timeout=1100,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    doc = json.loads(proc.stdout)
    assert doc["scenario"] == "real-sglang" and doc["engine_version"] == setup.version
    assert doc["real"] and doc["tiny"]  # what is real and what is tiny is said
    names = [s["name"] for s in doc["steps"]]
    for name in ("training-dump", "sglang-broken", "probe-broken", "logs-broken",
                 "inspect-dump", "doctor-broken", "fix", "sglang-repaired", "doctor-repaired"):  # fmt: skip
        assert name in names, names
    steps = {s["name"]: s["result"] for s in doc["steps"]}

    # inspect-dump names the trained layers and SGLang's ids for them
    layers = steps["inspect-dump"]["layers"][0]
    assert layers["layer_ids"]["specforge"] == [1, 4, 7]
    assert layers["layer_ids"]["sglang"] == [1, 4, 7]

    broken, repaired = doc["broken"], doc["repaired"]
    assert broken["ids"] == [-1, 1, 4]
    assert broken["probe_accept_length"] < 1.1 and broken["logs_accept_length"] < 1.1
    assert broken["first_finding"] == "aux-layer-ids" and broken["aux_layer_ids"] == "fail"
    assert broken["verdict"] == "collapsed"
    d = steps["doctor-broken"]
    assert d["engine"] == "sglang" and d["engine_version"] == setup.version
    first = d["findings"][0]
    assert first["check"] == "aux-layer-ids"
    assert '"eagle_aux_hidden_state_layer_ids": [1, 4, 7]' in first["snippet"]
    # nothing else is presented as the fix of the aux ids
    assert all("eagle_aux_hidden_state_layer_ids" not in (f["snippet"] or "")
               for f in d["findings"][1:])  # fmt: skip
    assert doc["fix"]["ids"] == [1, 4, 7]

    assert repaired["ids"] == [1, 4, 7]
    assert repaired["aux_layer_ids"] == "pass" and doc["fixed"] is True
    assert repaired["probe_accept_length"] > broken["probe_accept_length"] + 0.3
    assert repaired["verdict"] in ("healthy", "below")
    dr = steps["doctor-repaired"]
    assert all(f["check"] != "aux-layer-ids" for f in dr["findings"])
    assert all(f["check"] not in ("parallelism", "training-dump") for f in dr["findings"])
    assert "error:" not in proc.stderr
