"""Reliability of compare-hidden and the shared dump loader under hostile input (docs/reliability.md).

The property is the documented contract, checked through the CLI in-process: the exit code is
0, 1, 2 or 3; there is never an "internal error"; every error line comes with a hint; under
``--json`` a report (exit 0/1) is exactly one JSON document on stdout, and an error leaves
stdout empty or one document; and no input file changes. Inputs: tensors of every rank, dtype
and layout (0-d, empty, sparse, quantized, meta, broadcast views with huge declared shapes,
NaN/Inf and overflowing values), damaged files, ``--values`` texts and flag values at and past
their bounds.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.hidden.conventions import parse_id_list
from specdiag.core.hidden.loading import load_dump
from specdiag.core.hidden.values import parse_values
from specdiag.errors import InputError, UsageError
from specdiag.workflows.synthetic import save_record
from tests.support.cli import CliResult, run_cli
from tests.support.examples import examples

H = 8
T = 6
FAST = settings(
    deadline=None,
    max_examples=examples(40),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small, valid training dump: [T, 3H] with ids."""
    root = tmp_path_factory.mktemp("good")
    g = torch.Generator().manual_seed(1)
    rec = {
        "input_ids": torch.arange(1, T + 1),
        "loss_mask": torch.ones(T, dtype=torch.int64),
        "aux_hidden_state": torch.randn(1, T, 3 * H, generator=g),
        "hidden_state": torch.randn(1, T, H, generator=g),
    }
    path = root / "train.ckpt"
    torch.save(rec, path)
    return path


def _digest(paths: Sequence[Path]) -> dict[str, str]:
    out = {}
    for p in paths:
        if p.is_file() and not p.is_symlink():
            out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def check_contract(args: Sequence[str], inputs: Sequence[Path] = ()) -> CliResult:
    """Run ``specdiag ARGS --json`` and assert the reliability contract."""
    before = _digest(inputs)
    r = run_cli([*args, "--json"])
    assert r.exit_code in (0, 1, 2, 3), (args, r.exit_code, r.stderr)
    assert "internal error" not in r.stderr, (args, r.stderr)
    assert "Traceback" not in r.stderr
    if r.exit_code in (0, 1):
        doc = json.loads(r.stdout)  # exactly one document: json.loads refuses trailing text
        assert isinstance(doc, dict) and "match" in doc
        assert doc["match"] is (r.exit_code == 0)
    elif "Usage:" not in r.stderr:  # typer's own parse errors are the framework's to render
        if r.stdout.strip():  # an error document, if the boundary writes one under --json
            json.loads(r.stdout)
        lines = r.stderr.splitlines()
        errors = [i for i, line in enumerate(lines) if line.startswith("error: ")]
        assert errors, r.stderr
        assert any(line.startswith("hint: ") for line in lines[errors[-1] + 1 :]), r.stderr
    assert _digest(inputs) == before, "an input file changed"
    return r


# ------------------------------------------------------------------------------------------
# The defects the issue names, one by one


def _save(obj: object, path: Path) -> Path:
    torch.save(obj, path)
    return path


