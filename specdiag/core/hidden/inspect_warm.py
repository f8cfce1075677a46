"""Imported by inspect-dump's pool server only (the forkserver's preload), never by specdiag.

It scans one tiny dump once, so that every worker forked from the server starts with the state
torch and the scan build lazily on first use already in place (operator dispatch, the
weights-only unpickler, the file mapping path, the compiled scan), instead of building it in
each worker during its first file; then it freezes the garbage collector's view of what exists,
so that the workers' collections do not touch, and so copy, the server's pages.
"""

from __future__ import annotations

import contextlib
import gc
import tempfile
from pathlib import Path


def warm() -> None:
    import torch

    from specdiag.core.hidden.inspect import inspect_file

    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(1, 50, (32,), generator=g)
    ids[-2:] = 0
    dump = {
        "input_ids": ids,
        "loss_mask": (ids != 0).to(torch.int64),
        "aux_hidden_state": torch.randn(1, 32, 3 * 64, generator=g).to(torch.bfloat16),
        "hidden_state": torch.randn(1, 32, 64, generator=g).to(torch.bfloat16),
    }
    with tempfile.TemporaryDirectory(prefix="specdiag-warm-") as d:
        path = Path(d) / "warm.ckpt"
        torch.save(dump, path)
        inspect_file(str(path))


with contextlib.suppress(Exception):  # a server that could not warm up still serves
    warm()
gc.freeze()
