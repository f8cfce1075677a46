"""The founding deployment, tiny: a 61-layer random Llama target (hidden 16), a SpecForge training
dump captured at aux ids [2, 30, 58], an EAGLE-3 draft whose config says [-1, 2, 30], the SGLang log
and launch line, and what a server with that draft would capture (the served dump).

Everything is made by the test, in a temporary directory; the target is built once per session."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

LAYERS = 61
HIDDEN = 16
VOCAB = 128
TRAINED = (2, 30, 58)  # SpecForge ids (output of layer k)
BROKEN = (-1, 2, 30)  # what the draft config was changed to


@dataclass(frozen=True)
class Founding:
    target: Path
    train_dir: Path  # SpecForge hidden-state directory (rows_0-1/data_0.ckpt)
    train_file: Path
    served: Path  # SGLang's capture for BROKEN (HF 0, 3, 31)
    tokens: tuple[int, ...]


def make_target(out: Path, *, seed: int = 0) -> Path:
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    if (out / "config.json").is_file():
        return out
    out.mkdir(parents=True, exist_ok=True)
    cfg = LlamaConfig(
        vocab_size=VOCAB,
        hidden_size=HIDDEN,
        intermediate_size=32,
        num_hidden_layers=LAYERS,
        num_attention_heads=2,
        num_key_value_heads=2,
        head_dim=8,
        max_position_embeddings=8192,
        rope_theta=500000.0,
        rms_norm_eps=1e-5,
        bos_token_id=1,
        eos_token_id=2,
        tie_word_embeddings=False,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(cfg).to(torch.float32)
    with torch.no_grad():  # wide enough that each layer moves the residual stream visibly
        for p in model.parameters():
            if p.dim() == 2:
                p.normal_(0.0, 0.3)
    model.save_pretrained(out, safe_serialization=True)
    return out


def make_founding(root: Path, target: Path) -> Founding:
    import torch

    from specdiag.core.hidden.capture_hf import hf_hidden_states
    from specdiag.workflows.synthetic import (
        random_ids,
        save_record,
        served_capture,
        specforge_record,
    )

    ids = random_ids(48, VOCAB, seed=7)
    stack = hf_hidden_states(target, ids.tolist()).stack
    train_file = save_record(
        specforge_record(stack, TRAINED, ids, dtype=torch.float32),
        root / "hs" / "rows_0-1" / "data_0.ckpt",
    )
    served = root / "served.pt"
    torch.save(
        {"aux_hidden_states": served_capture(stack, BROKEN, "sglang"), "input_ids": ids}, served
    )
    return Founding(target, root / "hs", train_file, served, tuple(ids.tolist()))


def training_log(path: Path, ids: tuple[int, ...] = TRAINED) -> Path:
    """SpecForge's console output: the arguments it ran with and its last eval accuracies."""
    lines = [
        "[2026-11-20 10:00:01] Namespace(target_model_path='meta/target-61L', "
        "draft_model_config='draft.json', num_epochs=10, ttt_length=7)",
        f"[2026-11-20 10:00:02] draft config: eagle_aux_hidden_state_layer_ids: {list(ids)}",
        "[2026-11-20 13:12:40] {'eval/acc_0': 0.75, 'eval/acc_1': 0.75, 'eval/acc_2': 0.75, "
        "'eval/acc_3': 0.75, 'eval/acc_4': 0.75, 'eval/simulated_acc_len': 2.29}",
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def write_json(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc))
    return path
