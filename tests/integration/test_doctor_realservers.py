"""``doctor`` against REAL vLLM (CPU) with the EAGLE-3 permutation pair (tests/support/realservers.py),
launched once with the right aux layer ids and once with ids written in the SpecForge/SGLang
convention (-1 for the embedding), which vLLM cannot capture. The fix comes from the training
log naming the ids trained (SpecForge [-1, 0, 1] = HF 0, 1, 2), in vLLM's convention for the
release the server reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import RealServerError, RealServers, VllmSetup, require


def _models() -> Path:
    setup = require("vllm")
    assert isinstance(setup, VllmSetup)
    return setup.models


def test_real_vllm_right_aux_ids(vllm_eagle3_perm: object) -> None:
    models = _models()
    srv = vllm_eagle3_perm
    r = run_cli(
        [
            "doctor",
            "--server",
            srv.url,  # type: ignore[attr-defined]
            "--draft",
            str(models / "eagle3-perm"),
            "--target",
            str(models / "target-perm"),
            "--logs",
            str(srv.log_path),  # type: ignore[attr-defined]
            "--acc",
            "1,0,0",
            "--probe-requests",
            "3",
            "--max-tokens",
            "24",
            "--json",
        ]
    )
    doc = r.json()
    checks = {c["check"]: c for c in doc["checks"]}
    assert doc["engine"] == "vllm"
    assert checks["aux-layer-ids"]["status"] == "pass", checks["aux-layer-ids"]["message"]
    assert checks["aux-layer-ids"]["details"]["ids"] == [0, 1, 2]
    # the version is read from the server, and the id rule was measured on that release
    assert (doc["engine_version"] or "").startswith("0.32"), doc["engine_version"]
    assert checks["aux-layer-ids"]["details"]["rule"] == "measured on vLLM 0.32.0"
    # the permutation pair accepts exactly the first draft: accept length 2.00
    assert doc["gap"] is not None and abs(doc["gap"]["observed_accept_length"] - 2.0) < 0.05
    assert doc["gap"]["verdict"] == "healthy"
    assert checks["log-errors"]["status"] == "pass", checks["log-errors"]["message"]
    assert checks["server-probe"]["status"] == "pass", checks["server-probe"]["message"]
    assert r.exit_code == 0, [c["check"] for c in doc["checks"] if c["status"] == "fail"]


def test_real_vllm_wrong_aux_ids(real_servers: RealServers, tmp_path: Path) -> None:
    models = _models()
    wrong = tmp_path / "eagle3-perm-specforge-ids"
    shutil.copytree(models / "eagle3-perm", wrong)
    cfg = json.loads((wrong / "config.json").read_text())
    cfg["eagle_aux_hidden_state_layer_ids"] = [-1, 0, 1]  # SpecForge/SGLang names, read by vLLM
    (wrong / "config.json").write_text(json.dumps(cfg))
    spec = {"method": "eagle3", "model": str(wrong), "num_speculative_tokens": 3}
    train_log = tmp_path / "train.log"
    train_log.write_text("draft config: eagle_aux_hidden_state_layer_ids: [-1, 0, 1]\n")
    args = [
        "doctor",
        "--draft",
        str(wrong),
        "--target",
        str(models / "target-perm"),
        "--training-log",
        str(train_log),
        "--json",
    ]
    try:
        srv = real_servers.vllm(
            fresh=True, method="eagle3-perm", extra_args=("--speculative-config", json.dumps(spec))
        )
    except RealServerError as exc:  # vLLM may refuse the ids already at start-up
        logs = sorted(
            real_servers.log_dir.glob("vllm-eagle3-perm-*.log"), key=lambda p: p.stat().st_mtime
        )
        assert logs, str(exc)
        r = run_cli([*args, "--logs", str(logs[-1]), "--engine", "vllm"])
        server_seen = None
    else:
        try:
            server_args = ["--server", srv.url, "--probe-requests", "2", "--max-tokens", "16"]
            r = run_cli([*args, *server_args, "--timeout", "30", "--logs", str(srv.log_path)])
            server_seen = srv.log_text()
        finally:
            srv.stop()
    doc = r.json()
    checks = {c["check"]: c for c in doc["checks"]}
    aux = checks["aux-layer-ids"]
    assert aux["status"] == "fail", aux["message"]
    assert "cannot capture" in aux["message"]
    assert aux["details"]["suggested_ids"] == [0, 1, 2]
    assert doc["findings"][0]["check"] == "aux-layer-ids"
    assert doc["findings"][0]["snippet"] == '"eagle_aux_hidden_state_layer_ids": [0, 1, 2]'
    # SGLang can capture no list naming the last of the 2 layers: no SGLang fix is offered
    assert set(aux["details"]["fix_ids"]) == {"vllm"}
    assert r.exit_code == 1
    if server_seen is not None:  # the server started and died at the first request
        assert checks["server-probe"]["status"] == "fail"
        errors = checks["log-errors"]
        assert errors["status"] == "fail"
        # vLLM's own words: fc wants 3 x 128 = 384 wide rows and got 2 x 128 per token
        assert "is invalid for input of size" in errors["message"], errors["message"]


def test_run_target_identifies_the_training_layers(tmp_path: Path) -> None:
    """--run-target: inspect-dump runs the real tiny HF target on the dump's tokens (no server)."""
    pytest.importorskip("transformers")
    from specdiag.core.hidden.capture_hf import hf_hidden_states
    from specdiag.workflows.synthetic import random_ids, save_record, specforge_record

    models = _models()
    target = models / "target"  # 2 random decoder layers, H = 128
    ids = random_ids(40, 424, seed=3)
    stack = hf_hidden_states(target, ids.tolist()).stack
    # training captured the embedding and both layer outputs (trainer ids -1, 0, 1 = HF 0, 1, 2)
    train = save_record(specforge_record(stack, (-1, 0, 1), ids), tmp_path / "hs" / "data_0.ckpt")
    draft = tmp_path / "draft"
    shutil.copytree(models / "eagle3-perm", draft)

    def run(ids_in_config: list[int]) -> dict[str, object]:
        cfg = json.loads((draft / "config.json").read_text())
        cfg["eagle_aux_hidden_state_layer_ids"] = ids_in_config
        (draft / "config.json").write_text(json.dumps(cfg))
        r = run_cli(
            [
                "doctor",
                "--draft",
                str(draft),
                "--target",
                str(target),
                "--training-dump",
                str(train.parent),
                "--run-target",
                "--engine",
                "vllm",
                "--json",
            ]
        )
        return next(c for c in r.json()["checks"] if c["check"] == "aux-layer-ids")

    ok = run([0, 1, 2])  # vLLM ids: embedding, after layer 1, after layer 2 = HF 0, 1, 2
    assert ok["status"] == "pass", ok["message"]
    assert ok["details"]["training_hf"] == [0, 1, 2]
    bad = run([1, 2, 2])
    assert bad["status"] == "fail"
    assert bad["details"]["suggested_ids"] == [0, 1, 2]
