"""Tiny checkpoints and SpecForge-style dumps for the capture-hidden / inspect-dump --target tests.

``make_deep_llama(dir, tokenizer_from=...)`` writes a random 6-layer Llama (hidden 64, float32)
with transformers; the tokenizer files are copied from another checkpoint when given (vLLM needs
one), so vLLM and transformers read the very same weights. ``specforge_dump`` runs that model the
way SpecForge's HF backend does (``output_hidden_states``, aux ids k -> ``hidden_states[k+1]``,
concatenated in list order, the post-norm last state as ``hidden_state``) and saves the dict with
``torch.save``.
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Sequence
from pathlib import Path

import torch

LAYERS = 6
HIDDEN = 64
VOCAB = 424  # the realservers tokenizer's size


def random_llama(out: Path, *, std: float, seed: int = 0, **config: object) -> Path:
    """A random float32 Llama saved at ``out`` (kept when already there), its 2-D weights drawn
    from N(0, std): wider than HF's init, so that each layer moves the residual stream visibly."""
    from transformers import LlamaConfig, LlamaForCausalLM

    if (out / "config.json").is_file():
        return out
    out.mkdir(parents=True, exist_ok=True)
    cfg = LlamaConfig(
        num_attention_heads=2,
        num_key_value_heads=2,
        rms_norm_eps=1e-5,
        bos_token_id=1,
        eos_token_id=2,
        tie_word_embeddings=False,
        **config,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(cfg).to(torch.float32)
    with torch.no_grad():
        for p in model.parameters():
            if p.dim() == 2:
                p.normal_(0.0, std)
    model.save_pretrained(out, safe_serialization=True)
    return out


def make_deep_llama(
    out: Path, *, tokenizer_from: Path | None = None, vocab: int = VOCAB, seed: int = 0
) -> Path:
    if (out / "config.json").is_file():
        return out
    random_llama(
        out,
        std=0.08,
        seed=seed,
        vocab_size=vocab,
        hidden_size=HIDDEN,
        intermediate_size=128,
        num_hidden_layers=LAYERS,
        head_dim=32,
        max_position_embeddings=1024,
    )
    if tokenizer_from is not None:
        for name in ("tokenizer.json", "tokenizer_config.json", "chat_template.jinja"):
            src = tokenizer_from / name
            if src.is_file():
                shutil.copy(src, out / name)
    return out


@functools.cache
def _loaded(model_dir: str, weights_mtime_ns: int) -> torch.nn.Module:
    """The model at ``model_dir``, loaded once per process for as long as its weights files are
    unchanged (several dumps are made from one model; loading costs more than a forward)."""
    from transformers import AutoModel

    model = AutoModel.from_pretrained(model_dir, local_files_only=True, dtype=torch.float32)
    return model.eval()


def hf_stack(model_dir: Path, ids: Sequence[int]) -> torch.Tensor:
    d = Path(model_dir).resolve()
    model = _loaded(str(d), max((p.stat().st_mtime_ns for p in d.glob("*.safetensors")), default=0))
    with torch.inference_mode():
        out = model(input_ids=torch.tensor([list(ids)]), output_hidden_states=True)
    return torch.stack([h[0] for h in out.hidden_states])  # [L+1, T, H]


def specforge_dump(
    model_dir: Path,
    ids: Sequence[int],
    aux_ids: Sequence[int],
    out: Path,
    *,
    loss_from: int = 4,
    pad: int = 0,
) -> Path:
    """A data_N.ckpt as SpecForge writes it: aux = concat of hidden_states[k+1] for k in aux_ids."""
    stack = hf_stack(model_dir, ids)
    aux = torch.cat([stack[k + 1] for k in aux_ids], dim=-1)  # [T, 3H]
    last = stack[-1]
    t = len(ids)
    mask = torch.zeros(t + pad, dtype=torch.int64)
    mask[loss_from:t] = 1
    input_ids = torch.tensor([*ids, *([0] * pad)], dtype=torch.int64)
    if pad:
        aux = torch.cat([aux, torch.zeros(pad, aux.shape[1])])
        last = torch.cat([last, torch.zeros(pad, last.shape[1])])
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(
        {
            "input_ids": input_ids,
            "loss_mask": mask,
            "aux_hidden_state": aux[None].contiguous(),
            "hidden_state": last[None].contiguous(),
        },
        out,
    )
    return out
