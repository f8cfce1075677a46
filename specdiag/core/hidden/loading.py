"""Load hidden-state dumps safely and lazily; the reader is chosen by the first bytes, whatever
the file is named.

torch.save files (zip: memory-mapped; gzip: decompressed to a temporary file in bounded memory),
``.safetensors`` (``safe_open``: nothing is read until a token range is used), ``.npy``
(memory-mapped) and ``.npz``. A torch.save file is a pickle: specdiag never runs code from one
(``weights_only=True``; a refusal names the global the file tried to use). The layouts are
auto-detected (SpecForge, ModelOpt, speculators, HF stacks, plain tensors: docs/compare-hidden.md
lists them); ``key=`` overrides the feature key.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import gzip
import mmap
import os
import pickle
import re
import shutil
import stat
import sys
import tempfile
import warnings
import zipfile
import zlib
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from torch import Tensor

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
    """A hidden-state capture: ``features`` stay lazy (memory-mapped where the format allows),
    :meth:`block` reads and upcasts one token range at a time."""

    source: str
    fmt: str
    features: Tensor  # [T, W] ("flat"), [T, C, H] ("tokens") or [C, T, H] ("layers")
    layout: str  # "flat", "tokens" or "layers"
    feature_key: str | None
    input_ids: Tensor | None = None  # 1-D int64 tensor of length T
    loss_mask: Tensor | None = None  # 1-D tensor of length T
    last_hidden: Tensor | None = None  # [T, H]
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
        return int(self.features.numel() // self.num_tokens)

    @property
    def dtype(self) -> str:
        return _dt(self.features)

    def block(self, start: int, stop: int, device: str = "cpu") -> Tensor:
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
        madvise(f.data_ptr() + start * row, f.data_ptr() + stop * row, MADV_DONTNEED)

    def ids_list(self) -> list[int] | None:
        return None if self.input_ids is None else list(self.input_ids.tolist())


# --------------------------------------------------------------------------------------------
# Raw loading

_LIBC: ctypes.CDLL | None = None
MADV_DONTNEED = 4
MADV_POPULATE_READ = 22  # Linux >= 5.14


def madvise(start: int, end: int, advice: int) -> bool:
    """``madvise(2)`` on the pages of ``[start, end)``, addresses this process maps (Linux):
    the whole pages inside it for MADV_DONTNEED, every page it touches otherwise. False when
    the call failed or there is no libc symbol (not Linux); True for a range without pages."""
    global _LIBC
    page = mmap.PAGESIZE
    lo = -(-start // page) * page if advice == MADV_DONTNEED else start // page * page
    hi = end // page * page if advice == MADV_DONTNEED else end
    if hi <= lo:
        return True
    try:
        if _LIBC is None:
            _LIBC = ctypes.CDLL(None, use_errno=True)
        return bool(_LIBC.madvise(ctypes.c_void_p(lo), ctypes.c_size_t(hi - lo), advice) == 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux / no libc symbol
        return False


def _corrupt(path: Path, what: str) -> InputError:
    return InputError(
        f"{path}: {what}",
        hint="the file is truncated or corrupt; re-create it (or check the copy finished)",
    )


NOT_A_DUMP_HINT = (
    "compare-hidden and inspect-dump read torch.save files (.pt/.ckpt), .safetensors, .npy and "
    ".npz; numbers printed in a log go to compare-hidden --values @FILE"
)


def _not_a_dump(path: Path, what: str) -> InputError:
    return InputError(f"{path}: {what}", hint=NOT_A_DUMP_HINT)


def load_safetensors(path: Path) -> dict[str, Tensor]:
    """A ``.safetensors`` file through the safetensors library: each tensor is a private
    (copy-on-write) memory map of its bytes, read from disk only where it is used."""
    require_torch()
    from safetensors import SafetensorError, safe_open

    try:
        with safe_open(str(path), framework="pt") as f:
            return {key: f.get_tensor(key) for key in f.keys()}  # noqa: SIM118 - no mapping
    except (SafetensorError, TypeError, ValueError, OSError) as exc:
        what = _first_line(exc)
        if "dtype" in what.lower():  # one torch does not have
            raise InputError(
                f"{path}: a tensor has a dtype specdiag cannot read ({what[:80]})",
                hint="save the hidden states as bfloat16, float16 or float32",
            ) from None
        raise _corrupt(path, f"not a readable safetensors file ({what[:200]})") from None


# the first pickle of torch.save's legacy (non-zip) format: this magic number, protocol 2
_LEGACY_MAGIC = 0x1950A86A20F9469CFC6C
_PICKLE_SCAN_OPS = 2_000_000  # enough for any legacy header; a bound on hostile pickles


@dataclass(frozen=True)
class _PickleScan:
    complete: bool  # the first pickle parsed up to its STOP
    legacy: bool  # it is torch.save's legacy magic number
    globals: tuple[str, ...]  # what it would import, unsafe ones first
    top: str | None  # the kind of its top-level object, when a plain container or scalar


def _scan_pickle(path: Path) -> _PickleScan:
    """Read the first pickle of a file without running it (``pickletools.genops``)."""
    import pickletools

    names: list[str] = []
    strings: list[str] = []
    top: str | None = None
    seen_first = complete = legacy = False
    depth = 0  # the stack's depth and its marks' positions, as pickletools.dis keeps them
    marks: list[int] = []
    with path.open("rb") as f:
        try:
            for i, (op, arg, _pos) in enumerate(pickletools.genops(f)):
                if i >= _PICKLE_SCAN_OPS:
                    break
                # an opcode that takes more than the stack holds: no pickle (text, junk) ends
                # here, at its first opcodes, not after millions of them
                before = op.stack_before
                if pickletools.markobject in before or (
                    op.name == "POP" and marks and marks[-1] == depth - 1
                ):
                    if not marks:
                        break
                    depth = marks.pop()
                    pops = before.index(pickletools.markobject) if op.name != "POP" else 0
                else:
                    pops = len(before)
                if pops > depth:
                    break
                depth -= pops
                if pickletools.markobject in op.stack_after:
                    marks.append(depth)
                depth += len(op.stack_after)
                if op.name == "STOP":
                    complete = True
                    break
                if op.name in ("PROTO", "FRAME"):
                    continue
                if not seen_first:  # torch.save's legacy format starts with its magic number
                    seen_first, top = True, _PICKLE_KINDS.get(op.name)
                    legacy = op.name == "LONG1" and arg == _LEGACY_MAGIC
                if op.name in ("GLOBAL", "INST"):
                    names.append(str(arg).replace(" ", "."))
                elif op.name == "STACK_GLOBAL" and len(strings) >= 2:
                    names.append(f"{strings[-2]}.{strings[-1]}")
                if isinstance(arg, str):
                    strings.append(arg)
                    del strings[:-2]
        except (ValueError, EOFError, UnicodeDecodeError, OverflowError, MemoryError):
            pass
    unique = list(dict.fromkeys(names))
    unique.sort(key=lambda n: n.startswith(("torch.", "collections.OrderedDict")))
    return _PickleScan(complete, legacy, tuple(unique), top)


_PICKLE_KINDS = {
    op: kind
    for kind, ops in (
        ("dict", "EMPTY_DICT DICT"),
        ("list", "EMPTY_LIST LIST"),
        ("tuple", "EMPTY_TUPLE TUPLE"),
        ("container", "MARK"),
        ("set", "EMPTY_SET"),
        ("int", "BININT BININT1 BININT2 LONG1"),
        ("float", "BINFLOAT"),
        ("str", "SHORT_BINUNICODE BINUNICODE"),
        ("None", "NONE"),
    )
    for op in ops.split()
}


def _refusal(path: Path, what: str) -> InputError:
    return InputError(
        f"{path}: refused to load: this pickle would import {what}; specdiag only loads plain "
        "tensors (torch.load weights_only=True) and never runs code from a file",
        hint="if you trust the file, re-save its tensors with torch.save({name: tensor}) or "
        "safetensors and pass that file",
    )


def _weights_only_refusal(path: Path, exc: BaseException) -> InputError:
    text = str(exc)
    m = re.search(r"(?:Unsupported global|GLOBAL|global)[:\s]+([\w.]+)", text)
    if m:
        return _refusal(path, m.group(1))
    m = re.search(r"WeightsUnpickler error:\s*(.+?)(?:\n\n|$)", text, re.S)
    reason = (m.group(1).strip().splitlines()[0] if m else _first_line(text))[:160]
    return _not_a_dump(
        path,
        "not a tensor dump: torch.load(weights_only=True) cannot read it "
        f"({reason}); it imports nothing, so it is damaged or a plain pickle",
    )


def _first_line(what: BaseException | str) -> str:
    """The first sentence of an error's text (its type's name when it has none)."""
    line = (str(what).strip().splitlines() or [""])[0].split(". ")[0][:160]
    return line or ("" if isinstance(what, str) else type(what).__name__)


def _classify_error(display: Path, exc: BaseException) -> InputError:
    """A torch.load failure on a file whose format was already recognised: say what broke."""
    text = str(exc)
    if "out of bounds for storage" in text or "requiring a storage size" in text:
        return _corrupt(display, "a tensor's shape needs more bytes than the file stores")
    if isinstance(exc, (EOFError, zipfile.BadZipFile)) or "EOF" in text:
        return _corrupt(display, f"ends early ({_first_line(exc) or 'EOF'})")
    return _corrupt(
        display, f"not a readable torch file ({type(exc).__name__}: {_first_line(exc)})"
    )


def _torch_load(path: Path, display: Path, zipped: bool) -> Any:
    """``torch.load(weights_only=True)`` of a recognised torch.save file (zip or legacy pickle)."""
    torch = require_torch()
    if not zipped:
        scan = _scan_pickle(path)
        if not scan.legacy:
            raise _plain_pickle(display, scan)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. "Detected pickle protocol 4"
            return torch.load(str(path), map_location="cpu", weights_only=True, mmap=zipped)
    except pickle.UnpicklingError as exc:
        raise _weights_only_refusal(display, exc) from None
    except Exception as exc:  # noqa: BLE001 - the unpickler fails in many ways on garbage
        raise _classify_error(display, exc) from None


def _plain_pickle(display: Path, scan: _PickleScan) -> InputError:
    """A pickle that is not torch.save's legacy format: refused when it imports unsafe globals."""
    unsafe = [g for g in scan.globals if g not in _weights_only_allowed()]
    if unsafe:
        return _refusal(display, ", ".join(unsafe[:4]))
    if not scan.complete:
        return _corrupt(display, "a damaged pickle (it ends before its STOP): not a tensor dump")
    return _not_a_dump(
        display,
        f"a plain Python pickle (of a {scan.top or (scan.globals or ('Python object',))[0]}), "
        "not a torch.save file: it "
        "holds no tensors (nothing in it is unsafe, but there is nothing to compare)",
    )


