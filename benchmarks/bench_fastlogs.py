"""Benchmark the compiled ``specdiag logs`` path against ``grep -c`` and the Python path.

Generates (deterministically, under the git-ignored benchmarks/data/) two mixed logs of
``--mb`` MiB each: a **dense** one (about 45% statistics lines: SGLang TP-tagged ``Decode
batch`` lines with accept len, accept rate and cuda graph, vLLM ``SpecDecoding metrics`` lines;
``--other-share`` of them in other layouts, which the Python grammar reads) and a **sparse**
one (about 3%), the
rest noise (prefill lines, access lines, throughput lines, request lines). On each, page-cached,
it times side by side (median of ``--repeat`` runs, fresh processes):

* ``grep -c 'accept len\\|SpecDecoding' FILE > out``  (grep stops at the first match when its
  output is /dev/null, so its output goes to a file)
* ``specdiag logs --json FILE``                        (the compiled path)
* ``SPECDIAG_LOGS_PYTHON=1 specdiag logs --json FILE`` (the Python path, once: the reference)

and checks that the two JSON documents are byte-identical. With ``--baseline DIR`` it also times
the specdiag of another checkout (its compiled part built) on the same files, side by side, and
prints the ratio of the two and whether their documents agree to 12 significant digits. CPU time and peak RSS of each
process from ``wait4``. The files are deleted afterwards unless ``--keep``. The last lines are
a compact summary (the ratio to grep, the cost per statistics line, GB/s, peak RSS, the goal).

Self-contained in a checkout: it imports and runs the specdiag next to it (no install needed),
and it builds nothing; build the compiled part first where it is missing:

    python setup.py build_ext --inplace
    python benchmarks/bench_fastlogs.py [--mb 500] [--repeat 3] [--keep] [--no-python] [--workers 1,4]
        [--baseline ../other-checkout]
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
ROOT = HERE.parent
if str(ROOT) not in sys.path:  # the specdiag of this checkout, installed or not
    sys.path.insert(0, str(ROOT))

from tests.support.loggen import generate  # noqa: E402  (after the path above)

DATA = HERE / "data"
GREP = ["grep", "-c", r"accept len\|SpecDecoding"]


RUN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
RUN_ENV["PYTHONPYCACHEPREFIX"] = str(HERE / "out" / "pycache")
RUN_ENV["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)


def run(
    cmd: list[str], env: dict[str, str], out_path: str, cwd: Path = ROOT
) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of one fresh process, stdout to out_path."""
    with open(out_path, "wb") as out:
        t0 = time.perf_counter()
        # in the checkout's root: ``-m specdiag`` imports from the working directory first
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode not in (0, 1):
            raise SystemExit(f"{cmd[0]} exited {p.returncode}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def median_run(
    cmd: list[str], env: dict[str, str], out_path: str, repeat: int, cwd: Path = ROOT
) -> tuple[float, float, float]:
    runs = [run(cmd, env, out_path, cwd) for _ in range(repeat)]
    return (
        statistics.median(r[0] for r in runs),
        statistics.median(r[1] for r in runs),
        max(r[2] for r in runs),
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--mb", type=int, default=500, help="size of each log (MiB)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", action="store_true", help="keep the generated logs")
    ap.add_argument("--no-python", action="store_true", help="skip the Python-path run")
    ap.add_argument(
        "--other-share",
        type=float,
        default=0.0,
        help="share of statistics lines in other layouts (read by the Python grammar)",
    )
    ap.add_argument(
        "--baseline",
        type=Path,
        help="another checkout (its compiled part built) timed side by side on the same files",
    )
    ap.add_argument(
        "--workers",
        default="",
        help="comma-separated --workers values also timed (e.g. 1,4), each checked to give "
        "the same document",
    )
    args = ap.parse_args()
    specdiag = [sys.executable, "-m", "specdiag", "logs", "--json"]
    base_env = dict(RUN_ENV, PYTHONPATH=str(args.baseline)) if args.baseline else None
    py_env = dict(RUN_ENV, SPECDIAG_LOGS_PYTHON="1")
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    from specdiag.core.logs import fast

    if not fast.available():
        print(f"the compiled path does not run: {fast.status() or 'switched off'}")
        print("build it first: python setup.py build_ext --inplace")
        return 2
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs; load average before: "
        f"{os.getloadavg()[0]:.2f}; median of {args.repeat} runs"
    )
    warm = out / "warm.log"  # byte-compiles the modules once, outside the timings
    warm.write_text("")
    run([*specdiag, str(warm)], RUN_ENV, str(out / "warm.json"))
    summary = []
    print(
        f"{'file':>12} {'stat lines':>10} {'grep':>7} {'specdiag':>9} {'ratio':>6} "
        f"{'CPU':>6} {'RSS':>8} {'GB/s':>6} {'ns/stat':>8} {'python':>8} {'same':>5}"
    )
    for name, share, seed in (("dense", 0.45, 1), ("sparse", 0.03, 2)):
        path = DATA / f"fast_{name}_{args.mb}mb_o{args.other_share:g}.log"
        t0 = time.perf_counter()
        stats = generate(path, args.mb, share, seed, args.other_share)
        gen = time.perf_counter() - t0
        try:
            size = path.stat().st_size
            subprocess.run(["cat", str(path)], stdout=subprocess.DEVNULL, check=True)
            g_wall, _, _ = median_run(
                [*GREP, str(path)], RUN_ENV, str(out / "grep.out"), args.repeat
            )
            s_out = str(out / f"fast_{name}.json")
            s_wall, s_cpu, s_rss = median_run([*specdiag, str(path)], RUN_ENV, s_out, args.repeat)
            if base_env is not None:
                b_out = str(out / f"baseline_{name}.json")
                b_wall, b_cpu, b_rss = median_run(
                    [*specdiag, str(path)], base_env, b_out, args.repeat, args.baseline
                )
                agree = _close(
                    json.loads(Path(s_out).read_bytes()), json.loads(Path(b_out).read_bytes())
                )
                summary.append(
                    f"baseline: {name}: {b_wall:.2f} s wall, {b_cpu:.2f} s CPU, {b_rss:.0f} MiB "
                    f"({b_wall / g_wall:.2f}x grep); this tree / baseline: wall "
                    f"{s_wall / b_wall:.2f}, CPU {s_cpu / b_cpu:.2f}; same document (12 "
                    f"significant digits): {'yes' if agree else 'NO'}"
                )
            for w in [int(v) for v in args.workers.split(",") if v.strip()]:
                w_out = str(out / f"fast_{name}_j{w}.json")
                w_wall, w_cpu, w_rss = median_run(
                    [*specdiag, "--workers", str(w), str(path)], RUN_ENV, w_out, args.repeat
                )
                w_same = Path(w_out).read_bytes() == Path(s_out).read_bytes()
                summary.append(
                    f"--workers {w}: {name}: {w_wall:.2f} s wall ({w_wall / g_wall:.2f}x grep), "
                    f"{w_cpu:.2f} s CPU, {w_rss:.0f} MiB; the same document as the default "
                    f"run: {'yes' if w_same else 'NO'}"
                )
            p_txt, same = "-", "-"
            if not args.no_python:
                p_out = str(out / f"python_{name}.json")
                p_wall, _, _ = run([*specdiag, str(path)], py_env, p_out)
                p_txt = f"{p_wall:.2f}s"
                same = "yes" if Path(s_out).read_bytes() == Path(p_out).read_bytes() else "NO"
            print(
                f"{name + ' ' + str(args.mb) + 'M':>12} {stats:>10} {g_wall:>6.2f}s "
                f"{s_wall:>8.2f}s {s_wall / g_wall:>5.2f}x {s_cpu:>5.2f}s {s_rss:>6.1f}Mi "
                f"{size / s_wall / 1e9:>6.2f} {s_wall / stats * 1e9:>8.0f} {p_txt:>8} {same:>5}"
                f"   (generated in {gen:.0f} s; load {os.getloadavg()[0]:.2f})"
            )
            goal = 2.0 if name == "dense" else 1.2  # times grep's wall time
            ok = s_wall <= goal * g_wall and s_rss < 100 and same != "NO"
            summary.append(
                f"summary: {name} {size / 2**20:.0f} MiB: {s_wall / g_wall:.2f}x grep "
                f"({s_wall:.2f} s against {g_wall:.2f} s), {s_wall / stats * 1e9:.0f} ns per "
                f"statistics line, {size / s_wall / 1e9:.2f} GB/s, peak RSS {s_rss:.0f} MiB, "
                f"same JSON as Python: {same}; goal (<= {goal:g}x grep, < 100 MiB): "
                f"{'met' if ok else 'NOT met'}"
            )
        finally:
            if not args.keep:
                path.unlink(missing_ok=True)
    print(*summary, sep="\n")
    return 0


def _close(a: object, b: object) -> bool:
    """Two JSON values equal, numbers to 12 significant digits."""
    if isinstance(a, float) or isinstance(b, float):
        return (
            isinstance(a, (int, float))
            and isinstance(b, (int, float))
            and abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1.0)
        )
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return a == b


if __name__ == "__main__":
    raise SystemExit(main())
