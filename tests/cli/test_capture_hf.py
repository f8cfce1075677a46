"""capture-hidden hf, --print-server-args, and inspect-dump --target/--reference.

A random 6-layer Llama (transformers, float32, no tokenizer needed) stands in for the target;
the SpecForge-style dumps are made from the same weights at several aux id sets.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
import torch

from specdiag.core.hidden.capture import REFERENCE_FORMAT, read_capture_meta
from tests.support import paths
from tests.support.capture_models import LAYERS, hf_stack, make_deep_llama, specforge_dump
from tests.support.cli import run_cli

pytest.importorskip("transformers")

IDS = [1, 40, 41, 42, 43, 50, 51, 40, 41, 42, 60, 61, 62, 50, 51, 70]


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_deep_llama(tmp_path_factory.mktemp("hf") / "deep")


@pytest.fixture(scope="module")
def dumps(model: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("dumps")
    sets = {"124": [1, 2, 4], "035": [0, 3, 5], "012": [0, 1, 2], "second": [1, 2, 4]}
    out = {}
    for name, ids in sets.items():
        tokens = IDS if name != "second" else [*IDS[::-1], 5, 6]
        out[name] = specforge_dump(model, tokens, ids, d / f"rows_0-2000/data_{name}.ckpt", pad=2)
    return out


def test_hf_reference_is_every_layer_embedding_first(
    model: Path, dumps: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "reference.safetensors"
    res = run_cli(
        ["capture-hidden", "hf", str(model), "--like", str(dumps["124"]), "-o", str(out),
         "--dtype", "float32", "--json"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    doc = res.json()  # stdout is the JSON document alone (no transformers load report)
    assert doc["source"] == "hf" and doc["chunks"] == LAYERS + 1 and doc["tokens"] == len(IDS)
    from safetensors.torch import load_file

    data = load_file(out)
    assert data["hidden_states"].shape == (LAYERS + 1, len(IDS), 64)
    assert data["input_ids"].tolist() == IDS  # padding left out
    assert torch.allclose(data["hidden_states"], hf_stack(model, IDS), atol=1e-6)
    meta = read_capture_meta(out)
    assert meta is not None and meta.format == REFERENCE_FORMAT and meta.engine == "hf"
    # the file compare-hidden --reference takes: a dump against itself, every chunk named
    cmp = run_cli(
        ["compare-hidden", str(dumps["124"]), str(dumps["124"]), "--reference", str(out), "--json"]
    )
    assert cmp.exit_code == 0, cmp.stderr
    assert [c["identified_hf_index"] for c in cmp.json()["chunks"]] == [2, 3, 5]


@pytest.mark.parametrize(
    ("name", "hf", "vllm"),
    [("124", [2, 3, 5], [2, 3, 5]), ("035", [1, 4, 6], [1, 4, 6]), ("012", [1, 2, 3], [1, 2, 3])],
)
def test_inspect_dump_model_names_the_layers(
    model: Path, dumps: dict[str, Path], name: str, hf: list[int], vllm: list[int]
) -> None:
    res = run_cli(["inspect-dump", str(dumps[name]), "--target", str(model), "--json"])
    assert res.exit_code == 0, res.stderr
    lr = res.json()["layers"][0]
    assert [c["hf_index"] for c in lr["chunks"]] == hf
    assert all(c["exact"] for c in lr["chunks"])
    assert lr["layer_ids"]["specforge"] == [h - 1 for h in hf]
    assert lr["layer_ids"]["sglang"] == [h - 1 for h in hf]
    assert lr["layer_ids"]["vllm"] == vllm
    assert lr["num_layers"] == LAYERS and lr["tokens"] == len(IDS)
    if LAYERS in hf:  # the final normed output: vLLM's id captures it before the norm
        assert any("before the final norm" in n for n in lr["notes"])


def test_inspect_dump_model_human_view_and_several_files(
    model: Path, dumps: dict[str, Path]
) -> None:
    res = run_cli(
        ["inspect-dump", str(dumps["124"]), str(dumps["second"]), "--target", str(model),
         "--identify", "0"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    assert res.stdout.count("Layers of") == 2
    assert "vLLM [2, 3, 5]" in res.stdout and "SGLang / SpecForge [1, 2, 4]" in res.stdout


def test_inspect_dump_reference_file(model: Path, dumps: dict[str, Path], tmp_path: Path) -> None:
    ref = tmp_path / "ref.safetensors"
    assert (
        run_cli(
            [
                "capture-hidden",
                "--from",
                "hf",
                str(model),
                "--like",
                str(dumps["035"]),
                "-o",
                str(ref),
            ]
        ).exit_code
        == 0
    )
    res = run_cli(["inspect-dump", str(dumps["035"]), "--reference", str(ref), "--json"])
    assert res.exit_code == 0, res.stderr
    assert [c["hf_index"] for c in res.json()["layers"][0]["chunks"]] == [1, 4, 6]
    # a reference of other tokens says so
    other = run_cli(["inspect-dump", str(dumps["second"]), "--reference", str(ref)])
    assert other.exit_code == 3 and "do not contain" in other.stderr


def test_hf_bad_input(model: Path, dumps: dict[str, Path], tmp_path: Path) -> None:
    res = run_cli(
        ["capture-hidden", "hf", str(model), "--prompt-ids", "1,2,5000",
         "-o", str(tmp_path / "x.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3 and "vocabulary" in res.stderr and "hint:" in res.stderr
    res = run_cli(
        ["capture-hidden", "hf", str(tmp_path), "--prompt-ids", "1,2",
         "-o", str(tmp_path / "y.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 3 and "config.json" in res.stderr
    res = run_cli(
        ["capture-hidden", "hf", str(model), "--prompt", "hello", "-o",
         str(tmp_path / "z.safetensors")]
    )  # fmt: skip
    assert res.exit_code == 2
    res = run_cli(
        ["capture-hidden", "hf", str(model), "--like", str(dumps["124"]), "-o",
         str(tmp_path / "c.safetensors"), "--compare", str(dumps["124"])]
    )  # fmt: skip
    assert res.exit_code == 2 and "No such option: --compare" in res.stderr  # a server's flag
    out = tmp_path / "exists.safetensors"
    out.write_bytes(b"keep")
    res = run_cli(["capture-hidden", "hf", str(model), "--like", str(dumps["124"]), "-o", str(out)])
    assert res.exit_code == 2 and "--force" in res.stderr and out.read_bytes() == b"keep"


def test_print_server_args_exact_flags() -> None:
    # the training ids 1,29,57 name the layers vLLM is launched with as 2,30,58
    res = run_cli(
        ["capture-hidden", "vllm", "--print-server-args", "--served-layers", "1,29,57",
         "--layer-convention", "specforge"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    argv = shlex.split(res.stdout)
    assert argv[0] == "--speculative-config" and argv[2] == "--kv-transfer-config"
    assert len(argv) == 4 and res.stdout.count("\n") == 1  # the flags alone
    spec, kv = json.loads(argv[1]), json.loads(argv[3])
    assert spec == {
        "method": "extract_hidden_states",
        "num_speculative_tokens": 1,
        "draft_model_config": {"hf_config": {"eagle_aux_hidden_state_layer_ids": [2, 30, 58]}},
    }
    assert kv["kv_connector"] == "SpecdiagHiddenStatesConnector"
    assert kv["kv_connector_module_path"] == "specdiag.vllm_connector"
    assert kv["kv_role"] == "kv_producer"
    gpu = run_cli(
        ["capture-hidden", "vllm", "--print-server-args", "--served-layers", "2,30,58", "--layer-convention", "vllm",
         "--connector", "vllm",
         "--storage", "/data/hs"]
    )  # fmt: skip
    kv = json.loads(shlex.split(gpu.stdout)[3])
    assert kv["kv_connector"] == "ExampleHiddenStatesConnector"
    assert "kv_connector_module_path" not in kv
    assert kv["kv_connector_extra_config"] == {"shared_storage_path": "/data/hs"}
    unsaid = run_cli(
        ["capture-hidden", "vllm", "--print-server-args", "--served-layers", "2,30,58"]
    )
    assert unsaid.exit_code == 2 and "--layer-convention" in unsaid.stderr  # never guessed
    bad = run_cli(
        [
            "capture-hidden",
            "vllm",
            "--print-server-args",
            "--served-layers",
            "-1,2",
            "--layer-convention",
            "vllm",
        ]
    )
    assert bad.exit_code == 2 and "vLLM" in bad.stderr
    none = run_cli(["capture-hidden", "vllm", "--print-server-args"])
    assert none.exit_code == 2 and "--served-layers" in none.stderr


def test_inspect_dump_usage_hints(tmp_path: Path) -> None:
    res = run_cli(["inspect-dump", str(tmp_path), "--workers", "0"])
    assert res.exit_code == 2 and "hint:" in res.stderr
    res = run_cli(["inspect-dump", str(tmp_path / "missing")])
    assert res.exit_code == 3 and "hint:" in res.stderr
    res = run_cli(["inspect-dump", str(tmp_path), "--target", "a", "--reference", "b"])
    assert res.exit_code == 2


def test_inspect_dump_json_keys_unchanged(dumps: dict[str, Path]) -> None:
    res = run_cli(["inspect-dump", str(dumps["124"]), "--json"])
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert list(doc) == [
        "ok", "files_scanned", "bad_files", "hidden_sizes", "dtypes", "key_sets", "problems",
        "files", "vocab_mapping",
    ]  # fmt: skip
    assert set(doc["files"][0]) == {
        "path", "ok", "error", "format", "tensors", "feature_key", "dtype", "tokens", "padding",
        "padding_share", "loss_mask_share", "nonfinite", "hidden_size", "chunks", "fingerprint",
        "ascending", "embedding_chunks", "problems", "warnings",
    }  # fmt: skip
    assert set(doc["files"][0]["tensors"][0]) == {"key", "shape", "dtype"}
    assert set(doc["files"][0]["fingerprint"][0]) == {"index", "rms_mean", "rms_std", "abs_max"}


def test_parallel_scan_equals_serial(dumps: dict[str, Path]) -> None:
    root = dumps["124"].parent.parent
    one = run_cli(["inspect-dump", str(root), "--json"]).json()
    two = run_cli(["inspect-dump", str(root), "--workers", "2", "--json"]).json()
    assert one == two and one["files_scanned"] == 4


def test_hf_device_map_and_offload_give_the_same_stack(
    model: Path, dumps: dict[str, Path], tmp_path: Path
) -> None:
    pytest.importorskip("accelerate")
    out = tmp_path / "mapped.safetensors"
    res = run_cli(
        ["capture-hidden", "hf", str(model), "--like", str(dumps["124"]), "-o", str(out),
         "--device-map", "auto", "--offload-dir", str(tmp_path / "offload"), "--dtype", "float32"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    from safetensors.torch import load_file

    assert torch.allclose(load_file(out)["hidden_states"], hf_stack(model, IDS), atol=1e-6)


def test_print_server_args_imports_nothing_heavy() -> None:
    import subprocess
    import sys

    code = (
        "import sys\nfrom specdiag.cli.app import main\n"
        "main(['capture-hidden', '--print-server-args', '--layers', '1,2'])\n"
        "print(sorted(m for m in ('torch', 'numpy', 'httpx', 'transformers') if m in sys.modules),"
        " file=sys.stderr)"
    )
    root = paths.REPO
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip().splitlines()[-1] == "[]"
