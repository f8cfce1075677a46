"""Write the tiny Hugging Face Llama targets and EAGLE-3 drafts of the SGLang integration tests.

Run with the SGLang virtualenv's Python (torch, transformers, tokenizers, safetensors):

    python make_tiny_sglang.py OUTDIR

Nothing is downloaded: the tokenizer is make_tiny_hf_llama.py's (a byte-level BPE trained here),
weights are built by hand with fixed seeds, float32. Two targets, each with EAGLE-3 drafts whose
aux-layer ids are under `eagle_config.eagle_aux_hidden_state_layer_ids` (the only place SGLang
reads them; vLLM's top-level key is written too and is ignored by SGLang):

    t4/target            4-layer Llama
    t4/eagle3-0_1_2      draft trained for aux ids [0, 1, 2]: first draft token always right
    t10/target           10-layer Llama (so ids like [1, 4, 7] and a "last layer" 9 exist)
    t10/eagle3-1_4_7     draft trained for [1, 4, 7] (healthy when served with them)
    t10/eagle3-m1_1_4    the same weights served with [-1, 1, 4] (the embedding prepended,
                         the last id dropped: the shift of the founding deployment)
    t10/eagle3-1_4_9     the same weights with [1, 4, 9]: 9 is the last layer
    t10/eagle3-noids     the same weights, no eagle_config (SGLang's default ids)

How the pairs work (every target layer is a no-op on the token subspace, so the target's greedy
next token is PERM[current]):
  * dims [0, 48): the token's embedding E[x] (rows of equal norm); the target's lm_head reads only
    these (row j = E[inv PERM[j]]), so its argmax is PERM[x] whatever the other dims hold;
  * dim 48: a constant, which makes one MLP unit group of layer COPY (0 for t4, 1 for t10)
    linear, so that layer writes a positive multiple of E[x] into dims [49, 97) ("copy");
  * dims [97, 128): every layer's MLP adds its own random function there ("noise"), so every
    layer's output is a different state and a captured state can be told from its neighbours.
The draft's fc reads only the copy dims of its FIRST aux state, and its lm_head row j is
E[inv PERM PERM[j]]. Fed the output of layer COPY (or any later one) first, it predicts PERM[PERM[x]]:
the first draft token is accepted unless x is one of the "hard" tokens (every third id, whose
right answer the draft's lm_head cannot name), the later ones (fed the draft's own state) never:
each verify step accepts 0 or 1 draft token, 1 for about two steps in three. Fed a state before layer COPY
(the embedding, id -1), the copy dims are zero and it proposes the same token every time:
acceptance ~0.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch
from transformers import LlamaConfig, LlamaForCausalLM

sys.path.insert(0, str(Path(__file__).resolve().parent))
# the same tokenizer, shapes, target and draft configs and draft writer as vLLM's models
from make_tiny_hf_llama import (  # noqa: E402
    HEAD_DIM,
    HEADS,
    HIDDEN,
    INTER,
    LOGIT_SCALE,
    build_tokenizer,
    eagle3_config,
    save_draft,
    target_config,
)

TOKEN, CONST, COPY, NOISE = slice(0, 48), 48, slice(49, 97), slice(97, 128)
WIDTH = 48
GATE_GAIN = 8.0  # silu(z) ~ z for z >= ~6: the copy units are linear in the token dims


def token_embeddings(vocab: int) -> torch.Tensor:
    e = torch.randn(vocab, WIDTH, generator=torch.Generator().manual_seed(3))
    return e / e.norm(dim=1, keepdim=True) * WIDTH**0.5  # equal norms: E[x].E[x] beats E[y].E[x]


def make_target(cfg: LlamaConfig, perm: torch.Tensor, copy_layer: int, seed: int) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    model = LlamaForCausalLM(cfg).float()
    vocab = cfg.vocab_size
    inv = torch.argsort(perm)
    emb = token_embeddings(vocab)
    gen = torch.Generator().manual_seed(seed + 100)
    with torch.no_grad():
        full = torch.zeros(vocab, HIDDEN)
        full[:, TOKEN] = emb
        full[:, CONST] = WIDTH**0.5
        model.model.embed_tokens.weight.copy_(full)
        head = torch.zeros(vocab, HIDDEN)
        head[:, TOKEN] = emb[inv] * LOGIT_SCALE / WIDTH**0.5
        model.lm_head.weight.copy_(head)
        for i, layer in enumerate(model.model.layers):
            for name, p in layer.named_parameters():
                if p.dim() == 2:
                    p.copy_(torch.randn(p.shape, generator=gen) * p.shape[1] ** -0.5)
            layer.self_attn.o_proj.weight.zero_()
            gate, up = layer.mlp.gate_proj.weight, layer.mlp.up_proj.weight
            down = layer.mlp.down_proj.weight
            down.zero_()
            # units [WIDTH, INTER): a random function of the state, written to the noise dims
            noise = torch.randn(NOISE.stop - NOISE.start, INTER - WIDTH, generator=gen)
            down[NOISE, WIDTH:] = noise * 3.0 * (INTER - WIDTH) ** -0.5
            gate[:WIDTH].zero_()
            up[:WIDTH].zero_()
            if i == copy_layer:  # units [0, WIDTH): gate = constant dim (linear), up = token dims
                gate[:WIDTH, CONST] = GATE_GAIN
                up[:WIDTH, TOKEN] = torch.eye(WIDTH)
                down[COPY, :WIDTH] = torch.eye(WIDTH) / (GATE_GAIN * WIDTH**0.5)
    return model


def make_draft(vocab: int, perm: torch.Tensor) -> dict[str, torch.Tensor]:
    """`midlayer.*` names (SGLang maps them to layers.0); the midlayer is a no-op on the state."""
    gen = torch.Generator().manual_seed(4)

    def mat(rows: int, cols: int) -> torch.Tensor:
        return torch.randn(rows, cols, generator=gen) * cols**-0.5

    inv = torch.argsort(perm)
    emb = token_embeddings(vocab)
    fc = torch.zeros(HIDDEN, 3 * HIDDEN)
    fc[TOKEN, COPY] = torch.eye(WIDTH)  # the copy dims of aux state 0 -> the token dims
    head = torch.zeros(vocab, HIDDEN)
    head[:, TOKEN] = emb[inv[inv]] * LOGIT_SCALE / WIDTH**0.5
    # every third token is "hard": the row that would name its right draft is blanked, so the
    # draft guesses wrong there and acceptance varies from request to request
    hard = torch.arange(vocab) % 3 == 0
    head[perm[perm[hard.nonzero().flatten()]]] = 0.0
    qkv, ones = HEADS * HEAD_DIM, torch.ones(HIDDEN)
    return {
        "embed_tokens.weight": torch.randn(vocab, HIDDEN, generator=gen),
        "fc.weight": fc,
        "norm.weight": ones.clone(),
        "lm_head.weight": head,
        "midlayer.input_layernorm.weight": ones.clone(),
        "midlayer.hidden_norm.weight": ones.clone(),
        "midlayer.post_attention_layernorm.weight": ones.clone(),
        "midlayer.self_attn.q_proj.weight": mat(qkv, 2 * HIDDEN),
        "midlayer.self_attn.k_proj.weight": mat(qkv, 2 * HIDDEN),
        "midlayer.self_attn.v_proj.weight": mat(qkv, 2 * HIDDEN),
        "midlayer.self_attn.o_proj.weight": torch.zeros(HIDDEN, qkv),
        "midlayer.mlp.gate_proj.weight": mat(INTER, HIDDEN),
        "midlayer.mlp.up_proj.weight": mat(INTER, HIDDEN),
        "midlayer.mlp.down_proj.weight": torch.zeros(HIDDEN, INTER),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_tiny_sglang.py OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    tok = build_tokenizer()
    vocab = len(tok)
    perm = torch.randperm(vocab, generator=torch.Generator().manual_seed(7))
    draft = make_draft(vocab, perm)
    plan = {
        "t4": (4, 0, {"0_1_2": [0, 1, 2]}),
        "t10": (10, 1, {"1_4_7": [1, 4, 7], "m1_1_4": [-1, 1, 4], "1_4_9": [1, 4, 9], "noids": None}),
    }
    for name, (layers, copy_layer, drafts) in plan.items():
        target = make_target(target_config(tok, layers), perm, copy_layer, seed=layers)
        target.save_pretrained(str(out / name / "target"))
        tok.save_pretrained(str(out / name / "target"))
        for suffix, ids in drafts.items():
            save_draft(out / name / f"eagle3-{suffix}", eagle3_config(tok, ids, nested=True), draft, tok)
        # check the design with transformers before anything is served
        ids = torch.tensor([tok("the quick brown fox").input_ids])
        with torch.no_grad():
            logits = target(ids).logits[0]
        assert torch.equal(logits.argmax(-1), perm[ids[0]]), f"{name}: greedy next token is not PERM"
    (out / "facts.json").write_text(
        json.dumps({"t4": {"layers": 4, "copy_layer": 0}, "t10": {"layers": 10, "copy_layer": 1}}) + "\n"
    )
    print(f"vocab {vocab}: t4 and t10 written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
