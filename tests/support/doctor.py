"""Builders for the doctor tests: tiny drafts and targets (config.json + safetensors with the right
shapes), SGLang logs and launch command lines. No test functions here."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from safetensors.numpy import save_file

H = 16  # target hidden size of the tiny models
DRAFT_VOCAB = 32
VOCAB = 128


def _llama_config(
    arch: str,
    hidden: int,
    layers: int,
    vocab: int,
    max_pos: int,
    rope_theta: float,
    rope_scaling: dict[str, Any] | None,
    eos: int,
) -> dict[str, Any]:
    """The config.json keys a target and a draft share."""
    cfg: dict[str, Any] = {
        "architectures": [arch],
        "model_type": "llama",
        "hidden_size": hidden,
        "num_hidden_layers": layers,
        "vocab_size": vocab,
        "max_position_embeddings": max_pos,
        "rope_theta": rope_theta,
        "bos_token_id": 1,
        "eos_token_id": eos,
    }
    if rope_scaling is not None:
        cfg["rope_scaling"] = rope_scaling
    return cfg


def _save(root: Path, tensors: dict[str, np.ndarray], tokenizer: dict[str, Any] | None) -> Path:
    """The weights as model.safetensors, and tokenizer_config.json when given."""
    save_file(tensors, str(root / "model.safetensors"))
    if tokenizer is not None:
        (root / "tokenizer_config.json").write_text(json.dumps(tokenizer))
    return root


def write_target(
    root: Path,
    *,
    layers: int = 62,
    hidden: int = H,
    vocab: int = VOCAB,
    max_pos: int = 8192,
    rope_theta: float = 500000.0,
    rope_scaling: dict[str, Any] | None = None,
    nextn: int = 0,
    mtp_present: bool = True,
    arch: str = "LlamaForCausalLM",
    eos: int = 2,
    tokenizer: dict[str, Any] | None = None,
) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    cfg = _llama_config(arch, hidden, layers, vocab, max_pos, rope_theta, rope_scaling, eos)
    if nextn:
        cfg["num_nextn_predict_layers"] = nextn
    (root / "config.json").write_text(json.dumps(cfg))
    t = {
        "model.embed_tokens.weight": np.zeros((vocab, hidden), np.float16),
        "lm_head.weight": np.zeros((vocab, hidden), np.float16),
        "model.norm.weight": np.ones(hidden, np.float16),
    }
    n_layers = layers + (nextn if mtp_present else 0)
    for i in range(n_layers):
        t[f"model.layers.{i}.input_layernorm.weight"] = np.ones(1, np.float16)
    return _save(root, t, tokenizer)


def write_draft(
    root: Path,
    *,
    ids: Sequence[int] | None = (2, 30, 58),
    where: str = "nested",  # nested | top | both
    top_ids: Sequence[int] | None = None,
    hidden: int = H,
    target_hidden: int = H,
    chunks: int = 3,
    draft_vocab: int = DRAFT_VOCAB,
    vocab: int = VOCAB,
    d2t: str = "ok",  # ok | missing | arange | zeros | range
    norm_before_fc: bool | None = None,
    prefc_norm_tensor: bool = False,
    lm_head_rows: int | None = None,
    max_pos: int = 8192,
    rope_theta: float = 500000.0,
    rope_scaling: dict[str, Any] | None = None,
    arch: str = "LlamaForCausalLMEagle3",
    eos: int = 2,
    tokenizer: dict[str, Any] | None = None,
    extra_config: dict[str, Any] | None = None,
) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    cfg = _llama_config(arch, hidden, 1, vocab, max_pos, rope_theta, rope_scaling, eos)
    cfg["target_hidden_size"] = target_hidden
    cfg["draft_vocab_size"] = draft_vocab
    if ids is not None and where in ("nested", "both"):
        cfg["eagle_config"] = {
            "eagle_aux_hidden_state_layer_ids": list(ids),
            "use_aux_hidden_state": True,
        }
    if where in ("top", "both") and (top_ids or ids) is not None:
        cfg["eagle_aux_hidden_state_layer_ids"] = list(top_ids if top_ids is not None else ids)  # type: ignore[arg-type]
    if norm_before_fc is not None:
        cfg["norm_before_fc"] = norm_before_fc
    cfg.update(extra_config or {})
    (root / "config.json").write_text(json.dumps(cfg))
    t: dict[str, np.ndarray] = {
        "fc.weight": np.zeros((hidden, chunks * target_hidden), np.float16),
        "midlayer.self_attn.q_proj.weight": np.zeros((hidden, 2 * hidden), np.float16),
        "norm.weight": np.ones(hidden, np.float16),
        "lm_head.weight": np.zeros((lm_head_rows or draft_vocab, hidden), np.float16),
    }
    if prefc_norm_tensor:
        t["input_norm.weight"] = np.ones(chunks * target_hidden, np.float16)
    if d2t != "missing" and draft_vocab < vocab:
        target_ids = np.arange(draft_vocab, dtype=np.int64) * 3  # every third target id
        offsets = target_ids - np.arange(draft_vocab)
        if d2t == "arange":
            offsets = np.arange(draft_vocab, dtype=np.int64)
        elif d2t == "zeros":
            offsets = np.zeros(draft_vocab, np.int64)
        elif d2t == "range":
            offsets = offsets + vocab
        mask = np.zeros(vocab, bool)
        mask[np.clip(np.arange(draft_vocab) + offsets, 0, vocab - 1)] = True
        t["d2t"] = offsets.astype(np.int64)
        t["t2d"] = mask
    return _save(root, t, tokenizer)


def sglang_line(
    length: float,
    *,
    ndt: int = 6,
    cuda_graph: bool = True,
    minute: int = 0,
    second: int = 0,
    rank: str = "",
) -> str:
    rate = (length - 1.0) / (ndt - 1)
    prefix = f"[2026-11-29 08:{minute:02d}:{second:02d}{(' ' + rank) if rank else ''}]"
    return (
        f"{prefix} Decode batch, #running-req: 4, #token: 1200, token usage: 0.02, "
        f"accept len: {length:.2f}, accept rate: {rate:.2f}, cuda graph: {cuda_graph}, "
        f"gen throughput (token/s): 410.00, #queue-req: 0"
    )


def write_sglang_log(
    path: Path,
    lengths: Sequence[float],
    *,
    ndt: int = 6,
    cuda_graph: Sequence[bool] | None = None,
    ranks: Sequence[str] | None = None,
) -> Path:
    lines = []
    for i, x in enumerate(lengths):
        lines.append(
            sglang_line(
                x,
                ndt=ndt,
                cuda_graph=True if cuda_graph is None else cuda_graph[i],
                minute=i // 60,
                second=i % 60,
                rank=ranks[i] if ranks else "",
            )
        )
    path.write_text("\n".join(lines) + "\n")
    return path


def sglang_args(
    draft: Path | str,
    target: Path | str = "meta/target-62L",
    *,
    steps: int = 5,
    topk: int = 1,
    ndt: int = 6,
    extra: str = "",
) -> str:
    return (
        f"python -m sglang.launch_server --model-path {target} --speculative-algorithm EAGLE3 "
        f"--speculative-draft-model-path {draft} --speculative-num-steps {steps} "
        f"--speculative-eagle-topk {topk} --speculative-num-draft-tokens {ndt} --context-length 8192 {extra}"
    ).strip()


def by_id(report: Any) -> dict[str, Any]:
    return {c.check: c for c in report.checks}


def fake_context(**kw: Any) -> Any:
    """A doctor Context with no evidence but ``kw`` (stand-ins for the probe or the logs)."""
    from specdiag.core.doctor.context import Context, DoctorInputs

    base: dict[str, Any] = dict.fromkeys(
        ("draft", "target", "args", "server", "logs", "training_log", "acc", "acc_from"), None
    )
    base.update(engine=None, engine_from=None, engine_version=None)
    base.update(kw)
    return Context(inputs=DoctorInputs(), **base)
