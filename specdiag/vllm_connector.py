"""A hidden-states KV connector for vLLM that also works on CPU (``specdiag capture-hidden``).

Written against vLLM 0.32.0's connector. This module is loaded **inside vLLM**, never by
specdiag itself: it imports vLLM and torch and nothing of specdiag (``specdiag/__init__.py`` is
standard-library only). vLLM is launched with the flags
``specdiag capture-hidden vllm --print-server-args`` prints (``extract_hidden_states`` as the
speculative method, this module as ``kv_connector_module_path``).

Why it exists: vLLM's own ``ExampleHiddenStatesConnector`` copies the captured states from the
device to *pinned* host memory on a CUDA stream. On a CPU-only vLLM there is no pinned-memory
allocator and no CUDA stream, so the worker dies at the first request
(``RuntimeError: pin_memory=True requires a CUDA or other accelerator backend``) and no file is
written. This subclass keeps everything of vLLM's connector (file names, the ``.lock`` file
readers wait on, the extra-config keys, the ``kv_transfer_params.hidden_states_path`` in each
response) and replaces only that copy when the cache lives in host memory: the rows are copied
out of the cache synchronously (a plain ``clone``), and the file is written by the same writer
threads. On a GPU it defers to vLLM's own code path.

The file holds ``hidden_states`` ``[T, n, H]`` (one row per prompt token, the ``n`` captured
layers in ascending layer order) and ``token_ids`` ``[T]``, as vLLM's connector writes it.
"""

from __future__ import annotations

import fcntl
import os
from functools import partial
from typing import Any

import torch
from vllm.distributed.kv_transfer.kv_connector.v1.example_hidden_states_connector import (
    ExampleHiddenStatesConnector,
)

__all__ = ["SpecdiagHiddenStatesConnector"]


class _Done:
    """Stands in for the CUDA event vLLM's connector waits on: the copy is already complete."""

    def query(self) -> bool:
        return True

    def synchronize(self) -> None:
        return None


class SpecdiagHiddenStatesConnector(ExampleHiddenStatesConnector):  # type: ignore[misc]
    """vLLM's hidden-states connector without pinned memory or CUDA streams on a CPU cache."""

    def _submit_async_write(self, pending: Any) -> None:
        if not self._is_tp_rank_zero:
            return
        cache = self._kv_cache
        if cache is None:
            raise RuntimeError("hidden-states cache not registered (register_kv_caches not run)")
        if cache.device.type != "cpu":
            super()._submit_async_write(pending)  # vLLM's own device-to-host path
            return
        block = self._block_size
        blocks = torch.tensor(pending.block_ids, dtype=torch.long)
        slots = (torch.arange(block, dtype=torch.long)[None, :] + blocks[:, None] * block).flatten()
        n = int(pending.token_ids.shape[0])
        slots = slots[:n]
        # [num_blocks, n_layers, block, H] -> [T, n_layers, H], copied out of the cache now so
        # the blocks can be freed as soon as get_finished reports the request
        rows = cache[slots // block, :, slots % block].clone()
        tensors = {"hidden_states": rows, "token_ids": pending.token_ids.clone()}
        if pending.req_id in self._req_futures:
            raise RuntimeError(f"two hidden-state writes for request {pending.req_id}")
        os.makedirs(os.path.dirname(pending.filename) or ".", exist_ok=True)
        lock_fd = self._lock_fds.pop(pending.req_id, None)
        if lock_fd is None and self.use_lock:
            lock_fd = os.open(pending.filename + ".lock", os.O_CREAT | os.O_WRONLY | os.O_TRUNC)
            fcntl.flock(lock_fd, fcntl.LOCK_EX)
        future = self._executor.submit(
            self._write_tensors, tensors, _Done(), pending.filename, lock_fd
        )
        self._req_copy_events[pending.req_id] = _Done()
        self._req_futures[pending.req_id] = future
        future.add_done_callback(partial(self._on_write_done, pending.req_id))
