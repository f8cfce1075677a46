"""A tiny real transformer and capture helpers: HF-convention stacks and SpecForge-style dumps.

Used by the tests, the benchmark and ``specdiag demo``. The model is a pre-norm Llama-style
decoder (RMSNorm, causal multi-head attention, SiLU-gated MLP, residual stream) with random
weights, written with plain tensor ops so nothing here is imported before it is needed.

Conventions (see :mod:`specdiag.core.hidden.conventions`):

* :func:`hidden_states` returns the HF ``output_hidden_states`` stack ``[L+1, T, H]``: index 0
  is the embedding output, index ``i`` the output of decoder layer ``i-1``, and index ``L`` the
  final output **after** the final RMSNorm (as Hugging Face replaces the last entry).
* :func:`specforge_record` builds the dict SpecForge's ``prepare_hidden_states.py`` saves:
  ``input_ids`` [T] int64, ``loss_mask`` [T] int64, ``aux_hidden_state`` [1, T, 3H] (outputs of
  layers ``layer_ids``, i.e. HF indices ``id + 1``) and ``hidden_state`` [1, T, H] (post-norm).
* :func:`served_capture` captures what an engine would for configured ids: SGLang adds +1,
  vLLM reads ids verbatim (id 0 = embedding); both concatenate in ascending layer order.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from specdiag.core.hidden.conventions import CaptureEngine, engine_id_to_hf, trainer_id_to_hf
from specdiag.core.hidden.loading import Dump, Layout, dump_from_tensors

if TYPE_CHECKING:
    import torch
    from torch import Tensor


@dataclass(frozen=True)
class TinyTransformer:
    """Random-weight pre-norm decoder. ``weights`` maps names to float32 tensors."""

    weights: dict[str, Tensor]
    num_layers: int
    hidden_size: int
    num_heads: int
    vocab_size: int


def make_tiny_transformer(
    num_layers: int = 6,
    hidden_size: int = 48,
    num_heads: int = 4,
    vocab_size: int = 96,
    seed: int = 0,
    embed_std: float = 0.05,
) -> TinyTransformer:
    """Random weights, seeded. Embedding rows are small (like real LLMs): depth grows the norm."""
    import torch

    if hidden_size % num_heads:
        raise ValueError("hidden_size must be a multiple of num_heads")
    g = torch.Generator().manual_seed(seed)
    h = hidden_size
    f = 2 * hidden_size

    def rnd(*shape: int, std: float) -> Tensor:
        return torch.randn(*shape, generator=g) * std

    w: dict[str, Tensor] = {"embed": rnd(vocab_size, h, std=embed_std)}
    for i in range(num_layers):
        w[f"{i}.ln1"] = 1.0 + rnd(h, std=0.1)
        for name in ("wq", "wk", "wv", "wo"):
            w[f"{i}.{name}"] = rnd(h, h, std=h**-0.5)
        w[f"{i}.ln2"] = 1.0 + rnd(h, std=0.1)
        w[f"{i}.w1"] = rnd(h, f, std=h**-0.5)
        w[f"{i}.w3"] = rnd(h, f, std=h**-0.5)
        w[f"{i}.w2"] = rnd(f, h, std=f**-0.5)
    w["norm"] = 1.0 + rnd(h, std=0.1)
    return TinyTransformer(w, num_layers, hidden_size, num_heads, vocab_size)


def _rms_norm(x: Tensor, weight: Tensor, eps: float = 1e-6) -> Tensor:
    import torch

    var = x.float().pow(2).mean(-1, keepdim=True)
    return (x.float() * torch.rsqrt(var + eps)).to(x.dtype) * weight


def hidden_states(
    model: TinyTransformer, input_ids: Sequence[int] | Tensor, dtype: torch.dtype | None = None
) -> Tensor:
    """Run the model on ``input_ids`` [T]; return the HF-convention stack ``[L+1, T, H]``.

    ``dtype`` (default float32) is the compute dtype: running in bfloat16 gives the rounding
    differences a serving engine's kernels show against a float32 (or other-kernel) capture.
    """
    import torch
    import torch.nn.functional as F

    dtype = dtype or torch.float32
    w = {k: v.to(dtype) for k, v in model.weights.items()}
    ids = torch.as_tensor(input_ids, dtype=torch.int64).reshape(-1)
    t, h, nh = int(ids.shape[0]), model.hidden_size, model.num_heads
    hd = h // nh
    pos = torch.arange(t, dtype=torch.float32)
    inv = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
    ang = torch.outer(pos, inv)
    cos, sin = ang.cos().to(dtype), ang.sin().to(dtype)

    def rope(x: Tensor) -> Tensor:  # x [nh, T, hd]
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)

    with torch.no_grad():
        x = w["embed"][ids]
        out = [x]
        for i in range(model.num_layers):
            a = _rms_norm(x, w[f"{i}.ln1"])
            q = rope((a @ w[f"{i}.wq"]).view(t, nh, hd).transpose(0, 1))
            k = rope((a @ w[f"{i}.wk"]).view(t, nh, hd).transpose(0, 1))
            v = (a @ w[f"{i}.wv"]).view(t, nh, hd).transpose(0, 1)
            att = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + att.transpose(0, 1).reshape(t, h) @ w[f"{i}.wo"]
            m = _rms_norm(x, w[f"{i}.ln2"])
            x = x + (F.silu(m @ w[f"{i}.w1"]) * (m @ w[f"{i}.w3"])) @ w[f"{i}.w2"]
            out.append(x)
        out[-1] = _rms_norm(x, w["norm"])
        return torch.stack(out)


def capture(stack: Tensor, hf_indices: Sequence[int]) -> Tensor:
    """Concatenate ``stack[j]`` for ``j`` in ``hf_indices`` (in the order given): ``[T, C*H]``."""
    import torch

    n = int(stack.shape[0])
    for j in hf_indices:
        if not 0 <= j < n:
            raise ValueError(f"HF index {j} is outside the stack (0..{n - 1})")
    return torch.cat([stack[j] for j in hf_indices], dim=-1)


def served_capture(
    stack: Tensor, layer_ids: Sequence[int], engine: CaptureEngine | str = CaptureEngine.SGLANG
) -> Tensor:
    """What ``engine`` captures for configured ``layer_ids``: mapped per its convention and
    concatenated in ascending layer order (engines capture inside the forward loop)."""
    eng = CaptureEngine(engine)
    return capture(stack, sorted(engine_id_to_hf(i, eng) for i in layer_ids))


def specforge_record(
    stack: Tensor,
    layer_ids: Sequence[int],
    input_ids: Tensor,
    loss_mask: Tensor | None = None,
    dtype: torch.dtype | None = None,
    pad_to: int | None = None,
) -> dict[str, Any]:
    """The dict SpecForge saves per sample (disk names), optionally right-padded with id 0.

    ``pad_to`` mimics ``DataCollatorWithPadding``: ids and mask padded with 0, hidden states
    for pad positions filled with the last row plus noise (SGLang computes them, they are not 0).
    """
    import torch

    dtype = dtype or torch.bfloat16
    ids = torch.as_tensor(input_ids, dtype=torch.int64).reshape(-1)
    t = int(ids.shape[0])
    mask = (
        torch.as_tensor(loss_mask, dtype=torch.int64).reshape(-1)
        if loss_mask is not None
        else torch.cat(
            [torch.zeros(t // 2, dtype=torch.int64), torch.ones(t - t // 2, dtype=torch.int64)]
        )
    )
    aux = capture(stack, [trainer_id_to_hf(i) for i in layer_ids]).float()
    last = stack[-1].float()
    if pad_to is not None and pad_to > t:
        extra = pad_to - t
        g = torch.Generator().manual_seed(extra)
        ids = torch.cat([ids, torch.zeros(extra, dtype=torch.int64)])
        mask = torch.cat([mask, torch.zeros(extra, dtype=torch.int64)])
        aux = torch.cat([aux, aux[-1:] + torch.randn(extra, aux.shape[1], generator=g)])
        last = torch.cat([last, last[-1:] + torch.randn(extra, last.shape[1], generator=g)])
    return {
        "input_ids": ids,
        "loss_mask": mask,
        "aux_hidden_state": aux.to(dtype).unsqueeze(0),
        "hidden_state": last.to(dtype).unsqueeze(0),
    }


def save_record(record: dict[str, Any], path: str | Path) -> Path:
    """``torch.save`` a record; a name ending in ``.gz`` is gzip-compressed like SpecForge's."""
    import torch

    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    if p.name.endswith(".gz"):
        with gzip.open(p, "wb", compresslevel=1) as f:
            torch.save(record, cast(IO[bytes], f))  # a GzipFile is a binary file
    else:
        torch.save(record, p)
    return p