DEGENERATE = {
    "zero-d": lambda: torch.tensor(1.5),
    "empty": lambda: torch.empty(0),
    "empty-tokens": lambda: torch.empty(0, 3 * H),
    "empty-width": lambda: torch.empty(T, 0),
    "sparse-coo": lambda: torch.randn(T, 3 * H).to_sparse(),
    "sparse-csr": lambda: torch.randn(T, 3 * H).to_sparse_csr(),
    "expanded-huge": lambda: torch.zeros(1, 1).expand(10**9, 10**6),
    "quantized": lambda: torch.quantize_per_tensor(torch.randn(T, 3 * H), 0.1, 0, torch.qint8),
    "meta": lambda: torch.empty(T, 3 * H, device="meta"),
    "complex": lambda: torch.randn(T, 3 * H, dtype=torch.complex64),
    "bool": lambda: torch.ones(T, 3 * H, dtype=torch.bool),
}
EXPECTED = {
    "zero-d": "0-d tensor",
    "empty": "holds no values",
    "empty-tokens": "holds no values",
    "empty-width": "holds no values",
    "sparse-coo": "sparse tensor",
    "sparse-csr": "sparse tensor",
    "expanded-huge": "broadcast view",
    "quantized": "quantized",
    "meta": "holds no data",
    "complex": "not floating point",
    "bool": "not floating point",
}


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("wrap", ["tensor", "dict"])
@pytest.mark.parametrize("name", sorted(DEGENERATE))
def test_degenerate_tensors_are_clear_input_errors(
    tmp_path: Path, good: Path, name: str, wrap: str
) -> None:
    t = DEGENERATE[name]()
    obj = t if wrap == "tensor" else {"aux_hidden_state": t, "input_ids": torch.arange(T)}
    bad = _save(obj, tmp_path / f"{name}.pt")
    for args in (["compare-hidden", str(bad), str(good)], ["compare-hidden", str(good), str(bad)]):
        r = check_contract(args, [bad, good])
        assert r.exit_code == 3
        assert EXPECTED[name] in r.stderr, r.stderr
    # inspect-dump reads the same loader: the same clear message, not a raw exception
    r = run_cli(["inspect-dump", str(bad), "--json"])
    assert "internal error" not in r.stderr
    doc = json.loads(r.stdout)
    error = doc["files"][0]["error"]
    assert EXPECTED[name] in error, error
    assert not error.split(":")[0].endswith("Error"), error


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"hello world, this is a log\n", "a text file"),
        (b"\0" * 8192, "zero bytes"),
        (pickle.dumps({"a": 1}), "plain Python pickle"),
        (pickle.dumps({"a": 1}, protocol=2), "plain Python pickle"),
    ],
)
def test_unreadable_files_say_what_they_are(
    tmp_path: Path, good: Path, content: bytes, needle: str
) -> None:
    p = tmp_path / "x.pt"
    p.write_bytes(content)
    r = check_contract(["compare-hidden", str(p), str(good)], [p, good])
    assert r.exit_code == 3 and needle in r.stderr, r.stderr
    assert "refused" not in r.stderr  # harmless content is not reported as an attack
    assert "(101)" not in r.stderr and "legacy .tar" not in r.stderr


def test_a_zip_that_is_not_torch_names_its_entries(tmp_path: Path, good: Path) -> None:
    p = tmp_path / "z.pt"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("notes.txt", "hi")
    r = check_contract(["compare-hidden", str(p), str(good)], [p, good])
    assert r.exit_code == 3
    assert "a zip archive" in r.stderr and "notes.txt" in r.stderr
    assert "enforce fail" not in r.stderr


def test_unsafe_pickle_is_still_refused_by_name(tmp_path: Path, good: Path) -> None:
    p = tmp_path / "evil.pt"
    p.write_bytes(b"cposix\nsystem\n(S'true'\ntR.")
    r = check_contract(["compare-hidden", str(p), str(good)], [p, good])
    assert r.exit_code == 3 and "refused to load" in r.stderr and "posix.system" in r.stderr


def test_paths_that_are_not_files(tmp_path: Path, good: Path) -> None:
    loop = tmp_path / "loop.pt"
    loop.symlink_to(loop)
    r = check_contract(["compare-hidden", str(loop), str(good)], [good])
    assert r.exit_code == 3 and "loop of symbolic links" in r.stderr
    dangling = tmp_path / "dangling.pt"
    dangling.symlink_to(tmp_path / "nowhere.pt")
    r = check_contract(["compare-hidden", str(dangling), str(good)], [good])
    assert "which does not exist" in r.stderr
    fifo = tmp_path / "fifo.pt"
    os.mkfifo(fifo)
    r = check_contract(["compare-hidden", str(fifo), str(good)], [good])
    assert r.exit_code == 3 and "not a regular file" in r.stderr  # and it did not block


def test_served_key_is_named_as_served_key(good: Path) -> None:
    r = check_contract(["compare-hidden", str(good), str(good), "--served-key", "nope"], [good])
    assert r.exit_code == 2 and "--served-key nope" in r.stderr and "--key nope" not in r.stderr


