"""Stand-in for the `sgl_kernel` package (shim 2 of specdiag's SGLang test harness).

SGLang's CPU path imports `sgl_kernel` at module level, and the package's CPU build exists only as
source. Here every name SGLang asks for resolves lazily: the 11 ops the EAGLE-3 CPU path really
calls are plain-torch versions in `cpu_ops` (written from the Triton reference kernels SGLang
ships); any other name is a function that raises NotImplementedError when called, so a code path
the harness does not cover fails loudly instead of computing something wrong. The first import
and the first call of each name are written to stderr ("[specdiag-sglang-shim] ..."), so a
server log lists which ops a run used. This is test-harness code: it is not SGLang's kernels and
a run through it is no evidence about them.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

from sgl_kernel import cpu_ops

__version__ = "0.0.0+specdiag-shim"
_SUBMODULES = (
    "allreduce", "attention", "elementwise", "flash_attn", "gemm", "kvcacheio", "mamba", "moe",
    "sampling", "speculative",
)  # fmt: skip
_said: set[str] = set()


def _note(message: str) -> None:
    if message not in _said:
        _said.add(message)
        print(f"[specdiag-sglang-shim] {message}", file=sys.stderr, flush=True)


def _resolver(module_name: str) -> Any:
    def resolve(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        op = getattr(cpu_ops, name, None) if not name.startswith("_") else None
        where = f"{module_name}.{name}"
        if callable(op):
            _note(f"IMPORT {where} (plain-torch version)")

            def run(*args: Any, **kwargs: Any) -> Any:
                _note(f"CALL {where} (plain-torch version)")
                return op(*args, **kwargs)

        else:
            _note(f"IMPORT {where} (absent: raises if called)")

            def run(*args: Any, **kwargs: Any) -> Any:
                _note(f"CALL {where} -> NOT IMPLEMENTED")
                raise NotImplementedError(f"specdiag's sgl_kernel stand-in has no {where}")

        run.__name__ = name
        return run

    return resolve


__getattr__ = _resolver("sgl_kernel")
for _sub in _SUBMODULES:
    _module = ModuleType(f"sgl_kernel.{_sub}")
    _module.__getattr__ = _resolver(f"sgl_kernel.{_sub}")  # type: ignore[method-assign]
    sys.modules[_module.__name__] = _module
    globals()[_sub] = _module


def _register_torch_ops() -> None:
    """The intel_amx attention backend calls torch.ops.sgl_kernel.{decode,extend}_attention_cpu.
    They are set as plain attributes of the op namespace, not registered as torch ops, so
    SGLang's own test for a compiled sgl-kernel (`convert_weight_packed`) still fails and its other
    layers stay on their plain-torch branches."""
    import torch

    namespace = torch.ops.sgl_kernel
    for name in ("decode_attention_cpu", "extend_attention_cpu"):
        setattr(namespace, name, _resolver("torch.ops.sgl_kernel")(name))


_register_torch_ops()
