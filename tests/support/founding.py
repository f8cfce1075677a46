"""The founding deployment, tiny: a 61-layer random Llama target (hidden 16), a SpecForge training
dump captured at aux ids [2, 30, 58], an EAGLE-3 draft whose config says [-1, 2, 30], the SGLang log
and launch line, and what a server with that draft would capture (the served dump).

Everything is made by the test, in a temporary directory; the target is built once per session."""

from __future__ import annotations

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
    from tests.support.capture_models import random_llama

    return random_llama(
        out,
        std=0.3,
        seed=seed,
        vocab_size=VOCAB,
        hidden_size=HIDDEN,
        intermediate_size=32,
        num_hidden_layers=LAYERS,
        head_dim=8,
        max_position_embeddings=8192,
        rope_theta=500000.0,
    )


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


def doctor_argv(
    tmp: Path, f: Founding, ids: tuple[int, ...], al: float, *evidence: str, lines: int = 40
) -> list[str]:
    """doctor's argv for a draft configured with ``ids`` on the founding target, an SGLang log of
    ``lines`` steps at accept length ``al``, 0.75 x 5 steps, then ``evidence``."""
    from tests.support.doctor import sglang_args, write_draft, write_sglang_log

    draft = write_draft(tmp / "draft", ids=ids)
    log = write_sglang_log(tmp / "sglang.log", [al] * lines)
    return [
        "doctor",
        "--draft",
        str(draft),
        "--logs",
        str(log),
        "--server-args",
        sglang_args(draft, f.target),
        "--acc",
        "0.75",
        "--steps",
        "5",
        *evidence,
    ]
