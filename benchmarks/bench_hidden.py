"""Benchmark ``specdiag compare-hidden`` against a naive single-pass torch comparison.

Two SpecForge-layout dumps of ``[1, T, 3H]`` bfloat16 (default T=8192, H=4096: 201 MB each) are
written to a temporary directory; the served one is the training one plus bf16-sized noise.
Each contender runs in its own fresh process (interleaved, ``--repeat`` times); the parent
reads its peak RSS from ``wait4`` and the child reports the time of the measured region
(torch is imported before the clock starts in both):

* ``naive``: ``torch.load`` both files, upcast to float32, diff, reduce (max/mean |diff|,
  relative L2 and per-token cosine per chunk): the one-pass script people write first.
* ``specdiag``: ``specdiag compare-hidden SERVED TRAINING --json`` in-process (``main()``).

With ``--device cuda`` both run on the GPU (files are still read on the host), and a
device-to-device copy of the same bytes is timed in the same run as the bandwidth reference.

Usage: python benchmarks/bench_hidden.py [--tokens 8192] [--hidden 4096] [--repeat 3]
       [--device cpu|cuda] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NAIVE = r"""
import json, sys, time, torch
served, training, device = sys.argv[1], sys.argv[2], sys.argv[3]
torch.zeros(1).to(device)  # initialise the device before the clock
t0 = time.perf_counter()
a = torch.load(served, weights_only=True)["aux_hidden_state"][0].to(device).float()
b = torch.load(training, weights_only=True)["aux_hidden_state"][0].to(device).float()
h = a.shape[-1] // 3
d = (a - b).abs()
out = []
for c in range(3):
    s, t, dc = a[:, c*h:(c+1)*h], b[:, c*h:(c+1)*h], d[:, c*h:(c+1)*h]
    cos = torch.nn.functional.cosine_similarity(s, t, dim=-1)
    out.append([float(dc.max()), float(dc.mean()), float(dc.norm() / t.norm()), float(cos.mean()), float(cos.min())])
if device != "cpu":
    torch.cuda.synchronize()
print(json.dumps({"seconds": time.perf_counter() - t0, "result": out}))
"""

SPECDIAG = r"""
import io, json, sys, time, contextlib, torch
from specdiag.cli.app import main
served, training, device = sys.argv[1], sys.argv[2], sys.argv[3]
torch.zeros(1).to(device)
buf = io.StringIO()
t0 = time.perf_counter()
with contextlib.redirect_stdout(buf):
    rc = main(["compare-hidden", served, training, "--json", "--device", device, "--hidden-size", sys.argv[4]])
secs = time.perf_counter() - t0
doc = json.loads(buf.getvalue())
out = [[c["max_abs_diff"], c["mean_abs_diff"], c["rel_l2"], c["cosine_mean"], c["cosine_min"]] for c in doc["chunks"]]
print(json.dumps({"seconds": secs, "rc": rc, "result": out}))
"""

COPY = r"""
import json, sys, time, torch
n = int(sys.argv[1])
x = torch.empty(n, dtype=torch.uint8, device="cuda")
y = torch.empty_like(x)
y.copy_(x); torch.cuda.synchronize()
best = float("inf")
for _ in range(10):
    t0 = time.perf_counter(); y.copy_(x); torch.cuda.synchronize()
    best = min(best, time.perf_counter() - t0)
print(json.dumps({"seconds": best, "gbps": 2 * n / best / 1e9}))
"""


MAKE = r"""
import sys, torch
served_p, train_p, tokens, hidden = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
g = torch.Generator().manual_seed(0)
ids = torch.randint(1, 128000, (tokens,), generator=g)
scale = torch.tensor([0.5, 2.0, 6.0]).repeat_interleave(hidden)  # norms grow with depth
train = (torch.randn(tokens, 3 * hidden, generator=g) * scale).to(torch.bfloat16)
noise = torch.randn(tokens, 3 * hidden, generator=g) * scale * 0.01
served = (train.float() + noise).to(torch.bfloat16)
mask = torch.ones(tokens, dtype=torch.int64)
torch.save({"input_ids": ids, "loss_mask": mask, "aux_hidden_state": train.unsqueeze(0),
            "hidden_state": train[:, :hidden].unsqueeze(0).clone()}, train_p)
