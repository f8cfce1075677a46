"""Read a model directory (draft or target) without loading its weights: config.json, the
weights' names, shapes and dtypes, the tokenizer files. Nothing here raises for bad input: every
problem is an :class:`InputProblem` beside the parts that could be read."""

from __future__ import annotations

import hashlib
import math
import os
import re
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from specdiag.core.doctor.model import InputProblem
from specdiag.core.files import JsonError, loads_json

MAX_JSON_BYTES = 64 * 1024 * 1024  # a config or index larger than this is not one


@dataclass(frozen=True)
class TensorMeta:
    name: str
    shape: tuple[int, ...] | None  # None: only the name is known (from an index)
    dtype: str | None
    file: str


@dataclass(frozen=True)
class TokenizerInfo:
    files: tuple[str, ...]
    special: dict[str, str]  # bos/eos/pad/unk token text, where the files name them
    special_ids: dict[str, int]  # bos/eos/pad token ids (config.json / generation_config.json)
    vocab_size: int | None  # tokenizer.json: model vocab + added tokens
    sha256: str | None  # of tokenizer.json
    token_ids: dict[str, object] | None = None  # tokenizer.json's model vocab (token -> id)


@dataclass(frozen=True)
class ModelDir:
    role: str  # "draft" or "target"
    path: str
    config: dict[str, object] | None
    tensors: dict[str, TensorMeta] | None  # None: the weights could not be listed
    weights_source: str | None  # which files the names and shapes came from
    tokenizer: TokenizerInfo | None
    problems: tuple[InputProblem, ...] = field(default_factory=tuple)

    def cfg_item(self, *keys: str) -> tuple[str, Any]:
        """The first of ``keys`` present (not null) in config.json or its ``text_config``, and
        its value; else ``(keys[0], None)``."""
        for source in (self.config or {}, (self.config or {}).get("text_config")):
            if isinstance(source, dict):
                for k in keys:
                    if source.get(k) is not None:
                        return k, source[k]
        return keys[0], None

    def cfg(self, *keys: str) -> Any:
        return self.cfg_item(*keys)[1]

    def arch(self) -> str | None:
        """The first entry of config.json ``architectures`` when it is a list of strings."""
        a = self.cfg("architectures")
        if isinstance(a, list) and a and isinstance(a[0], str):
            return a[0]
        return a if isinstance(a, str) else None


def not_a_regular_file(path: Path) -> str | None:
    """Why ``path`` must not be opened (a FIFO, socket or device blocks or never ends), or None.

    A checkpoint's files are regular files; handing a named pipe to ``open`` or to safetensors
    (whose Rust open retries through signals) would hang the run, SIGTERM included.
    """
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # the caller's own open reports a missing or unreadable file
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kind = (
        "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
    )
    return f"is {kind}, not a regular file: not read"


def read_regular_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (OSError otherwise). The file is
    opened without blocking and checked on the open handle, so a path swapped for a FIFO
    between a look and the read cannot block the run."""
    why = not_a_regular_file(path)
    if why is not None:
        raise OSError(0, why)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(0, "is not a regular file (it changed while being read): not read")
    os.set_blocking(fd, True)
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OSError(0, f"more than {limit} bytes: too large")
    return data


def _refusal(exc: BaseException) -> str:
    """Why torch.load(weights_only=True) refused a file, without relaying torch's advice to load
    it with weights_only=False (which would run any code the pickle holds)."""
    text = str(exc)
    m = re.search(r"WeightsUnpickler error:\s*(.+?)(?:\n\n|$)", text, re.S)
    reason = m.group(1).strip().splitlines()[0] if m else (text.splitlines() or [""])[0]
    reason = reason.split(". ")[0][:160]  # the first sentence: torch's advice follows it
    if not reason or "weights_only" in reason:
        reason = type(exc).__name__
    return (
        f"torch.load(weights_only=True) refused it ({reason}): a pickle holding more than "
        "tensors is never loaded, as loading it could run code"
    )


def read_json(path: Path, role: str, problems: list[InputProblem]) -> Any:
    """A small JSON file's document; None (and why, in ``problems``) when it cannot be read."""
    why = not_a_regular_file(path)
    if why is not None:
        problems.append(InputProblem(role, str(path), why))
        return None
    try:
        size = path.stat().st_size
        if size > MAX_JSON_BYTES:
            problems.append(InputProblem(role, str(path), f"{size} bytes: too large for JSON"))
            return None
        with path.open("rb") as f:
            data = f.read(MAX_JSON_BYTES + 1)  # (the size may have changed since stat)
        data.decode("utf-8")  # not UTF-8: said as such, below
        return loads_json(data)
    except FileNotFoundError:
        return None
    except PermissionError:
        problems.append(InputProblem(role, str(path), "cannot read: permission denied"))
    except IsADirectoryError:
        problems.append(InputProblem(role, str(path), "is a directory, not a file"))
    except UnicodeDecodeError:
        problems.append(InputProblem(role, str(path), "not UTF-8 text"))
    except JsonError as exc:
        problems.append(InputProblem(role, str(path), f"invalid JSON: {exc}"))
    except OSError as exc:
        problems.append(InputProblem(role, str(path), f"cannot read: {exc.strerror or exc}"))
    return None


