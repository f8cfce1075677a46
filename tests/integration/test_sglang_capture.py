"""``capture-hidden sglang URL`` end to end against a REAL capture-only SGLang server.

One server (module-scoped): the 10-layer tiny target in SGLang's capture-only mode
(``--enable-return-aux-hidden-states``, no draft) with SGLang ids [1, 4, 7]. SGLang adds +1 to
every id, so it captures HF ``hidden_states[2, 5, 8]`` = the outputs of layers 1, 4 and 7: what a
draft trained by SpecForge at [1, 4, 7] is fed. Training dumps are made SpecForge's way (HF
forward of the same weights, aux id k -> ``hidden_states[k+1]``):

* training [1, 4, 7] -> match;
* training [2, 5, 8] -> every id one layer off: mismatch, each served chunk identified as one
  layer EARLIER than training, and the corrected SGLang ids [2, 5, 8];
* the embedding id (-1) of the founding deployment's shift: SGLang's capture-only mode refuses
  negative ids, which capture-hidden explains (the served draft IS fed the embedding there; the
  founding-case test shows what that does to acceptance).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specdiag.core.hidden.capture import SERVED_FORMAT, read_capture_meta
from tests.support import realservers
from tests.support.capture_models import specforge_dump
from tests.support.cli import run_cli

IDS = [421, 422, 413, 420, 282, 261, 416, 283, 300, 301, 302, 40, 41, 42, 50, 51]
SERVED = [1, 4, 7]

# a server start takes 15-30 s idle but minutes on a busy 2-core machine (docs/testing.md)
pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def setup() -> realservers.SglangSetup:
    got = realservers.require("sglang")
    assert isinstance(got, realservers.SglangSetup)
    return got


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sglang-capture")


@pytest.fixture(scope="module")
def training(work: Path, setup: realservers.SglangSetup) -> dict[str, Path]:
    target = setup.models / "t10" / "target"
    return {
        name: specforge_dump(target, IDS, ids, work / f"train{name}" / "data_0.ckpt", pad=2)
        for name, ids in (("147", [1, 4, 7]), ("258", [2, 5, 8]))
    }


@pytest.fixture(scope="module")
def server(real_servers: realservers.RealServers) -> realservers.RealServer:
    # shared with the founding-case test (the same ids)
    return real_servers.sglang(target="t10", capture=True, capture_ids=SERVED, draft=None)


def _capture(srv: realservers.RealServer, *args: str) -> Any:
    res = run_cli(["capture-hidden", "sglang", srv.url, *args, "--json"])
    if res.exit_code not in (0, 1):
        pytest.fail(f"capture-hidden exit {res.exit_code}: {res.stderr}\n{srv.crash_report()}")
    return res


def test_right_ids_match_and_the_dump_records_them(
    server: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    out = work / "served.safetensors"
    train = training["147"]
    res = _capture(
        server, "--like", str(train), "-o", str(out), "--compare", str(train),
        "--training-layers", "1,4,7",
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert doc["source"] == "sglang" and doc["engine_version"] == server.config["version"]
    assert doc["tokens"] == len(IDS) and doc["chunks"] == 3 and doc["hidden_size"] == 128
    assert doc["layer_ids"] == SERVED and doc["hf_indices"] == [2, 5, 8]  # +1 on every id
    assert doc["comparison"]["match"] is True
    meta = read_capture_meta(out)
    assert meta is not None and meta.format == SERVED_FORMAT
    assert meta.engine == "sglang" and meta.layer_ids == tuple(SERVED)
    again = run_cli(
        ["compare-hidden", str(out), str(train), "--training-layers", "1,4,7", "--json"]
    )
    assert again.exit_code == 0, again.stderr
    assert again.json()["engine"] == "sglang"


def test_every_id_one_layer_off(
    server: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    train = training["258"]
    res = _capture(
        server, "--like", str(train), "-o", str(work / "served_off.safetensors"),
        "--compare", str(train), "--training-layers", "2,5,8",
    )  # fmt: skip
    assert res.exit_code == 1
    cmp = res.json()["comparison"]
    assert cmp["match"] is False
    assert cmp["suggested_layer_ids"]["sglang"] == [2, 5, 8]
    assert "EARLIER" in " ".join(cmp["diagnosis"]).upper()
    assert "error:" in res.stderr


def test_given_layers_must_be_the_servers(
    server: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    res = run_cli(
        ["capture-hidden", "sglang", server.url, "--like", str(training["147"]),
         "--served-layers", "0,4,7", "-o", str(work / "x.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 2
    assert "1,4,7" in res.stderr


def test_embedding_id_refused_in_capture_mode_and_explained() -> None:
    res = run_cli(["capture-hidden", "sglang", "--print-server-args", "--served-layers", "-1,1,4"])
    assert res.exit_code == 2
    assert "non-negative" in res.stderr and "hidden_states[0]" in res.stderr
    ok = run_cli(["capture-hidden", "sglang", "--print-server-args", "--served-layers", "1,4,7"])
    assert ok.exit_code == 0
    assert "--enable-return-aux-hidden-states" in ok.stdout
    assert "--return-aux-hidden-state-layer-ids 1 4 7" in ok.stdout
    assert "--disable-radix-cache" in ok.stdout


def test_a_serving_server_is_not_a_capture_server(
    real_servers: realservers.RealServers, training: dict[str, Path], work: Path
) -> None:
    srv = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)
    res = run_cli(
        ["capture-hidden", "sglang", srv.url, "--like", str(training["147"]),
         "-o", str(work / "y.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3
    assert "capture mode" in res.stderr and "--enable-return-aux-hidden-states" in res.stderr
