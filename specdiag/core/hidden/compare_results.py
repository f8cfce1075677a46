"""The frozen inputs and results of ``compare-hidden``, and the closed sets of values they use.

Field order is the order of the ``--json`` document (docs/compare-hidden.md): the CLI derives
the document from these dataclasses with the generic serialiser. Every enum is a ``str``
whose value is the string the document always had.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.hidden.conventions import CaptureEngine
from specdiag.core.textenum import TextEnum


class AlignmentStatus(TextEnum):
    """How the served tokens line up with the training sample."""

    IDENTICAL = "identical"
    CONTAINED = "contained"  # the served tokens inside the training sample
    TRAINING_INSIDE_SERVED = "training-inside-served"
    OFFSET = "offset"  # placed by --offset
    DIFFER = "differ"  # a different template, system prompt or tokenizer
    DIVERGED = "diverged"  # the served answer went another way after the same prompt
    UNAVAILABLE = "unavailable"  # no input_ids: served token 0 = training position 0


class CompareMode(TextEnum):
    TENSORS = "tensors"
    VALUES = "values"  # --values: served numbers as text


class Confidence(TextEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class IdentifiedBy(TextEnum):
    """What named a chunk's layer (``training chunk`` comes with the chunk's number)."""

    REFERENCE = "reference"
    TRAINING_CHUNK = "training chunk"
    FINGERPRINT = "fingerprint"
    SERVED_CONFIG = "served config"


class Finding(TextEnum):
    """Machine-readable codes of what the comparison found."""

    EMBEDDING_SLOT = "embedding-slot"
    SHIFTED = "shifted"
    MISSING_LAYER = "missing-layer"
    PERMUTED = "permuted"
    OFF_BY_ONE = "off-by-one"
    CHUNK_COUNT = "chunk-count"
    LAYER_MISMATCH = "layer-mismatch"
    OUT_OF_TOLERANCE = "out-of-tolerance"
    TEMPLATE_MISMATCH = "template-mismatch"
    NONFINITE = "nonfinite"
    WRONG_HIDDEN_SIZE = "wrong-hidden-size"
    TRAINING_LAYERS_DIFFER = "training-layers-differ"
    FINAL_STATE_DIFFERS = "final-state-differs"
    VALUES_MISMATCH = "values-mismatch"
    TOO_FEW_VALUES = "too-few-values"
    NO_TOKENS = "no-tokens"


# findings that fail the comparison even when every chunk matches
BLOCKING = frozenset({Finding.NONFINITE, Finding.TEMPLATE_MISMATCH, Finding.WRONG_HIDDEN_SIZE})


@dataclass(frozen=True)
class Tolerances:
    """When a served chunk counts as equal to a training chunk.

    A chunk matches when it has no NaN/Inf, ``rel_l2 <= rtol``, ``cosine_min >= min_cosine`` and
    ``max_abs_diff <= atol`` (``atol`` defaults to ``atol_scale * max|training chunk|``).
    """

    dtype: str
    rtol: float
    atol: float | None
    atol_scale: float
    min_cosine: float

    def atol_for(self, max_abs_training: float) -> float:
        return self.atol if self.atol is not None else self.atol_scale * max_abs_training


@dataclass(frozen=True)
class CompareOptions:
    """Flags of ``specdiag compare-hidden`` (all optional)."""

    training_layers: tuple[int, ...] | None = None  # SpecForge convention: output of layer k
    served_layers: tuple[int, ...] | None = None  # as written in the served engine's config
    engine: CaptureEngine | None = None  # reads --served-layers; None: sglang, suggest both
    hidden_size: int | None = bounded(flag="--hidden-size", lo=1)
    offset: int | None = bounded(flag="--offset", lo=0)  # training position of served token 0
    rtol: float | None = bounded(flag="--rtol", lo=0)
    atol: float | None = bounded(flag="--atol", lo=0)
    min_cosine: float | None = bounded(flag="--min-cosine", lo=-1, hi=1)
    device: str = "cpu"
    # tokens per block; default from the row width
    block_tokens: int | None = bounded(flag="--block-tokens", lo=1)

    def __post_init__(self) -> None:
        check_bounds(self)


@dataclass(frozen=True)
class TokenAlignment:
    status: AlignmentStatus
    served_start: int
    training_start: int
    tokens: int  # compared
    served_tokens: int  # valid (padding excluded)
    training_tokens: int
    first_difference: int | None = None  # served position of the first differing id
    served_id: int | None = None
    training_id: int | None = None
    description: str = ""


@dataclass(frozen=True)
class ChunkResult:
    """One served chunk of H features (or one ``--values`` snippet)."""

    index: int
    max_abs_diff: float | None  # the statistics against training chunk ``index``
    mean_abs_diff: float | None
    rel_l2: float | None
    cosine_mean: float | None
    cosine_min: float | None
    worst_token: int | None  # served position of the lowest cosine
    match: bool
    best_train_chunk: int | None
    best_cosine: float | None
    best_rel_l2: float | None
    identified_layer: int | None  # trainer convention: output of layer k; -1 = embedding
    identified_hf_index: int | None
    identified_by: IdentifiedBy | None
    confidence: Confidence | None
    rms: float  # mean per-token RMS (depth fingerprint)
    nonfinite: int  # NaN/Inf elements in this served chunk
    nonfinite_training: int
    token: int | None  # --values: training position of the best slice
    tolerance_failures: tuple[str, ...]  # the bounds a non-matching chunk misses
    description: str
    identified_chunk: int | None = None  # the training chunk, when identified_by is one

    @property
    def evidence(self) -> str | None:
        """``identified_by`` in words: 'reference', 'training chunk 2', 'fingerprint', ..."""
        if self.identified_by is IdentifiedBy.TRAINING_CHUNK:
            return f"{self.identified_by} {self.identified_chunk}"
        return None if self.identified_by is None else str(self.identified_by)


@dataclass(frozen=True)
class TrainingChunk:
    index: int
    layer: int | None
    hf_index: int | None
    source: str | None  # reference | --training-layers | served match + --served-layers
    rms: float


@dataclass(frozen=True)
class Overall:
    """The statistics over the whole row (every aligned chunk), per token for the cosine."""

    max_abs_diff: float
    mean_abs_diff: float
    rel_l2: float
    cosine_mean: float
    cosine_min: float


@dataclass(frozen=True)
class FinalState:
    """Both dumps carry the target's last hidden state (SpecForge ``hidden_state``): compared too."""

    max_abs_diff: float
    rel_l2: float
    cosine_mean: float
    cosine_min: float
    match: bool
    rms_served: float
    rms_training: float


@dataclass(frozen=True)
class CompareResult:
    match: bool
    mode: CompareMode
    tokens_compared: int
    hidden_size: int | None
    served_hidden_size: int | None
    served_dtype: str
    training_dtype: str
    tolerances: Tolerances
    alignment: TokenAlignment
    # the rest defaults to "nothing found": a result that stopped early leaves it out
    chunks: tuple[ChunkResult, ...] = ()
    training_chunks: tuple[TrainingChunk, ...] = ()
    similarity: tuple[tuple[float, ...], ...] = ()  # served chunk x training chunk, mean cosine
    reference_similarity: tuple[tuple[float, ...], ...] | None = None  # served chunk x HF index
    training_reference_similarity: tuple[tuple[float, ...], ...] | None = None
    overall: Overall | None = None  # all aligned chunks together
    final_state: FinalState | None = None
    findings: tuple[Finding, ...] = ()
    diagnosis: tuple[str, ...] = ()
    engine: str | None = None
    served_layers: tuple[int, ...] | None = None
    training_layers: tuple[int, ...] | None = None
    suggested_layer_ids: dict[str, list[int]] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
