"""Benchmark helper, imported by inspect-dump's pool server when ``bench_inspect.py --timeline``
asks for it: wraps the pool's per-file function to append (pid, start, end) of every file to
the file named by ``SPECDIAG_BENCH_TIMELINE`` (wall-clock seconds). Not part of specdiag."""

from __future__ import annotations

import os
import time
from typing import Any

from specdiag.core.hidden import inspect as _insp

_orig = _insp._worker
_ready = _insp._ready
_OUT = os.environ.get("SPECDIAG_BENCH_TIMELINE", "")


def _log(kind: str, t0: float) -> None:
    with open(_OUT, "a", encoding="utf-8") as f:
        f.write(f"{os.getpid()} {kind} {t0:.6f} {time.time():.6f}\n")


def worker(args: Any) -> Any:
    t0 = time.time()
    rep = _orig(args)
    _log("file", t0)
    return rep


def ready() -> bool:
    t0 = time.time()
    r = _ready()
    _log("up", t0)
    return r


if _OUT:
    _insp._worker = worker  # type: ignore[assignment]
    _insp._ready = ready  # type: ignore[assignment]
