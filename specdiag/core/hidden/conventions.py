"""Layer ids vs ``hidden_states`` indices, per engine, engine version and trainer.

Everything inside specdiag is expressed as an **HF index**: the position in Hugging Face's
``output_hidden_states=True`` stack ``[L+1, T, H]``, where index 0 is the embedding output,
index ``i`` (1 <= i < L) the output of decoder layer ``i-1`` and index ``L`` the final, normed
output. Layer *ids* are what users write in configs; each tool reads them its own way:

==================================  =========================  ===============
who                                 id ``k`` means              HF index
==================================  =========================  ===============
SpecForge / EAGLE-3 / ModelOpt      output of decoder layer k   ``k + 1``
SGLang 0.5.5+ (adds +1 to every id) output of decoder layer k   ``k + 1``
vLLM / speculators                  input of decoder layer k    ``k``
==================================  =========================  ===============

What an engine can capture and what its default is depend on the engine and its version:
:func:`aux_id_rule` is the one place that says so (the doctor, compare-hidden, capture-hidden
and inspect-dump all ask it). The SGLang rules were read off the real server (0.5.23, through
specdiag's test harness) and off the source of older wheels; each :class:`AuxIdRule` says which.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
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


def training_ids(ids: Sequence[int], convention: LayerConvention) -> tuple[int, ...]:
    """``ids`` read in ``convention`` as SpecForge (training) ids (vLLM's id k is HF index k)."""
    return tuple(i - 1 if convention is LayerConvention.VLLM else i for i in ids)


def vllm_ids(ids: Sequence[int], convention: LayerConvention) -> tuple[int, ...]:
    """``ids`` read in ``convention`` as the ids vLLM is launched with (HF indices)."""
    return tuple(i if convention is LayerConvention.VLLM else i + 1 for i in ids)


def config_ids(
    ids: Sequence[int], convention: LayerConvention, engine: CaptureEngine | None
) -> tuple[int, ...]:
    """``ids`` read in ``convention`` as ``engine``'s config writes them (None: SGLang's,
    which are the training ids)."""
    if engine is CaptureEngine.VLLM:
        return vllm_ids(ids, convention)
    return training_ids(ids, convention)


def trainer_id_to_hf(layer_id: int) -> int:
    """SpecForge/EAGLE-3 id (output of layer ``k``, -1 = embedding) -> HF index."""
    return layer_id + 1


def engine_id_to_hf(layer_id: int, engine: CaptureEngine, version: str | None = None) -> int:
    """What HF index an engine captures for a configured id."""
    return aux_id_rule(engine, version).to_hf(layer_id)


# --------------------------------------------------------------------------------------------
# Per engine and version


Version = tuple[int, ...]


def parse_version(text: str | None) -> Version | None:
    """'0.5.23' -> (0, 5, 23); '0.4.6.post5' -> (0, 4, 6); 'v0.5.10rc1' -> (0, 5, 10); None when
    no leading number can be read."""
    if not text:
        return None
    m = re.match(r"\s*v?(\d+(?:\.\d+)*)", str(text))
    if not m:
        return None
    return tuple(int(p) for p in m.group(1).split("."))


@dataclass(frozen=True)
class AuxIdRule:
    """How one engine release reads a draft's layer ids: HF index = id + ``offset``.

    ``evidence``: "measured" (a real server run) or "source" (read in the released wheel or
    PR). ``reads_ids``: whether explicit ids are read at all (else the default always is).
    ``version`` and ``basis`` say which release was asked about and how the rule is known for it.
    """

    engine: str  # "sglang" | "vllm"
    method: str  # "eagle3" | "dflash"
    versions: str  # the releases these rules hold for, in words
    evidence: str
    config_keys: tuple[str, ...]  # where the ids are read, first match wins
    offset: int
    embedding_capturable: bool  # HF index 0 (the embedding output)
    last_layer_capturable: bool  # HF index N (the last decoder layer's output)
    source: str  # where the rule was read (file, PR, measurement)
    last_layer_failure: str = ""  # what happens when a config names the last layer
    reads_ids: bool = True
    default_note: str = ""
    version: str | None = None
    basis: str = ""

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
        """HF indices captured when the config names no id: ``[2, N//2, N-3]`` used as
        layer-input positions by both engines, i.e. the outputs of layers 1, N//2-1 and N-4."""
        n = num_layers
        return tuple(sorted({2, n // 2, n - 3}))

    def key(self) -> str:
        return self.config_keys[0]


_SGLANG_KEYS = ("eagle_config.eagle_aux_hidden_state_layer_ids",)
_DFLASH_KEYS = ("dflash_config.target_layer_ids", "target_layer_ids")
_SGLANG_LAST = (
    "SGLang captures the input of each decoder layer, so the last layer's output is never "
    "captured; the draft gets one state fewer than its fc expects, and the first request (SGLang's "
    "own /health check sends one) kills the scheduler (`mat1 and mat2 shapes cannot be "
    "multiplied`), so the server never turns healthy; a capture-only server dies at "
    "start-up (`The model captured 2 aux hidden states, but --return-aux-hidden-state-layer-ids "
    "names 3 layers`)"
)
_SGLANG_DEFAULT = (
    "no ids in the draft's eagle_config: [2, N//2, N-3] used as layer-input positions, no +1 "
    "(the outputs of layers 1, N//2-1, N-4)"
)
_SGLANG = AuxIdRule(
    "sglang", "eagle3", "0.5.23", "measured", _SGLANG_KEYS, offset=1,
    embedding_capturable=True, last_layer_capturable=False,
    source="SGLang srt/models/llama.py (layers_to_capture = id + 1), measured on 0.5.23",
    last_layer_failure=_SGLANG_LAST, default_note=_SGLANG_DEFAULT,
)  # fmt: skip

# (first release the rules hold for, rules), newest first: SGLang 0.5.23 (measured on the real
# server) captures id -1 as the embedding output; 0.5.5-0.5.19 (read in their wheels) fail on it
SGLANG_RULES: tuple[tuple[Version, AuxIdRule], ...] = (
    ((0, 5, 23), _SGLANG),
    (
        (0, 5, 5),
        replace(
            _SGLANG,
            versions="0.5.5-0.5.22 (read in 0.5.5, 0.5.10, 0.5.13, 0.5.19; 0.5.20-0.5.22 not read)",
            evidence="source",
            # before the capture rewrite the residual is added to the layer input, and it
            # does not exist yet before layer 0: the first request fails
            embedding_capturable=False,
            source="SGLang 0.5.5-0.5.22 (read in 0.5.5, 0.5.10, 0.5.13, 0.5.19; 0.5.20-0.5.22 "
            "not read) srt/models/llama.py",
        ),
    ),
    (
        (0,),
        replace(
            _SGLANG,
            versions="before 0.5.5",
            evidence="source",
            reads_ids=False,
            embedding_capturable=False,
            default_note="explicit ids are ignored: [2, N//2, N-3] (layer inputs) always",
            source="SGLang before 0.5.5 srt/models/llama.py",
        ),
    ),
)

# vLLM: the top-level key first, then eagle_config; id j = the residual stream entering layer j
# (0 = the embedding, N = the last layer's output); DFlash target_layer_ids are 0-based decoder
# indices that vLLM turns into boundaries with +1 (vllm#40727)
_OTHER_RULES = {
    ("vllm", "eagle3"): AuxIdRule(
        "vllm", "eagle3", "0.32", "measured",
        ("eagle_aux_hidden_state_layer_ids", "eagle_config.eagle_aux_hidden_state_layer_ids"),
        offset=0, embedding_capturable=True, last_layer_capturable=True,
        source="vLLM llama_eagle3 aux capture (id j = residual entering layer j), measured "
        "on the real vLLM-CPU server",
        last_layer_failure="vLLM captures at most the last layer's output (id N)",
        default_note="no ids: (2, N//2, N-3), the outputs of layers 1, N//2-1, N-4",
    ),
    ("vllm", "dflash"): AuxIdRule(
        "vllm", "dflash", "0.32", "source", _DFLASH_KEYS, offset=1, embedding_capturable=False,
        last_layer_capturable=True, source="vllm#40727 (DFlash target_layer_ids + 1)",
    ),
    ("sglang", "dflash"): AuxIdRule(
        "sglang", "dflash", "0.5.23", "source", _DFLASH_KEYS, offset=1,
        embedding_capturable=False, last_layer_capturable=False,
        source="SGLang PR #32204 (an id at the last layer fails)",
    ),
}  # fmt: skip

SGLANG_MEASURED = "0.5.23"  # the SGLang release whose rules were read off the real server
VLLM_MEASURED = "0.32.0"  # the vLLM (CPU) release the tests' real server runs


def _version_basis(engine_name: str, version: str | None, measured: str) -> str:
    if version is None:
        return f"{engine_name} version unknown: {measured}'s rules (measured) assumed"
    if version.strip().lstrip("v").startswith(measured):
        return f"measured on {engine_name} {measured}"
    return f"{engine_name} {version}: not measured; {measured}'s rules (measured) assumed"


def aux_id_rule(engine: str, version: str | None = None, method: str = "eagle3") -> AuxIdRule:
    """The id rule of ``engine`` (``sglang`` or ``vllm``) at ``version`` (None or unreadable:
    the newest known release, which a newer release also gets) for ``method``."""
    eng = engine.lower()
    if method not in ("eagle3", "dflash"):
        raise UsageError(f"unknown draft method {method!r}", hint="eagle3 or dflash")
    if eng not in ("sglang", "vllm"):
        raise UsageError(f"no layer-id rule for engine {engine!r}", hint="sglang or vllm")
    name, measured = ("SGLang", SGLANG_MEASURED) if eng == "sglang" else ("vLLM", VLLM_MEASURED)
    basis = _version_basis(name, version, measured)
    if eng == "vllm" or method == "dflash":
        return replace(_OTHER_RULES[eng, method], version=version, basis=basis)
    v = parse_version(version) or parse_version(SGLANG_MEASURED)
    assert v is not None
    rules = next((r for first, r in SGLANG_RULES if v >= first), SGLANG_RULES[-1][1])
    if version is not None and rules.evidence != "measured":
        basis = (
            f"SGLang {version}: not measured; the rules of {rules.versions}, read in the "
            "released source"
        )
    if not rules.reads_ids:
        basis += f"; {rules.default_note}"
    return replace(rules, version=version, basis=basis)


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
    """'2,30,58', '2 30 58' or '[2, 30, 58]' -> (2, 30, 58), strictly (``unordered_flag``: the
    flag that lifts the ascending rule, for the hint); a clear UsageError otherwise."""
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


def sglang_embedding_note() -> str:
    """What SGLang does with an id naming the embedding output, per version (one wording for
    every command that has to say it)."""
    new = aux_id_rule(CaptureEngine.SGLANG)
    return (
        f"SGLang {new.versions} captures id -1 as the embedding output (HF hidden_states[0], "
        "measured on the real server) and feeds it to the draft; SGLang 0.5.5-0.5.19 fail the "
        "first request instead (no residual before layer 0: read in their source); its "
        "capture-only mode refuses negative ids"
    )