def _safetensors_headers(
    path: Path, role: str, problems: list[InputProblem]
) -> dict[str, TensorMeta] | None:
    try:
        from safetensors import safe_open
    except ImportError:
        problems.append(
            InputProblem(
                role,
                str(path),
                "safetensors is not installed: weight shapes not read "
                "(pip install 'specdiag[tensors]')",
            )
        )
        return None
    out: dict[str, TensorMeta] = {}
    try:
        with safe_open(str(path), framework="numpy") as f:
            for k in f.keys():  # noqa: SIM118 - safe_open is not iterable
                sl = f.get_slice(k)
                out[k] = TensorMeta(
                    k, tuple(int(x) for x in sl.get_shape()), sl.get_dtype(), path.name
                )
    except PermissionError:
        problems.append(InputProblem(role, str(path), "cannot read: permission denied"))
        return None
    except Exception as exc:  # noqa: BLE001 - safetensors raises its own error types
        first = (str(exc).splitlines() or [type(exc).__name__])[0]
        problems.append(InputProblem(role, str(path), f"not a readable safetensors file: {first}"))
        return None
    return out


def _torch_bin(path: Path, role: str, problems: list[InputProblem]) -> dict[str, TensorMeta] | None:
    try:
        import torch
    except ImportError:
        problems.append(
            InputProblem(role, str(path), "torch is not installed: .bin weights not read")
        )
        return None
    try:
        obj = torch.load(str(path), map_location="cpu", weights_only=True, mmap=True)
    except Exception as exc:  # noqa: BLE001 - torch raises many types for bad files
        problems.append(InputProblem(role, str(path), _refusal(exc)))
        return None
    if not isinstance(obj, dict):
        problems.append(InputProblem(role, str(path), "not a state dict"))
        return None
    return {
        str(k): TensorMeta(
            str(k), tuple(int(x) for x in v.shape), str(v.dtype).replace("torch.", ""), path.name
        )
        for k, v in obj.items()
        if hasattr(v, "shape")
    }


Reader = Callable[[Path, str, list[InputProblem]], dict[str, TensorMeta] | None]


def _read_shards(
    paths: Sequence[Path],
    reader: Reader,
    role: str,
    problems: list[InputProblem],
    index: str | None = None,
) -> dict[str, TensorMeta] | None:
    """The tensors of every shard that could be read, merged; None when none could. A shard
    that is not a regular file (a FIFO would block) is reported, not opened; so is one the
    ``index`` names that does not exist."""
    tensors: dict[str, TensorMeta] = {}
    ok = False
    for path in paths:
        why = not_a_regular_file(path)
        if index is not None and not path.exists():
            why = f"named by {index} but missing"
        if why is not None:
            problems.append(InputProblem(role, str(path), why))
        elif (got := reader(path, role, problems)) is not None:
            ok = True
            tensors.update(got)
    return tensors if ok else None


def _weights(
    root: Path, role: str, problems: list[InputProblem]
) -> tuple[dict[str, TensorMeta] | None, str | None]:
    for index_name, reader in (
        ("model.safetensors.index.json", _safetensors_headers),
        ("pytorch_model.bin.index.json", _torch_bin),
    ):
        ip = root / index_name
        if not ip.exists():
            continue
        index = read_json(ip, role, problems)
        wm = index.get("weight_map") if isinstance(index, dict) else None
        if not isinstance(wm, dict):
            if index is not None:
                problems.append(InputProblem(role, str(ip), "no weight_map in the index"))
            continue  # fall back to the shard files themselves
        tensors = {str(k): TensorMeta(str(k), None, None, str(v)) for k, v in wm.items()}
        shards = [root / shard for shard in sorted({str(v) for v in wm.values()})]
        tensors.update(_read_shards(shards, reader, role, problems, index_name) or {})
        return tensors, index_name
    shards = sorted(root.glob("*.safetensors"))
    bins = sorted(root.glob("*.bin"))
    for files, reader in ((shards, _safetensors_headers), (bins, _torch_bin)):
        if not files:
            continue
        read = _read_shards(files, reader, role, problems)
        if len(files) > 1 and files is shards:
            why = (
                f"missing: read the {len(shards)} .safetensors files present instead (an engine "
                "may refuse a sharded checkpoint without its index)"
            )
            problems.append(InputProblem(role, str(root / "model.safetensors.index.json"), why))
        return read, ", ".join(p.name for p in files)
    why = "no weights found (model.safetensors, model.safetensors.index.json, *.bin)"
    problems.append(InputProblem(role, str(root), why))
    return None, None


