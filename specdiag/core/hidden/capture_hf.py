"""The ground truth from the checkpoint (``capture-hidden hf MODEL_DIR``, ``inspect-dump
--target``): every layer's ``hidden_states`` ``[L+1, T, H]`` of the target on a sample's tokens
(the base model only, from local files: docs/capture-hidden.md); the stack needs
``(L+1) * T * H`` values in the model dtype on the host."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from specdiag.core.files import FileKind, loads_json, read_bounded
from specdiag.core.hidden.capture import CaptureResult, Sample, check_output, write_capture
from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from torch import Tensor

HF_HINT = "install the hf extra: pip install 'specdiag[hf]' (transformers)"
DTYPES = ("auto", "float32", "bfloat16", "float16")


def require_transformers() -> ModuleType:
    try:
        import transformers
    except ImportError:
        raise InputError(
            "capture-hidden hf / --target need transformers, which is not installed", hint=HF_HINT
        ) from None
    return transformers


@dataclass(frozen=True)
class HfStack:
    """``hidden_states`` of one forward: ``stack`` [L+1, T, H] on the CPU."""

    stack: Tensor
    input_ids: Tensor
    num_layers: int
    hidden_size: int
    dtype: str
    model: str
    notes: tuple[str, ...] = ()


def _model_config(model_dir: Path) -> dict[str, Any]:
    cfg = model_dir / "config.json"
    if not model_dir.exists():
        raise InputError(
            f"{model_dir}: no such directory", hint="give the target checkpoint's directory"
        )
    if not cfg.is_file():
        raise InputError(
            f"{model_dir}: no config.json (not a Hugging Face checkpoint directory)",
            hint="give the directory that holds config.json and the *.safetensors weights",
        )
    try:
        data = loads_json(read_bounded(cfg, what="config", kind=FileKind.CONFIG))
    except (InputError, ValueError) as exc:
        raise InputError(
            f"{cfg}: unreadable ({exc})", hint="a Hugging Face config.json is needed"
        ) from None
    if not isinstance(data, dict):
        raise InputError(f"{cfg}: not a JSON object", hint="a Hugging Face config.json is needed")
    return data


def hf_hidden_states(
    model_dir: str | Path,
    token_ids: Sequence[int],
    *,
    device: str = "cpu",
    dtype: str = "auto",
    device_map: str | None = None,
    offload_dir: str | Path | None = None,
) -> HfStack:
    """Run the checkpoint over ``token_ids``; return every layer's hidden states."""
    if dtype not in DTYPES:
        raise UsageError(
            f"--dtype must be one of {', '.join(DTYPES)}, not {dtype!r}",
            hint="use the dtype the training capture ran in (bfloat16 for most SpecForge dumps)",
        )
    mdir = Path(model_dir)
    cfg = _model_config(mdir)
    if isinstance(cfg.get("text_config"), dict):  # a multimodal model: its text part
        cfg = cfg["text_config"]
    vocab = cfg.get("vocab_size")
    ids = [int(i) for i in token_ids]
    if not ids:
        raise InputError("the sample holds no tokens", hint="pick a sample with tokens")
    if isinstance(vocab, int) and (max(ids) >= vocab or min(ids) < 0):
        bad = next(i for i in ids if i >= vocab or i < 0)
        raise InputError(
            f"token id {bad} lies outside the model's vocabulary (vocab_size {vocab})",
            hint="the sample was tokenized for another model; use the target the draft was "
            "trained on",
        )
    notes: list[str] = []
    max_pos = cfg.get("max_position_embeddings")
    if isinstance(max_pos, int) and len(ids) > max_pos:
        notes.append(f"{len(ids)} tokens, more than the model's max_position_embeddings {max_pos}")
    transformers = require_transformers()
    from specdiag.core.hidden.loading import require_torch

    torch = require_torch()
    if device_map is None and device.startswith("cuda") and not torch.cuda.is_available():
        raise UsageError(f"--device {device}: CUDA is not available here", hint="use --device cpu")
    kwargs: dict[str, Any] = {"local_files_only": True}
    kwargs["dtype"] = getattr(torch, dtype) if dtype != "auto" else "auto"
    if device_map is not None:
        kwargs["device_map"] = device_map
        if offload_dir is not None:
            kwargs["offload_folder"] = str(offload_dir)
    transformers.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()
    try:
        with contextlib.redirect_stdout(sys.stderr):  # load reports must not reach --json stdout
            model = transformers.AutoModel.from_pretrained(str(mdir), **kwargs)
    except (OSError, ValueError, KeyError, ImportError) as exc:
        first = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
        raise InputError(
            f"{mdir}: transformers cannot load this checkpoint ({first})",
            hint="a local HF checkpoint directory (config.json + weights) is needed; nothing is "
            "downloaded",
        ) from None
    model.eval()
    if device_map is None and device != "cpu":
        model.to(device)
    first_dev = device if device_map is None else next(model.parameters()).device
    x = torch.tensor([ids], dtype=torch.long, device=first_dev)
    with torch.inference_mode():
        out = model(input_ids=x, output_hidden_states=True, use_cache=False)
    hs = getattr(out, "hidden_states", None)
    if hs is None:
        raise InputError(
            f"{mdir}: the model returned no hidden_states",
            hint="a transformers decoder model is needed (output_hidden_states=True)",
        )
    stack = torch.stack([h[0].to("cpu") for h in hs])  # [L+1, T, H]
    del out, hs, model
    n_layers = int(stack.shape[0]) - 1
    cfg_layers = cfg.get("num_hidden_layers")
    if isinstance(cfg_layers, int) and cfg_layers != n_layers:
        notes.append(f"config num_hidden_layers {cfg_layers}, the model returned {n_layers} layers")
    return HfStack(
        stack=stack,
        input_ids=torch.tensor(ids, dtype=torch.int64),
        num_layers=n_layers,
        hidden_size=int(stack.shape[-1]),
        dtype=str(stack.dtype).replace("torch.", ""),
        model=mdir.name,
        notes=tuple(notes),
    )


def capture_hf(
    model_dir: str | Path,
    sample: Sample,
    output: str | Path,
    *,
    device: str = "cpu",
    dtype: str = "auto",
    device_map: str | None = None,
    offload_dir: str | Path | None = None,
    inputs: Sequence[str | Path | None] = (),
    force: bool = False,
) -> CaptureResult:
    """Write the HF reference stack of ``sample`` (token ids) to ``output``."""
    t0 = time.monotonic()
    if sample.token_ids is None:
        raise UsageError(
            "capture-hidden hf needs token ids: --like SAMPLE or --prompt-ids",
            hint="--prompt text would need the model's tokenizer and chat template; give the "
            "ids the training sample holds instead",
        )
    out = check_output(output, [sample.source, model_dir, offload_dir, *inputs], force)
    res = hf_hidden_states(
        model_dir,
        sample.token_ids,
        device=device,
        dtype=dtype,
        device_map=device_map,
        offload_dir=offload_dir,
    )
    hf = tuple(range(res.num_layers + 1))
    return write_capture(out, res.stack, res.input_ids.tolist(), list(res.notes), sample, "hf",
                         model=res.model, hidden_size=res.hidden_size, layer_ids=None,
                         hf_indices=hf, started=t0)  # fmt: skip
