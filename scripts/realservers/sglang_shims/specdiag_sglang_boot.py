"""Test-harness shims that let PyPI SGLang serve on a CPU-only machine (specdiag's integration
tests; see README.md beside this file). Imported at interpreter start by a .pth file in the SGLang
virtualenv that setup_sglang.sh makes; does nothing unless SPECDIAG_SGLANG_SHIMS=1.

Shim 1: torchvision's two op schemas. Shim 2: the stand-in `sgl_kernel` package (kernels/).
Shim 3: SGLang's platform fact `has_amx`, set through SGLang's own override API.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable
from types import ModuleType

ENABLED = os.environ.get("SPECDIAG_SGLANG_SHIMS") == "1"
KERNELS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels")


def note(message: str) -> None:
    print(f"[specdiag-sglang-shim] {message}", file=sys.stderr, flush=True)


def define_torchvision_schemas() -> None:
    """Shim 1. PyPI's torchvision is built for the CUDA torch, so its compiled part cannot load
    next to the CPU torch; its Python part then registers fake kernels for `torchvision::nms`,
    whose schema the compiled part would have defined, and the import fails. Defining the two
    schemas (no kernels) lets `import torchvision` succeed; SGLang and transformers import it at
    start for image preprocessing, which a text model never runs."""
    import torch

    library = torch.library.Library("torchvision", "DEF")
    for op in ("nms", "qnms"):
        library.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    globals()["_torchvision_library"] = library  # kept alive for the process


class _AfterImport(importlib.abc.MetaPathFinder):
    """Call `hook(module)` once, right after the module `name` has been executed."""

    def __init__(self, name: str, hook: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.hook = hook

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run_module = loader.exec_module
        hook = self.hook

        def exec_module(module: ModuleType) -> None:
            run_module(module)
            hook(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def claim_amx(runtime_context: ModuleType) -> None:
    """Shim 3. SGLang replaces `--attention-backend intel_amx` by `torch_native` unless its
    platform says `has_amx`, which needs both AMX tiles and a compiled sgl-kernel op; torch_native
    refuses EAGLE. Only this platform fact is overridden: SGLang's layers test for the compiled op
    themselves, so linear, norm, rotary and activation layers keep their plain-torch branches."""
    runtime_context.get_platform()._install(has_amx=True)
    note("shim 3: platform fact has_amx set (attention-backend choice only)")


if ENABLED:
    define_torchvision_schemas()
    sys.path.insert(0, KERNELS_DIR)  # shim 2: the stand-in sgl_kernel package
    if os.environ.get("SPECDIAG_SGLANG_CLAIM_AMX", "1") == "1":
        sys.meta_path.insert(0, _AfterImport("sglang.srt.runtime_context", claim_amx))
