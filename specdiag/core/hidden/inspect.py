"""Inspect hidden-state dump files or SpecForge directories (``specdiag inspect-dump``; what is
checked per file and across files: docs/inspect-dump.md). One bad file never aborts the scan: it
is reported with its error and the scan goes on."""

from __future__ import annotations

import importlib
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.hidden.loading import (
    MADV_POPULATE_READ,
    Dump,
    TensorInfo,
    interpret,
    load_file,
    madvise,
    require_torch,
)
from specdiag.errors import InputError, SpecdiagError, UsageError

if TYPE_CHECKING:
    from torch import Tensor

VOCAB_NOT_DUMP = "a vocab mapping (d2t/t2d), not a hidden-state dump"
DUMP_SUFFIXES = (".ckpt", ".ckpt.gz", ".pt", ".pt.gz", ".pth", ".safetensors", ".npy", ".npz")


@dataclass(frozen=True)
class ChunkFingerprint:
    index: int
    rms_mean: float  # mean over valid tokens of the per-token RMS
    rms_std: float
    abs_max: float


@dataclass(frozen=True)
class FileReport:
    path: str
    ok: bool  # readable and internally consistent
    error: str | None = None
    format: str | None = None
    tensors: tuple[TensorInfo, ...] = ()
    feature_key: str | None = None
    dtype: str | None = None
    tokens: int = 0
    padding: int = 0
    padding_share: float | None = None
    loss_mask_share: float | None = None  # share of valid tokens with loss_mask == 1
    nonfinite: dict[str, int] = field(default_factory=dict)
    hidden_size: int | None = None
    chunks: int | None = None
    fingerprint: tuple[ChunkFingerprint, ...] = ()
    ascending: bool | None = None
    embedding_chunks: tuple[int, ...] = ()  # chunks whose repeated-token rows are identical
    problems: tuple[str, ...] = ()  # make the file inconsistent (exit 1)
    warnings: tuple[str, ...] = ()

    @property
    def key_set(self) -> tuple[str, ...]:
        return tuple(sorted(e.key for e in self.tensors))


