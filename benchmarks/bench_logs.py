"""Benchmark ``specdiag logs --json`` against ``grep -c`` on a large mixed log.

Generates (once, deterministic) a mixed SGLang + vLLM + noise log under benchmarks/data/ and
times, side by side on the same file:

* ``grep -c 'accept len\\|SpecDecoding' FILE``  (the baseline: finding the lines, nothing more)
* ``specdiag logs --json FILE``                 (finding, parsing, normalising, summarising)

Peak memory of each child comes from ``os.wait4`` (ru_maxrss). Memory should not grow with
the file size: the smaller file is measured too.

    python benchmarks/bench_logs.py [--mb 512] [--small-mb 64] [--repeat 3] [--workers]

``--workers`` also times ``specdiag logs --json --workers 2`` (the bytes stage in a second
process); its gain needs a spare core.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

# Fraction of lines that carry speculative-decoding statistics. In production logs they are rare:
# SGLang logs one Decode batch line per 40 decode iterations (--decode-log-interval) next to a
# Prefill batch line per prefill and an access-log line per request; vLLM one SpecDecoding line
# per 10 s. 2% is generous for a real log; --spec-share 0.10 gives a dense stress file.
DEFAULT_SPEC_SHARE = 0.02


def _block(rng: random.Random, t0: int, n_lines: int, spec_share: float) -> tuple[str, int]:
    """n_lines of mixed log text; returns (text, next timestamp)."""
    out: list[str] = []
    t = t0
    for _ in range(n_lines):
        t += 1
        hh, mm, ss = (t // 3600) % 24, (t // 60) % 60, t % 60
        stamp = f"2026-11-29 {hh:02d}:{mm:02d}:{ss:02d}"
        r = rng.random()
        if r < spec_share * 0.6:
            length = 1.0 + rng.random() * 3.0
            rate = (length - 1.0) / 3.0
            rank = rng.choice(("", " DP0 TP0", " DP1 TP0"))
            graph = "True" if rng.random() > 0.02 else "False"
            out.append(
                f"[{stamp}{rank}] Decode batch, #running-req: {rng.randint(1, 64)}, "
                f"#token: {rng.randint(1000, 90000)}, token usage: {rng.random():.2f}, "
                f"accept len: {length:.2f}, accept rate: {rate:.2f}, cuda graph: {graph}, "
                f"gen throughput (token/s): {rng.random() * 4000:.2f}, #queue-req: {rng.randint(0, 5)}"
            )
        elif r < spec_share:
            p1 = 0.5 + rng.random() * 0.45
            p2 = p1 * (0.5 + rng.random() * 0.4)
            p3 = p2 * (0.4 + rng.random() * 0.4)
            drafted = rng.randint(300, 6000) // 3 * 3
            steps = drafted // 3
            accepted = round((p1 + p2 + p3) * steps)
            out.append(
                f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} [metrics.py:120] "
                f"SpecDecoding metrics: Mean acceptance length: {1 + accepted / steps:.2f}, "
                f"Accepted throughput: {accepted / 10:.2f} tokens/s, Drafted throughput: "
                f"{drafted / 10:.2f} tokens/s, Accepted: {accepted} tokens, Drafted: {drafted} tokens, "
                f"Per-position acceptance rate: {p1:.3f}, {p2:.3f}, {p3:.3f}, "
                f"Avg Draft acceptance rate: {100 * accepted / drafted:.1f}%"
            )
        elif r < 0.35:
            out.append(
                f"[{stamp}] Prefill batch, #new-seq: {rng.randint(1, 8)}, #new-token: "
                f"{rng.randint(16, 4096)}, #cached-token: {rng.randint(0, 2048)}, token usage: "
                f"{rng.random():.2f}, #running-req: {rng.randint(0, 64)}, #queue-req: 0, "
                f"#pending-token: 0, cuda graph: False, input throughput (token/s): {rng.random() * 9000:.2f}"
            )
        elif r < 0.55:
            out.append(
                f"[{stamp}] INFO:     10.0.{rng.randint(0, 255)}.{rng.randint(0, 255)}:{rng.randint(1024, 65535)} "
                '- "POST /generate HTTP/1.1" 200 OK'
            )
        elif r < 0.75:
            out.append(
                f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} [loggers.py:336] Engine 000: "
                f"Avg prompt throughput: {rng.random() * 2000:.1f} tokens/s, Avg generation throughput: "
                f"{rng.random() * 400:.1f} tokens/s, Running: {rng.randint(0, 32)} reqs, Waiting: 0 reqs, "
                f"GPU KV cache usage: {rng.random() * 100:.1f}%, Prefix cache hit rate: {rng.random() * 100:.1f}%"
            )
        else:
            out.append(
                f"(APIServer pid=48211) INFO 11-29 {hh:02d}:{mm:02d}:{ss:02d} [api_server.py:1024] "
                f"request cmpl-{rng.getrandbits(64):016x}: prompt tokens {rng.randint(10, 4000)}, "
                "sampling params SamplingParams(n=1, temperature=0.7, top_p=0.95)"
            )
    return "\n".join(out) + "\n", t


def generate(path: Path, megabytes: int, spec_share: float, seed: int = 0) -> None:
    if path.exists() and path.stat().st_size >= megabytes << 20:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    t = 8 * 3600
    size = 0
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        while size < megabytes << 20:
            text, t = _block(rng, t, 20000, spec_share)
            f.write(text)
            size += len(text)
    tmp.rename(path)


# Byte-compiled modules, as after a normal install (pip compiles at install time); a sandbox may
# set PYTHONDONTWRITEBYTECODE, which would make every run compile specdiag from source again.
RUN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
RUN_ENV["PYTHONPYCACHEPREFIX"] = str(HERE / "out" / "pycache")


def measure(cmd: list[str], repeat: int) -> tuple[float, float, float, bytes]:
    """Best wall time and CPU time over ``repeat`` runs, peak RSS (MiB), and the last stdout.

    Peak RSS comes from /usr/bin/time when present (a fork of this big process would report
    this process's memory otherwise), else from os.wait4.
    """
    best_wall = best_cpu = float("inf")
    peak = 0.0
    out = b""
    timer = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    for _ in range(repeat):
        with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
            full = [timer, "-f", "%M", "-o", rss.name, *cmd] if timer else cmd
            t0 = time.perf_counter()
            p = subprocess.Popen(
                full, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=RUN_ENV
            )
            assert p.stdout is not None
            out = p.stdout.read()
            _, status, usage = os.wait4(p.pid, 0)
            wall = time.perf_counter() - t0
            code = os.waitstatus_to_exitcode(status)
            if code not in (0, 1):
                raise SystemExit(f"{cmd[0]} exited {code}")
            kib = rss.read().strip().splitlines()[-1:] if timer else []
            peak = max(peak, float(kib[0]) / 1024 if kib else usage.ru_maxrss / 1024)
        best_wall = min(best_wall, wall)
        best_cpu = min(best_cpu, usage.ru_utime + usage.ru_stime)
    return best_wall, best_cpu, peak, out


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--mb", type=int, default=512, help="size of the large log (MiB)")
    ap.add_argument("--small-mb", type=int, default=64, help="size of the small log (MiB)")
    ap.add_argument("--spec-share", type=float, default=DEFAULT_SPEC_SHARE)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", action="store_true", help="also time --workers 2")
    args = ap.parse_args()

    specdiag = [sys.executable, "-m", "specdiag", "logs", "--json"]
    grep = ["grep", "-c", r"accept len\|SpecDecoding"]
    print(f"spec-decoding lines: {args.spec_share:.0%} of all lines; best of {args.repeat} runs")
    print(
        f"{'file':>8} {'grep wall':>9} {'cpu':>6} {'specdiag wall':>13} {'cpu':>6} "
        f"{'ratio wall':>10} {'cpu':>6} {'grep RSS':>9} {'specdiag RSS':>12}  records"
    )
    warm = DATA / "warm.log"
    warm.parent.mkdir(parents=True, exist_ok=True)
    warm.write_text(_block(random.Random(1), 0, 100, 0.5)[0])
    measure([*specdiag, str(warm)], 1)  # fills the pycache
    for mb in (args.small_mb, args.mb):
        path = DATA / f"mixed_{mb}mb_s{args.spec_share:g}.log"
        t0 = time.perf_counter()
        generate(path, mb, args.spec_share)
        gen = time.perf_counter() - t0
        if gen > 1:
            print(f"(generated {path.name} in {gen:.1f} s)")
        measure(["cat", str(path)], 1)  # warm the page cache: both read from memory
        g_wall, g_cpu, g_rss, g_out = measure([*grep, str(path)], args.repeat)
        s_wall, s_cpu, s_rss, s_out = measure([*specdiag, str(path)], args.repeat)
        records = json.loads(s_out)["combined"]["records"]
        print(
            f"{mb:>5}MiB {g_wall:>8.2f}s {g_cpu:>5.2f}s {s_wall:>12.2f}s {s_cpu:>5.2f}s "
            f"{s_wall / g_wall:>9.2f}x {s_cpu / g_cpu:>5.2f}x {g_rss:>7.1f}Mi {s_rss:>10.1f}Mi  "
            f"{records} (grep: {int(g_out)})"
        )
        if args.workers:
            w_wall, w_cpu, w_rss, w_out = measure(
                [*specdiag, "--workers", "2", str(path)], args.repeat
            )
            same = "identical output" if w_out == s_out else "OUTPUT DIFFERS"
            print(
                f"{'':>8} {'--workers 2':>16} {w_wall:>12.2f}s {w_cpu:>5.2f}s "
                f"{w_wall / g_wall:>9.2f}x {w_cpu / g_cpu:>5.2f}x {'':>9} {w_rss:>10.1f}Mi  {same}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
