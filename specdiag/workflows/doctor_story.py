"""The deployment this project was created from, as files the doctor can read (``specdiag demo``).

A 62-layer target served by SGLang with an EAGLE-3 draft, 5 steps, chain: the draft checkpoint
(config.json with ``eagle_config.eagle_aux_hidden_state_layer_ids`` and safetensors with the
right shapes, d2t/t2d included), the target's config.json and weight names, and the launch
command line. What is simulated: the weights (zeros of the right shapes, tiny hidden size).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from specdiag.core import datafiles

GOOD_IDS = (2, 30, 58)  # what the draft was trained with
BROKEN_IDS = (-1, 2, 30)  # what the config was changed to


@dataclass(frozen=True)
class StoryFiles:
    draft: Path
    target: Path
    server_args: str
    training_log: Path  # SpecForge's output: the ids trained (GOOD_IDS) and the eval accuracy


def write_story(
    root: Path, aux_ids: Sequence[int], *, steps: int = 5, num_draft_tokens: int | None = None
) -> StoryFiles:
    """Write the draft and target directories under ``root`` and return them with the command."""
    import numpy as np
    from safetensors.numpy import save_file

    ndt = num_draft_tokens if num_draft_tokens is not None else steps + 1
    target = root / "target"
    draft = root / "draft"
    # both config.json files as the deployment has them (doctor_story.json), the draft's ids set
    configs = copy.deepcopy(datafiles.load("specdiag.workflows", "doctor_story.json"))
    tcfg, dcfg = configs["target_config"], configs["draft_config"]
    dcfg["eagle_config"]["eagle_aux_hidden_state_layer_ids"] = list(aux_ids)
    for path, cfg in ((target, tcfg), (draft, dcfg)):
        path.mkdir(parents=True, exist_ok=True)
        (path / "config.json").write_text(json.dumps(cfg, indent=2))
    h, vocab, draft_vocab = tcfg["hidden_size"], tcfg["vocab_size"], dcfg["draft_vocab_size"]
    tw = {
        "model.embed_tokens.weight": np.zeros((vocab, h), np.float16),
        "model.norm.weight": np.ones(h, np.float16),
        "lm_head.weight": np.zeros((vocab, h), np.float16),
    }
    for i in range(tcfg["num_hidden_layers"]):
        tw[f"model.layers.{i}.input_layernorm.weight"] = np.ones(h, np.float16)
    save_file(tw, str(target / "model.safetensors"))
    target_ids = np.arange(draft_vocab, dtype=np.int64) * 4
    mask = np.zeros(vocab, bool)
    mask[target_ids] = True
    save_file(
        {
            "fc.weight": np.zeros((h, 3 * h), np.float16),
            "midlayer.self_attn.q_proj.weight": np.zeros((h, 2 * h), np.float16),
            "norm.weight": np.ones(h, np.float16),
            "lm_head.weight": np.zeros((draft_vocab, h), np.float16),
            "d2t": target_ids - np.arange(draft_vocab, dtype=np.int64),
            "t2d": mask,
        },
        str(draft / "model.safetensors"),
    )
    args = (
        f"python -m sglang.launch_server --model-path {target} --speculative-algorithm EAGLE3 "
        f"--speculative-draft-model-path {draft} --speculative-num-steps {steps} "
        f"--speculative-eagle-topk 1 --speculative-num-draft-tokens {ndt} --context-length 8192"
    )
    train_log = root / "train.log"
    train_log.write_text(
        f"draft config: eagle_aux_hidden_state_layer_ids: {list(GOOD_IDS)}\n"
        + "{"
        + ", ".join(f"'eval/acc_{i}': 0.75" for i in range(steps))
        + "}\n"
    )
    return StoryFiles(draft, target, args, train_log)