@dataclass(frozen=True)
class VocabMap:
    path: str
    ok: bool
    draft_vocab_size: int | None = None
    target_vocab_size: int | None = None
    t2d_true: int | None = None
    problems: tuple[str, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class ChunkLayer:
    """Which HF ``hidden_states`` index one aux chunk of a dump is."""

    index: int
    hf_index: int  # best match: 0 = embedding output, i = output of layer i-1, L = final normed
    cosine: float  # mean per-token cosine with that index
    rel_l2: float  # |chunk - reference| / |reference| over the compared tokens
    exact: bool  # rel_l2 within the dtype's tolerance (compare-hidden's rtol)
    runner_up: int | None
    runner_up_cosine: float | None
    description: str  # "the output of decoder layer 1", ...
    trainer_id: int  # SpecForge / EAGLE-3 config id: output of layer k (-1 = embedding)
    engine_ids: dict[str, int]  # the id each engine's config needs to capture this index


@dataclass(frozen=True)
class LayerReport:
    """``inspect-dump --target/--reference``: the layers behind a training dump's aux chunks."""

    path: str
    reference: str  # the model directory or the reference file
    num_layers: int  # L of the reference (L + 1 hidden states)
    hidden_size: int
    tokens: int  # compared
    chunks: tuple[ChunkLayer, ...]
    all_exact: bool
    layer_ids: dict[str, list[int]]  # eagle_aux_hidden_state_layer_ids per engine/trainer
    similarity: tuple[tuple[float, ...], ...]  # chunk x HF index, mean cosine
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class InspectReport:
    files: tuple[FileReport, ...]
    vocab: tuple[VocabMap, ...]
    hidden_sizes: dict[str, int]  # value -> number of files
    dtypes: dict[str, int]
    key_sets: dict[str, int]
    problems: tuple[str, ...]  # across files
    ok: bool
    layers: tuple[LayerReport, ...] = ()

    @property
    def bad_files(self) -> tuple[FileReport, ...]:
        return tuple(f for f in self.files if not f.ok)


def discover(paths: Sequence[str | Path]) -> tuple[list[Path], list[Path]]:
    """Expand files and directories into (dump files, vocab-mapping files), sorted like SpecForge;
    a file reached twice (a directory and a file in it, a path given twice) is listed once."""
    dumps: list[Path] = []
    vocab: list[Path] = []
    seen: set[Path] = set()
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            raise InputError(
                f"{p}: no such file or directory",
                hint="give a dump file or a SpecForge output directory (rows_*/data_*.ckpt)",
            )
        found = sorted(q for q in p.rglob("*") if q.is_file()) if p.is_dir() else [p]
        for q in found:
            try:
                key = q.resolve()
            except (OSError, RuntimeError):  # a link loop: the loader reports it, by its name
                key = q.absolute()
            if key in seen:
                continue
            seen.add(key)
            name = q.name.lower()
            if name.startswith("vocab_mapping"):
                vocab.append(q)
            elif p.is_file() or name.endswith(DUMP_SUFFIXES):
                dumps.append(q)
    if not dumps and not vocab:
        raise InputError(
            f"no dump files under {', '.join(str(p) for p in paths)}",
            hint="expected rows_*/data_*.ckpt[.gz] (SpecForge) or .pt/.safetensors/.npy/.npz files",
        )
    return dumps, vocab


def inspect_file(path: str, pad_id: int | None = 0, hidden_size: int | None = None) -> FileReport:
    """Inspect one file; never raises for a bad file (the error goes into the report)."""
    try:
        return _inspect_file(path, pad_id, hidden_size)
    except SpecdiagError as exc:
        return FileReport(path=path, ok=False, error=exc.message.removeprefix(f"{path}: "))
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the scan
        return FileReport(path=path, ok=False, error=f"{type(exc).__name__}: {exc}")


def _inspect_file(path: str, pad_id: int | None, hidden_size: int | None) -> FileReport:
    torch = require_torch()
    raw = load_file(path)
    obj = raw.obj
    if isinstance(obj, dict) and ("d2t" in obj or "t2d" in obj):
        raise InputError(VOCAB_NOT_DUMP, hint="checked as a vocab map instead")
    dump = replace(interpret(obj, path, raw.fmt, pad_id=pad_id), mapped=raw.mapped)
    problems: list[str] = []
    warnings: list[str] = [n for n in dump.notes if "padding" not in n]  # padding has a column
    # hidden size and chunks
    h = hidden_size or dump.hidden_size
    if h is None:  # EAGLE-3's three aux chunks, else one row
        aux = dump.width % 3 == 0 and (dump.feature_key or "").startswith("aux")
        h = dump.width // 3 if aux else dump.width
    chunks = None if dump.width % h else dump.width // h
    if chunks is None:
        problems.append(f"row width {dump.width} is not a multiple of the hidden size {h}")
    t = dump.num_tokens
    valid = dump.valid_tokens
    # one pass over the features: NaN/Inf count and the per-chunk fingerprint
    scan = _scan(dump, chunks or 1, h if chunks else dump.width, valid)
    nonfinite: dict[str, int] = {dump.feature_key or "<tensor>": scan.nonfinite}
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k != dump.feature_key and isinstance(v, torch.Tensor) and v.is_floating_point():
                nonfinite[str(k)] = _count_nonfinite(v, dump.mapped)
    bad = {k: v for k, v in nonfinite.items() if v}
    if bad:
        problems.append("NaN/Inf values: " + ", ".join(f"{k} {v}" for k, v in bad.items()))
    if isinstance(obj, dict) and dump.fmt == "specforge":
        last = dump.last_hidden
        if last is None:
            warnings.append("no hidden_state (the target's last state) next to aux_hidden_state")
        elif last.ndim == 2:
            if int(last.shape[0]) != t:
                problems.append(
                    f"hidden_state has {int(last.shape[0])} tokens, aux_hidden_state {t}"
                )
            if int(last.shape[-1]) == dump.width:
                problems.append(
                    "hidden_state and aux_hidden_state have the same width: swapped or duplicated"
                )
            elif chunks is not None and chunks != 3:
                warnings.append(f"aux_hidden_state holds {chunks} chunks of H={h}, EAGLE-3 uses 3")
    mask_share = None
    if dump.loss_mask is not None and valid > 0:
        mask_share = float(dump.loss_mask[:valid].float().mean())
        if mask_share == 0.0:
            warnings.append("loss_mask is 0 everywhere: this sample trains nothing")
    fp: list[ChunkFingerprint] = []
    ascending = None
    if chunks is not None and valid > 0:
        mean = scan.sums / valid
        std = (scan.sq / valid - mean.pow(2)).clamp_min(0).sqrt()
        fp = [
            ChunkFingerprint(i, float(mean[i]), float(std[i]), float(scan.amax[i]))
            for i in range(chunks)
        ]
        if chunks > 1 and dump.layout != "layers":
            ascending = all(fp[i].rms_mean < fp[i + 1].rms_mean for i in range(chunks - 1))
            if not ascending:
                warnings.append(
                    "chunk norms are not ascending (low -> mid -> high layer): a reordered or "
                    "wrong id list"
                )
    # chunks whose rows at repeated token ids are identical: an embedding output depends on
    # the token only (needs input_ids and a few repeated pairs among the valid tokens)
    embedding: tuple[int, ...] = ()
    if chunks is not None:
        low, pairs = repeat_min_cosines(dump, h, chunks, range(valid), 32)
        if pairs >= EMBEDDING_MIN_PAIRS:
            embedding = tuple(c for c in range(chunks) if low[c] >= EMBEDDING_COSINE)
    if embedding and dump.fmt != "hf-stack":  # a full stack starts with the embedding anyway
        which = ", ".join(map(str, embedding))
        warnings.append(
            (f"chunk {which} looks" if len(embedding) == 1 else f"chunks {which} look")
            + " like the embedding output: rows of repeated tokens are identical, which no "
            "decoder layer output does (an embedding slot in the id list: -1 for SGLang/SpecForge, "
            "0 for vLLM)"
        )
    return FileReport(
        path=path,
        ok=not problems,
        format=dump.fmt,
        tensors=dump.entries,
        feature_key=dump.feature_key,
        dtype=dump.dtype,
        tokens=t,
        padding=dump.padding,
        padding_share=dump.padding / t if t else None,
        loss_mask_share=mask_share,
        nonfinite=nonfinite,
        hidden_size=h,
        chunks=chunks,
        fingerprint=tuple(fp),
        ascending=ascending,
        embedding_chunks=embedding,
        problems=tuple(problems),
        warnings=tuple(warnings),
    )


# elements per block of the one-pass scan: 2^20 (2 MiB of bfloat16) stays within a core's L2
# (server cores have 1-2 MiB), so the norm, max and min passes over a block read memory about
# once; docs/notes/performance-inspect-dump.md has the measured effect
BLOCK_SHIFT = 20


@dataclass(frozen=True)
class _Scan:
    nonfinite: int
    sums: Tensor  # per chunk: sum over valid tokens of the per-token RMS (float64)
    sq: Tensor  # ... of its square
    amax: Tensor  # max |value| over valid tokens (NaN/Inf read as 0)


def _rows(dump: Dump, a: int, b: int, c: int, h: int) -> Tensor:
    """Tokens ``[a, b)`` in the stored dtype as ``[n, c, h]`` (a view where the layout allows)."""
    f = dump.features
    if dump.layout == "layers":
        x = f[:, a:b, :].transpose(0, 1)  # [n, C, H]
        return x if x.shape[1] == c and x.shape[2] == h else x.reshape(b - a, c, h)
    return f[a:b].reshape(b - a, c, h)


def _norms(x: Tensor) -> Tensor:
    """Per-row L2 norms over the last axis, float64. bfloat16 / float32 / float64 reduce in
    place (accumulating in float32 or wider); float16 is widened first (its squares overflow)."""
    import torch

    wide = x if x.dtype in (torch.bfloat16, torch.float32, torch.float64) else x.float()
    norms: Tensor = torch.linalg.vector_norm(wide, dim=-1)
    return norms.double()


# Linux only; turned off for the process when the kernel refuses MADV_POPULATE_READ
_POPULATE = sys.platform.startswith("linux")


def _populate(x: Tensor) -> None:
    """Map a block of a memory-mapped file in one system call (``MADV_POPULATE_READ``) instead of
    one page fault per few pages as the reductions touch it: measured ~20 % less time per file.
    A no-op off Linux, on older kernels and for blocks that are not one contiguous range."""
    global _POPULATE
    if _POPULATE and x.is_contiguous():
        start = x.data_ptr()
        _POPULATE = madvise(start, start + x.numel() * x.element_size(), MADV_POPULATE_READ)


def _abs_max(v: Tensor) -> Tensor:
    """Per chunk max |value| of a finite ``[n, c, h]`` block, float64 ``[c]``.

    On the float's bit pattern: clearing the sign bit leaves an integer that grows with |x|, and
    an integer max is several times faster than torch's float max/min (which also track NaN).
    """
    import torch

    ints = {torch.bfloat16: torch.int16, torch.float16: torch.int16, torch.float32: torch.int32}
    it = ints.get(v.dtype)
    if it is None or v.stride(-1) != 1:
        return torch.maximum(v.amax(dim=(0, 2)), -v.amin(dim=(0, 2))).double()
    mask = 0x7FFF if it is torch.int16 else 0x7FFFFFFF
    bits = (v.view(it) & mask).amax(-1).amax(0)
    return bits.view(v.dtype).double()


def _count_nonfinite(v: Tensor, mapped: bool = False) -> int:
    """NaN/Inf elements of a float side tensor: the dump scan of its rows, with no valid token
    (so only the count), the pages handled as the scan does where the rows are the file's."""
    if v.numel() == 0:
        return 0
    rows = v.reshape(-1, int(v.shape[-1]) if v.ndim >= 2 else v.numel())
    side = Dump("", "", rows, "flat", None, mapped=mapped and rows.data_ptr() == v.data_ptr())
    return _scan(side, 1, int(rows.shape[1]), 0).nonfinite


def _scan(dump: Dump, c: int, h: int, valid: int) -> _Scan:
    """One pass over the features in blocks of tokens: NaN/Inf over every token; per chunk RMS
    sum / square sum / |max| over the valid tokens. Each block is read once in its stored dtype
    (no float32 copy): the norms double as the NaN/Inf test (a non-finite row has a non-finite
    norm), and only flagged blocks are re-read element by element."""
    torch = require_torch()
    t = dump.num_tokens
    if _fast is not None:
        view = _full_view(dump, c, h)
        if view is not None:
            # the whole dump in one call, without the GIL; the same blocks, mapped and dropped
            # as below (the release only where `Dump.release` would)
            release = dump.mapped and dump.layout != "layers" and sys.platform.startswith("linux")
            res = _fast_scan(view, valid, populate=dump.mapped, release=release)
            if res is not None:
                return res
    bt = max(1, (1 << BLOCK_SHIFT) // max(1, c * h))
    nf = 0
    sums = torch.zeros(c, dtype=torch.float64)
    sq = torch.zeros(c, dtype=torch.float64)
    amax = torch.zeros(c, dtype=torch.float64)
    scale = 1.0 / (h**0.5)
    for a in range(0, t, bt):
        b = min(t, a + bt)
        x = _rows(dump, a, b, c, h)
        if dump.mapped:
            _populate(x)
        nrm = _norms(x)  # [n, c]
        keep = max(0, min(b, valid) - a)  # valid rows of this block
        if not bool(torch.isfinite(nrm).all()):  # NaN/Inf in this block: read it as 0 below
            xf = x.float()
            nf += int((~torch.isfinite(xf)).sum())
            x = torch.nan_to_num(xf, nan=0.0, posinf=0.0, neginf=0.0)
            nrm = torch.linalg.vector_norm(x, dim=-1).double()
        if keep:
            rms = nrm[:keep] * scale
            sums += rms.sum(0)
            sq += rms.pow(2).sum(0)
            amax = torch.maximum(amax, _abs_max(x[:keep]))
        dump.release(a, b)
    return _Scan(nf, sums, sq, amax)


# ---- the compiled scan (csrc/fastscan.c): the same figures in one pass, without the GIL ----


@runtime_checkable
class _Compiled(Protocol):
    """The functions of the compiled module ``_fastscan`` (their docstrings in csrc/fastscan.c:
    a view is its address, dtype code, shape [n, c, h] and strides in elements)."""

    def scan(
        self, ptr: int, dtype: int, n: int, c: int, h: int, sn: int, sc: int, sh: int,
        valid: int, populate: bool, release: bool, /,
    ) -> tuple[int, Sequence[float], Sequence[float], Sequence[float]]: ...  # fmt: skip

    def min_cosines(
        self, ptr: int, dtype: int, n: int, c: int, h: int, sn: int, sc: int, sh: int,
        first: list[int], later: list[int], /,
    ) -> Sequence[float]: ...  # fmt: skip

    def repeat_pairs(
        self, ptr: int, itemsize: int, stride: int, n: int, limit: int, /
    ) -> list[tuple[int, int]]: ...


def _compiled() -> _Compiled | None:
    """The compiled module; None where it is not built (the torch path above, same figures)."""
    try:
        module = importlib.import_module("specdiag.core.hidden._fastscan")
    except ImportError:
        return None
    return module if isinstance(module, _Compiled) else None


_FAST_MODULE = _compiled()
ENV_FORCE_TORCH = "SPECDIAG_INSPECT_TORCH"
# the scan this process runs (None: torch)
_fast = None if os.environ.get(ENV_FORCE_TORCH, "").strip() not in ("", "0") else _FAST_MODULE


def scan_engine() -> str:
    """Which scan runs: "compiled" (csrc/fastscan.c) or "torch" (not built, or switched off
    with SPECDIAG_INSPECT_TORCH=1)."""
    return "compiled" if _fast is not None else "torch"


# an [n, c, h] view as the compiled kernels take it: address, dtype code, n, c, h, strides
_View = tuple[int, int, int, int, int, int, int, int]


def _fast_args(x: Tensor) -> _View | None:
    """What the compiled kernels take for an ``[n, c, h]`` view: its address, dtype code, shape
    and strides; None for a dtype they do not read."""
    torch = require_torch()
    codes = {torch.bfloat16: 0, torch.float16: 1, torch.float32: 2, torch.float64: 3}
    code = codes.get(x.dtype)
    if code is None or x.ndim != 3:
        return None
    (n, c, h), (sn, sc, sh) = (int(d) for d in x.shape), (int(d) for d in x.stride())
    return (x.data_ptr(), code, n, c, h, sn, sc, sh)


def _full_view(dump: Dump, c: int, h: int) -> Tensor | None:
    """Every token as an ``[n, c, h]`` view of the stored tensor (no copy), or None."""
    f = dump.features
    t = dump.num_tokens
    if dump.layout == "layers":
        x = f.transpose(0, 1)  # [T, C, H]
        return x if x.shape[1] == c and x.shape[2] == h else None
    try:
        return f.view(t, c, h)
    except RuntimeError:  # the strides do not allow a view
        return None


def _fast_scan(x: Tensor, valid: int, *, populate: bool, release: bool) -> _Scan | None:
    """The compiled one-pass scan of an ``[n, c, h]`` view; None for a dtype it does not read.
    ``release`` drops each block's pages after it is read: a private file mapping only."""
    torch = require_torch()
    args = _fast_args(x)
    if _fast is None or args is None or 0 in args[2:5]:
        return None
    n = args[2]
    nf, sums, sq, amax = _fast.scan(*args, min(valid, n), populate and _POPULATE, release)
    f64 = torch.float64
    return _Scan(
        int(nf), torch.tensor(sums, dtype=f64), torch.tensor(sq, dtype=f64),
        torch.tensor(amax, dtype=f64),
    )  # fmt: skip


EMBEDDING_COSINE = 1.0 - 1e-4
EMBEDDING_MIN_PAIRS = 3


def repeat_min_cosines(
    dump: Dump, h: int, chunks: int, tokens: range, limit: int
) -> tuple[list[float], int]:
    """Per chunk, the lowest cosine between the rows of repeated token ids among ``tokens`` (at
    most ``limit`` pairs; a zero, NaN or Inf row counts as -1), and the number of pairs; no
    cosines when the dump has no input_ids or no id repeats."""
    if dump.input_ids is None:
        return [], 0
    pairs = [
        (p + tokens.start, q + tokens.start)
        for p, q in _repeat_pairs(dump.input_ids[tokens.start : tokens.stop], limit)
    ]
    if not pairs:
        return [], 0
    low = _fast_min_cosines(dump, h, chunks, pairs)
    return (low if low is not None else _torch_min_cosines(dump, h, chunks, pairs)), len(pairs)


def _fast_min_cosines(
    dump: Dump, h: int, chunks: int, pairs: list[tuple[int, int]]
) -> list[float] | None:
    """Per chunk, the lowest cosine over the pairs' rows, in float64, read in place by the
    compiled scan (no gather, no float32 copies: a few kB of Python objects per file); None
    where it does not apply (not built, another dtype, a view it cannot take)."""
    x = _full_view(dump, chunks, h) if _fast is not None else None
    args = None if x is None else _fast_args(x)
    if _fast is None or args is None:
        return None
    return list(_fast.min_cosines(*args, [p for p, _ in pairs], [q for _, q in pairs]))


def _torch_min_cosines(
    dump: Dump, h: int, chunks: int, pairs: list[tuple[int, int]]
) -> list[float]:
    """The same lowest cosines with torch ops (the fallback of :func:`_fast_min_cosines`)."""
    torch = require_torch()
    # both ends of every pair in one gather of the stored rows, widened to float32 only there
    # ([2 * pairs, chunks, h], 1.5 MB for H = 2048): few and small temporaries, which matters
    # when many workers scan at once (each fresh allocation is page faults)
    at = torch.tensor([p for p, _ in pairs] + [q for _, q in pairs], dtype=torch.int64)
    f = dump.features
    x = f.index_select(1, at).transpose(0, 1) if dump.layout == "layers" else f.index_select(0, at)
    x = x.float().reshape(2 * len(pairs), chunks, h)
    a, b = x[: len(pairs)], x[len(pairs) :]
    cos = torch.linalg.vecdot(a, b) / (
        torch.linalg.vector_norm(a, dim=-1) * torch.linalg.vector_norm(b, dim=-1)
    )  # [pairs, chunks]
    cos = torch.nan_to_num(cos, nan=-1.0)
    return list(cos.amin(0).tolist())


def _repeat_pairs(ids: Tensor, limit: int) -> list[tuple[int, int]]:
    """(first position, later position) of repeated token ids, in order of the later one, at
    most ``limit``: the same pairs a walk over the ids would give, found with tensor ops."""
    torch = require_torch()
    n = int(ids.shape[0])
    if n < 2:
        return []
    if _fast is not None and ids.ndim == 1 and ids.dtype in (torch.int64, torch.int32):
        # the compiled walk: stops at the limit, no temporaries
        return _fast.repeat_pairs(ids.data_ptr(), ids.element_size(), int(ids.stride(0)), n, limit)
    uniq, inverse = torch.unique(ids, return_inverse=True)
    pos = torch.arange(n, dtype=torch.int64)
    # the first position of each distinct id (a deterministic min over its positions)
    first = torch.full((int(uniq.shape[0]),), n, dtype=torch.int64)
    first = first.scatter_reduce(0, inverse, pos, reduce="amin", include_self=True)
    firsts = first[inverse]  # per position: where its id first appears
    later = torch.nonzero(firsts != pos).flatten()[:limit]
    return list(zip(firsts[later].tolist(), later.tolist(), strict=True))


def inspect_vocab(path: str) -> VocabMap:
    """Check a SpecForge ``vocab_mapping.pt``: target_id = draft_id + d2t[draft_id]; t2d marks them."""
    torch = require_torch()
    try:
        obj = load_file(path).obj
    except SpecdiagError as exc:
        return VocabMap(path, False, error=exc.message)
    if not isinstance(obj, dict) or "d2t" not in obj or "t2d" not in obj:
        return VocabMap(path, False, error="not a vocab mapping (expected keys d2t and t2d)")
    d2t, t2d = obj["d2t"].reshape(-1).to(torch.int64), obj["t2d"].reshape(-1).to(torch.bool)
    dv, tv = int(d2t.shape[0]), int(t2d.shape[0])
    problems: list[str] = []
    n_true = int(t2d.sum())
    if n_true != dv:
        problems.append(f"t2d marks {n_true} target ids but d2t maps {dv} draft ids")
    target = torch.arange(dv) + d2t
    if dv and (int(target.min()) < 0 or int(target.max()) >= tv):
        problems.append(
            f"draft id + d2t falls outside the target vocab (0..{tv - 1}): d2t must hold offsets"
        )
    elif dv:
        if dv > 1 and bool((d2t == torch.arange(dv)).all()):
            problems.append(
                "d2t equals arange: it holds ids where offsets belong (target = 2 x id)"
            )
        elif not bool(t2d[target].all()):
            problems.append(
                "d2t and t2d disagree: some draft ids map to target ids t2d does not mark"
            )
        if dv > 1 and not bool((target[1:] > target[:-1]).all()):
            problems.append("mapped target ids are not strictly increasing (duplicates?)")
    return VocabMap(path, not problems, dv, tv, n_true, tuple(problems))


@dataclass(frozen=True)
class InspectOptions:
    """Flags of ``specdiag inspect-dump`` (all optional)."""

    workers: int = bounded(flag="--workers", lo=1, default=1)  # files inspected at once
    hidden_size: int | None = bounded(flag="--hidden-size", lo=1)
    pad_id: int | None = bounded(flag="--pad-id", lo=-1, hi=2**63 - 1, default=0)  # -1/None: none
    target: str | Path | None = None  # the target checkpoint, run to name the aux chunks
    reference: str | Path | None = None  # or its hidden_states stack on the same tokens
    identify: int = bounded(flag="--identify", lo=0, default=1)  # dumps to name, 0 = all
    device: str = "cpu"
    dtype: str = "auto"

    def __post_init__(self) -> None:
        check_bounds(self)
        if self.target is not None and self.reference is not None:
            raise UsageError(
                "give --target or --reference, not both",
                hint="--target runs the checkpoint; --reference reads a stack made from it",
            )

    @property
    def pad(self) -> int | None:
        return None if self.pad_id is None or self.pad_id < 0 else self.pad_id


Job = tuple[str, int | None, int | None]  # path, pad id, hidden size


def inspect_paths(
    paths: Sequence[str | Path],
    opts: InspectOptions = InspectOptions(),
    progress: Callable[[int, int, str], None] | None = None,
) -> InspectReport:
    """Inspect files and directories; ``opts.workers`` > 1 inspects that many files at once,
    in threads of this process (the scan itself runs outside the GIL)."""
    dumps, vocab_files = discover(paths)
    jobs: list[Job] = [(str(p), opts.pad, opts.hidden_size) for p in dumps]
    results: dict[str, FileReport] = {}
    total = len(jobs)
    for done, rep in enumerate(_run(jobs, opts.workers), start=1):
        results[rep.path] = rep
        if progress is not None:
            progress(done, total, rep.path)
    # a d2t/t2d file under another name than vocab_mapping*: check it as a vocab map
    moved = [j[0] for j in jobs if results[j[0]].error == VOCAB_NOT_DUMP]
    files = tuple(results[j[0]] for j in jobs if j[0] not in moved)
    vocab = tuple(inspect_vocab(p) for p in [*map(str, vocab_files), *moved])
    return _summarise(files, vocab)


def _size(path: str) -> int:
    try:
        return Path(path).stat().st_size
    except OSError:
        return 0


def _run(jobs: list[Job], workers: int) -> Iterable[FileReport]:
    """Reports in completion order: one file after another, or ``workers`` files at once in
    threads. The compiled scan and its embedding check release the GIL (csrc/fastscan.c), as
    do torch's kernels on the fallback path; what holds it is the per-file Python around them
    (docs/notes/performance-inspect-dump.md has the figures against the worker processes this
    replaced)."""
    torch = require_torch()
    before = torch.get_num_threads()
    # one core per scanner: torch's intra-op threads would only contend with the other
    # scanners (the scan is memory-bound)
    torch.set_num_threads(1)
    try:
        if workers == 1 or len(jobs) <= 1:
            for j in jobs:
                yield inspect_file(*j)
            return
        from concurrent.futures import ThreadPoolExecutor, as_completed

        # largest files first, so the last ones to finish are small (the report keeps the
        # order of discovery)
        ordered = sorted(jobs, key=lambda j: -_size(j[0]))
        pool = ThreadPoolExecutor(min(workers, len(jobs)), thread_name_prefix="specdiag-inspect")
        try:
            futures = [pool.submit(inspect_file, *j) for j in ordered]
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            # stopped early (Ctrl-C, SIGTERM, an error): the files not started are dropped;
            # those running finish their file (each returns its report, never raises)
            pool.shutdown(wait=True, cancel_futures=True)
    finally:
        torch.set_num_threads(before)


def _summarise(files: tuple[FileReport, ...], vocab: tuple[VocabMap, ...]) -> InspectReport:
    readable = [f for f in files if f.error is None]
    hs = Counter(str(f.hidden_size) for f in readable if f.hidden_size is not None)
    dts = Counter(f.dtype for f in readable if f.dtype is not None)
    keys = Counter(",".join(f.key_set) for f in readable)
    problems: list[str] = []
    majority: dict[str, str] = {}
    for label, counter in (("hidden size", hs), ("dtype", dts), ("key set", keys)):
        if len(counter) > 1:
            common = counter.most_common(1)[0][0]
            majority[label] = common
            problems.append(
                f"{label} differs across files: "
                + "; ".join(f"{k or '(none)'} in {v} file(s)" for k, v in counter.most_common())
            )
    # mark the odd files out as inconsistent, naming what differs
    out: list[FileReport] = []
    for f in files:
        mine = {"hidden size": str(f.hidden_size), "dtype": f.dtype, "key set": ",".join(f.key_set)}
        shown = {"hidden size": "hidden size", "dtype": "dtype", "key set": "keys"}
        extra = [
            f"{shown[k]} {mine[k]}, most files {common}"
            for k, common in majority.items()
            if f.error is None and mine[k] != common
        ]
        if extra:
            f = replace(f, ok=False, problems=(*f.problems, *extra))
        out.append(f)
    ok = all(f.ok for f in out) and all(v.ok for v in vocab) and not problems
    return InspectReport(
        files=tuple(out),
        vocab=vocab,
        hidden_sizes=dict(hs),
        dtypes=dict(dts),
        key_sets=dict(keys),
        problems=tuple(problems),
        ok=ok,
    )


# --------------------------------------------------------------------------------------------
# Which layers are these chunks? (--target / --reference)


def identify_layers(dump: Dump, reference: Dump, *, hidden_size: int | None = None) -> LayerReport:
    """Match every aux chunk of ``dump`` against every index of an HF ``hidden_states`` stack
    computed on the same tokens (``reference``: layout ``layers``, ``[L+1, T, H]``)."""
    from specdiag.core.hidden.compare_align import find_tokens
    from specdiag.core.hidden.compare_results import AlignmentStatus, TokenAlignment
    from specdiag.core.hidden.compare_stats import Inputs, stream, summarise
    from specdiag.core.hidden.compare_tolerance import default_tolerances
    from specdiag.core.hidden.conventions import (
        CaptureEngine,
        aux_id_rule,
        describe_hf,
        sglang_embedding_note,
    )

    if reference.layout != "layers":
        raise InputError(
            f"{reference.source}: not a hidden_states stack [L+1, T, H]",
            hint="make one with `specdiag capture-hidden hf MODEL_DIR --like SAMPLE`",
        )
    h = int(reference.features.shape[2])
    if hidden_size is not None and hidden_size != h:
        raise UsageError(
            f"--hidden-size {hidden_size}, but the reference has H = {h}",
            hint="drop --hidden-size, or use the reference of this target",
        )
    if dump.width % h:
        raise InputError(
            f"{dump.source}: rows of {dump.width} features are not chunks of the reference's "
            f"H = {h}",
            hint="the reference must come from the target model the dump was captured from",
        )
    c = dump.width // h
    n_ref = int(reference.features.shape[0])
    valid = dump.valid_tokens
    ids = dump.ids_list()
    rids = reference.ids_list()
    notes: list[str] = []
    if ids is not None and rids is not None:
        start = find_tokens(rids, ids[:valid]) if valid else 0
        if start is None:
            raise InputError(
                f"{reference.source}: its input_ids do not contain {dump.source}'s {valid} tokens",
                hint="make the reference from this sample: capture-hidden hf MODEL "
                f"--like {dump.source}",
            )
    elif reference.num_tokens < valid:
        raise InputError(
            f"{reference.source}: {reference.num_tokens} tokens, the dump has {valid}",
            hint="the reference must cover the dump's tokens",
        )
    else:
        start = 0
        notes.append(
            "no input_ids to align on: token i of the dump taken as token i of the reference"
        )
    # every chunk against every layer: compare-hidden's streamed cross statistics, with the
    # dump as the served side and the reference stack as the training side
    al = TokenAlignment(AlignmentStatus.CONTAINED, 0, start, valid, valid, reference.num_tokens)
    summary = summarise(stream(Inputs(dump, reference, None, al, h)), False)
    cos, rel = summary.sim, summary.x_rel  # mean cosine, |chunk - layer| / |layer|
    rtol = default_tolerances(dump.dtype, reference.dtype).rtol
    L = n_ref - 1
    out: list[ChunkLayer] = []
    for i in range(c):
        order = sorted(range(n_ref), key=lambda j: (-float(cos[i, j]), float(rel[i, j])))
        best = order[0]
        nxt = order[1] if n_ref > 1 else None
        engine_ids = {e.value: aux_id_rule(e).to_id(best) for e in CaptureEngine}
        out.append(
            ChunkLayer(
                index=i,
                hf_index=best,
                cosine=float(cos[i, best]),
                rel_l2=float(rel[i, best]),
                exact=float(rel[i, best]) <= rtol,
                runner_up=nxt,
                runner_up_cosine=float(cos[i, nxt]) if nxt is not None else None,
                description=describe_hf(best, L) if best in (0, L) else f"layer {best - 1} output",
                trainer_id=best - 1,
                engine_ids=engine_ids,
            )
        )
    hf = [ch.hf_index for ch in out]
    layer_ids = {"specforge": [ch.trainer_id for ch in out]}
    layer_ids.update({e: [ch.engine_ids[e] for ch in out] for e in ("sglang", "vllm")})
    bad = [str(ch.index) for ch in out if not ch.exact]
    if bad:
        notes.append(
            f"chunk(s) {', '.join(bad)} equal no reference layer within rel L2 {rtol:.3g}: the "
            "closest is named; a different model revision, dtype or kernel, or a chunk that is "
            "not a plain residual-stream capture"
        )
    if 0 in hf:
        notes.append(
            "an embedding chunk (HF index 0): vLLM captures it with id 0; SpecForge refuses "
            "negative ids; " + sglang_embedding_note()
        )
    if L in hf:
        notes.append(
            f"a chunk is the final normed output (HF index {L}): vLLM's id {L} captures that "
            "layer before the final norm, and SGLang never reaches it"
        )
    if hf != sorted(hf):
        notes.append(
            "the chunks are not in ascending layer order: SGLang and vLLM always capture in "
            "layer order, so no engine reproduces this order"
        )
    return LayerReport(
        path=dump.source,
        reference=reference.source,
        num_layers=L,
        hidden_size=h,
        tokens=valid,
        chunks=tuple(out),
        all_exact=all(ch.exact for ch in out),
        layer_ids=layer_ids,
        similarity=tuple(tuple(float(v) for v in row) for row in cos.tolist()),
        notes=tuple(notes),
    )


def identify_paths(report: InspectReport, opts: InspectOptions) -> InspectReport:
    """Name the layers of the first ``opts.identify`` readable dumps (0 = all) that have
    input_ids, against ``opts.target`` run on their tokens or the ``opts.reference`` stack."""
    from specdiag.core.hidden.loading import Layout, dump_from_tensors, load_dump

    model, reference, limit = opts.target, opts.reference, opts.identify
    if model is None and reference is None:
        raise UsageError(
            "give one of --target MODEL_DIR or --reference FILE", hint="not both, and not neither"
        )
    ref_dump = None
    if reference is not None:
        ref_dump = load_dump(reference, layout=Layout.LAYERS, pad_id=None)
    done: list[LayerReport] = []
    skipped: list[str] = []
    for f in report.files:
        if f.error is not None or not f.chunks:
            continue
        if limit and len(done) >= limit:
            break
        dump = load_dump(f.path, pad_id=opts.pad)
        if dump.layout == "layers":
            continue  # a full stack is a reference itself, not aux chunks
        if model is not None:
            ids = dump.ids_list()
            if ids is None:
                skipped.append(f.path)
                continue
            from specdiag.core.hidden.capture_hf import hf_hidden_states

            st = hf_hidden_states(
                model, ids[: dump.valid_tokens], device=opts.device, dtype=opts.dtype
            )
            rd = dump_from_tensors(
                st.stack,
                input_ids=st.input_ids,
                layout=Layout.LAYERS,
                pad_id=None,
                source=str(model),
            )
        else:
            assert ref_dump is not None
            rd = ref_dump
        done.append(identify_layers(dump, rd, hidden_size=opts.hidden_size))
    if not done:
        why = (
            f"{len(skipped)} file(s) have no input_ids to run the model on"
            if skipped
            else "no readable dump with aux chunks"
        )
        raise InputError(
            f"nothing to identify: {why}",
            hint="--target needs dumps with input_ids (SpecForge data_N.ckpt)",
        )
    return replace(report, layers=tuple(done))


def inspect_dumps(
    paths: Sequence[str | Path],
    opts: InspectOptions = InspectOptions(),
    progress: Callable[[int, int, str], None] | None = None,
) -> InspectReport:
    """The inspect-dump command as one function: scan ``paths`` (:func:`inspect_paths`), then,
    with the ``target`` checkpoint or a ``reference`` stack, name the layers of the first
    ``identify`` dumps (:func:`identify_paths`)."""
    report = inspect_paths(paths, opts, progress)
    if opts.target is None and opts.reference is None:
        return report
    return identify_paths(report, opts)