def write_specforge_dir(
    root: str | Path,
    records: Sequence[dict[str, Any]],
    group_size: int = 2000,
    compress: bool = False,
) -> list[Path]:
    """Write ``rows_{g}-{g+G}/data_{idx}.ckpt[.gz]`` like ``prepare_hidden_states.py``."""
    out = []
    for idx, rec in enumerate(records):
        g = (idx // group_size) * group_size
        name = f"data_{idx}.ckpt" + (".gz" if compress else "")
        out.append(save_record(rec, Path(root) / f"rows_{g}-{g + group_size}" / name))
    return out


def random_ids(n: int, vocab_size: int, seed: int = 0, start: int = 1) -> Tensor:
    """Token ids in ``[start, vocab_size)`` (0 is kept for padding)."""
    import torch

    g = torch.Generator().manual_seed(seed)
    return torch.randint(start, vocab_size, (n,), generator=g)


SCENARIOS = ("matching", "collapsed", "off-by-one", "permuted")


@dataclass(frozen=True)
class SyntheticCase:
    """A training capture and a served capture of the same tiny model on the same tokens."""

    scenario: str
    model: TinyTransformer
    input_ids: Tensor  # [T]
    reference: Tensor  # HF stack [L+1, T, H], float32
    training_record: dict[str, Any]  # SpecForge disk layout
    served_aux: Tensor  # [T, C*H] in the served dtype
    training_layer_ids: tuple[int, ...]  # SpecForge convention
    served_layer_ids: tuple[int, ...]  # as written in the served engine's config
    engine: CaptureEngine

    def training_dump(self) -> Dump:
        r = self.training_record
        return dump_from_tensors(
            r["aux_hidden_state"],
            input_ids=r["input_ids"],
            loss_mask=r["loss_mask"],
            last_hidden=r["hidden_state"],
            source="training",
        )

    def served_dump(self) -> Dump:
        return dump_from_tensors(self.served_aux, input_ids=self.input_ids, source="served")

    def reference_dump(self) -> Dump:
        return dump_from_tensors(
            self.reference, input_ids=self.input_ids, layout=Layout.LAYERS, source="reference"
        )

    def served_record(self) -> dict[str, Any]:
        """The served capture in the SpecForge layout (what a dump hook on the server writes)."""
        return {
            "input_ids": self.input_ids.clone(),
            "aux_hidden_state": self.served_aux.unsqueeze(0),
        }


def make_case(
    scenario: str = "matching",
    *,
    num_layers: int = 8,
    hidden_size: int = 48,
    num_tokens: int = 48,
    training_layer_ids: Sequence[int] = (1, 3, 5),
    seed: int = 0,
    served_dtype: torch.dtype | None = None,
) -> SyntheticCase:
    """Build a scenario on a tiny transformer.

    * ``matching``: the server captures the training layers (SGLang config = training ids);
      the served side runs in bfloat16, the training side in float32 saved as bfloat16, so the
      only difference is kernel/rounding noise.
    * ``collapsed`` (the seed case): the served config has ``-1`` (embedding) prepended and the
      last id dropped: served chunk 0 is the embedding, chunks 1-2 are training chunks 0-1.
    * ``off-by-one``: the SpecForge ids are given to vLLM verbatim, so every chunk is one layer
      earlier than training.
    * ``permuted``: the served chunks hold the training layers in another order.
    """
    import torch

    if scenario not in SCENARIOS:
        raise ValueError(f"unknown scenario {scenario!r}; one of {', '.join(SCENARIOS)}")
    served_dtype = served_dtype or torch.bfloat16
    model = make_tiny_transformer(num_layers=num_layers, hidden_size=hidden_size, seed=seed)
    ids = random_ids(num_tokens, model.vocab_size, seed=seed + 1)
    ref = hidden_states(model, ids)
    served_stack = hidden_states(model, ids, dtype=served_dtype)
    train_ids = tuple(training_layer_ids)
    record = specforge_record(ref, train_ids, ids)
    engine = CaptureEngine.VLLM if scenario == "off-by-one" else CaptureEngine.SGLANG
    served_ids = (-1, *train_ids[:-1]) if scenario == "collapsed" else train_ids
    if scenario == "permuted":
        order = [trainer_id_to_hf(i) for i in train_ids]
        aux = capture(served_stack, order[1:] + order[:1])
    else:
        aux = served_capture(served_stack, served_ids, engine)
    return SyntheticCase(
        scenario=scenario,
        model=model,
        input_ids=ids,
        reference=ref,
        training_record=record,
        served_aux=aux,
        training_layer_ids=train_ids,
        served_layer_ids=tuple(served_ids),
        engine=engine,
    )
