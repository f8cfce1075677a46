"""Start-up cost of ``specdiag expected-accept`` versus ``python -c "import typer"``.

Both commands are run alternately, ``--runs`` times each, as fresh processes; the medians and
their ratio are printed (goal: ratio <= 1.5). Usage: python benchmarks/bench_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _time(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    exe = Path(sys.executable).parent / "specdiag"
    ours = [str(exe), "expected-accept", "--acc", "0.75", "--steps", "5"]
    base = [sys.executable, "-c", "import typer"]
    for cmd in (ours, base):  # warm the page cache and .pyc files
        _time(cmd)
    t_ours: list[float] = []
    t_base: list[float] = []
    for _ in range(args.runs):
        t_ours.append(_time(ours))
        t_base.append(_time(base))
    m_ours, m_base = statistics.median(t_ours), statistics.median(t_base)
    result = {
        "runs": args.runs,
        "specdiag_expected_accept_ms": round(m_ours * 1000, 1),
        "import_typer_ms": round(m_base * 1000, 1),
        "ratio": round(m_ours / m_base, 2),
        "goal": "ratio <= 1.5",
        "cpus": os.cpu_count(),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