def _tokenizer(
    root: Path, config: dict[str, object] | None, role: str, problems: list[InputProblem]
) -> TokenizerInfo | None:
    names = (
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
        "generation_config.json",
        "tokenizer.model",
    )
    present = tuple(n for n in names if (root / n).exists())
    special: dict[str, str] = {}
    ids: dict[str, int] = {}
    for src in (config or {}, read_json(root / "generation_config.json", role, problems) or {}):
        if isinstance(src, dict):
            for k in ("bos_token_id", "eos_token_id", "pad_token_id"):
                v = src.get(k)
                if isinstance(v, list) and v and all(isinstance(x, int) for x in v):
                    v = v[0]
                if isinstance(v, int) and not isinstance(v, bool):
                    ids.setdefault(k, v)
    for fname in ("tokenizer_config.json", "special_tokens_map.json"):
        doc = read_json(root / fname, role, problems)
        if not isinstance(doc, dict):
            continue
        for k in ("bos_token", "eos_token", "pad_token", "unk_token"):
            v = doc.get(k)
            if isinstance(v, dict):
                v = v.get("content")
            if isinstance(v, str):
                special.setdefault(k, v)
    vocab = token_ids = digest = None
    tj = root / "tokenizer.json"
    if tj.exists():
        try:
            data = read_regular_bytes(tj, MAX_JSON_BYTES)
            digest = hashlib.sha256(data).hexdigest()
            doc = loads_json(data)
            model = doc.get("model") if isinstance(doc, dict) else None
            v = model.get("vocab") if isinstance(model, dict) else None
            if isinstance(v, (dict, list)):
                added = doc.get("added_tokens") or []
                extra = 0
                if isinstance(v, dict) and isinstance(added, list):
                    extra = sum(
                        1 for a in added if isinstance(a, dict) and a.get("content") not in v
                    )
                vocab = len(v) + extra
                token_ids = v if isinstance(v, dict) and v else None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            if isinstance(exc, RecursionError):
                why = "nested too deeply"
            problems.append(InputProblem(role, str(tj), f"unreadable tokenizer.json: {why}"))
    if not present and not ids:
        return None
    return TokenizerInfo(present, special, ids, vocab, digest, token_ids)


def read_model_dir(path: str, role: str) -> ModelDir:
    """Read ``path`` (a directory, or a config.json inside one) as a draft or target checkpoint."""
    problems: list[InputProblem] = []
    p = Path(path)
    if p.is_file() and p.name.endswith(".json"):
        p = p.parent
    for bad, why in (
        (not p.exists(), "no such directory"),
        (not p.is_dir(), "not a directory (give the checkpoint directory)"),
        (not os.access(p, os.R_OK | os.X_OK), "cannot read the directory: permission denied"),
    ):
        if bad:
            return ModelDir(role, path, None, None, None, None, (InputProblem(role, path, why),))
    cp = p / "config.json"
    config = read_json(cp, role, problems)
    if config is not None and not isinstance(config, dict):
        problems.append(InputProblem(role, str(cp), "config.json is not a JSON object"))
        config = None
    if config is None and not cp.exists():
        problems.append(InputProblem(role, str(cp), "missing"))
    tensors, source = _weights(p, role, problems)
    tok = _tokenizer(p, config, role, problems)
    return ModelDir(role, str(p), config, tensors, source, tok, tuple(problems))


def load_small_tensor(model: ModelDir, name: str, max_elements: int = 50_000_000) -> Any:
    """The values of one (small) tensor, as a numpy array; None when it cannot be read."""
    meta = (model.tensors or {}).get(name)
    if meta is None:
        return None
    if meta.shape is not None and math.prod(meta.shape) > max_elements:
        return None
    fp = Path(model.path) / meta.file
    if not_a_regular_file(fp) is not None:
        return None
    try:
        if fp.name.endswith(".safetensors"):
            from safetensors import safe_open

            with safe_open(str(fp), framework="numpy") as f:
                return f.get_tensor(name)
        import torch

        obj = torch.load(str(fp), map_location="cpu", weights_only=True, mmap=True)
        t = obj[name]
        return (t.to(torch.int64) if t.dtype != torch.bool else t).numpy()
    except Exception:  # noqa: BLE001 - an unreadable tensor is reported by the caller as unknown
        return None
