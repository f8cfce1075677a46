"""The deployment specdiag was created for, replayed on a REAL SGLang server.

An EAGLE-3 draft trained (SpecForge's way) on aux ids [1, 4, 7] of the 10-layer tiny target is
served by SGLang with ``eagle_config.eagle_aux_hidden_state_layer_ids`` = [-1, 1, 4]: the
embedding prepended, the last id dropped. SGLang 0.5.23 captures id -1 (the embedding output)
and feeds it to the draft's first fc slot, where training put the output of layer 1. specdiag:

1. ``probe`` and ``logs`` show the accept length collapsed to ~1 (bonus included);
2. ``capture-hidden hf`` + ``inspect-dump --reference`` name the layers the training dump holds
   and the SGLang ids that capture them: [1, 4, 7];
3. ``capture-hidden sglang`` on a capture-only server with those ids matches the training dump
   tensor for tensor;
4. served with [1, 4, 7], the same draft is healthy (accept length ~1.6 on this draft).

Servers: the broken one (its own), the healthy one and the capture one (shared with
test_sglang_facts.py and test_sglang_capture.py through the session registry).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import realservers
from tests.support.capture_models import specforge_dump
from tests.support.cli import run_cli

IDS = [421, 422, 413, 420, 282, 261, 416, 283, 300, 301, 302, 40, 41, 42, 50, 51]
TRAINED = [1, 4, 7]
# four server starts: 15-30 s each idle, minutes on a busy 2-core machine (docs/testing.md)
pytestmark = pytest.mark.timeout(1200)


def _probe(srv: realservers.RealServer) -> dict[str, Any]:
    res = run_cli(
        ["probe", srv.url, "--json", "-n", "3", "--max-tokens", "16", "--api", "native",
         "--ignore-eos", "--no-stream", "--timeout", "300"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    doc: dict[str, Any] = res.json()
    return doc


def test_founding_case_found_and_fixed(
    real_servers: realservers.RealServers, tmp_path: Path
) -> None:
    setup = realservers.require("sglang")
    assert isinstance(setup, realservers.SglangSetup)
    target = setup.models / "t10" / "target"
    train = specforge_dump(target, IDS, TRAINED, tmp_path / "train" / "data_0.ckpt", pad=2)

    # 1. the served draft with [-1, 1, 4]: accept length ~1, in probe and in the log
    broken = real_servers.sglang(target="t10", draft="m1_1_4", decode_log_interval=1)
    offset = broken.wait_quiet()
    bad = _probe(broken)["accept_length"]
    assert bad["pooled"] < 1.1, bad
    log = tmp_path / "broken.log"
    log.write_text(broken.log_text(offset))
    res = run_cli(["logs", str(log), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    sgl = res.json()["files"][0]["engines"]["sglang"]
    assert sgl["accept_length"]["mean"] < 1.1

    # 2. which layers did training use, and which SGLang ids capture them?
    ref = tmp_path / "reference.safetensors"
    res = run_cli(["capture-hidden", "hf", str(target), "--like", str(train), "-o", str(ref)])
    assert res.exit_code == 0, res.stderr
    res = run_cli(["inspect-dump", str(train), "--reference", str(ref), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    layers = res.json()["layers"][0]
    assert layers["layer_ids"]["specforge"] == TRAINED
    assert layers["layer_ids"]["sglang"] == TRAINED  # the fix: what eagle_config must say

    # 3. SGLang's own capture with those ids is exactly the training tensors
    cap = real_servers.sglang(target="t10", capture=True, capture_ids=TRAINED, draft=None)
    res = run_cli(
        ["capture-hidden", "sglang", cap.url, "--like", str(train), "-o",
         str(tmp_path / "served.safetensors"), "--compare", str(train), "--training-layers",
         "1,4,7", "--json"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    assert res.json()["comparison"]["match"] is True

    # 4. served with [1, 4, 7]: healthy
    healthy = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)
    good = _probe(healthy)["accept_length"]
    assert good["pooled"] > 1.4, good
    assert good["pooled"] > bad["pooled"] + 0.3
