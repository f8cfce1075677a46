"""A tiny deterministic target language model and its tokenizer (numpy, no downloads): not a
useful language model but a real one, whose greedy choice a drafter can agree or disagree with.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

BOS = "<|begin_of_text|>"
EOS = "<|end_of_text|>"
IM_START = "<|im_start|>"
IM_END = "<|im_end|>"
SPECIALS = (BOS, EOS, IM_START, IM_END)

# the vocabulary's words (text that reads as English), one or more per line
_WORDS = resources.files("specdiag.refserver").joinpath("words.txt").read_text().split()

_PUNCT = (".", ",", "\n")
_PIECE = re.compile(r" ?[A-Za-z]+|.", re.DOTALL)
_SPECIAL_SPLIT = re.compile("(" + "|".join(re.escape(s) for s in SPECIALS) + ")")


class Tokenizer:
    """Specials, 256 byte tokens (fallback for any input), then word and punctuation tokens.

    Only word and punctuation tokens are ever generated, so output decodes to clean text.
    """

    def __init__(self) -> None:
        pieces: list[str] = []
        seen: set[str] = set()
        for w in _WORDS:
            for p in (" " + w, w):
                if p not in seen:
                    seen.add(p)
                    pieces.append(p)
        self.specials = SPECIALS
        self.byte_base = len(SPECIALS)
        self.piece_base = self.byte_base + 256
        self.pieces: tuple[str, ...] = tuple(pieces) + _PUNCT
        self._piece_ids = {p: self.piece_base + i for i, p in enumerate(self.pieces)}
        self._special_ids = {s: i for i, s in enumerate(SPECIALS)}
        self.vocab_size = self.piece_base + len(self.pieces)
        self.bos_id = self._special_ids[BOS]
        self.eos_id = self._special_ids[EOS]
        # Generable tokens: words with a leading space, and punctuation (bare words only
        # appear in prompts).
        self.generable: tuple[int, ...] = tuple(
            self.piece_base + i
            for i, p in enumerate(self.pieces)
            if p.startswith(" ") or p in _PUNCT
        )

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for part in _SPECIAL_SPLIT.split(text):
            if not part:
                continue
            if part in self._special_ids:
                ids.append(self._special_ids[part])
                continue
            for m in _PIECE.finditer(part):
                piece = m.group(0)
                tid = self._piece_ids.get(piece)
                if tid is None and piece.startswith(" "):
                    # " Word" with an unknown or capitalised word: the space, then the word
                    ids.extend(self._bytes(" "))
                    piece = piece[1:]
                    tid = self._piece_ids.get(piece)
                ids.extend(self._bytes(piece) if tid is None else (tid,))
        return ids

    def _bytes(self, s: str) -> list[int]:
        return [self.byte_base + b for b in s.encode("utf-8")]

    def piece(self, tid: int) -> str:
        if tid >= self.piece_base:
            return self.pieces[tid - self.piece_base]
        if tid < self.byte_base:
            return self.specials[tid]
        return bytes([tid - self.byte_base]).decode("utf-8", errors="replace")

    def decode(self, ids: list[int] | tuple[int, ...]) -> str:
        out: list[str] = []
        buf = bytearray()
        for tid in ids:
            if self.byte_base <= tid < self.piece_base:
                buf.append(tid - self.byte_base)
                continue
            if buf:
                out.append(buf.decode("utf-8", errors="replace"))
                buf.clear()
            out.append(self.piece(tid))
        if buf:
            out.append(buf.decode("utf-8", errors="replace"))
        return "".join(out)

    def chat_prompt(self, messages: list[tuple[str, str]]) -> str:
        """ChatML, as the tiny models of the real-server captures use."""
        text = "".join(f"{IM_START}{role}\n{content}{IM_END}\n" for role, content in messages)
        return text + f"{IM_START}assistant\n"


_BLOCK_ROWS = 16


def _matmul(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """``a @ b`` in blocks of 16 rows.

    Larger products make OpenBLAS split the work across threads, which for matrices this small
    costs 10-100x more than it saves (and far more on a busy machine); 16-row blocks stay on the
    calling thread at ~4 us a row (newer OpenBLAS splits even these: server.py sets one thread).
    """
    import numpy as np

    if a.shape[0] <= _BLOCK_ROWS:
        out: npt.NDArray[np.float32] = a @ b
        return out
    return np.concatenate([a[i : i + _BLOCK_ROWS] @ b for i in range(0, a.shape[0], _BLOCK_ROWS)])


class TinyLM:
    """A recurrent network with a fast and a slow state.

    State s = [h, m]: m' = LAMBDA m + (1 - LAMBDA) E2[x] is a leaky memory of the whole context (so the
    prompt's content, not only its last tokens, shapes the output); h' = tanh([h, m'] R + E[x]).
    Next-token logits = s U + b over the generable tokens.
    """

    HIDDEN = 48
    STATE = 2 * HIDDEN
    LAMBDA = 0.97

    def __init__(self, tokenizer: Tokenizer, seed: int = 1234) -> None:
        import numpy as np

        rng = np.random.default_rng(seed)
        d = self.HIDDEN
        v = tokenizer.vocab_size
        self.tokenizer = tokenizer
        self.gen_ids: npt.NDArray[np.int64] = np.asarray(tokenizer.generable, dtype=np.int64)
        self.emb: npt.NDArray[np.float32] = rng.normal(0.0, 1.0, (v, d)).astype(np.float32)
        # m is an exponential average of these (bounded whatever the context)
        self.emb_slow: npt.NDArray[np.float32] = (
            rng.normal(0.0, 1.0, (v, d)) * (1.0 - self.LAMBDA)
        ).astype(np.float32)
        q, _ = np.linalg.qr(rng.normal(size=(d, d)))
        # a little above 1: rich, non-repeating dynamics under tanh; plus the memory's input
        self.rec: npt.NDArray[np.float32] = np.vstack(
            [q * 1.1, rng.normal(0.0, 3.0 / np.sqrt(d), (d, d))]
        ).astype(np.float32)
        out = rng.normal(0.0, 1.0 / np.sqrt(d), (2 * d, self.gen_ids.size))
        out[d:] *= 0.5
        self.out: npt.NDArray[np.float32] = out.astype(np.float32)
        # punctuation is rarer than words
        bias = np.zeros(self.gen_ids.size, dtype=np.float32)
        for i, tid in enumerate(tokenizer.generable):
            if tokenizer.piece(tid) in _PUNCT:
                bias[i] = -1.0
        self.bias: npt.NDArray[np.float32] = bias
        self.h0 = np.zeros(2 * d, dtype=np.float32)

    def prefill(self, ids: list[int]) -> npt.NDArray[np.float32]:
        """State after consuming ``ids`` (one row)."""
        import numpy as np

        d = self.HIDDEN
        h, m = self.h0[:d], self.h0[d:]
        emb, slow, rec, lam = self.emb, self.emb_slow, self.rec, np.float32(self.LAMBDA)
        for tid in ids:
            m = lam * m + slow[tid]
            h = np.tanh(np.concatenate([h, m]) @ rec + emb[tid])
        out: npt.NDArray[np.float32] = np.concatenate([h, m])
        return out

    def advance(
        self, s: npt.NDArray[np.float32], ids: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.float32]:
        """Batched state update: rows of ``s`` consume one token each."""
        import numpy as np

        d = self.HIDDEN
        m = np.float32(self.LAMBDA) * s[:, d:] + self.emb_slow[ids]
        h = np.tanh(_matmul(np.concatenate([s[:, :d], m], axis=1), self.rec) + self.emb[ids])
        out: npt.NDArray[np.float32] = np.concatenate([h, m], axis=1)
        return out

    def logits(self, h: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        return _matmul(h, self.out) + self.bias

    def top2(
        self, h: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Greedy token and runner-up token ids, per row."""
        import numpy as np

        lg = self.logits(h)
        rows = np.arange(lg.shape[0])
        best = lg.argmax(axis=1)
        lg[rows, best] = -np.inf
        second = lg.argmax(axis=1)
        return self.gen_ids[best], self.gen_ids[second]

    def greedy(self, h: npt.NDArray[np.float32]) -> npt.NDArray[np.int64]:
        out: npt.NDArray[np.int64] = self.gen_ids[self.logits(h).argmax(axis=1)]
        return out
