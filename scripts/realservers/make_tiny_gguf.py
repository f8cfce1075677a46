"""Write tiny llama-architecture GGUF models for the llama.cpp integration tests.

Run with a Python that has numpy and PyPI ``gguf`` (setup_llamacpp.sh uses its own small venv):

    python make_tiny_gguf.py OUTDIR

No weights are downloaded: the tokenizer is a byte-level BPE trained here on a few sentences, the
weights are random with fixed seeds, so the output is byte-identical from run to run. Files:

    target.gguf              2 layers, the model every server serves
    draft-same.gguf          a copy of the target: greedy acceptance 1.0
    draft-noisy-<L>.gguf     target weights + Gaussian noise of L x each matrix's std, for
                             L in NOISE_LEVELS: acceptance falls as L grows
    draft-noisy.gguf         the same as draft-noisy-0.1.gguf
    draft-random.gguf        1 layer, unrelated weights: greedy acceptance ~0

All files carry BOS/EOS/EOT ids and a ChatML chat template, so /v1/chat/completions works.
"""

from __future__ import annotations

import shutil
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

import gguf
import numpy as np

NOISE_LEVELS = (0.05, 0.1, 0.2, 0.5)
DEFAULT_NOISE = 0.1

TEXT = (
    "the quick brown fox jumps over the lazy dog. the dog sleeps in the sun. "
    "speculative decoding drafts tokens with a small model and verifies them with a large model. "
    "hello world, this is a tiny test model for a diagnostic tool. accept length and acceptance rate. "
    "once upon a time there was a server that answered every request with random text. "
) * 4
N_MERGES = 200
BOS, EOS, IM_START, IM_END = "<|begin_of_text|>", "<|end_of_text|>", "<|im_start|>", "<|im_end|>"
SPECIAL_TOKENS = [BOS, EOS, IM_START, IM_END]
CHATML = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

# model shape (the draft-random model has one layer)
EMBD, HEADS, FF, CTX = 64, 4, 128, 4096
LOGIT_SCALE = 4.0  # a larger output matrix gives peaky logits, so greedy choices are stable


def byte_alphabet() -> list[str]:
    """GPT-2's printable stand-in character for each byte value 0..255."""
    keep = [*range(33, 127), *range(161, 173), *range(174, 256)]
    table: dict[int, str] = {b: chr(b) for b in keep}
    extra = 0
    for b in range(256):
        if b not in table:
            table[b] = chr(256 + extra)
            extra += 1
    return [table[b] for b in range(256)]


def train_bpe(text: str, n_merges: int) -> tuple[list[str], list[str]]:
    """Byte-level BPE on space-prefixed words; returns (vocab, merges) in GGUF's formats."""
    alphabet = byte_alphabet()
    counts: Counter[tuple[str, ...]] = Counter(
        tuple(alphabet[b] for b in (" " + word).encode()) for word in text.split()
    )
    vocab, merges = list(alphabet), []
    for _ in range(n_merges):
        pairs: Counter[tuple[str, str]] = Counter()
        for word, n in counts.items():
            for pair in pairwise(word):
                pairs[pair] += n
        if not pairs:
            break
        (left, right), _ = pairs.most_common(1)[0]
        merges.append(f"{left} {right}")
        vocab.append(left + right)
        merged: Counter[tuple[str, ...]] = Counter()
        for word, n in counts.items():
            out: list[str] = []
            i = 0
            while i < len(word):
                if word[i : i + 2] == (left, right):
                    out.append(left + right)
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            merged[tuple(out)] += n
        counts = merged
    return vocab + SPECIAL_TOKENS, merges


def random_weights(seed: int, n_vocab: int, n_layer: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)

    def mat(rows: int, cols: int, scale: float | None = None) -> np.ndarray:
        std = 1.0 / np.sqrt(cols) if scale is None else scale
        return (rng.standard_normal((rows, cols)) * std).astype(np.float32)

    ones = np.ones(EMBD, dtype=np.float32)
    tensors = {
        "token_embd.weight": mat(n_vocab, EMBD, 1.0),
        "output_norm.weight": ones.copy(),
        "output.weight": mat(n_vocab, EMBD) * np.float32(LOGIT_SCALE),
    }
    for i in range(n_layer):
        tensors |= {
            f"blk.{i}.attn_norm.weight": ones.copy(),
            f"blk.{i}.attn_q.weight": mat(EMBD, EMBD),
            f"blk.{i}.attn_k.weight": mat(EMBD, EMBD),
            f"blk.{i}.attn_v.weight": mat(EMBD, EMBD),
            f"blk.{i}.attn_output.weight": mat(EMBD, EMBD),
            f"blk.{i}.ffn_norm.weight": ones.copy(),
            f"blk.{i}.ffn_gate.weight": mat(FF, EMBD),
            f"blk.{i}.ffn_up.weight": mat(FF, EMBD),
            f"blk.{i}.ffn_down.weight": mat(EMBD, FF),
        }
    return tensors


def with_noise(tensors: dict[str, np.ndarray], level: float, seed: int) -> dict[str, np.ndarray]:
    """Add N(0, level * std(W)) to every matrix; norms stay as they are."""
    rng = np.random.default_rng(seed)
    noisy = {}
    for name, w in tensors.items():
        if w.ndim == 2:
            w = w + (level * w.std() * rng.standard_normal(w.shape)).astype(np.float32)
        noisy[name] = w
    return noisy


def save(
    path: Path,
    name: str,
    tensors: dict[str, np.ndarray],
    n_layer: int,
    vocab: list[str],
    merges: list[str],
) -> None:
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name(name)
    writer.add_context_length(CTX)
    writer.add_embedding_length(EMBD)
    writer.add_block_count(n_layer)
    writer.add_feed_forward_length(FF)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(HEADS)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_dimension_count(EMBD // HEADS)
    writer.add_rope_freq_base(10000.0)
    writer.add_vocab_size(len(vocab))
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(vocab)
    writer.add_token_types(
        [gguf.TokenType.CONTROL if t in SPECIAL_TOKENS else gguf.TokenType.NORMAL for t in vocab]
    )
    writer.add_token_merges(merges)
    writer.add_bos_token_id(vocab.index(BOS))
    writer.add_eos_token_id(vocab.index(EOS))
    writer.add_eot_token_id(vocab.index(IM_END))
    writer.add_add_bos_token(True)
    writer.add_chat_template(CHATML)
    for tensor_name, w in tensors.items():
        writer.add_tensor(tensor_name, w)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: make_tiny_gguf.py OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    vocab, merges = train_bpe(TEXT, N_MERGES)

    target = random_weights(seed=0, n_vocab=len(vocab), n_layer=2)
    save(out / "target.gguf", "tiny-target", target, 2, vocab, merges)
    shutil.copyfile(out / "target.gguf", out / "draft-same.gguf")
    for k, level in enumerate(NOISE_LEVELS):
        noisy = with_noise(target, level, seed=100 + k)
        save(
            out / f"draft-noisy-{level}.gguf", f"tiny-draft-noisy-{level}", noisy, 2, vocab, merges
        )
    shutil.copyfile(out / f"draft-noisy-{DEFAULT_NOISE}.gguf", out / "draft-noisy.gguf")
    unrelated = random_weights(seed=1, n_vocab=len(vocab), n_layer=1)
    save(out / "draft-random.gguf", "tiny-draft-random", unrelated, 1, vocab, merges)
    print(f"vocab {len(vocab)}, merges {len(merges)}: models written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