torch.save({"input_ids": ids, "aux_hidden_state": served.unsqueeze(0)}, served_p)
"""


def make_dumps(root: Path, tokens: int, hidden: int) -> tuple[Path, Path]:
    """Write the two dumps in a child process, so this process stays small.

    (A child's peak RSS as ``wait4`` reports it starts from its parent's RSS at fork time, so
    a parent that had held the tensors would inflate every measurement.)
    """
    served_p, train_p = root / "served.ckpt", root / "data_0.ckpt"
    if not (served_p.exists() and train_p.exists()):
        subprocess.run(
            [sys.executable, "-c", MAKE, str(served_p), str(train_p), str(tokens), str(hidden)],
            check=True,
        )
    return served_p, train_p


def run_child_rusage(code: str, args: list[str]) -> tuple[dict[str, float], float]:
    """Run ``code`` in a fresh interpreter; return its JSON line and its own peak RSS (MiB).

    The peak comes from ``wait4`` on that very child, so nothing else is counted.
    """
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    out = proc.stdout.read()
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"child exited {proc.returncode}")
    return json.loads(out.decode().strip().splitlines()[-1]), usage.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tokens", type=int, default=8192)
    ap.add_argument("--hidden", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--keep", type=Path, help="directory for the dumps (kept; reused if present)")
    a = ap.parse_args()
    tmp = None
    if a.keep:
        root = a.keep
        root.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="specdiag-bench-")
        root = Path(tmp.name)
    served, train = make_dumps(root, a.tokens, a.hidden)
    gb = 2 * a.tokens * 3 * a.hidden * 2 / 1e9  # the two bf16 aux tensors compared
    args = [str(served), str(train), a.device, str(a.hidden)]
    res: dict[str, list[tuple[float, float]]] = {"naive": [], "specdiag": []}
    results = {}
    for _ in range(a.repeat):
        for name, code in (("naive", NAIVE), ("specdiag", SPECDIAG)):
            doc, peak = run_child_rusage(code, args)
            res[name].append((doc["seconds"], peak))
            results[name] = doc["result"]
    # both must compute the same statistics
    for x, y in zip(results["naive"], results["specdiag"], strict=True):
        for u, v in zip(x, y, strict=True):
            assert abs(u - v) <= 1e-3 * max(1.0, abs(u)), (x, y)
    base_doc, base_peak = run_child_rusage(
        "import json, torch; torch.zeros(1).to(__import__('sys').argv[1]); print(json.dumps({'seconds': 0}))",
        [a.device],
    )
    print(
        f"dumps: 2 x [{a.tokens}, 3*{a.hidden}] bfloat16, {gb:.2f} GB compared; device {a.device}; "
        f"{a.repeat} interleaved runs, median time, max peak RSS; interpreter+torch floor "
        f"{base_peak:.0f} MiB RSS"
    )
    med = {k: (statistics.median(s for s, _ in v), max(p for _, p in v)) for k, v in res.items()}
    print(f"{'':10} {'time s':>8} {'GB/s':>7} {'peak RSS MiB':>13} {'above floor':>12}")
    for k, (s, p) in med.items():
        print(f"{k:10} {s:8.3f} {gb / s:7.2f} {p:13.0f} {p - base_peak:12.0f}")
    ns, np_ = med["naive"]
    ss, sp = med["specdiag"]
    print(
        f"ratio specdiag/naive: time {ss / ns:.2f}x, peak RSS above floor "
        f"{(sp - base_peak) / (np_ - base_peak):.2f}x (goal: time <= 1.5x, memory <= 0.5x)"
    )
    if a.device.startswith("cuda"):
        doc, _ = run_child_rusage(COPY, [str(int(gb * 1e9 / 2))])
        print(f"device-to-device copy of one dump's bytes: {doc['gbps']:.0f} GB/s (read+write)")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
