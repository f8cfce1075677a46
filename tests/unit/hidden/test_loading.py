"""Loaders for hidden-state dumps: formats, layouts, padding, safety against code-running pickles."""

from __future__ import annotations

import gzip
import os
import pickle
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from specdiag.core.hidden.loading import (
    Layout,
    load_dump,
    load_file,
    require_torch,
)
from specdiag.core.hidden.values import parse_values
from specdiag.errors import InputError, UsageError
from specdiag.workflows.synthetic import (
    hidden_states,
    make_tiny_transformer,
    random_ids,
    save_record,
    specforge_record,
)

H = 32


@pytest.fixture(scope="module")
def stack() -> torch.Tensor:
    model = make_tiny_transformer(num_layers=4, hidden_size=H, seed=3)
    return hidden_states(model, random_ids(20, model.vocab_size, seed=4))


@pytest.fixture(scope="module")
def ids() -> torch.Tensor:
    return random_ids(20, 96, seed=4)


class Evil:
    """Unpickling this runs a shell command (it must never happen)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f"touch {self.marker}",))


def test_specforge_record_roundtrip(tmp_path: Path, stack: torch.Tensor, ids: torch.Tensor) -> None:
    rec = specforge_record(stack, [0, 1, 2], ids)
    path = save_record(rec, tmp_path / "rows_0-2000" / "data_0.ckpt")
    d = load_dump(path)
    assert d.fmt == "specforge"
    assert d.feature_key == "aux_hidden_state"
    assert (d.num_tokens, d.width, d.hidden_size, d.dtype) == (20, 3 * H, H, "bfloat16")
    assert d.padding == 0
    assert d.last_hidden is not None and tuple(d.last_hidden.shape) == (20, H)
    # aux chunk 1 is HF index 2 (output of layer 1), in bfloat16
    blk = d.block(3, 5).view(2, 3, H)
    assert torch.equal(blk[:, 1], stack[2, 3:5].to(torch.bfloat16).float())


def test_gzip_record_and_padding(tmp_path: Path, stack: torch.Tensor, ids: torch.Tensor) -> None:
    rec = specforge_record(stack, [0, 1, 2], ids, pad_to=26)
    path = save_record(rec, tmp_path / "data_1.ckpt.gz")
    with gzip.open(path, "rb") as f:
        assert f.read(2) == b"PK"  # a torch.save zip inside a gzip stream, like SpecForge
    d = load_dump(path)
    assert d.num_tokens == 26
    assert d.padding == 6 and d.valid_tokens == 20
    assert any("padding" in n for n in d.notes)
    assert load_dump(path, pad_id=None).padding == 0


def test_padding_needs_zero_loss_mask(tmp_path: Path, stack: torch.Tensor) -> None:
    ids = random_ids(20, 96, seed=4)
    ids[-1] = 0  # a real token with id 0 that is trained on
    rec = specforge_record(stack, [0, 1, 2], ids, loss_mask=torch.ones(20, dtype=torch.int64))
    assert load_dump(save_record(rec, tmp_path / "d.ckpt")).padding == 0


def test_loss_mask_of_another_length_is_ignored_before_padding(tmp_path: Path) -> None:
    # a mask longer than the ids once reached the padding count and crashed it
    ids = torch.tensor([5, 6, 7, 0, 0, 0])
    rec = {"input_ids": ids, "hidden_states": torch.randn(6, H), "loss_mask": torch.ones(9)}
    torch.save(rec, tmp_path / "d.pt")
    d = load_dump(tmp_path / "d.pt")
    assert d.loss_mask is None and d.padding == 3
    assert any("loss_mask has 9 entries for 6 tokens; ignored" in n for n in d.notes)


def test_padding_without_ids_is_all_zero_rows(tmp_path: Path) -> None:
    x = torch.randn(10, 3 * H)
    x[7:] = 0
    torch.save(x, tmp_path / "x.pt")
    d = load_dump(tmp_path / "x.pt")
    assert d.fmt == "torch" and d.layout == "flat"
    assert d.padding == 3


def test_safetensors_speculators_layout(tmp_path: Path, stack: torch.Tensor) -> None:
    from safetensors.torch import save_file

    # three aux layers plus the verifier's last layer, as speculators' datagen writes them
    token_major = stack[[2, 3, 4, 4]].permute(1, 0, 2).contiguous().to(torch.bfloat16)
    save_file(
        {"token_ids": random_ids(20, 96, seed=4), "hidden_states": token_major},
        str(tmp_path / "hs_0.safetensors"),
    )
    d = load_dump(tmp_path / "hs_0.safetensors")
    assert d.fmt == "speculators" and d.layout == "tokens"
    assert (d.num_tokens, d.width, d.hidden_size) == (20, 3 * H, H)
    assert torch.equal(d.block(0, 20).view(20, 3, H), token_major[:, :3].float())
    assert d.last_hidden is not None and torch.equal(d.last_hidden, token_major[:, 3])
    assert any("speculators layout" in n for n in d.notes)
    every = load_dump(tmp_path / "hs_0.safetensors", key="hidden_states")
    assert every.width == 4 * H


def test_safetensors_is_memory_mapped(tmp_path: Path) -> None:
    from safetensors.torch import save_file

    save_file(
        {"x": torch.arange(12, dtype=torch.float32).reshape(3, 4)}, str(tmp_path / "m.safetensors")
    )
    raw = load_file(tmp_path / "m.safetensors")
    obj, fmt = raw.obj, raw.fmt
    assert fmt == "safetensors"
    t = obj["x"]
    assert torch.equal(t, torch.arange(12, dtype=torch.float32).reshape(3, 4))
    # a view of an mmap, not an owned copy: its storage is not resizable
    assert not t.untyped_storage().resizable()


def test_hf_stack_list_and_layers_layout(tmp_path: Path, stack: torch.Tensor) -> None:
    torch.save([s.unsqueeze(0) for s in stack], tmp_path / "stack.pt")
    d = load_dump(tmp_path / "stack.pt")
    assert d.fmt == "hf-stack" and d.layout == "layers"
    assert (d.num_tokens, d.width, d.hidden_size) == (20, 5 * H, H)
    torch.save(stack, tmp_path / "stack2.pt")
    d2 = load_dump(tmp_path / "stack2.pt", layout=Layout.LAYERS)
    assert torch.equal(d2.block(4, 6).view(2, 5, H)[:, 3], stack[3, 4:6])


def test_numpy_formats(tmp_path: Path) -> None:
    arr = np.random.default_rng(0).standard_normal((6, 3 * H)).astype(np.float16)
    np.save(tmp_path / "a.npy", arr)
    d = load_dump(tmp_path / "a.npy")
    assert d.dtype == "float16" and d.num_tokens == 6
    np.savez(tmp_path / "b.npz", input_ids=np.arange(1, 7), aux_hidden_states=arr)
    d = load_dump(tmp_path / "b.npz")
    assert d.fmt == "modelopt" and d.ids_list() == [1, 2, 3, 4, 5, 6]


def test_numpy_object_arrays_refused(tmp_path: Path) -> None:
    np.save(tmp_path / "o.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    with pytest.raises(InputError, match="refused"):
        load_dump(tmp_path / "o.npy")


@pytest.mark.parametrize("how", ["raw-pickle", "torch-save", "gzip"])
def test_malicious_pickle_is_refused(tmp_path: Path, how: str) -> None:
    marker = tmp_path / "PWNED"
    path = tmp_path / ("evil.ckpt.gz" if how == "gzip" else "evil.pt")
    payload = {"aux_hidden_state": torch.zeros(1, 4, 3 * H), "x": Evil(marker)}
    if how == "raw-pickle":
        path.write_bytes(pickle.dumps(payload))
    elif how == "torch-save":
        torch.save(payload, path)
    else:
        import io

        buf = io.BytesIO()
        torch.save(payload, buf)
        path.write_bytes(gzip.compress(buf.getvalue()))
    with pytest.raises(InputError, match="refused to load") as exc:
        load_dump(path)
    assert not marker.exists()
    if how != "raw-pickle":
        assert "system" in exc.value.message  # names the global it tried to use
    assert exc.value.hint and "safetensors" in exc.value.hint


@pytest.mark.parametrize("kind", ["ckpt", "gz", "safetensors", "empty", "garbage"])
def test_truncated_or_corrupt_files(
    tmp_path: Path, stack: torch.Tensor, ids: torch.Tensor, kind: str
) -> None:
    rec = specforge_record(stack, [0, 1, 2], ids)
    if kind == "ckpt":
        full = save_record(rec, tmp_path / "full.ckpt").read_bytes()
        p = tmp_path / "t.ckpt"
        p.write_bytes(full[: len(full) // 2])
    elif kind == "gz":
        full = save_record(rec, tmp_path / "full.ckpt.gz").read_bytes()
        p = tmp_path / "t.ckpt.gz"
        p.write_bytes(full[: len(full) // 2])
    elif kind == "safetensors":
        from safetensors.torch import save_file

        save_file({"x": torch.randn(20, 3 * H)}, str(tmp_path / "full.safetensors"))
        full = (tmp_path / "full.safetensors").read_bytes()
        p = tmp_path / "t.safetensors"
        p.write_bytes(full[: len(full) - 100])
    elif kind == "empty":
        p = tmp_path / "e.pt"
        p.write_bytes(b"")
    else:
        p = tmp_path / "g.ckpt"
        p.write_bytes(b"this is not a checkpoint at all" * 10)
    with pytest.raises(InputError) as exc:
        load_dump(p)
    assert str(p) in exc.value.message


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_dump(tmp_path / "nope.pt")
    with pytest.raises(InputError, match="directory"):
        load_dump(tmp_path)


def test_key_override_and_errors(tmp_path: Path) -> None:
    torch.save({"a": torch.randn(4, 8), "b": torch.randn(4, 8)}, tmp_path / "two.pt")
    with pytest.raises(InputError, match="cannot tell which tensor") as exc:
        load_dump(tmp_path / "two.pt")
    assert "--key" in (exc.value.hint or "")
    assert load_dump(tmp_path / "two.pt", key="b").feature_key == "b"
    with pytest.raises(UsageError, match="no such tensor"):
        load_dump(tmp_path / "two.pt", key="c")
    torch.save(
        {"input_ids": torch.arange(4), "hidden_state": torch.randn(5, 8)}, tmp_path / "bad.pt"
    )
    with pytest.raises(InputError, match="5 hidden-state rows but 4 input ids"):
        load_dump(tmp_path / "bad.pt")
    torch.save({"input_ids": torch.arange(4)}, tmp_path / "ints.pt")
    with pytest.raises(InputError, match="not floating point"):
        load_dump(tmp_path / "ints.pt", key="input_ids")


def test_parse_values_forms(tmp_path: Path) -> None:
    (s,) = parse_values("0.0295, -0.0113 0.0841")
    assert s.values == (0.0295, -0.0113, 0.0841)
    assert s.print_tolerance == pytest.approx((5e-5, 5e-5, 5e-5))
    snips = parse_values(
        "[rank0] step 3 hs_first5=[0.0295, -1.5e-02] aux1: tensor([1.0, 2.0], dtype=torch.bfloat16)"
    )
    assert [x.name for x in snips] == ["hs_first5", "aux1"]
    assert snips[0].values == (0.0295, -0.015)
    assert snips[0].print_tolerance == pytest.approx((5e-5, 5e-4))
    (tmp_path / "v.txt").write_text("hs=[1, 2, 3]\n")
    assert parse_values(f"@{tmp_path / 'v.txt'}")[0].values == (1.0, 2.0, 3.0)
    with pytest.raises(UsageError):
        parse_values("no numbers here")


def test_missing_torch_gives_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(InputError) as exc:
        require_torch()
    assert "pip install 'specdiag[tensors]'" in (exc.value.hint or "")


@pytest.mark.parametrize("suffix", [".ckpt", ".ckpt.gz", ".safetensors", ".npy"])
def test_release_drops_pages_but_not_data(tmp_path: Path, suffix: str) -> None:
    x = torch.randn(64, 3 * H).to(torch.bfloat16)
    p = tmp_path / f"x{suffix}"
    if suffix == ".safetensors":
        from safetensors.torch import save_file

        save_file({"aux_hidden_states": x}, str(p))
    elif suffix == ".npy":
        x = x.float()
        np.save(p, x.numpy())
    else:
        save_record({"input_ids": torch.arange(1, 65), "aux_hidden_state": x.unsqueeze(0)}, p)
    d = load_dump(p)
    assert d.mapped
    before = d.block(0, 64).clone()
    d.release(0, 64)
    assert torch.equal(d.block(0, 64), before)  # re-read from the file after the release


def test_in_memory_dumps_are_never_released() -> None:
    from specdiag.core.hidden.loading import dump_from_tensors

    x = torch.randn(4096, 64)
    d = dump_from_tensors(x, pad_id=None)
    assert not d.mapped
    d.release(0, 4096)
    assert torch.equal(d.block(0, 4096), x)


@pytest.mark.parametrize("head", [b"\x9d\xc3<F\x86\xe6", b"\x00\x01\x02\x03", b'{"a": 1}'])
def test_random_bytes_are_corrupt_not_a_refused_pickle(tmp_path: Path, head: bytes) -> None:
    """Bytes that are neither torch's zip nor a pickle are a corrupt file, not an attack."""
    p = tmp_path / "noise.pt"
    p.write_bytes(head + bytes(range(256)) * 4)
    with pytest.raises(InputError) as exc:
        load_dump(p)
    assert "refused" not in exc.value.message
    assert "not a torch.save file" in exc.value.message


