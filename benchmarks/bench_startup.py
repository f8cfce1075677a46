"""Start-up cost of ``specdiag expected-accept`` versus ``python -c "import typer"``.

Every command runs as a fresh process, ``--runs`` times, interleaved so machine load hits all of
them alike; medians and ratios to the baseline are printed as JSON (goal: ratio <= 1.5 for the
default human output). For context it also times ``--json`` output, ``specdiag --help`` and a bare
``import typer, rich.console, rich.table`` (the floor for any rich-rendering typer command).

Usage: python benchmarks/bench_startup.py [--runs N]
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

HERE = Path(__file__).resolve().parent
# Like an ordinary install, let Python keep the bytecode of specdiag's own modules (pip compiles
# site-packages at install time; specdiag is installed editable). Some environments set
# PYTHONDONTWRITEBYTECODE, which would make every run compile specdiag from source again.
RUN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
RUN_ENV["PYTHONPYCACHEPREFIX"] = str(HERE / "out" / "pycache")


def _time(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=RUN_ENV
    )
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    exe = str(Path(sys.executable).parent / "specdiag")
    seed = ["expected-accept", "--acc", "0.75", "--steps", "5"]
    cmds = {
        "baseline: python -c 'import typer'": [sys.executable, "-c", "import typer"],
        "specdiag expected-accept --acc 0.75 --steps 5": [exe, *seed],
        "specdiag expected-accept ... --json": [exe, *seed, "--json"],
        "specdiag --help": [exe, "--help"],
        "reference: import typer, rich.console, rich.table": [
            sys.executable,
            "-c",
            "import typer, rich.console, rich.table",
        ],
    }
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for cmd in cmds.values():  # warm the page cache and .pyc files
        _time(cmd)
    for _ in range(args.runs):
        for name, cmd in cmds.items():
            times[name].append(_time(cmd))
    base_name = next(iter(cmds))
    base = statistics.median(times[base_name])
    result = {
        "runs": args.runs,
        "cpus": os.cpu_count(),
        "median_ms": {n: round(statistics.median(t) * 1000, 1) for n, t in times.items()},
        "ratio_to_baseline": {n: round(statistics.median(t) / base, 2) for n, t in times.items()},
        "goal": "specdiag expected-accept --acc 0.75 --steps 5: ratio <= 1.5",
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
