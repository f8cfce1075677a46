"""``specdiag doctor`` against LIVE real SGLang servers (0.5.23, the test harness), in the founding
deployment's shape: an EAGLE-3 draft trained SpecForge's way at [1, 4, 7] of the 10-layer tiny
target, served with eagle_config [-1, 1, 4].

* broken server + draft config + target + training dump + the server's own log: the aux ids
  first, the fix [1, 4, 7] for SGLang 0.5.23 as a snippet (the release read from the live
  server), nothing else offered as that fix, the verdict ``collapsed``;
* the server serving [1, 4, 7]: no aux-id finding, the verdict computed from expected vs
  observed (the draft's designed accuracy 2/3, 0, 0);
* a capture-only SGLang server as the only evidence of the trained layers (no --target): doctor
  runs the capture-hidden sglang core on it with the training dump's tokens and derives the
  same fix.

Servers are shared through the session registry with test_sglang_founding_case.py (broken and
healthy) and test_sglang_capture.py (capture [1, 4, 7]): run the files together to start each
once. Alone: 3 server starts, 3-8 min on a busy 2-core machine (docs/testing.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specdiag.core.accept import ABOVE_MIN_RATIO, HEALTHY_MIN_RATIO
from tests.support import realservers
from tests.support.capture_models import specforge_dump
from tests.support.cli import run_cli

IDS = [421, 422, 413, 420, 282, 261, 416, 283, 300, 301, 302, 40, 41, 42, 50, 51]
ACC = "0.6667,0,0"  # the tiny draft's designed per-position accuracy (make_tiny_sglang.py)
SNIPPET_KEY = '"eagle_aux_hidden_state_layer_ids": [1, 4, 7]'
pytestmark = pytest.mark.timeout(1500)


@pytest.fixture(scope="module")
def setup() -> realservers.SglangSetup:
    got = realservers.require("sglang")
    assert isinstance(got, realservers.SglangSetup)
    return got


@pytest.fixture(scope="module")
def train(setup: realservers.SglangSetup, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sglang-doctor") / "hs" / "data_0.ckpt"
    return specforge_dump(setup.models / "t10" / "target", IDS, [1, 4, 7], out, pad=2)


def _doctor(srv: realservers.RealServer, *args: str) -> tuple[int, dict[str, Any], str]:
    res = run_cli(
        ["doctor", "--server", srv.url, *args, "--probe-requests", "3", "--max-tokens", "16",
         "--timeout", "300", "--json"]
    )  # fmt: skip
    if res.exit_code not in (0, 1):
        pytest.fail(f"doctor exit {res.exit_code}: {res.stderr}\n{srv.crash_report()}")
    doc: dict[str, Any] = res.json()
    return res.exit_code, doc, res.stderr


def _aux(doc: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in doc["checks"] if c["check"] == "aux-layer-ids")


def _only_fix_is_the_aux_fix(doc: dict[str, Any]) -> None:
    first = doc["findings"][0]
    assert first["check"] == "aux-layer-ids", [f["check"] for f in doc["findings"]]
    assert SNIPPET_KEY in (first["snippet"] or ""), first
    for f in doc["findings"][1:]:  # nothing else presented as the fix of the layer ids
        assert "eagle_aux_hidden_state_layer_ids" not in (f["snippet"] or ""), f
        assert "eagle_aux_hidden_state_layer_ids" not in (f["fix"] or ""), f


def test_doctor_live_broken_then_repaired(
    real_servers: realservers.RealServers, setup: realservers.SglangSetup, train: Path
) -> None:
    models = setup.models / "t10"
    common = ["--target", str(models / "target"), "--training-dump", str(train),
              "--acc", ACC, "--steps", "3"]  # fmt: skip

    broken = real_servers.sglang(target="t10", draft="m1_1_4", decode_log_interval=1)
    code, doc, _ = _doctor(
        broken, "--draft", str(models / "eagle3-m1_1_4"), "--logs", str(broken.log_path), *common
    )
    assert code == 1
    assert doc["engine"] == "sglang"
    assert doc["engine_version"] == setup.version
    assert doc["engine_version_from"].startswith("server"), doc["engine_version_from"]
    _only_fix_is_the_aux_fix(doc)
    aux = _aux(doc)
    assert aux["details"]["engine_hf"] == [0, 2, 5]  # -1 IS captured (the embedding) in 0.5.23
    assert aux["details"]["training_hf"] == [2, 5, 8]
    assert aux["details"]["suggested_ids"] == [1, 4, 7]
    assert aux["details"]["fix_ids"]["sglang"]["rule"] == f"measured on SGLang {setup.version}"
    assert "cannot capture" not in aux["message"]  # the old, false claim about -1
    assert doc["gap"]["verdict"] == "collapsed", doc["gap"]
    assert doc["status"] == "fail" and not doc["incomplete"]

    healthy = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)
    code, doc, _ = _doctor(
        healthy, "--draft", str(models / "eagle3-1_4_7"), "--logs", str(healthy.log_path), *common
    )
    aux = _aux(doc)
    assert aux["status"] == "pass", aux["message"]
    assert all(f["check"] != "aux-layer-ids" for f in doc["findings"])
    # read wrong before a real server was run: SGLang's "null" disaggregation mode (= off), and
    # the tiny target's token-only layers looking like the embedding though identified
    assert all(f["check"] not in ("parallelism", "training-dump") for f in doc["findings"])
    gap = doc["gap"]
    assert gap["observed_accept_length"] > 1.4, gap
    # the verdict is computed from observed / expected accepted drafts (bonus excluded)
    ratio = gap["observed_drafts"] / gap["expected_drafts"]
    assert gap["ratio"] == pytest.approx(ratio)
    want = (
        "above"
        if ratio >= ABOVE_MIN_RATIO
        else "healthy"
        if ratio >= HEALTHY_MIN_RATIO
        else "below"
    )
    assert gap["verdict"] == want, gap
    assert not doc["incomplete"]


def test_doctor_decides_from_a_live_capture_only_server(
    real_servers: realservers.RealServers, setup: realservers.SglangSetup, train: Path
) -> None:
    """No --target, no training log: a capture-only SGLang server of the target is the evidence
    of which layers training captured (the capture-hidden sglang core, run by doctor)."""
    cap = real_servers.sglang(target="t10", capture=True, capture_ids=[1, 4, 7], draft=None)
    draft = setup.models / "t10" / "eagle3-m1_1_4"
    code, doc, stderr = _doctor(
        cap, "--draft", str(draft), "--training-dump", str(train), "--no-run-target"
    )
    aux = _aux(doc)
    assert aux["status"] == "fail", aux["message"]
    assert aux["details"]["training_hf"] == [2, 5, 8]
    assert aux["details"]["suggested_ids"] == [1, 4, 7]
    assert any(e["source"] == "server" and "capture" in e["location"] for e in aux["evidence"]), (
        aux["evidence"]
    )
    assert any("capture-hidden sglang" in c for c in aux["confirm"]), aux["confirm"]
    _only_fix_is_the_aux_fix(doc)
    assert code == 1, stderr
