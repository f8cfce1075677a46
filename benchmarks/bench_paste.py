"""What the structure readers cost ``specdiag logs``: run_logs on small inputs, with the
structure readers' own share measured apart.

Inputs (written to a temporary directory): a server log just under the 256 KiB held-input
limit (every block the line scanner's: the claim check stops in its first chunk), the same
log just over the limit (not held: no structure reading), a paste of tables, key-value runs
and prose (about 20 KiB) and a worst case of about 250 KiB of tables.

    python benchmarks/bench_paste.py [--repeat 5]
    python benchmarks/bench_paste.py --hostile [--timeout 120]

``--hostile`` times hostile inputs instead (a sentence listing 60 shares, one line of 2,000
figures, 250 KiB of lines of 250 figures, 3,200 records as list items or sentences), each in a child process stopped at ``--timeout``
seconds (shown as ``> N s``): a tree where such input takes exponential or quadratic time does
not hold the run up.

Run it under this tree and under a baseline tree (PYTHONPATH) to compare run_logs side by
side; ``structure`` is then absent for the baseline.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DECODE = (
    "[2026-11-29 08:40:12 TP0] Decode batch, #running-req: 4, #token: 2048, token usage: 0.02, "
    "accept len: 2.41, accept rate: 0.47, cuda graph: True, gen throughput (token/s): 160.21, "
    "#queue-req: 0\n"
)
PREFILL = "[2026-11-29 08:40:12 TP0] Prefill batch, #new-seq: 1, #new-token: 12, #cached-token: 0\n"
PASTE = """Sweep with sglang bench_speculative

| steps | topk | num_draft_tokens | acc_length | speed (token/s) |
|---|---|---|---|---|
| 3 | 1 | 4 | 3.18 | 318.20 |
| 5 | 4 | 8 | 3.93 | 352.77 |

config        accepted/steps   avg_tok/step   tok/s
k=3 greedy    1.84             2.84           201.4
k=5 greedy    2.31             3.31           233.0

Mean acceptance length: 3.1
Number of draft proposals: 12,345
Number of accepted tokens: 25,935

"""


def _write(root: Path) -> dict[str, Path]:
    lines = (DECODE + PREFILL) * 2000
    limit = 256 * 1024
    files = {
        "log under the limit": lines[: limit - 4096],
        "log over the limit": lines[: limit + 4096],
        "paste (20 KiB)": PASTE * 40,
        "tables (250 KiB)": PASTE * 520,
    }
    out = {}
    for i, (name, text) in enumerate(files.items()):
        text = text[: text.rindex("\n") + 1]
        p = root / f"input{i}.txt"
        p.write_text(text)
        out[name] = p
    return out


def _hostile(root: Path, timeout: float) -> None:
    """Each hostile input read once by the structure readers in a child process."""
    shares = ", ".join(f"{(i % 80) + 10}%" for i in range(60))
    chain = " -> ".join(f"{i % 3 + 1}.{i % 10}" for i in range(2000))
    row = " -> ".join(f"{i % 3 + 1}.{i % 10}" for i in range(250))
    cases = {
        "a sentence of 60 shares": f"The mean acceptance rate was {shares} across runs.\n",
        "one line of 2,000 figures": f"accept len {chain}\n",
        "lines of 250 figures": f"accept len {row}\n" * 128,
        # thousands of records, each compared with the others by the restatement folds
        "3,200 items under 'roughly:'": "We get roughly:\n"
        + "".join(f"- ~{1 + i % 300 / 100:.2f} accept length on task {i}\n" for i in range(3200)),
        "3,200 approximate sentences": "".join(
            f"Run {i}: roughly ~{1 + i % 300 / 100:.2f} accept length, about {10 + i % 80}% "
            "acceptance\n"
            for i in range(3200)
        ),
        "3,200 sentences with counts": "".join(
            f"Run {i}: the mean acceptance length was {1 + i % 300 / 100:.2f} with {1 + i % 900} "
            "accepted tokens.\n"
            for i in range(3200)
        ),
    }
    code = (
        "import sys, time\n"
        "from specdiag.core.logs.paste.hook import read_held\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "t = time.perf_counter(); r = read_held(data, None)\n"
        "print(round(time.perf_counter() - t, 3), len(r.records), len(r.unread))\n"
    )
    for i, (name, text) in enumerate(cases.items()):
        path = root / f"hostile{i}.txt"
        path.write_text(text)
        try:
            out = subprocess.run(
                [sys.executable, "-c", code, str(path)],
                capture_output=True,
                text=True,
                timeout=timeout,
                check=True,
                cwd=root,  # (not this tree's root: the child imports the PYTHONPATH tree)
            ).stdout.split()
            row_ = {"bytes": len(text), "structure_s": float(out[0]), "records": int(out[1])}
            row_["unread"] = int(out[2])
        except subprocess.TimeoutExpired:
            row_ = {"bytes": len(text), "structure_s": f"> {timeout:g}"}
        print(f"{name:26s} {json.dumps(row_)}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--hostile", action="store_true")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args()
    if args.hostile:
        with tempfile.TemporaryDirectory() as tmp:
            _hostile(Path(tmp), args.timeout)
        return 0
    from specdiag.core.logs.run import LogsOptions, run_logs

    try:
        from specdiag.core.logs.paste.hook import read_held
    except ImportError:  # a baseline tree without the structure readers
        read_held = None  # type: ignore[assignment]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in _write(Path(tmp)).items():
            best = float("inf")
            for _ in range(args.repeat):
                t = time.perf_counter()
                run_logs([str(path)], LogsOptions())
                best = min(best, time.perf_counter() - t)
            row = {"bytes": path.stat().st_size, "run_logs_s": round(best, 4)}
            if read_held is not None and path.stat().st_size <= 256 * 1024:
                data = path.read_bytes()
                sbest = float("inf")
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    reading = read_held(data, None)
                    sbest = min(sbest, time.perf_counter() - t)
                row["structure_s"] = round(sbest, 4)
                row["structure_records"] = len(reading.records)
            results[name] = row
            print(f"{name:22s} {json.dumps(row)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
