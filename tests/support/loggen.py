"""Deterministic synthetic engine logs for the logs tests and benchmarks.

``lines(rng, t0, n, share)`` makes n lines: a share of statistics lines (SGLang TP-tagged
``Decode batch`` lines with accept len, accept rate and cuda graph; vLLM ``SpecDecoding metrics``
lines; ``other`` of them in layouts only the Python grammar reads), the rest noise (prefill,
access, throughput and request lines). ``generate`` writes such a log of a given size.
"""

from __future__ import annotations

import random
from pathlib import Path


def lines(
    rng: random.Random, t0: int, n: int, share: float, other: float = 0.005
) -> tuple[list[str], int, int]:
    """n log lines; returns (lines, next second, statistics lines)."""
    out: list[str] = []
    t = t0
    stats = 0
    rand = rng.random
    randint = rng.randint
    for _ in range(n):
        t += 1
        hh, mm, ss = (t // 3600) % 24, (t // 60) % 60, t % 60
        ms = randint(0, 999)
        r = rand()
        if r < share:
            stats += 1
            q = r / share
            if q < 0.62:  # SGLang decode line, TP-tagged
                length = 1.0 + rand() * 3.0
                rate = (length - 1.0) / 3.0
                rank = ("TP0", "TP1", "DP0 TP2", "DP1 TP3")[randint(0, 3)]
                graph = "True" if rand() > 0.02 else "False"
                out.append(
                    f"[2026-11-29 {hh:02d}:{mm:02d}:{ss:02d}.{ms:03d} {rank}] Decode batch, "
                    f"#running-req: {randint(1, 64)}, #token: {randint(1000, 90000)}, token "
                    f"usage: {rand():.2f}, accept len: {length:.2f}, accept rate: {rate:.2f}, "
                    f"cuda graph: {graph}, gen throughput (token/s): {rand() * 4000:.2f}, "
                    f"#queue-req: {randint(0, 5)}"
                )
            elif q < 1.0 - other:  # vLLM >= 0.10 SpecDecoding line
                p1 = 0.5 + rand() * 0.45
                p2 = p1 * (0.5 + rand() * 0.4)
                p3 = p2 * (0.4 + rand() * 0.4)
                drafted = randint(300, 6000) // 3 * 3
                steps = drafted // 3
                accepted = round((p1 + p2 + p3) * steps)
                out.append(
                    f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} "
                    f"[metrics.py:120] SpecDecoding metrics: Mean acceptance length: "
                    f"{1 + accepted / steps:.2f}, Accepted throughput: {accepted / 10:.2f} "
                    f"tokens/s, Drafted throughput: {drafted / 10:.2f} tokens/s, Accepted: "
                    f"{accepted} tokens, Drafted: {drafted} tokens, Per-position acceptance "
                    f"rate: {p1:.3f}, {p2:.3f}, {p3:.3f}, Avg Draft acceptance rate: "
                    f"{100 * accepted / drafted:.1f}%"
                )
            else:  # other layouts: the Python path reads them
                length = 1.0 + rand() * 3.0
                out.append(
                    f"[2026-11-29 {hh:02d}:{mm:02d}:{ss:02d} TP0] Decode batch, #running-req: "
                    f"{randint(1, 64)}, #token: {randint(1000, 90000)}, token usage: 0.05, "
                    f"accept len: {length:.2f}, cuda graph: True, gen throughput (token/s): "
                    f"{rand() * 4000:.2f}, #queue-req: 0"
                    if rand() < 0.5
                    else f"INFO {11:02d}-29 {hh:02d}:{mm:02d}:{ss:02d} metrics.py:477] Speculative "
                    f"metrics: Draft acceptance rate: 0.651, System efficiency: 0.570, Number of "
                    f"speculative tokens: 3, Number of accepted tokens: {9000 + t}, Number of "
                    f"draft tokens: {14000 + 2 * t}, Number of emitted tokens: {12000 + 2 * t}."
                )
        elif r < 0.55:
            out.append(
                f"[2026-11-29 {hh:02d}:{mm:02d}:{ss:02d} TP0] Prefill batch, #new-seq: "
                f"{randint(1, 8)}, #new-token: {randint(16, 4096)}, #cached-token: "
                f"{randint(0, 2048)}, token usage: {rand():.2f}, #running-req: {randint(0, 64)}, "
                f"#queue-req: 0"
            )
        elif r < 0.70:
            out.append(
                f"[2026-11-29 {hh:02d}:{mm:02d}:{ss:02d}] INFO:     10.0.{randint(0, 255)}."
                f'{randint(0, 255)}:{randint(1024, 65535)} - "POST /generate HTTP/1.1" 200 OK'
            )
        elif r < 0.85:
            out.append(
                f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} [loggers.py:336] "
                f"Engine 000: Avg prompt throughput: {rand() * 2000:.1f} tokens/s, Avg "
                f"generation throughput: {rand() * 400:.1f} tokens/s, Running: {randint(0, 32)} "
                f"reqs, Waiting: 0 reqs, GPU KV cache usage: {rand() * 100:.1f}%"
            )
        else:
            out.append(
                f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} "
                f"[api_server.py:1024] request cmpl-{rng.getrandbits(64):016x}: prompt tokens "
                f"{randint(10, 4000)}, sampling params SamplingParams(n=1, temperature=0.7)"
            )
    return out, t, stats


def generate(path: Path, megabytes: int, share: float, seed: int, other: float = 0.0) -> int:
    """Write the log (deterministic for a seed); returns its statistics lines."""
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    t = 8 * 3600
    size = 0
    stats = 0
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="ascii") as f:
        while size < megabytes << 20:
            chunk, t, n = lines(rng, t, 20000, share, other)
            text = "\n".join(chunk) + "\n"
            f.write(text)
            size += len(text)
            stats += n
    tmp.rename(path)
    return stats


def sgl_lines(lengths: list[float], rank: str = "", start: int = 0) -> str:
    """SGLang Decode lines, one a second from 08:00:00 (``start`` seconds later), with these
    accept lengths (``rank``: a tag such as `` DP0 TP0`` after the time)."""
    return "".join(
        f"[2026-11-29 08:{(start + i) // 60:02d}:{(start + i) % 60:02d}{rank}] Decode batch, "
        f"#running-req: 4, #token: 100, token usage: 0.01, accept len: {x:.2f}, accept rate: "
        f"{(x - 1) / 3:.2f}, cuda graph: True, gen throughput (token/s): 100.00, #queue-req: 0\n"
        for i, x in enumerate(lengths)
    )
