"""`specdiag compare-hidden` and `specdiag inspect-dump` end to end (files on disk, exit codes, JSON)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from specdiag.workflows.synthetic import (
    make_case,
    save_record,
    specforge_record,
    write_specforge_dir,
)
from tests.support.cli import run_cli

CHUNK_KEYS = {
    "index",
    "max_abs_diff",
    "mean_abs_diff",
    "rel_l2",
    "cosine_mean",
    "cosine_min",
    "match",
    "best_train_chunk",
    "best_cosine",
    "identified_layer",
}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hidden")
    out: dict[str, Path] = {}
    for scenario in ("matching", "collapsed", "off-by-one"):
        case = make_case(scenario)
        out[f"{scenario}-train"] = save_record(
            case.training_record, root / f"{scenario}" / "data_0.ckpt"
        )
        out[f"{scenario}-served"] = save_record(
            case.served_record(), root / f"{scenario}-served.pt"
        )
        torch.save(case.reference, root / f"{scenario}-ref.pt")
        out[f"{scenario}-ref"] = root / f"{scenario}-ref.pt"
    return out


def test_matching_exit_0_and_json_keys(files: dict[str, Path]) -> None:
    r = run_cli(
        [
            "compare-hidden",
            str(files["matching-served"]),
            str(files["matching-train"]),
            "--training-layers",
            "1,3,5",
            "--json",
        ]
    )
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    for key in (
        "match",
        "tokens_compared",
        "chunks",
        "similarity",
        "diagnosis",
        "suggested_layer_ids",
    ):
        assert key in doc
    assert doc["match"] is True and doc["tokens_compared"] == 48
    assert len(doc["chunks"]) == 3 and set(doc["chunks"][0]) >= CHUNK_KEYS
    assert [c["identified_layer"] for c in doc["chunks"]] == [1, 3, 5]
    assert len(doc["similarity"]) == 3 and len(doc["similarity"][0]) == 3
    assert doc["suggested_layer_ids"] == {"sglang": [1, 3, 5], "vllm": [2, 4, 6]}


def test_seed_case_exit_1_with_report_first(files: dict[str, Path]) -> None:
    args = [
        "compare-hidden",
        str(files["collapsed-served"]),
        str(files["collapsed-train"]),
        "--training-layers",
        "1,3,5",
        "--served-layers",
        "-1,1,3",
        "--engine",
        "sglang",
    ]
    r = run_cli([*args, "--json"])
    assert r.exit_code == 1
    doc = r.json()  # the report is on stdout before the failure
    assert doc["match"] is False
    assert doc["chunks"][0]["identified_layer"] == -1
    assert [c["best_train_chunk"] for c in doc["chunks"][1:]] == [0, 1]
    assert doc["suggested_layer_ids"] == {"sglang": [1, 3, 5]}
    assert "error: the served hidden states do not match" in r.stderr
    human = run_cli(args)
    assert human.exit_code == 1
    assert "served chunk 0 is the embedding output" in human.stdout
    assert "MISMATCH" in human.stdout
    assert "[1, 3, 5] for sglang" in human.stdout
    assert "(cos)" in human.stdout  # whole tensors: the best training chunk with its cosine


def test_off_by_one_with_reference_cli(files: dict[str, Path]) -> None:
    r = run_cli(
        [
            "compare-hidden",
            str(files["off-by-one-served"]),
            str(files["off-by-one-train"]),
            "--reference",
            str(files["off-by-one-ref"]),
            "--engine",
            "vllm",
            "--json",
        ]
    )
    assert r.exit_code == 1
    doc = r.json()
    assert [c["identified_layer"] for c in doc["chunks"]] == [0, 2, 4]
    assert "off-by-one" in doc["findings"]
    assert doc["suggested_layer_ids"] == {"vllm": [2, 4, 6]}
    assert len(doc["reference_similarity"][0]) == 9


def test_values_cli(files: dict[str, Path]) -> None:
    case = make_case("matching")
    vals = ", ".join(f"{v:.4f}" for v in case.served_aux[3, 48:53].float().tolist())
    r = run_cli(
        [
            "compare-hidden",
            str(files["matching-train"]),
            "--values",
            f"hs_first5=[{vals}]",
            "--json",
        ]
    )
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    assert doc["mode"] == "values"
    assert doc["chunks"][0]["best_train_chunk"] == 1 and doc["chunks"][0]["token"] == 3
    bad = run_cli(["compare-hidden", str(files["matching-train"]), "--values", "9.5, 9.5, 9.5"])
    assert bad.exit_code == 1
    assert "matches no training slice" in bad.stdout
    # a snippet's row shows the best training chunk without a cosine: the header says so
    assert "best train" in bad.stdout and "(cos)" not in bad.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["only-one.pt"], "expected SERVED and TRAINING"),
        (["a.pt", "b.pt", "--values", "1,2"], "only the TRAINING"),
        (["a.pt", "b.pt", "--training-layers", "x"], "not an integer"),
        (["a.pt", "b.pt", "--block-tokens", "0"], "--block-tokens"),
        (["a.pt", "b.pt", "--engine", "tgi"], ""),
    ],
)
def test_usage_errors_exit_2(args: list[str], needle: str) -> None:
    r = run_cli(["compare-hidden", *args])
    assert r.exit_code == 2
    assert needle in r.stderr


def test_malicious_pickle_exit_3(tmp_path: Path, files: dict[str, Path]) -> None:
    marker = tmp_path / "PWNED"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {marker}",))

    evil = tmp_path / "served.pt"
    evil.write_bytes(pickle.dumps({"aux_hidden_state": Evil()}))
    r = run_cli(["compare-hidden", str(evil), str(files["matching-train"])])
    assert r.exit_code == 3
    assert "refused to load" in r.stderr
    assert not marker.exists()


def test_truncated_file_exit_3(tmp_path: Path, files: dict[str, Path]) -> None:
    data = files["matching-train"].read_bytes()
    cut = tmp_path / "cut.ckpt"
    cut.write_bytes(data[: len(data) // 3])
    r = run_cli(["compare-hidden", str(files["matching-served"]), str(cut)])
    assert r.exit_code == 3
    assert "cut.ckpt" in r.stderr and "hint:" in r.stderr


def test_missing_torch_exit_3(monkeypatch: pytest.MonkeyPatch, files: dict[str, Path]) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    r = run_cli(["compare-hidden", str(files["matching-served"]), str(files["matching-train"])])
    assert r.exit_code == 3
    assert "pip install 'specdiag[tensors]'" in r.stderr


def test_command_modules_do_not_import_torch() -> None:
    code = (
        "import sys; import specdiag.cli.compare_hidden, specdiag.cli.inspect_dump, "
        "specdiag.core.hidden.compare, specdiag.core.hidden.inspect; "
        "print('torch' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


# ------------------------------------------------------------------------------------------
# inspect-dump


@pytest.fixture(scope="module")
def specforge_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("specforge")
    case = make_case("matching", num_tokens=24)
    recs = [
        specforge_record(
            case.reference[:, : 20 + i], (1, 3, 5), case.input_ids[: 20 + i], pad_to=24
        )
        for i in range(4)
    ]
    paths = write_specforge_dir(root, recs, group_size=2)
    data = paths[2].read_bytes()
    paths[2].write_bytes(data[: len(data) // 2])  # one corrupt file
    d2t = torch.tensor([0, 1, 1, 3, 5])  # target ids 0, 2, 3, 6, 9
    t2d = torch.zeros(12, dtype=torch.bool)
    t2d[[0, 2, 3, 6, 9]] = True
    (root / "vocab_mapping").mkdir()
    torch.save({"d2t": d2t, "t2d": t2d}, root / "vocab_mapping" / "vocab_mapping.pt")
    return root


def test_inspect_directory_names_the_corrupt_file(specforge_dir: Path) -> None:
    r = run_cli(["inspect-dump", str(specforge_dir), "--json"])
    assert r.exit_code == 1
    doc = r.json()
    assert doc["files_scanned"] == 4
    assert len(doc["bad_files"]) == 1 and doc["bad_files"][0].endswith("rows_2-4/data_2.ckpt")
    good = [f for f in doc["files"] if f["ok"]]
    assert len(good) == 3
    f0 = next(f for f in good if f["path"].endswith("data_0.ckpt"))
    assert f0["format"] == "specforge" and f0["hidden_size"] == 48 and f0["chunks"] == 3
    assert f0["padding"] == 4 and f0["padding_share"] == pytest.approx(4 / 24)
    assert 0 < f0["loss_mask_share"] < 1
    assert f0["ascending"] is True
    assert {t["key"] for t in f0["tensors"]} == {
        "input_ids",
        "loss_mask",
        "aux_hidden_state",
        "hidden_state",
    }
    assert [v["ok"] for v in doc["vocab_mapping"]] == [True]
    assert doc["vocab_mapping"][0]["draft_vocab_size"] == 5
    assert "data_2.ckpt" in r.stderr


def test_inspect_parallel_matches_serial(specforge_dir: Path) -> None:
    serial = run_cli(["inspect-dump", str(specforge_dir), "--json"]).json()
    parallel = run_cli(["inspect-dump", str(specforge_dir), "--json", "--workers", "2"]).json()
    assert serial == parallel


def test_inspect_consistent_files_exit_0_and_human(tmp_path: Path) -> None:
    case = make_case("matching", num_tokens=16)
    save_record(case.training_record, tmp_path / "a.ckpt")
    save_record(case.training_record, tmp_path / "b.ckpt.gz")
    r = run_cli(["inspect-dump", str(tmp_path / "a.ckpt"), str(tmp_path / "b.ckpt.gz")])
    assert r.exit_code == 0, r.stderr
    assert "consistent" in r.stdout and "aux_hidden_state" in r.stdout


def test_inspect_flags_inconsistent_hidden_size_and_nan(tmp_path: Path) -> None:
    case = make_case("matching", num_tokens=16)
    small = make_case("matching", num_tokens=16, hidden_size=32)
    for i in range(2):
        save_record(case.training_record, tmp_path / f"data_{i}.ckpt")
    save_record(small.training_record, tmp_path / "data_2.ckpt")
    nan = dict(case.training_record)
    nan["aux_hidden_state"] = nan["aux_hidden_state"].clone()
    nan["aux_hidden_state"][0, 3, 7] = float("nan")
    save_record(nan, tmp_path / "data_3.ckpt")
    r = run_cli(["inspect-dump", str(tmp_path), "--json"])
    assert r.exit_code == 1
    doc = r.json()
    bad = {Path(p).name for p in doc["bad_files"]}
    assert bad == {"data_2.ckpt", "data_3.ckpt"}
    assert any("hidden size differs" in p for p in doc["problems"])
    f3 = next(f for f in doc["files"] if f["path"].endswith("data_3.ckpt"))
    assert f3["nonfinite"]["aux_hidden_state"] == 1


def test_inspect_bad_vocab_map(tmp_path: Path) -> None:
    torch.save(
        {"d2t": torch.arange(5), "t2d": torch.ones(10, dtype=torch.bool)},
        tmp_path / "vocab_mapping.pt",
    )
    r = run_cli(["inspect-dump", str(tmp_path), "--json"])
    assert r.exit_code == 1
    (v,) = r.json()["vocab_mapping"]
    assert not v["ok"] and any("arange" in p or "t2d marks" in p for p in v["problems"])


def test_inspect_nothing_to_scan(tmp_path: Path) -> None:
    assert run_cli(["inspect-dump", str(tmp_path / "missing")]).exit_code == 3
    (tmp_path / "empty").mkdir()
    assert run_cli(["inspect-dump", str(tmp_path / "empty")]).exit_code == 3
    assert run_cli(["inspect-dump", str(tmp_path), "--workers", "0"]).exit_code == 2


def test_inspect_reports_a_refused_pickle_and_goes_on(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"touch {marker}",))

    case = make_case("matching", num_tokens=16)
    save_record(case.training_record, tmp_path / "data_0.ckpt")
    (tmp_path / "data_1.ckpt").write_bytes(pickle.dumps({"aux_hidden_state": Evil()}))
    r = run_cli(["inspect-dump", str(tmp_path), "--json"])
    assert r.exit_code == 1
    doc = r.json()
    assert [Path(p).name for p in doc["bad_files"]] == ["data_1.ckpt"]
    bad = next(f for f in doc["files"] if f["path"].endswith("data_1.ckpt"))
    assert "refused to load" in bad["error"]
    assert not marker.exists()


def test_inspect_names_an_embedding_slot(tmp_path: Path) -> None:
    """The seed case's served capture: chunk 0 is the embedding, though the norms ascend."""
    bad = make_case("collapsed")
    good = make_case("matching")
    save_record(bad.served_record(), tmp_path / "served_bad.pt")
    save_record(good.served_record(), tmp_path / "served_good.pt")
    r = run_cli(["inspect-dump", str(tmp_path), "--json"])
    doc = r.json()
    files = {Path(f["path"]).name: f for f in doc["files"]}
    assert any("chunk 0" in w and "embedding" in w for w in files["served_bad.pt"]["warnings"])
    assert not any("embedding" in w for w in files["served_good.pt"]["warnings"])
    assert files["served_bad.pt"]["embedding_chunks"] == [0]
    assert files["served_good.pt"]["embedding_chunks"] == []