_ALLOWED: frozenset[str] | None = None


def _weights_only_allowed() -> frozenset[str]:
    """Globals ``torch.load(weights_only=True)`` accepts (its allowlist, when torch exposes it)."""
    global _ALLOWED
    if _ALLOWED is None:
        names = {"collections.OrderedDict", "builtins.set", "builtins.bytearray"}
        try:
            from torch import _weights_only_unpickler as wou

            names |= {str(k) for k in wou._get_allowed_globals()}
        except Exception:  # noqa: BLE001 - a private API; the small set above still holds
            pass
        _ALLOWED = frozenset(names)
    return _ALLOWED


def _zip_kind(path: Path, display: Path) -> str:
    """'torch' (torch.save's zip format: ``*/data.pkl``) or 'npz'; anything else is refused."""
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise _corrupt(
            display, "truncated: the zip archive torch.save writes has no intact end record"
        ) from None
    if any(n.endswith("data.pkl") and "/" in n for n in names):
        return "torch"
    if names and all(n.endswith(".npy") for n in names):
        return "npz"
    shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
    raise _not_a_dump(
        display,
        "a zip archive, but neither torch.save's (no <name>/data.pkl inside) nor an .npz "
        f"(entries: {shown or 'none'})",
    )


def _sniff(head: bytes) -> str:
    """The format from a file's first bytes: npy, gzip, zip, pickle, safetensors, or why not."""
    if not head:
        return "empty"
    if head.startswith(b"\x93NUMPY"):
        return "npy"
    if head[:2] == b"\x1f\x8b":
        return "gzip"
    if head[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        return "zip"
    if head[:1] == b"\x80" and len(head) > 1 and 2 <= head[1] <= 5:
        return "pickle"
    if len(head) >= 9 and head[8:9] == b"{":
        return "safetensors"
    if not head.strip(b"\0"):
        return "zeros"
    if head[257:262] == b"ustar":
        return "tar"
    text = ""
    for cut in range(4):  # the read may end inside a multi-byte character
        try:
            text = head[: len(head) - cut].decode("utf-8")
            break
        except UnicodeDecodeError:
            continue
    if text and all(c.isprintable() or c in "\t\r\n" for c in text):
        return "text"
    return "unknown"


def _unknown_format(display: Path, kind: str, head: bytes, path: Path | None = None) -> InputError:
    if kind in ("text", "unknown") and path is not None:
        scan = _scan_pickle(path)  # protocol-0/1 pickles are text-like
        if scan.globals or (scan.complete and scan.top is not None):
            return _plain_pickle(display, scan)
    if kind == "empty":
        return _corrupt(display, "the file is empty")
    if kind == "zeros":
        return _corrupt(
            display,
            f"the file starts with {len(head)} zero bytes: not a tensor file (a preallocated "
            "file or an unfinished copy?)",
        )
    if kind == "tar":
        return _not_a_dump(
            display,
            "a tar archive (torch.save's pre-1.6 legacy tar format, or another archive), not a "
            "torch.save file that weights_only=True can read",
        )
    if kind == "text":
        sample = head[:40].decode("utf-8", errors="replace").splitlines()[0][:40]
        return _not_a_dump(
            display,
            f"a text file, not a torch.save file or other tensor dump (it starts with {sample!r})",
        )
    return _not_a_dump(
        display,
        "not a torch.save file, safetensors or numpy: an unknown format (it starts with bytes "
        f"{head[:8].hex(' ')})",
    )


def _load_gz(path: Path) -> Any:
    """gzip-wrapped torch.save payload: stream to a temp file (bounded memory), then mmap it."""
    fd, tmp_name = tempfile.mkstemp(prefix="specdiag-", suffix=".pt")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out, gzip.open(path, "rb") as src:
            shutil.copyfileobj(src, out, length=16 << 20)
        return _by_content(tmp, path, Path(f"{path} (decompressed)"), gzipped=True).obj
    except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise _corrupt(path, f"bad gzip stream ({_first_line(exc)})") from None
    finally:
        tmp.unlink(missing_ok=True)  # an mmap keeps the data alive after the unlink


_SNIFF_BYTES = 4096


@dataclass(frozen=True)
class RawFile:
    """What :func:`load_file` read: the object, its format tag and whether it is memory-mapped."""

    obj: Any
    fmt: str  # safetensors | numpy | torch | torch+gzip
    mapped: bool


def check_path(path: str | Path) -> Path:
    """A readable regular file, or an InputError that says what the path really is."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(
                f"{p}: a loop of symbolic links", hint="point the link at the dump file itself"
            ) from None
        if exc.errno == errno.ENOENT and p.is_symlink():
            raise InputError(
                f"{p}: a symbolic link to {os.readlink(p)}, which does not exist",
                hint="fix the link or pass the dump file itself",
            ) from None
        what, hint = {
            errno.ENOENT: ("no such file", "check the path"),
            errno.EACCES: ("permission denied", "check the permissions"),
            errno.ENOTDIR: ("a part of the path is a file, not a directory", "check the path"),
        }.get(exc.errno or 0, (f"cannot read ({exc.strerror})", "check the path"))
        raise InputError(f"{p}: {what}", hint=hint) from None
    except ValueError:  # e.g. an embedded NUL byte
        raise InputError(f"{str(p)!r}: not a valid path", hint="check the path") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(
            f"{p} is a directory",
            hint="pass one dump file (e.g. rows_0-2000/data_0.ckpt); "
            "`specdiag inspect-dump DIR` scans a whole directory",
        )
    if not stat.S_ISREG(st.st_mode):
        raise InputError(
            f"{p}: not a regular file (a pipe, socket or device): tensors are memory-mapped "
            "from a file on disk",
            hint="save the stream to a file first and pass that file",
        )
    return p


def load_file(path: str | Path) -> RawFile:
    """Load a file into tensors / dicts of tensors, choosing the reader from its first bytes."""
    p = check_path(path)
    try:
        return _by_content(p, p, p, gzipped=False)
    except PermissionError:
        raise InputError(f"{p}: permission denied", hint="check the file's permissions") from None


def _by_content(path: Path, display: Path, unknown: Path, *, gzipped: bool) -> RawFile:
    """Read ``path`` with the reader its first bytes call for (``display`` names it in
    messages, ``unknown`` when the format is not one; a gzip inside a gzip is not read)."""
    with path.open("rb") as f:
        head = f.read(_SNIFF_BYTES)
    kind = _sniff(head)
    if kind == "zip":
        kind = _zip_kind(path, display)
    if kind in ("torch", "pickle"):
        zipped = kind == "torch"
        return RawFile(_torch_load(path, display, zipped), "torch", zipped)
    if kind == "safetensors":
        return RawFile(load_safetensors(path), "safetensors", True)
    if kind in ("npy", "npz"):
        return RawFile(_load_numpy(path, kind, display), "numpy", kind == "npy")
    if kind == "gzip" and not gzipped:
        return RawFile(_load_gz(path), "torch+gzip", True)
    raise _unknown_format(unknown, kind, head, path)


def _load_numpy(p: Path, kind: str, display: Path) -> Any:
    import numpy as np

    torch = require_torch()
    try:
        if kind == "npy":
            arrays = {"": np.load(p, mmap_mode="c", allow_pickle=False)}
        else:
            with np.load(p, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
    except Exception as exc:  # noqa: BLE001 - numpy's header parser fails in many ways on garbage
        low = str(exc).lower()
        if isinstance(exc, ValueError) and ("pickle" in low or "python objects" in low):
            raise InputError(
                f"{display}: refused to load: the array holds Python objects (pickled); specdiag "
                "only loads numeric arrays (allow_pickle=False)",
                hint="save numeric arrays only (np.save(..., arr.astype(np.float32)))",
            ) from None
        raise _corrupt(display, f"not a readable numpy file ({_first_line(exc)})") from None
    out: dict[str, Tensor] = {}
    for k, arr in arrays.items():
        if arr.dtype.kind in "fiub" and arr.dtype.itemsize <= 8:  # no complex, text, float128
            # torch reads native byte order only; an older torch has no unsigned 16-64 bit
            with contextlib.suppress(TypeError):
                out[k] = torch.from_numpy(arr.astype(arr.dtype.newbyteorder("="), copy=False))
        if k not in out:
            raise InputError(
                f"{display}: an array of dtype {arr.dtype}, which specdiag cannot read",
                hint="save numeric arrays (np.save(..., arr.astype(np.float32)))",
            )
    return out[""] if kind == "npy" else out


# --------------------------------------------------------------------------------------------
# Interpretation


def check_tensor(t: Tensor, source: str, what: str) -> None:
    """The one guard where tensors enter: dense, on the host, with data, not a broadcast view."""
    torch = require_torch()
    if t.layout is not torch.strided:
        layout = str(t.layout).replace("torch.", "")
        raise InputError(
            f"{source}: {what} is a sparse tensor ({layout}); hidden states are dense",
            hint="save it dense: torch.save({name: tensor.to_dense()}, path)",
        )
    if t.is_quantized:
        raise InputError(
            f"{source}: {what} is a quantized tensor ({_dt(t)})",
            hint="save tensor.dequantize() (bfloat16 or float32) instead",
        )
    if t.device.type != "cpu":
        raise InputError(
            f"{source}: {what} is on device {t.device.type!r} and holds no data here",
            hint="save the real tensor: tensor.cpu() before torch.save",
        )
    if t.ndim == 0:
        raise InputError(
            f"{source}: {what} is a single number (a 0-d tensor), not a tensor of hidden states",
            hint="save the whole capture ([T, W] per token), not a scalar",
        )
    if t.numel() == 0:
        raise InputError(
            f"{source}: {what} holds no values (shape {tuple(t.shape)})",
            hint="the capture is empty: re-run the dump for a request with tokens",
        )
    stored = t.untyped_storage().nbytes() // max(1, t.element_size())
    if t.numel() > stored:
        raise InputError(
            f"{source}: {what} declares shape {tuple(t.shape)} ({t.numel()} values) but stores "
            f"only {stored}: a broadcast view (expand) saved as it is",
            hint="save tensor.contiguous() (a real capture), not an expanded view",
        )


def _is_tensor(v: object) -> TypeGuard[Tensor]:
    torch = require_torch()
    return isinstance(v, torch.Tensor)


def _squeeze_lead(t: Tensor, keep: int) -> Tensor:
    while t.ndim > keep and t.shape[0] == 1:
        t = t[0]
    return t


def _pick(d: dict[str, Any], names: tuple[str, ...], exclude: set[str]) -> str | None:
    for n in names:
        if n in d and n not in exclude and _is_tensor(d[n]):
            return n
    return None


@dataclass
class _Parts:
    """The tensors of a dump as :func:`interpret` picks them, before they are shaped."""

    features: Any = None  # a Tensor once picked
    feature_key: str | None = None
    ids: Tensor | None = None
    mask: Tensor | None = None
    last: Tensor | None = None
    last_key: str | None = None
    kind: str = ""
    entries: list[TensorInfo] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def interpret(
    obj: Any,
    source: str,
    fmt: str,
    *,
    key: str | None = None,
    layout: Layout = Layout.AUTO,
    pad_id: int | None = 0,
    key_flag: str = "--key",
) -> Dump:
    """A loaded tensor, dict or list of tensors as a :class:`Dump` (``key_flag``: the flag that
    named ``key``, for messages)."""
    parts = _Parts(kind=fmt)
    if isinstance(obj, (list, tuple)):
        obj = _stack_list(obj, source)
        layout = Layout.LAYERS if layout is Layout.AUTO else layout
        parts.kind = "hf-stack"
    if _is_tensor(obj):
        if key is not None:
            raise UsageError(
                f"{key_flag} {key}: {source} holds one tensor, not a dict of tensors",
                hint=f"leave {key_flag} out: the tensor itself is read",
            )
        parts.features = obj
        parts.entries.append(TensorInfo("<tensor>", tuple(obj.shape), _dt(obj)))
    elif isinstance(obj, dict):
        _from_dict({str(k): v for k, v in obj.items()}, source, key, key_flag, parts)
    else:
        raise InputError(
            f"{source}: unexpected content ({type(obj).__name__}); expected a tensor or a dict "
            "of tensors",
            hint=NOT_A_DUMP_HINT,
        )
    fk = parts.feature_key
    what = f"the hidden-state tensor {fk}" if fk else "the hidden-state tensor"
    check_tensor(parts.features, source, what)
    if not parts.features.is_floating_point():
        raise InputError(
            f"{source}: {what} is {_dt(parts.features)}, not floating point",
            hint=f"name the right tensor with {key_flag}",
        )
    lay, hidden_size = _shape(parts, source, layout, key)
    return _assemble(parts, source, lay, hidden_size, pad_id)


def _stack_list(obj: list[Any] | tuple[Any, ...], source: str) -> Tensor:
    """A list of per-layer tensors (HF ``hidden_states``) as one ``[L+1, T, H]`` stack."""
    torch = require_torch()
    if not obj or not all(_is_tensor(t) for t in obj):
        raise InputError(
            f"{source}: a list, but not a list of tensors",
            hint="a reference is a list of [T, H] tensors, one per layer (HF hidden_states)",
        )
    for i, t in enumerate(obj):
        check_tensor(t, source, f"list entry {i}")
    shapes = {tuple(t.shape) for t in obj}
    if len(shapes) != 1:
        raise InputError(
            f"{source}: a list of tensors with different shapes {sorted(shapes)[:4]}",
            hint="a reference is a list of [T, H] tensors, one per layer (HF hidden_states)",
        )
    stack: Tensor = torch.stack([_squeeze_lead(t, 2) for t in obj])
    return stack


def _from_dict(
    d: dict[str, Any], source: str, key: str | None, key_flag: str, parts: _Parts
) -> None:
    """Pick the features, ids, loss mask and last hidden state of a dict of tensors."""
    parts.entries.extend(
        TensorInfo(k, tuple(v.shape), _dt(v)) for k, v in d.items() if _is_tensor(v)
    )
    fk = _feature_key(d, source, key, key_flag)
    ids_key = _pick(d, IDS_KEYS, {fk})
    mask_key = _pick(d, MASK_KEYS, {fk})
    last_key = _pick(d, LAST_KEYS, {fk}) if fk.startswith("aux") else None
    parts.features, parts.feature_key, parts.last_key = d[fk], fk, last_key
    if ids_key is not None:
        parts.ids = _token_ids(d[ids_key], source, ids_key)
    if mask_key is not None:
        mask = _optional(d[mask_key], source, mask_key, parts.notes, finite=True)
        parts.mask = _squeeze_lead(mask, 1).reshape(-1) if mask is not None else None
    if last_key is not None:
        last = _optional(d[last_key], source, last_key, parts.notes, floating=True)
        parts.last = _squeeze_lead(last, 2) if last is not None else None
    if fk == "aux_hidden_state" and ids_key == "input_ids":
        parts.kind = "specforge"
    elif fk == "aux_hidden_states":
        parts.kind = "modelopt"
    elif fk == "hidden_states" and ids_key == "token_ids":
        parts.kind = "speculators"


def _feature_key(d: dict[str, Any], source: str, key: str | None, key_flag: str) -> str:
    """The key of the hidden-state tensor: ``key``, a known name, or the only float tensor."""
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
        shown = ", ".join(list(d)[:10]) + (", ..." if len(d) > 10 else "")
        raise InputError(
            f"{source}: no tensors inside (keys: {shown or 'none'}): not a hidden-state dump",
            hint=NOT_A_DUMP_HINT,
        )
    if key is not None:
        if key not in d or not _is_tensor(d[key]):
            raise UsageError(
                f"{key_flag} {key}: no such tensor in {source}",
                hint=f"tensors there: {', '.join(tensor_keys)}",
            )
        return key
    floats = [k for k in tensor_keys if d[k].is_floating_point()]
    found = _pick(d, FEATURE_KEYS, set())
    if found is None and len(floats) == 1:
        found = floats[0]
    if found is None:
        raise InputError(
            f"{source}: cannot tell which tensor holds the hidden states "
            f"(tensors: {', '.join(tensor_keys)})",
            hint="name it with --key",
        )
    return found


def _shape(parts: _Parts, source: str, layout: Layout, key: str | None) -> tuple[str, int | None]:
    """Bring the features to 2-D or 3-D; return (layout, hidden size when the shape says)."""
    features = _squeeze_lead(parts.features, 2)
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
    parts.features = features
    if features.ndim != 3:
        return "flat", None
    ids, kind = parts.ids, parts.kind
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
        parts.kind = "hf-stack" if kind in ("torch", "safetensors", "numpy", "torch+gzip") else kind
    if kind == "speculators" and lay == "tokens" and key is None and features.shape[1] >= 2:
        # speculators' datagen appends the verifier's last layer (--include-last-layer, on
        # by default) and its trainer splits it off the same way
        parts.last = features[:, -1]
        parts.features = features[:, :-1]
        parts.notes.append(
            f"speculators layout: the last of {int(features.shape[1])} layers is taken "
            "as the verifier's last hidden state, the others as the aux chunks "
            "(--key hidden_states keeps all of them)"
        )
    return lay, int(features.shape[2])


def _assemble(
    parts: _Parts, source: str, lay: str, hidden_size: int | None, pad_id: int | None
) -> Dump:
    """The :class:`Dump`, with its side tensors checked against the token count."""
    ids, mask, last, notes = parts.ids, parts.mask, parts.last, parts.notes
    features = parts.features
    t = int(features.shape[1] if lay == "layers" else features.shape[0])
    if last is not None and last.ndim == 2 and int(last.shape[0]) != t:
        notes.append(
            f"{parts.last_key or 'the last hidden state'} has {int(last.shape[0])} rows for "
            f"{t} tokens; ignored"
        )
        last = None
    if last is not None and last.ndim == 2:
        hidden_size = hidden_size or int(last.shape[-1])
    if ids is not None and int(ids.shape[0]) != t:
        raise InputError(
            f"{source}: {t} hidden-state rows but {int(ids.shape[0])} input ids",
            hint="the tensors do not belong together, or --key picked the wrong one",
        )
    if mask is not None and int(mask.shape[0]) != t:  # dropped before the padding reads it
        notes.append(f"loss_mask has {int(mask.shape[0])} entries for {t} tokens; ignored")
        mask = None
    dump = Dump(
        source=source,
        fmt=parts.kind,
        features=features,
        layout=lay,
        feature_key=parts.feature_key,
        input_ids=ids,
        loss_mask=mask,
        last_hidden=last,
        entries=tuple(parts.entries),
        hidden_size=hidden_size,
    )
    padding = _trailing_padding(dump, pad_id)
    if padding:
        why = f"id {pad_id}" if ids is not None else "all-zero rows"
        notes.append(f"{padding} trailing padding position(s) ({why}) excluded")
    return replace(dump, padding=padding, notes=tuple(notes))


def _dt(t: Tensor) -> str:
    return str(t.dtype).replace("torch.", "")


def _token_ids(t: Tensor, source: str, key: str) -> Tensor:
    """Token ids as a 1-D int64 tensor: integers, or floats holding whole numbers."""
    torch = require_torch()
    check_tensor(t, source, f"the {key} tensor")
    if t.dtype == torch.bool or t.is_complex():
        raise InputError(
            f"{source}: {key} is {_dt(t)}, not token ids",
            hint="token ids are integers (int64); re-save them with .long()",
        )
    if t.is_floating_point():
        f = t.to(torch.float64)  # float8 & co. have no isfinite/round kernels
        ok = torch.isfinite(f) & (f == f.round()) & (f.abs() < 2.0**53)
        if not bool(ok.all()):
            raise InputError(
                f"{source}: {key} holds values that are not whole numbers (NaN, Inf or fractions)",
                hint="token ids are integers (int64); re-save them with .long()",
            )
    return _squeeze_lead(t, 1).reshape(-1).to(torch.int64)


def _optional(
    t: Tensor,
    source: str,
    key: str,
    notes: list[str],
    *,
    finite: bool = False,
    floating: bool = False,
) -> Tensor | None:
    """A side tensor (loss mask, last hidden state): ignored with a note when unusable."""
    torch = require_torch()
    try:
        check_tensor(t, source, key)
    except InputError as exc:
        notes.append(f"{exc.message.removeprefix(source + ': ')}; ignored")
        return None
    if floating and not t.is_floating_point():
        notes.append(f"{key} is {_dt(t)}, not floating point; ignored")
        return None
    if t.is_complex() or (
        finite and t.is_floating_point() and not bool(torch.isfinite(t.to(torch.float32)).all())
    ):
        notes.append(f"{key} holds NaN/Inf or complex values; ignored")
        return None
    return t


def _trailing_padding(dump: Dump, pad_id: int | None) -> int:
    """Trailing pad positions: id == pad_id (and loss_mask 0), or all-zero rows without ids."""
    t = dump.num_tokens
    if t <= 1:
        return 0
    if dump.input_ids is not None:
        if pad_id is None:
            return 0
        pad = dump.input_ids[1:] == pad_id  # position 0 is never padding
        if dump.loss_mask is not None:
            pad &= dump.loss_mask[1:] == 0
        kept = pad.logical_not().nonzero()  # the last position that is not padding ends it
        return t - 1 - (int(kept[-1]) + 1 if kept.numel() else 0)
    # no ids: count trailing rows that are exactly zero, reading backwards in blocks
    n = 0
    for stop in range(t, 1, -256):
        nz = (dump.block(max(1, stop - 256), stop) != 0).any(dim=1).tolist()
        for v in reversed(nz):
            if v:
                return n
            n += 1
    return n


def load_dump(
    path: str | Path,
    *,
    key: str | None = None,
    layout: Layout = Layout.AUTO,
    pad_id: int | None = 0,
    key_flag: str = "--key",
) -> Dump:
    """Load and interpret one dump file (``key_flag``: the flag that gave ``key``)."""
    raw = load_file(path)
    dump = interpret(
        raw.obj, str(path), raw.fmt, key=key, layout=layout, pad_id=pad_id, key_flag=key_flag
    )
    return replace(dump, mapped=raw.mapped)


def dump_from_tensors(
    features: Tensor,
    *,
    input_ids: Tensor | None = None,
    loss_mask: Tensor | None = None,
    last_hidden: Tensor | None = None,
    layout: Layout = Layout.AUTO,
    source: str = "<tensor>",
    pad_id: int | None = 0,
) -> Dump:
    """Build a :class:`Dump` from in-memory tensors (what ``specdiag demo`` uses)."""
    given = {"input_ids": input_ids, "loss_mask": loss_mask, "hidden_state": last_hidden}
    d = {"features": features} | {k: v for k, v in given.items() if v is not None}
    dump = interpret(d, source, "memory", key="features", layout=layout, pad_id=pad_id)
    if last_hidden is None:
        return dump
    last = _squeeze_lead(last_hidden, 2)
    return replace(dump, last_hidden=last, hidden_size=dump.hidden_size or int(last.shape[-1]))
