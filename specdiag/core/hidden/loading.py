"""Load hidden-state dumps safely and lazily; parse served values given as text.

Formats: ``.pt``/``.pth``/``.bin``/``.ckpt`` (``torch.save``; loaded with ``weights_only=True``
and memory-mapped when the file is in the zip format), ``.ckpt.gz``/``.pt.gz`` (gzip stream,
decompressed to a temporary file in bounded memory, then memory-mapped), ``.safetensors``
(memory-mapped by specdiag's own header reader: nothing is read until a token range is used),
``.npy`` (memory-mapped) and ``.npz``.

A ``torch.save`` file is a pickle. specdiag never runs code from one: ``weights_only=True``
refuses any object other than tensors and plain containers, and the refusal is reported as an
:class:`~specdiag.errors.InputError` naming the global the file tried to use.

Layouts recognised (keys are auto-detected; ``key=`` overrides the feature key):

=============  ===============================================  ==============================
producer       keys                                             features
=============  ===============================================  ==============================
SpecForge      ``input_ids``, ``loss_mask``, ``aux_hidden_state``  ``[1, T, 3H]`` (+ ``hidden_state`` [1,T,H])
ModelOpt       ``input_ids``, ``aux_hidden_states``, ``hidden_states``  ``[T, 3H]``
speculators    ``token_ids``, ``hidden_states``                  ``[T, n, H]`` (token-major)
HF stack       a tensor or list, or ``hidden_states``             ``[L+1, T, H]`` (layer-major)
EAGLE-1        ``input_ids``, ``loss_mask``, ``hidden_state``     ``[T, H]``
plain          one tensor / array                               ``[T, W]`` or ``[W]``
=============  ===============================================  ==============================
"""

from __future__ import annotations

import ctypes
import gzip
import json
import math
import mmap
import os
import pickle
import re
import shutil
import struct
import sys
import tempfile
import warnings
import zipfile
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    pass

TENSORS_HINT = "install the tensor extra: pip install 'specdiag[tensors]'"

FEATURE_KEYS = (
    "aux_hidden_state",  # SpecForge (disk name)
    "aux_hidden_states",  # ModelOpt, SGLang naming
    "hidden_states",  # speculators [T, n, H]; HF stacks [L+1, T, H]; DFlash
    "hidden_state",  # EAGLE-1 / SpecForge last state when no aux
    "last_hidden_state",
    "features",
    "hidden",
)
IDS_KEYS = ("input_ids", "token_ids", "ids", "tokens")
MASK_KEYS = ("loss_mask",)
LAST_KEYS = ("hidden_state", "hidden_states", "last_hidden_state", "target_last_hidden_states")


class Layout(str, Enum):
    """How a 3-D feature tensor is laid out (2-D tensors are always ``[T, W]``)."""

    AUTO = "auto"
    TOKENS = "tokens"  # [T, C, H], e.g. speculators
    LAYERS = "layers"  # [C, T, H], e.g. an HF hidden_states stack


def require_torch() -> Any:
    """Import torch or raise a clear InputError telling the user how to get it."""
    try:
        import torch
    except ImportError:  # pragma: no cover - exercised via monkeypatch in tests
        raise InputError(
            "this command needs torch to read tensors, and torch is not installed",
            hint=TENSORS_HINT,
        ) from None
    return torch


@dataclass(frozen=True)
class TensorInfo:
    """One entry of a dump: its key, shape and dtype (for reports)."""

    key: str
    shape: tuple[int, ...]
    dtype: str


