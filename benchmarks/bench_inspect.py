"""Benchmark ``specdiag inspect-dump`` over a SpecForge-like directory against ``cat``.

Writes ``--files`` dumps (``input_ids``, ``loss_mask``, ``aux_hidden_state [1, T, 3H]``,
``hidden_state [1, T, H]``, bfloat16, the last 100 tokens padding) into a directory (kept with
``--keep DIR``; reused when it already holds them), reads them once so they are page-cached,
then times, best of ``--repeat``:

* ``cat``: ``cat FILES > /dev/null`` (the bandwidth reference: page cache to user space);
* ``scan``: ``inspect_paths(DIR, InspectOptions(workers=N))`` in this process, torch already
  imported (N files at once in threads);
* ``cli``: ``specdiag inspect-dump DIR --workers N --json`` as a fresh process (what a user
  waits for, torch import and process start included).

GB/s = bytes of the files / seconds. Scaling = GB/s(N) / (N x GB/s(1)), for the scan.

``--engines compiled,torch`` measures both scans in one run: the compiled one-pass scan
(csrc/fastscan.c; build it first with ``python setup.py build_ext --inplace``) and the torch
path it falls back to (``SPECDIAG_INSPECT_TORCH=1``), side by side.

Usage: python benchmarks/bench_inspect.py [--files 24] [--tokens 4096] [--hidden 2560]
       [--workers 1,2,4,8,16] [--engines compiled,torch] [--repeat 3] [--keep DIR] [--ceiling]
       [--no-cli] [--json]

``--ceiling`` adds the host's own figure: the compiled kernel alone over the files' feature
tensors at each worker count, in processes started and files mapped before the clock starts
(no per-file Python, no GIL). Scaling against it says how much the host itself loses.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_files(d: Path, files: int, tokens: int, hidden: int) -> list[Path]:
    import torch

    out = []
    g = torch.Generator().manual_seed(0)
    scale = torch.cat([torch.full((hidden,), float(i + 1)) for i in range(3)])
    for i in range(files):
        p = d / f"rows_{(i // 2000) * 2000}-{(i // 2000 + 1) * 2000}" / f"data_{i}.ckpt"
        out.append(p)
        if p.exists():
            continue
        p.parent.mkdir(parents=True, exist_ok=True)
        aux = (torch.randn(1, tokens, 3 * hidden, generator=g) * scale).to(torch.bfloat16)
        ids = torch.randint(1, 30000, (tokens,), generator=g)
        ids[-100:] = 0
        mask = torch.ones(tokens, dtype=torch.int64)
        mask[-100:] = 0
        last = torch.randn(1, tokens, hidden, generator=g).to(torch.bfloat16)
        tmp = p.with_suffix(".tmp")
        torch.save(
            {"input_ids": ids, "loss_mask": mask, "aux_hidden_state": aux, "hidden_state": last},
            tmp,
        )
        os.replace(tmp, p)
    return out


def _ceiling_child(files: list[str], barrier: object, out: object) -> None:
    """One process of the ceiling run: maps its files (untimed), waits for the others, then
    scans their feature bytes with the compiled kernel alone and reports when it finished."""
    import torch

    from specdiag.core.hidden import inspect as insp

    torch.set_num_threads(1)
    views = []
    for f in files:
        obj = torch.load(f, mmap=True, weights_only=True)
        for key in ("aux_hidden_state", "hidden_state"):
            t = obj[key][0]
            views.append(t.view(int(t.shape[0]), 1, int(t.shape[1])))
    barrier.wait()  # type: ignore[attr-defined]
    t0 = time.time()
    for v in views:
        insp._fast_scan(v, int(v.shape[0]), populate=True, release=True)
    out.put((t0, time.time(), sum(v.numel() * v.element_size() for v in views)))  # type: ignore[attr-defined]


def ceiling(names: list[str], procs: int, repeat: int) -> float:
    """GB/s of the compiled kernel alone over the files' feature tensors, ``procs`` processes
    at once (each a static share of the files, mapped before the clock starts): no
    start-up, no per-file Python in the timing. What the host gives this read at that count."""
    import multiprocessing as mp

    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(["torch", "specdiag.core.hidden.inspect"])
    rates = []
    for _ in range(repeat):
        barrier = ctx.Barrier(procs)
        out = ctx.Queue()
        ps = [
            ctx.Process(target=_ceiling_child, args=(names[i::procs], barrier, out))
            for i in range(procs)
        ]
        for p in ps:
            p.start()
        res = [out.get() for _ in ps]
        for p in ps:
            p.join()
        wall = max(r[1] for r in res) - min(r[0] for r in res)
        rates.append(sum(r[2] for r in res) / 1e9 / wall)
    return max(rates)


def best(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=24)
    ap.add_argument("--tokens", type=int, default=4096)
    ap.add_argument("--hidden", type=int, default=2560)
    ap.add_argument("--workers", default="1,2,4,8,16")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", default=None)
    ap.add_argument("--engines", default="compiled", help="compiled, torch or both (a,b)")
    ap.add_argument("--no-cli", action="store_true", help="skip the fresh-process timings")
    ap.add_argument(
        "--ceiling",
        action="store_true",
        help="also time the compiled kernel alone over the same files at each worker count "
        "(processes started and files mapped before the clock): the host's own scaling",
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import torch

    from specdiag.core.hidden import inspect as insp
    from specdiag.core.hidden.inspect import InspectOptions, inspect_paths

    compiled = insp._fast
    engines = [e.strip() for e in a.engines.split(",") if e.strip()]
    if "compiled" in engines and compiled is None:
        print(
            "the compiled scan is not built: python setup.py build_ext --inplace", file=sys.stderr
        )
        return 2
    workers = [int(w) for w in a.workers.split(",")]
    tmp = None
    if a.keep:
        d = Path(a.keep)
        d.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="bench-inspect-")
        d = Path(tmp.name)
    files = make_files(d, a.files, a.tokens, a.hidden)
    size = sum(p.stat().st_size for p in files)
    gb = size / 1e9
    names = [str(p) for p in files]

    def cat() -> None:
        subprocess.run(["cat", *names], stdout=subprocess.DEVNULL, check=True)

    cat()  # page-cache the files
    t_cat = best(cat, a.repeat)
    ceil: dict[int, float] = {}
    if a.ceiling and compiled is not None:
        for w in workers:
            ceil[w] = ceiling(names, min(w, len(names)), a.repeat)
    rows = []
    specdiag = [sys.executable, "-m", "specdiag"]
    cli_ok = True
    for engine in engines:
        insp._fast = compiled if engine == "compiled" else None
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        if engine == "torch":
            env["SPECDIAG_INSPECT_TORCH"] = "1"  # the CLI's switch (in-process: insp._fast)
        for w in workers:
            opts = InspectOptions(workers=w)
            inspect_paths([d], opts)  # once untimed: the first call builds torch's state
            t_scan = best(lambda o=opts: inspect_paths([d], o), a.repeat)
            t_cli = None
            if not a.no_cli and cli_ok:
                cmd = [*specdiag, "inspect-dump", str(d), "--workers", str(w), "--json"]
                try:
                    t_cli = best(
                        lambda cmd=cmd, env=env: subprocess.run(
                            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            check=True,
                        ),
                        a.repeat,
                    )  # fmt: skip
                except subprocess.CalledProcessError as exc:  # e.g. the CLI's deps missing
                    print(f"CLI failed, not timed: {exc.stderr.decode()[-400:]}", file=sys.stderr)
                    cli_ok = False
            rows.append({"engine": engine, "workers": w, "scan_s": t_scan, "cli_s": t_cli})
    insp._fast = compiled
    base = {
        r["engine"]: gb / r["scan_s"] for r in rows if r["workers"] == 1
    }  # per engine: its own 1-worker rate
    result = {
        "files": len(files),
        "bytes": size,
        "cpus": os.cpu_count(),
        "torch": torch.__version__,
        "kernels": getattr(compiled, "KERNELS", None),
        "cat_s": t_cat,
        "cat_gbps": gb / t_cat,
        "ceiling": [
            {"workers": w, "gbps": g, "scaling": g / (w * ceil[workers[0]])}
            for w, g in ceil.items()
        ]
        if ceil and workers[0] == 1
        else [{"workers": w, "gbps": g, "scaling": None} for w, g in ceil.items()],
        "rows": [
            {
                **r,
                "scan_gbps": gb / r["scan_s"],
                "cli_gbps": gb / r["cli_s"] if r["cli_s"] else None,
                "scaling": (gb / r["scan_s"]) / (r["workers"] * base[r["engine"]])
                if r["engine"] in base
                else None,
                "of_cat": (gb / r["scan_s"]) / (gb / t_cat),
            }
            for r in rows
        ],
    }
    if a.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{len(files)} files, {gb:.2f} GB, {os.cpu_count()} CPUs, kernels "
            f"{result['kernels']}; cat: {t_cat:.3f} s = {gb / t_cat:.2f} GB/s"
        )
        print(
            f"{'engine':>8} {'workers':>7} {'scan s':>8} {'GB/s':>6} {'scaling':>8} {'of cat':>7} "
            f"{'cli s':>7}"
        )
        for r in result["rows"]:
            sc = f"{r['scaling']:.0%}" if r["scaling"] is not None else "-"
            cli = f"{r['cli_s']:.3f}" if r["cli_s"] else "-"
            print(
                f"{r['engine']:>8} {r['workers']:>7} {r['scan_s']:>8.3f} {r['scan_gbps']:>6.2f} "
                f"{sc:>8} {r['of_cat']:>7.0%} {cli:>7}"
            )
        for c in result["ceiling"]:
            sc = f"{c['scaling']:.0%}" if c["scaling"] is not None else "-"
            print(
                f"ceiling (kernel alone) {c['workers']:>3} processes: {c['gbps']:6.2f} GB/s {sc:>5}"
            )
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
