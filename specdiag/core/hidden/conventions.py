"""Layer ids vs ``hidden_states`` indices, per engine and trainer.

Everything inside specdiag is expressed as an **HF index**: the position in Hugging Face's
``output_hidden_states=True`` stack ``[L+1, T, H]``, where index 0 is the embedding output,
index ``i`` (1 <= i < L) the output of decoder layer ``i-1`` and index ``L`` the final, normed
output. Layer *ids* are what users write in configs; each tool reads them its own way:

=============================  =========================  ===============
who                            id ``k`` means              HF index
=============================  =========================  ===============
SpecForge / EAGLE-3 / ModelOpt output of decoder layer k   ``k + 1``
SGLang (adds +1 when capturing) output of decoder layer k   ``k + 1``
vLLM / speculators             input of decoder layer k    ``k``
=============================  =========================  ===============

(``-1`` in the trainer/SGLang convention and ``0`` in vLLM's both name the embedding output.)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from specdiag.errors import UsageError


class CaptureEngine(str, Enum):
    """Engines whose reading of ``eagle_aux_hidden_state_layer_ids`` specdiag knows."""

    SGLANG = "sglang"
    VLLM = "vllm"


def trainer_id_to_hf(layer_id: int) -> int:
    """SpecForge/EAGLE-3 id (output of layer ``k``, -1 = embedding) -> HF index."""
    return layer_id + 1


def hf_to_trainer_id(hf_index: int) -> int:
    return hf_index - 1


def engine_id_to_hf(layer_id: int, engine: CaptureEngine) -> int:
    """What HF index an engine captures for a configured id."""
    return layer_id + 1 if engine is CaptureEngine.SGLANG else layer_id


def hf_to_engine_id(hf_index: int, engine: CaptureEngine) -> int:
    """The id to configure so that ``engine`` captures ``hf_index``."""
    return hf_index - 1 if engine is CaptureEngine.SGLANG else hf_index


def describe_hf(hf_index: int, num_layers: int | None = None) -> str:
    """Human name of an HF index: 'the embedding output', 'layer 5', 'the final normed output'."""
    if hf_index == 0:
        return "the embedding output"
    if num_layers is not None and hf_index == num_layers:
        return f"the final (normed) output, layer {hf_index - 1}"
    return f"layer {hf_index - 1}"


def parse_id_list(text: str, flag: str) -> tuple[int, ...]:
    """'2,30,58' or '[2, 30, 58]' -> (2, 30, 58); a clear UsageError otherwise."""
    body = text.strip().strip("[]()").strip()
    if not body:
        raise UsageError(f"{flag} is empty", hint=f"e.g. {flag} 2,30,58")
    out: list[int] = []
    for part in body.replace(" ", ",").split(","):
        if not part:
            continue
        try:
            out.append(int(part))
        except ValueError:
            raise UsageError(
                f"{flag}: {part!r} is not an integer layer id", hint=f"e.g. {flag} 2,30,58"
            ) from None
    if any(i < -1 for i in out):
        raise UsageError(f"{flag}: layer ids are >= -1 (-1 = the embedding output)")
    return tuple(out)


def suggest_ids(hf_indices: Sequence[int], engine: CaptureEngine) -> tuple[int, ...]:
    """Ids for ``engine``'s config that make it capture ``hf_indices``."""
    return tuple(hf_to_engine_id(h, engine) for h in hf_indices)