@dataclass(frozen=True)
class Dump:
    """A hidden-state capture, ready to be read in token blocks.

    ``features`` stays lazy (memory-mapped where the format allows); :meth:`block` reads and
    upcasts one token range at a time.
    """

    source: str
    fmt: str
    features: Any  # torch.Tensor: [T, W] ("flat"), [T, C, H] ("tokens") or [C, T, H] ("layers")
    layout: str  # "flat", "tokens" or "layers"
    feature_key: str | None
    input_ids: Any | None = None  # 1-D int64 tensor of length T
    loss_mask: Any | None = None  # 1-D tensor of length T
    last_hidden: Any | None = None  # [T, H]
    entries: tuple[TensorInfo, ...] = ()
    padding: int = 0
    hidden_size: int | None = None  # H when the layout or a last-hidden tensor says so
    notes: tuple[str, ...] = field(default_factory=tuple)
    mapped: bool = False  # features are a private, read-only-in-practice file mapping

    @property
    def num_tokens(self) -> int:
        return int(self.features.shape[1] if self.layout == "layers" else self.features.shape[0])

    @property
    def valid_tokens(self) -> int:
        return self.num_tokens - self.padding

    @property
    def width(self) -> int:
        """Features per token (C*H)."""
        s = self.features.shape
        if self.layout == "flat":
            return int(s[1])
        return int(s[0] * s[2]) if self.layout == "layers" else int(s[1] * s[2])

    @property
    def dtype(self) -> str:
        return str(self.features.dtype).replace("torch.", "")

    @property
    def native_chunks(self) -> int | None:
        """Number of chunks when the layout itself is chunked (3-D)."""
        if self.layout == "layers":
            return int(self.features.shape[0])
        if self.layout == "tokens":
            return int(self.features.shape[1])
        return None

    def block(self, start: int, stop: int, device: str = "cpu") -> Any:
        """Tokens ``[start, stop)`` as a float32 ``[n, W]`` tensor on ``device``."""
        torch = require_torch()
        f = self.features
        x = f[:, start:stop, :] if self.layout == "layers" else f[start:stop]
        if device != "cpu":
            x = x.to(device)  # move the stored dtype (half the bytes of float32), cast there
        x = x.to(torch.float32)
        if self.layout == "layers":
            x = x.permute(1, 0, 2)
        return x.reshape(stop - start, -1)

    def release(self, start: int, stop: int) -> None:
        """Drop the file pages of tokens ``[start, stop)`` from this process (Linux).

        Only for memory-mapped files: the pages are clean and are read again from the page
        cache if touched later, so this changes nothing but the resident set, which then
        stays at a few blocks however large the dump.
        """
        if not self.mapped or self.layout == "layers" or not sys.platform.startswith("linux"):
            return
        f = self.features
        if not f.is_contiguous() or stop <= start:
            return
        row = (f.numel() // max(1, int(f.shape[0]))) * f.element_size()
        addr = f.data_ptr() + start * row
        end = addr + (stop - start) * row
        page = mmap.PAGESIZE
        lo, hi = -(-addr // page) * page, end // page * page
        if hi > lo:
            _madvise_dontneed(lo, hi - lo)

    def ids_list(self) -> list[int] | None:
        if self.input_ids is None:
            return None
        return [int(v) for v in self.input_ids.tolist()]


# --------------------------------------------------------------------------------------------
# Raw loading

_LIBC: Any = None


def _madvise_dontneed(addr: int, length: int) -> None:
    global _LIBC
    try:
        if _LIBC is None:
            _LIBC = ctypes.CDLL(None, use_errno=True)
        _LIBC.madvise(ctypes.c_void_p(addr), ctypes.c_size_t(length), 4)  # MADV_DONTNEED
    except (OSError, AttributeError):  # pragma: no cover - not Linux / no libc symbol
        pass


_ST_DTYPES = {
    "BF16": "bfloat16",
    "F16": "float16",
    "F32": "float32",
    "F64": "float64",
    "I64": "int64",
    "I32": "int32",
    "I16": "int16",
    "I8": "int8",
    "U8": "uint8",
    "BOOL": "bool",
}


def _corrupt(path: Path, what: str) -> InputError:
    return InputError(
        f"{path}: {what}",
        hint="the file is truncated or corrupt; re-create it (or check the copy finished)",
    )


def load_safetensors(path: Path) -> dict[str, Any]:
    """Memory-map a ``.safetensors`` file: tensors are views of the mapping (copy-on-write)."""
    torch = require_torch()
    size = path.stat().st_size
    with path.open("rb") as f:
        head = f.read(8)
        if len(head) < 8:
            raise _corrupt(path, "not a safetensors file (shorter than its 8-byte header length)")
        (n,) = struct.unpack("<Q", head)
        if n > min(size - 8, 100_000_000):
            raise _corrupt(path, f"safetensors header length {n} exceeds the file size {size}")
        try:
            header = json.loads(f.read(n))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise _corrupt(path, f"unreadable safetensors header ({exc})") from None
        if not isinstance(header, dict):
            raise _corrupt(path, "the safetensors header is not a JSON object")
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY) if size > 0 else None
    out: dict[str, Any] = {}
    for key, info in header.items():
        if key == "__metadata__":
            continue
        try:
            dtype = getattr(torch, _ST_DTYPES[info["dtype"]])
            shape = [int(s) for s in info["shape"]]
            begin, end = (int(v) for v in info["data_offsets"])
        except (KeyError, TypeError, ValueError):
            raise _corrupt(path, f"bad safetensors entry for {key!r}: {info!r}") from None
        numel = math.prod(shape)
        itemsize = torch.empty(0, dtype=dtype).element_size()
        if end - begin != numel * itemsize or 8 + n + end > size or begin < 0:
            raise _corrupt(
                path,
                f"tensor {key!r} needs bytes {begin}..{end} of the data section but the file "
                f"holds {size - 8 - n}",
            )
        if numel == 0 or mm is None:
            out[key] = torch.empty(shape, dtype=dtype)
        else:
            out[key] = torch.frombuffer(mm, dtype=dtype, count=numel, offset=8 + n + begin).view(
                shape
            )
    return out


def _refusal(path: Path, exc: BaseException) -> InputError:
    text = str(exc)
    m = re.search(r"(?:Unsupported global|GLOBAL|global)[:\s]+([\w.]+)", text)
    what = m.group(1) if m else "an object that is not a tensor"
    return InputError(
        f"{path}: refused to load: this pickle would build or run {what}; specdiag only loads "
        "plain tensors (torch.load weights_only=True)",
        hint="if you trust the file, re-save its tensors with torch.save({name: tensor}) or "
        "safetensors and pass that file",
    )


def _torch_load(path: Path, display: Path) -> Any:
    torch = require_torch()
    with path.open("rb") as f:
        magic = f.read(4)
    if not magic:
        raise _corrupt(display, "the file is empty")
    zipped = magic == b"PK\x03\x04"
    if zipped:
        try:
            with zipfile.ZipFile(path) as z:
                z.infolist()
        except (zipfile.BadZipFile, OSError, EOFError):
            raise _corrupt(
                display, "truncated: the zip archive torch.save writes has no intact end record"
            ) from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. "Detected pickle protocol 4"
            if zipped:
                return torch.load(str(path), map_location="cpu", weights_only=True, mmap=True)
            return torch.load(str(path), map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as exc:
        text = str(exc)
        if not zipped and magic[:1] != b"\x80" and not re.search(r"global", text, re.I):
            # torch.save's legacy format opens with a protocol-2 pickle (0x80 0x02); bytes that
            # name no global and are not a pickle at all are a damaged file, not an attack
            raise _corrupt(
                display, "not a torch.save file (neither its zip format nor a pickle)"
            ) from None
        if "weights_only" in text or "Unsupported" in text or "global" in text:
            raise _refusal(display, exc) from None
        raise _corrupt(display, f"not a readable torch file ({_first_line(exc)})") from None
    except (EOFError, zipfile.BadZipFile) as exc:
        raise _corrupt(display, f"ends early ({_first_line(exc) or 'EOF'})") from None
    except Exception as exc:  # noqa: BLE001 - the unpickler fails in many ways on garbage
        raise _corrupt(display, f"not a readable torch file ({_first_line(exc)})") from None


def _first_line(exc: BaseException) -> str:
    line = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return line.split(". ")[0][:160]


def _load_gz(path: Path) -> Any:
    """gzip-wrapped torch.save payload: stream to a temp file (bounded memory), then mmap it."""
    fd, tmp_name = tempfile.mkstemp(prefix="specdiag-", suffix=".pt")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out, gzip.open(path, "rb") as src:
            shutil.copyfileobj(src, out, length=16 << 20)
        return _torch_load(tmp, path)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise _corrupt(path, f"bad gzip stream ({_first_line(exc)})") from None
    finally:
        tmp.unlink(missing_ok=True)  # an mmap keeps the data alive after the unlink


def load_raw(path: str | Path) -> tuple[Any, str]:
    """Load a file into tensors / dicts of tensors. Returns ``(object, format tag)``."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{p}: no such file", hint="check the path")
    if p.is_dir():
        raise InputError(
            f"{p} is a directory",
            hint="pass one dump file (e.g. rows_0-2000/data_0.ckpt); "
            "`specdiag inspect-dump DIR` scans a whole directory",
        )
    name = p.name.lower()
    try:
        if name.endswith(".safetensors"):
            return load_safetensors(p), "safetensors"
        if name.endswith(".npy") or name.endswith(".npz"):
            return _load_numpy(p), "numpy"
        if name.endswith(".gz"):
            return _load_gz(p), "torch+gzip"
        return _torch_load(p, p), "torch"
    except PermissionError:
        raise InputError(f"{p}: permission denied", hint="check the file's permissions") from None


def _load_numpy(p: Path) -> Any:
    import numpy as np

    torch = require_torch()
    try:
        if p.name.lower().endswith(".npy"):
            arr = np.load(p, mmap_mode="c", allow_pickle=False)
            return torch.from_numpy(_native(arr))
        with np.load(p, allow_pickle=False) as z:
            return {k: torch.from_numpy(_native(z[k])) for k in z.files}
    except ValueError as exc:
        if "pickle" in str(exc).lower() or "python objects" in str(exc).lower():
            raise InputError(
                f"{p}: refused to load: the array holds Python objects (pickled); specdiag only "
                "loads numeric arrays (allow_pickle=False)",
                hint="save numeric arrays only (np.save(..., arr.astype(np.float32)))",
            ) from None
        raise _corrupt(p, f"not a readable numpy file ({_first_line(exc)})") from None
    except (OSError, EOFError, zipfile.BadZipFile) as exc:
        raise _corrupt(p, f"not a readable numpy file ({_first_line(exc)})") from None


def _native(arr: Any) -> Any:
    import numpy as np

    if arr.dtype.byteorder not in ("=", "|", "<" if np.little_endian else ">"):
        arr = arr.astype(arr.dtype.newbyteorder("="))
    if arr.dtype == np.float16 or arr.dtype.kind in "fiub":
        return arr
    raise ValueError(f"unsupported array dtype {arr.dtype}")


# --------------------------------------------------------------------------------------------
# Interpretation


def _is_tensor(v: Any) -> bool:
    torch = require_torch()
    return isinstance(v, torch.Tensor)


def _squeeze_lead(t: Any, keep: int) -> Any:
    while t.ndim > keep and t.shape[0] == 1:
        t = t[0]
    return t


def _pick(d: dict[str, Any], names: tuple[str, ...], exclude: set[str]) -> str | None:
    for n in names:
        if n in d and n not in exclude and _is_tensor(d[n]):
            return n
    return None


def interpret(
    obj: Any,
    source: str,
    fmt: str,
    *,
    key: str | None = None,
    layout: Layout = Layout.AUTO,
    pad_id: int | None = 0,
) -> Dump:
    """Turn a loaded object (tensor, dict or list of tensors) into a :class:`Dump`."""
    torch = require_torch()
    notes: list[str] = []
    entries: list[TensorInfo] = []
    ids = mask = last = None
    feature_key: str | None = None
    kind = fmt
    if isinstance(obj, (list, tuple)):
        if not obj or not all(_is_tensor(t) for t in obj):
            raise InputError(f"{source}: a list, but not a list of tensors")
        shapes = {tuple(t.shape) for t in obj}
        if len(shapes) != 1:
            raise InputError(f"{source}: a list of tensors with different shapes {sorted(shapes)}")
        obj = torch.stack([_squeeze_lead(t, 2) for t in obj])
        layout = Layout.LAYERS if layout is Layout.AUTO else layout
        kind = "hf-stack"
    if _is_tensor(obj):
        if key is not None:
            raise UsageError(f"--key {key}: {source} holds one tensor, not a dict of tensors")
        features = obj
        entries.append(TensorInfo("<tensor>", tuple(obj.shape), _dt(obj)))
    elif isinstance(obj, dict):
        d = {str(k): v for k, v in obj.items()}
        entries.extend(TensorInfo(k, tuple(v.shape), _dt(v)) for k, v in d.items() if _is_tensor(v))
        tensor_keys = [k for k, v in d.items() if _is_tensor(v)]
        if (
            key is None
            and ("d2t" in d or "t2d" in d)
            and not any(d[k].is_floating_point() for k in tensor_keys)
        ):
            raise InputError(
                f"{source}: a vocab mapping (d2t/t2d), not hidden states",
                hint="`specdiag inspect-dump` checks vocab maps; compare-hidden needs dumps",
            )
        if not tensor_keys:
            raise InputError(f"{source}: no tensors inside (keys: {', '.join(d) or 'none'})")
        if key is not None:
            if key not in d or not _is_tensor(d[key]):
                raise UsageError(
                    f"--key {key}: no such tensor in {source}",
                    hint=f"tensors there: {', '.join(tensor_keys)}",
                )
            feature_key = key
        else:
            floats = [k for k in tensor_keys if d[k].is_floating_point()]
            feature_key = _pick(d, FEATURE_KEYS, set())
            if feature_key is None and len(floats) == 1:
                feature_key = floats[0]
            if feature_key is None:
                raise InputError(
                    f"{source}: cannot tell which tensor holds the hidden states "
                    f"(tensors: {', '.join(tensor_keys)})",
                    hint="name it with --key",
                )
        ids_key = _pick(d, IDS_KEYS, {feature_key})
        mask_key = _pick(d, MASK_KEYS, {feature_key})
        last_key = _pick(d, LAST_KEYS, {feature_key}) if feature_key.startswith("aux") else None
        features = d[feature_key]
        if ids_key is not None:
            ids = _squeeze_lead(d[ids_key], 1).reshape(-1).to(torch.int64)
        if mask_key is not None:
            mask = _squeeze_lead(d[mask_key], 1).reshape(-1)
        if last_key is not None:
            last = _squeeze_lead(d[last_key], 2)
        if feature_key == "aux_hidden_state" and ids_key == "input_ids":
            kind = "specforge"
        elif feature_key == "aux_hidden_states":
            kind = "modelopt"
        elif feature_key == "hidden_states" and ids_key == "token_ids":
            kind = "speculators"
    else:
        raise InputError(
            f"{source}: unexpected content ({type(obj).__name__}); expected a tensor or a dict "
            "of tensors"
        )
    if not features.is_floating_point():
        raise InputError(
            f"{source}: the hidden-state tensor {feature_key or ''} is {_dt(features)}, not floating point",
            hint="name the right tensor with --key",
        )
    features = _squeeze_lead(features, 2)
    if features.ndim == 4 and features.shape[1] == 1:
        # torch.stack(model(..., output_hidden_states=True).hidden_states): [L+1, 1, T, H]
        features = features[:, 0]
    if features.ndim == 1:
        features = features.reshape(1, -1)
    if features.ndim > 3:
        raise InputError(
            f"{source}: hidden states of shape {tuple(features.shape)}: expected [T, W], "
            "[T, n, H], [n, T, H] (a leading batch of 1 is fine)",
            hint="a batch of several samples is not supported: save one sample per file",
        )
    lay = "flat"
    hidden_size = None
    if features.ndim == 3:
        n_ids = int(ids.shape[0]) if ids is not None else None
        if layout is Layout.AUTO:
            if n_ids is not None and features.shape[0] == n_ids and features.shape[1] != n_ids:
                layout = Layout.TOKENS
            elif n_ids is not None and features.shape[1] == n_ids:
                layout = Layout.LAYERS
            else:
                layout = Layout.TOKENS if kind == "speculators" else Layout.LAYERS
        lay = layout.value
        if lay == "layers" and kind not in ("specforge", "modelopt"):
            kind = "hf-stack" if kind in ("torch", "safetensors", "numpy", "torch+gzip") else kind
        hidden_size = int(features.shape[2])
        if kind == "speculators" and lay == "tokens" and key is None and features.shape[1] >= 2:
            # speculators' datagen appends the verifier's last layer (--include-last-layer, on
            # by default) and its trainer splits it off the same way
            last = features[:, -1]
            features = features[:, :-1]
            notes.append(
                f"speculators layout: the last of {int(features.shape[1]) + 1} layers is taken "
                "as the verifier's last hidden state, the others as the aux chunks "
                "(--key hidden_states keeps all of them)"
            )
    if last is not None and last.ndim == 2:
        hidden_size = hidden_size or int(last.shape[-1])
    dump = Dump(
        source=source,
        fmt=kind,
        features=features,
        layout=lay,
        feature_key=feature_key,
        input_ids=ids,
        loss_mask=mask,
        last_hidden=last,
        entries=tuple(entries),
        hidden_size=hidden_size,
    )
    t = dump.num_tokens
    if ids is not None and int(ids.shape[0]) != t:
        raise InputError(
            f"{source}: {t} hidden-state rows but {int(ids.shape[0])} input ids",
            hint="the tensors do not belong together, or --key picked the wrong one",
        )
    if mask is not None and int(mask.shape[0]) != t:
        notes.append(f"loss_mask has {int(mask.shape[0])} entries for {t} tokens; ignored")
        mask = None
    padding = _trailing_padding(dump, pad_id)
    if padding:
        why = f"id {pad_id}" if ids is not None else "all-zero rows"
        notes.append(f"{padding} trailing padding position(s) ({why}) excluded")
    return replace(dump, loss_mask=mask, padding=padding, notes=tuple(notes))


def _dt(t: Any) -> str:
    return str(t.dtype).replace("torch.", "")


def _trailing_padding(dump: Dump, pad_id: int | None) -> int:
    """Trailing pad positions: id == pad_id (and loss_mask 0), or all-zero rows without ids."""
    t = dump.num_tokens
    if t <= 1:
        return 0
    if dump.input_ids is not None:
        if pad_id is None:
            return 0
        ids = dump.input_ids.tolist()
        mask = dump.loss_mask.tolist() if dump.loss_mask is not None else None
        n = 0
        for i in range(t - 1, 0, -1):
            if ids[i] != pad_id or (mask is not None and mask[i] != 0):
                break
            n += 1
        return n
    # no ids: count trailing rows that are exactly zero, reading backwards in blocks
    n = 0
    step = 256
    stop = t
    while stop > 1:
        start = max(1, stop - step)
        blk = dump.block(start, stop)
        nz = (blk != 0).any(dim=1).tolist()
        for v in reversed(nz):
            if v:
                return n
            n += 1
        stop = start
    return n


def load_dump(
    path: str | Path,
    *,
    key: str | None = None,
    layout: Layout = Layout.AUTO,
    pad_id: int | None = 0,
) -> Dump:
    """Load and interpret one dump file."""
    obj, fmt = load_raw(path)
    dump = interpret(obj, str(path), fmt, key=key, layout=layout, pad_id=pad_id)
    return replace(dump, mapped=is_mapped(Path(path), fmt))


def is_mapped(p: Path, fmt: str) -> bool:
    """Whether ``load_raw`` memory-mapped the file (so pages can be released after use)."""
    if fmt in ("safetensors", "torch+gzip"):
        return True
    if fmt == "numpy":
        return p.name.lower().endswith(".npy")
    if fmt == "torch":
        with p.open("rb") as f:
            return f.read(4) == b"PK\x03\x04"
    return False


def dump_from_tensors(
    features: Any,
    *,
    input_ids: Any | None = None,
    loss_mask: Any | None = None,
    last_hidden: Any | None = None,
    layout: Layout = Layout.AUTO,
    source: str = "<tensor>",
    pad_id: int | None = 0,
) -> Dump:
    """Build a :class:`Dump` from in-memory tensors (what ``specdiag demo`` uses)."""
    d: dict[str, Any] = {"features": features}
    if input_ids is not None:
        d["input_ids"] = input_ids
    if loss_mask is not None:
        d["loss_mask"] = loss_mask
    if last_hidden is not None:
        d["hidden_state"] = last_hidden
    dump = interpret(d, source, "memory", key="features", layout=layout, pad_id=pad_id)
    if last_hidden is not None:
        last = _squeeze_lead(last_hidden, 2)
        dump = Dump(
            **{
                **{f: getattr(dump, f) for f in dump.__dataclass_fields__},
                "last_hidden": last,
                "hidden_size": dump.hidden_size or int(last.shape[-1]),
            }
        )
    return dump


# --------------------------------------------------------------------------------------------
# Served values given as text


@dataclass(frozen=True)
class ValueSnippet:
    """Numbers copied from a server log or debugger: ``hs_first5=[0.0295, -0.0113, ...]``."""

    name: str
    values: tuple[float, ...]
    print_tolerance: tuple[float, ...]  # half a unit in the last printed digit, per value


_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[-+]?nan|[-+]?inf"
_NAMED = re.compile(r"([A-Za-z_][\w.\-]*)\s*[=:]\s*(?:tensor\()?\[([^\]]*)\]")
_BRACKET = re.compile(r"\[([^\[\]]*)\]")


def _numbers(text: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    vals: list[float] = []
    tols: list[float] = []
    for m in re.finditer(_NUM, text, flags=re.IGNORECASE):
        s = m.group(0)
        vals.append(float(s))
        mant, _, exp = s.lower().partition("e")
        decimals = len(mant.split(".", 1)[1]) if "." in mant else 0
        e = int(exp) if exp else 0
        tols.append(0.5 * 10.0 ** (e - decimals))
    return tuple(vals), tuple(tols)


def parse_values(text: str) -> tuple[ValueSnippet, ...]:
    """Parse ``--values``: a plain list of numbers, or log text with ``name=[...]`` arrays.

    ``@FILE`` reads the text from a file. Each named (or bracketed) array becomes one snippet.
    """
    if text.startswith("@"):
        p = Path(text[1:])
        try:
            text = p.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise InputError(f"--values {text}: cannot read {p} ({exc.strerror})") from None
    snippets: list[ValueSnippet] = []
    named = list(_NAMED.finditer(text))
    if named:
        for m in named:
            vals, tols = _numbers(m.group(2))
            if vals:
                snippets.append(ValueSnippet(m.group(1), vals, tols))
    else:
        brackets = _BRACKET.findall(text)
        if brackets:
            for i, body in enumerate(brackets):
                vals, tols = _numbers(body)
                if vals:
                    snippets.append(ValueSnippet(f"values[{i}]", vals, tols))
        else:
            vals, tols = _numbers(text)
            if vals:
                snippets.append(ValueSnippet("values", vals, tols))
    if not snippets:
        raise UsageError(
            "--values holds no numbers",
            hint='e.g. --values "0.0295, -0.0113, 0.0841" or --values "hs_first5=[0.0295, ...]"',
        )
    return tuple(snippets)
