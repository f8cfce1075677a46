"""Write tiny Hugging Face Llama models (and EAGLE-3 drafts) for the vLLM integration tests.

Run with the vLLM virtualenv's Python (needs torch, transformers, tokenizers, safetensors):

    python make_tiny_hf_llama.py OUTDIR

Nothing is downloaded: the tokenizer is a byte-level BPE trained here, the weights are random or
built by hand, with fixed seeds. All weights are float32 (vLLM's bf16 CPU kernels are not safe on
every CPU). Directories:

    target        LlamaForCausalLM, 2 layers, random weights (serve with ngram, or with eagle3)
    eagle3        EAGLE-3 draft (LlamaForCausalLMEagle3) with random weights: acceptance ~0
    target-perm   a Llama whose blocks are no-ops and whose lm_head is a permuted copy of the
                  embeddings, so the greedy next token is PERM[current token]
    eagle3-perm   an EAGLE-3 draft that maps the target's embedding of x_i to PERM[PERM[x_i]]:
                  its first draft token is always right, every later one wrong, so against
                  target-perm the per-position acceptance is exactly (1, 0, 0) with 3 drafts

The EAGLE-3 configs set eagle_aux_hidden_state_layer_ids explicitly: vLLM's default picks
layers for deep targets and, on a 2-layer target, feeds fc only 2 of the 3 hidden states it
expects, which kills the engine at the first request.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import torch
from safetensors.torch import save_file
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

SENTENCES = [
    "the quick brown fox jumps over the lazy dog. the dog sleeps in the sun.",
    "speculative decoding drafts tokens with a small model and verifies them with a large model.",
    "hello world, this is a tiny test model for a diagnostic tool. accept length and acceptance rate.",
    "once upon a time there was a server that answered every request with random text.",
]
BOS, EOS = "<|begin_of_text|>", "<|end_of_text|>"
SPECIAL_TOKENS = [BOS, EOS, "<|im_start|>", "<|im_end|>"]
CHATML = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

HIDDEN, INTER, LAYERS, HEADS, HEAD_DIM = 128, 256, 2, 2, 64
LOGIT_SCALE = 4.0
AUX_IDS = [0, 1, 2]  # 0 = the embeddings, 1 and 2 = the outputs of the target's two layers


def build_tokenizer() -> PreTrainedTokenizerFast:
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=512,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(SENTENCES * 8, trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token=BOS, eos_token=EOS, pad_token=EOS
    )
    fast.chat_template = CHATML
    return fast


def target_config(tok: PreTrainedTokenizerFast, layers: int = LAYERS) -> LlamaConfig:
    return LlamaConfig(
        vocab_size=len(tok),
        hidden_size=HIDDEN,
        intermediate_size=INTER,
        num_hidden_layers=layers,
        num_attention_heads=HEADS,
        num_key_value_heads=HEADS,
        head_dim=HEAD_DIM,
        max_position_embeddings=2048,
        rms_norm_eps=1e-5,
        bos_token_id=tok.bos_token_id,
        eos_token_id=tok.eos_token_id,
        tie_word_embeddings=False,
        torch_dtype="float32",
    )


def eagle3_config(
    tok: PreTrainedTokenizerFast, aux_ids: list[int] | None = AUX_IDS, nested: bool = False
) -> dict[str, object]:
    """The draft's config.json; ``aux_ids`` at the top level (vLLM's key), and with ``nested``
    also under ``eagle_config`` (the only place SGLang reads them); None: no ids at all."""
    cfg: dict[str, object] = {
        "architectures": ["LlamaForCausalLMEagle3"],
        "model_type": "llama",
        "hidden_size": HIDDEN,
        "target_hidden_size": HIDDEN,
        "intermediate_size": INTER,
        "num_hidden_layers": 1,
        "num_attention_heads": HEADS,
        "num_key_value_heads": HEADS,
        "head_dim": HEAD_DIM,
        "hidden_act": "silu",
        "max_position_embeddings": 2048,
        "rms_norm_eps": 1e-5,
        "rope_theta": 10000.0,
        "vocab_size": len(tok),
        "draft_vocab_size": len(tok),
        "tie_word_embeddings": False,
        "bos_token_id": tok.bos_token_id,
        "eos_token_id": tok.eos_token_id,
        "torch_dtype": "float32",
    }
    if aux_ids is not None:
        if nested:
            cfg["eagle_config"] = {
                "eagle_aux_hidden_state_layer_ids": aux_ids,
                "use_aux_hidden_state": True,
            }
        cfg["eagle_aux_hidden_state_layer_ids"] = aux_ids
    return cfg


def random_target(cfg: LlamaConfig, seed: int) -> LlamaForCausalLM:
    torch.manual_seed(seed)
    model = LlamaForCausalLM(cfg)
    with torch.no_grad():  # wider init than HF's default: peaky logits, stable greedy choices
        for p in model.parameters():
            if p.dim() == 2:
                p.normal_(0.0, p.shape[1] ** -0.5)
        model.model.embed_tokens.weight.normal_(0.0, 1.0)
        model.lm_head.weight.mul_(LOGIT_SCALE)
    return model.float()


def random_eagle3(vocab: int, seed: int) -> dict[str, torch.Tensor]:
    """Weights in the layout vLLM's llama_eagle3.py loads: one `midlayer` whose attention takes
    [embedding, hidden] (2*HIDDEN wide), `fc` folding 3 target hidden states into one."""
    gen = torch.Generator().manual_seed(seed)

    def mat(rows: int, cols: int) -> torch.Tensor:
        return torch.randn(rows, cols, generator=gen) * cols**-0.5

    qkv_out, ones = HEADS * HEAD_DIM, torch.ones(HIDDEN)
    return {
        "embed_tokens.weight": torch.randn(vocab, HIDDEN, generator=gen),
        "fc.weight": mat(HIDDEN, 3 * HIDDEN),
        "norm.weight": ones.clone(),
        "lm_head.weight": mat(vocab, HIDDEN) * LOGIT_SCALE,
        "midlayer.input_layernorm.weight": ones.clone(),
        "midlayer.hidden_norm.weight": ones.clone(),
        "midlayer.post_attention_layernorm.weight": ones.clone(),
        "midlayer.self_attn.q_proj.weight": mat(qkv_out, 2 * HIDDEN),
        "midlayer.self_attn.k_proj.weight": mat(qkv_out, 2 * HIDDEN),
        "midlayer.self_attn.v_proj.weight": mat(qkv_out, 2 * HIDDEN),
        "midlayer.self_attn.o_proj.weight": mat(HIDDEN, qkv_out),
        "midlayer.mlp.gate_proj.weight": mat(INTER, HIDDEN),
        "midlayer.mlp.up_proj.weight": mat(INTER, HIDDEN),
        "midlayer.mlp.down_proj.weight": mat(HIDDEN, INTER),
    }


def save_draft(
    path: Path,
    cfg: dict[str, object],
    weights: dict[str, torch.Tensor],
    tok: PreTrainedTokenizerFast,
) -> None:
    path.mkdir(parents=True)
    (path / "config.json").write_text(json.dumps(cfg, indent=2) + "\n")
    save_file(
        {k: v.float().contiguous() for k, v in weights.items()}, str(path / "model.safetensors")
    )
    tok.save_pretrained(str(path))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_tiny_hf_llama.py OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    tok = build_tokenizer()
    vocab = len(tok)
    cfg = target_config(tok)

    random_target(cfg, seed=0).save_pretrained(str(out / "target"))
    tok.save_pretrained(str(out / "target"))
    save_draft(out / "eagle3", eagle3_config(tok), random_eagle3(vocab, seed=1), tok)

    # Permutation pair. The target's residual stream stays equal to the token's embedding E[x]
    # (attention and MLP outputs are zeroed); lm_head row j is E[inv[j]], so the largest logit is
    # at j with inv[j] == x, i.e. j = perm[x].
    perm = torch.randperm(vocab, generator=torch.Generator().manual_seed(7))
    inv = torch.argsort(perm)
    emb = torch.randn(vocab, HIDDEN, generator=torch.Generator().manual_seed(3))
    perm_target = random_target(cfg, seed=2)
    with torch.no_grad():
        for layer in perm_target.model.layers:
            layer.self_attn.o_proj.weight.zero_()
            layer.mlp.down_proj.weight.zero_()
        perm_target.model.embed_tokens.weight.copy_(emb)
        perm_target.lm_head.weight.copy_(emb[inv] * LOGIT_SCALE)
    perm_target.save_pretrained(str(out / "target-perm"))
    tok.save_pretrained(str(out / "target-perm"))

    # The draft's fc passes aux state 0 (the target's embedding of x_i) through unchanged, its
    # midlayer is a no-op, and its lm_head row j is E[inv[inv[j]]]: it predicts perm[perm[x_i]],
    # which is right for the first draft token (x_{i+2}) and wrong for the ones after it.
    draft = random_eagle3(vocab, seed=4)
    fc = torch.zeros(HIDDEN, 3 * HIDDEN)
    fc[:, :HIDDEN] = torch.eye(HIDDEN)
    draft["fc.weight"] = fc
    draft["midlayer.self_attn.o_proj.weight"].zero_()
    draft["midlayer.mlp.down_proj.weight"].zero_()
    draft["lm_head.weight"] = emb[inv[inv]] * LOGIT_SCALE
    save_draft(out / "eagle3-perm", eagle3_config(tok), draft, tok)
    print(f"vocab {vocab}: target, eagle3, target-perm, eagle3-perm written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