def test_protocol_0_pickle_that_names_a_global_is_still_refused(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    p = tmp_path / "old.pt"
    p.write_bytes(f"cposix\nsystem\n(S'touch {marker}'\ntR.".encode())
    with pytest.raises(InputError, match="refused to load") as exc:
        load_dump(p)
    assert "system" in exc.value.message
    assert not marker.exists()


def test_vocab_map_given_as_a_dump_is_named(tmp_path: Path) -> None:
    p = tmp_path / "vocab_mapping.pt"
    torch.save(
        {"d2t": torch.zeros(4, dtype=torch.int64), "t2d": torch.ones(4, dtype=torch.bool)}, p
    )
    with pytest.raises(InputError, match="vocab mapping") as exc:
        load_dump(p)
    assert exc.value.hint and "inspect-dump" in exc.value.hint


def test_stacked_hf_output_with_its_batch_dim(tmp_path: Path, stack: torch.Tensor) -> None:
    """torch.stack(model(...).hidden_states) is [L+1, 1, T, H]: the batch of one is dropped."""
    torch.save(stack.unsqueeze(1).clone(), tmp_path / "ref.pt")
    d = load_dump(tmp_path / "ref.pt", layout=Layout.LAYERS)
    assert (d.num_tokens, d.width, d.hidden_size) == (20, 5 * H, H)
    assert torch.equal(d.block(4, 6).view(2, 5, H)[:, 3], stack[3, 4:6])