def test_inspect_checks_a_vocab_map_under_another_name(tmp_path: Path) -> None:
    """A d2t/t2d file not named vocab_mapping* is checked as a vocab map, not a bad dump."""
    d2t = torch.tensor([0, 1, 1, 2, 4])
    t2d = torch.zeros(12, dtype=torch.bool)
    t2d[torch.arange(5) + d2t] = True
    torch.save({"d2t": d2t, "t2d": t2d}, tmp_path / "draft_vocab.pt")
    case = make_case("matching", num_tokens=16)
    save_record(case.training_record, tmp_path / "data_0.ckpt")
    r = run_cli(["inspect-dump", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.stdout + r.stderr
    doc = r.json()
    assert [Path(f["path"]).name for f in doc["files"]] == ["data_0.ckpt"]
    (v,) = doc["vocab_mapping"]
    assert v["ok"] and Path(v["path"]).name == "draft_vocab.pt"


def test_training_and_served_layers_each_have_one_reading(files: dict[str, Path]) -> None:
    """--training-layers: SpecForge ids; --served-layers: read with --layer-convention (default
    --engine's); the old --layers (training ids read with --layer-convention) still works."""
    pair = [str(files["matching-served"]), str(files["matching-train"])]
    new = run_cli(["compare-hidden", *pair, "--training-layers", "1,3,5", "--json"])
    assert new.exit_code == 0, new.stderr
    old = run_cli(["compare-hidden", *pair, "--layers", "2,4,6", "--layer-convention", "vllm",
                   "--json"])  # fmt: skip
    assert (
        "warning: --layers is deprecated and will be removed; use --training-layers" in old.stderr
    )
    assert old.exit_code == 0, old.stderr
    assert old.json()["training_layers"] == new.json()["training_layers"] == [1, 3, 5]
    both = run_cli(["compare-hidden", *pair, "--layers", "1,3,5", "--training-layers", "1,3,5"])
    assert both.exit_code == 2 and "--layers and --training-layers are the same flag" in both.stderr
    lone = run_cli(["compare-hidden", *pair, "--training-layers", "1,3,5", "--layer-convention",
                    "vllm"])  # fmt: skip
    assert lone.exit_code == 2 and "--layer-convention reads --served-layers" in lone.stderr
    # vLLM's ids 2,4,6 written as training ids with --layer-convention specforge: the same
    engine = ["--training-layers", "1,3,5", "--engine", "vllm", "--json"]
    as_vllm = run_cli(["compare-hidden", *pair, *engine, "--served-layers", "2,4,6"])
    as_spec = run_cli(["compare-hidden", *pair, *engine, "--served-layers", "1,3,5",
                       "--layer-convention", "specforge"])  # fmt: skip
    assert as_vllm.exit_code == as_spec.exit_code, (as_vllm.stderr, as_spec.stderr)
    assert as_vllm.json()["served_layers"] == as_spec.json()["served_layers"] == [2, 4, 6]