@pytest.mark.parametrize(
    ("flags", "needle"),
    [
        (["--training-layers", "1,,3"], "is empty"),
        (["--training-layers", "99999999999999999999,1,2"], "out of range"),
        (["--training-layers", "3,3,3"], "appears 3 times"),
        (["--training-layers", "5,3,1"], "not ascending"),
        (["--served-layers", "5,3,1"], "not ascending"),
        (["--offset", "-1"], "--offset"),
        (["--pad-id", "-7"], "--pad-id"),
        (["--rtol", "nan"], "--rtol"),
        (["--min-cosine", "2"], "--min-cosine"),
    ],
)
def test_strict_flag_validation(good: Path, flags: list[str], needle: str) -> None:
    r = check_contract(["compare-hidden", str(good), str(good), *flags], [good])
    assert r.exit_code == 2 and needle in r.stderr, r.stderr


def test_unordered_training_layers_need_the_flag(good: Path) -> None:
    r = check_contract(
        [
            "compare-hidden",
            str(good),
            str(good),
            "--training-layers",
            "5,1,3",
            "--unordered-layers",
        ],
        [good],
    )
    assert r.exit_code == 0
    assert r.json()["training_layers"] == [5, 1, 3]


@pytest.mark.parametrize(
    ("values", "needle"),
    [
        ("1e999", "overflows"),
        ("1_000", "not a number"),
        ("0.1, 0.2, ..., 0.9", "summarised"),
        ("step 3: 0.1, 0.2", "not a number"),
        ("1e39", "float32 range"),
    ],
)
def test_values_are_read_strictly(good: Path, values: str, needle: str) -> None:
    r = check_contract(["compare-hidden", str(good), "--values", values], [good])
    assert r.exit_code == 2 and needle in r.stderr, r.stderr


def test_single_value_snippets_never_give_match(good: Path) -> None:
    rec = torch.load(good, weights_only=True)
    aux = rec["aux_hidden_state"][0]
    row = aux[2]
    firsts = (row[0], row[H], row[2 * H], aux[3, 0])  # snippets match the start of a chunk
    text = " ".join(f"{n}=[{float(v):.6f}]" for n, v in zip("abcd", firsts, strict=True))
    r = check_contract(["compare-hidden", str(good), "--values", text], [good])
    assert r.exit_code == 1
    doc = r.json()
    assert all(c["match"] for c in doc["chunks"])  # each number is found...
    assert "too-few-values" in doc["findings"]  # ...but that is no evidence
    assert "by chance" in doc["diagnosis"][0]
    five = ", ".join(f"{float(v):.6f}" for v in row[:5])
    assert check_contract(["compare-hidden", str(good), "--values", five], [good]).exit_code == 0


