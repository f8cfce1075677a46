"""Benchmark the Python line parser of ``specdiag logs`` per layout: microseconds per candidate line.

The lines: the logs benchmark's generator (SGLang and vLLM server lines, a few other layouts)
plus every fixture under tests/data/logs, grouped by layout (SGLang ``Decode batch``, vLLM
``SpecDecoding metrics``, llama.cpp, everything else that holds the prefilter's anchor), each
repeated to at least 20,000 lines. Each group is parsed by a fresh ``LineParser`` (the Python source's hot path, as with
``--since``/``--until``, ``--records`` or without the compiled part), best of ``--repeat`` runs of
CPU time. With ``--baseline DIR`` (another checkout) the same measurement runs there too, the
two interleaved ``--rounds`` times, and the medians are printed side by side (a shared machine
is noisy: compare the two columns, not the absolute figures).

    python benchmarks/bench_logs_lines.py [--baseline ../other-checkout] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUPS = {
    "sglang": ("Decode batch",),
    "vllm": ("SpecDecoding metrics", "Speculative metrics"),
    "llamacpp": ("draft acceptance", "acc per pos", "#calls(b,g,a)"),
}


def measure(root: Path, repeat: int) -> dict[str, float]:
    """Microseconds per line per group, run in ``root`` (this process imports its specdiag)."""
    import random
    import time

    sys.path.insert(0, str(root))
    from specdiag.core.logs.parse import LineParser
    from tests.support import loggen

    lines, _, _ = loggen.lines(random.Random(1), 8 * 3600, 20000, 0.45, 0.02)
    for f in sorted((root / "tests" / "data" / "logs").iterdir()):
        if f.is_file():
            lines += f.read_text(encoding="utf-8", errors="replace").split("\n")
    groups: dict[str, list[str]] = {name: [] for name in (*GROUPS, "other")}
    for line in lines:
        if "cc" in line:
            name = next((g for g, marks in GROUPS.items() if any(m in line for m in marks)), None)
            groups[name or "other"].append(line)
    out: dict[str, float] = {}
    for name, group in groups.items():
        group = group * max(1, 20000 // max(1, len(group)))  # enough lines to time
        best = float("inf")
        for _ in range(repeat):
            parser = LineParser(year=2026)
            t = time.process_time()
            for i, line in enumerate(group):
                parser.parse(line, i)
            best = min(best, time.process_time() - t)
        out[name] = best / max(1, len(group)) * 1e6
    return out


def run_in(root: Path, repeat: int) -> dict[str, float]:
    """The measurement in a fresh interpreter, with ``root``'s specdiag first on the path."""
    env = dict(os.environ, PYTHONPATH=str(root))
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from benchmarks.bench_logs_lines import measure; "
        "print(json.dumps(measure(__import__('pathlib').Path(sys.argv[2]), int(sys.argv[3]))))"
    )
    res = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), str(root), str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    result: dict[str, float] = json.loads(res.stdout)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", type=Path, help="another checkout, timed side by side")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved runs of each tree")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many per run")
    args = ap.parse_args()
    trees = {"this tree": ROOT} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    got: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for i in range(args.rounds):  # the order alternates: neither tree always runs first
        for name, root in list(trees.items())[:: 1 if i % 2 == 0 else -1]:
            got[name].append(run_in(root, args.repeat))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}, load {load:.2f}; us per line, median of {args.rounds}")
    print(f"{'layout':>10} " + " ".join(f"{n:>10}" for n in trees))
    for layout in (*GROUPS, "other"):
        cells = [statistics.median(r[layout] for r in got[n]) for n in trees]
        ratio = ""
        if len(cells) == 2:  # and the median of each round's own ratio
            mine, base = got.values()
            own = statistics.median(a[layout] / b[layout] for a, b in zip(mine, base, strict=True))
            ratio = f"  ratio {cells[0] / cells[1]:.2f} (per round {own:.2f})"
        print(f"{layout:>10} " + " ".join(f"{c:>10.2f}" for c in cells) + ratio)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