def test_values_parsing_is_linear() -> None:
    """Long runs of letters or digits (the regular expression used to be quadratic: 30,000
    letters took 7.5 s). 3 million characters must take seconds at most, not hours."""
    n = 3_000_000
    start = time.perf_counter()
    with pytest.raises(UsageError):
        parse_values("a" * n)
    (s,) = parse_values("x" * n + "=[1, 2]")
    assert s.values == (1.0, 2.0)
    with pytest.raises(UsageError):
        parse_values("1" * n + "x")
    with pytest.raises(UsageError):
        parse_values("a=" * (n // 2) + "[")
    assert time.perf_counter() - start < 20


def test_id_lists_and_values_in_the_core() -> None:
    assert parse_id_list("1, 3, 5", "--layers") == (1, 3, 5)
    assert parse_id_list("5,1,3", "--layers", ascending=False) == (5, 1, 3)
    with pytest.raises(UsageError) as exc:
        parse_id_list("5,1,3", "--layers", unordered_flag="--unordered-layers")
    assert "--unordered-layers" in (exc.value.hint or "")
    assert parse_values("[rank0] hs=[1.5, 2]")[0].values == (1.5, 2.0)
    assert parse_values("[rank 0] [0.5, 0.25]")[0].values == (0.5, 0.25)
    (s,) = parse_values("0e999999999, 1")
    assert s.values == (0.0, 1.0) and s.print_tolerance[0] > 0


def test_side_tensors_that_cannot_be_used_are_ignored_with_a_note(tmp_path: Path) -> None:
    rec = {
        "aux_hidden_state": torch.randn(T, 3 * H),
        "input_ids": torch.arange(T),
        "loss_mask": torch.full((T,), float("nan")),
        "hidden_state": torch.randn(T - 2, H),
    }
    d = load_dump(_save(rec, tmp_path / "side.pt"))
    assert d.loss_mask is None and d.last_hidden is None
    assert any("loss_mask" in n for n in d.notes) and any("hidden_state" in n for n in d.notes)
    bad_ids = dict(rec, input_ids=torch.full((T,), 0.5))
    with pytest.raises(InputError, match="not whole numbers"):
        load_dump(_save(bad_ids, tmp_path / "ids.pt"))


# ------------------------------------------------------------------------------------------
# Hypothesis: tensors of every rank, dtype and layout


DTYPES = [
    torch.float32,
    torch.float16,
    torch.bfloat16,
    torch.float64,
    torch.float8_e4m3fn,
    torch.int64,
    torch.uint8,
    torch.bool,
]
SPECIAL = [0.0, 1.0, -1.0, float("nan"), float("inf"), -float("inf"), 1e30, -1e38, 1e-40]


@st.composite
def tensors(draw: st.DrawFn) -> torch.Tensor:
    rank = draw(st.integers(0, 4))
    shape = tuple(draw(st.lists(st.integers(0, 7), min_size=rank, max_size=rank)))
    dtype = draw(st.sampled_from(DTYPES))
    seed = draw(st.integers(0, 2**16))
    x = torch.randn(shape, generator=torch.Generator().manual_seed(seed)) * draw(
        st.sampled_from([1e-3, 1.0, 1e3, 1e20])
    )
    if x.numel() and draw(st.booleans()):
        flat = x.view(-1)
        for _ in range(draw(st.integers(1, 3))):
            flat[draw(st.integers(0, flat.numel() - 1))] = draw(st.sampled_from(SPECIAL))
    x = x.to(dtype)
    how = draw(st.sampled_from(["dense", "dense", "sparse", "expand", "transpose", "slice"]))
    if how == "sparse" and x.ndim >= 1 and dtype is not torch.float8_e4m3fn:
        x = x.to_sparse()
    elif how == "expand" and x.ndim >= 1 and x.shape[-1] >= 1:
        x = x[..., :1].expand(*x.shape[:-1], draw(st.sampled_from([3, 10**7])))
    elif how == "transpose" and x.ndim >= 2:
        x = x.transpose(0, 1)
    elif how == "slice" and x.ndim >= 1 and x.shape[0] > 1:
        x = x[1:]
    return x


@st.composite
def dumps(draw: st.DrawFn) -> object:
    x = draw(tensors())
    kind = draw(st.sampled_from(["tensor", "specforge", "list", "dict-ids-float"]))
    if kind == "tensor":
        return x
    if kind == "list":
        return [x, x]
    n = int(x.shape[0]) if x.ndim else 1
    ids = torch.arange(draw(st.sampled_from([n, n + 1, 0])))
    if kind == "dict-ids-float":
        ids = ids.to(torch.float32)
        if ids.numel() and draw(st.booleans()):
            ids[0] = float("nan")
    rec: dict[str, object] = {"aux_hidden_state": x, "input_ids": ids}
    if draw(st.booleans()):
        rec["hidden_state"] = draw(tensors())
    if draw(st.booleans()):
        rec["loss_mask"] = draw(tensors())
    return rec


@pytest.mark.filterwarnings("ignore")
@FAST
@given(obj=dumps(), side=st.sampled_from(["served", "training", "reference"]))
def test_any_tensor_dump_keeps_the_contract(
    tmp_path_factory: pytest.TempPathFactory, good: Path, obj: object, side: str
) -> None:
    p = tmp_path_factory.mktemp("h") / "x.pt"
    torch.save(obj, p)
    if side == "served":
        args = ["compare-hidden", str(p), str(good)]
    elif side == "training":
        args = ["compare-hidden", str(good), str(p)]
    else:
        args = ["compare-hidden", str(good), str(good), "--reference", str(p)]
    check_contract(args, [p, good])


@pytest.mark.filterwarnings("ignore")
@FAST
@given(
    cut=st.integers(0, 10_000),
    flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=4),
    suffix=st.sampled_from([".ckpt", ".pt", ".safetensors", ".npy", ".ckpt.gz"]),
)
def test_damaged_files_keep_the_contract(
    tmp_path_factory: pytest.TempPathFactory, good: Path, cut: int, flips: list, suffix: str
) -> None:
    root = tmp_path_factory.mktemp("dmg")
    rec = torch.load(good, weights_only=True)
    src = root / f"src{suffix}"
    if suffix == ".npy":
        import numpy as np

        np.save(src, rec["aux_hidden_state"][0].numpy())
    elif suffix == ".safetensors":
        from safetensors.torch import save_file

        save_file({k: v.contiguous() for k, v in rec.items()}, str(src))
    else:
        save_record(rec, src)
    data = bytearray(src.read_bytes())
    for pos, byte in flips:
        if data:
            data[pos % len(data)] = byte
    p = root / f"bad{suffix}"
    p.write_bytes(bytes(data[: len(data) - cut % max(1, len(data))]))
    check_contract(["compare-hidden", str(p), str(good)], [p, good])


VALUE_ALPHABET = st.sampled_from(
    list("0123456789") + list(" ,;.-+eE[]()=:_") + ["nan", "inf", "tensor(", "hs", "x", "…"]
)


@FAST
@given(text=st.lists(VALUE_ALPHABET, min_size=0, max_size=40).map("".join), at=st.booleans())
def test_any_values_text_keeps_the_contract(
    tmp_path_factory: pytest.TempPathFactory, good: Path, text: str, at: bool
) -> None:
    if at:
        f = tmp_path_factory.mktemp("v") / "values.txt"
        f.write_text(text)
        arg, inputs = f"@{f}", [f, good]
    else:
        arg, inputs = text, [good]
    if arg.startswith("-"):
        arg = " " + arg  # a leading dash would read as a flag
    check_contract(["compare-hidden", str(good), "--values", arg], inputs)


ID_TEXT = st.lists(
    st.one_of(
        st.integers(-3, 12).map(str),
        st.sampled_from(["", " ", "99999999999999999999", "1.5", "x", "-0", "+2"]),
    ),
    min_size=0,
    max_size=5,
).map(",".join)
NUMBER = st.sampled_from(
    ["0", "-1", "1", "1e-300", "1e308", "1e999", "-inf", "nan", "0.05", "-0.0", "2", "1e20"]
)
INT = st.sampled_from(["0", "-1", "1", "2", "3", "5", "7", "8", "24", "9999999999999999999999"])


@FAST
@given(
    layers=st.none() | ID_TEXT,
    served_layers=st.none() | ID_TEXT,
    offset=st.none() | INT,
    hidden_size=st.none() | INT,
    block_tokens=st.none() | INT,
    pad_id=st.none() | INT,
    rtol=st.none() | NUMBER,
    atol=st.none() | NUMBER,
    min_cosine=st.none() | NUMBER,
    engine=st.none() | st.sampled_from(["sglang", "vllm"]),
    device=st.none() | st.sampled_from(["cpu", "cuda", "cuda:x", "tpu", ""]),
    key=st.none() | st.sampled_from(["aux_hidden_state", "hidden_state", "input_ids", "nope"]),
    served_key=st.none() | st.sampled_from(["hidden_state", "loss_mask", "nope"]),
    unordered_layers=st.none() | st.just(""),
)
def test_any_flags_keep_the_contract(good: Path, **flags: str | None) -> None:
    args = ["compare-hidden", str(good), str(good)]
    for name, value in flags.items():
        if value == "" and name == "unordered_layers":
            args.append("--unordered-layers")
        elif value is not None:
            args += [f"--{name.replace('_', '-')}", value]
    check_contract(args, [good])


def test_interrupted_gzip_leaves_no_temporary_file(
    tmp_path: Path, good: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C (and SIGTERM, which the CLI turns into the same) while a .gz is decompressed."""
    import shutil
    import tempfile

    from specdiag.core.hidden import loading

    gz = save_record(torch.load(good, weights_only=True), tmp_path / "d.ckpt.gz")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(shutil, "copyfileobj", interrupted)
    with pytest.raises(KeyboardInterrupt):
        loading.load_dump(gz)
    assert list(scratch.iterdir()) == []
    r = run_cli(["compare-hidden", str(gz), str(good)])
    assert r.exit_code == 130 and list(scratch.iterdir()) == []
