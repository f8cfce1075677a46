"""``specdiag fleet`` over a long window against the raw PromQL it issues (docs/performance.md).

A real Prometheus (Debian's package) holds 24 hours of backfilled history (``promtool tsdb
create-blocks-from openmetrics``): 8 vLLM-style replicas x 8 counter series (steps, draft
tokens, accepted, 5 per-position) = 64 series sampled every 30 s. ``run_fleet`` analyses the
whole day at a 30 s step (2,880 buckets per replica); the baseline sends the very PromQL
queries fleet issued (``report.queries``) with a plain httpx loop: POST, read the body, and
``json.loads`` it. Rounds alternate baseline / fleet; medians are reported.
Goal: fleet's wall time <= 1.5x the plain loop's.

Usage: python benchmarks/bench_fleet.py [--rounds 5] [--replicas 8]
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _accept_length(i: int, t: float) -> float:
    return 2.2 + 0.1 * i + 0.3 * math.sin(t / 3600.0)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--replicas", type=int, default=8)
    ap.add_argument("--positions", type=int, default=5)
    args = ap.parse_args()

    import httpx

    from specdiag.core.fleet.run import FleetConfig, run_fleet
    from tests.support.fleet_history import Replica, generate
    from tests.support.prometheus_harness import Prometheus, backfill

    now = time.time()
    end = math.floor((now - 3 * 3600) / 60) * 60
    start = end - 24 * 3600
    reps = [
        Replica(
            f"r{i}",
            functools.partial(_accept_length, i),
            job="bench",
        )
        for i in range(args.replicas)
    ]
    work = Path(tempfile.mkdtemp(prefix="bench-fleet-"))
    t0 = time.perf_counter()
    om = generate(reps, start - 30, end, 30.0, positions=args.positions)
    backfill(om, work / "data", work)
    t_backfill = time.perf_counter() - t0
    prom = Prometheus.start(work / "prom", [], interval=15.0, data_dir=work / "data")
    try:
        cfg = FleetConfig(
            url=prom.url, selector='{job="bench"}', start=start, end=end, step_s=30.0, timeout_s=120
        )
        rep = run_fleet(cfg)  # warm-up (page cache, Prometheus' block loading)
        a = rep.analysis
        series = a.series_read
        samples = a.samples_read
        queries = list(rep.queries)
        import orjson

        base_t: list[float] = []
        base_o: list[float] = []
        fleet_t: list[float] = []
        with httpx.Client(timeout=120) as client:
            cpu: dict[str, list[float]] = {"json": [], "orjson": [], "fleet": []}

            def plain(loads: Any, key: str) -> float:
                t, c = time.perf_counter(), time.process_time()
                for q in queries:
                    r = client.post(
                        prom.url + "/api/v1/query",
                        data={"query": q, "time": f"{end:.3f}", "timeout": "120s"},
                    )
                    loads(r.content)
                cpu[key].append(time.process_time() - c)
                return time.perf_counter() - t

            for _ in range(args.rounds):
                base_t.append(plain(json.loads, "json"))
                base_o.append(plain(orjson.loads, "orjson"))
                t, c = time.perf_counter(), time.process_time()
                run_fleet(cfg)
                cpu["fleet"].append(time.process_time() - c)
                fleet_t.append(time.perf_counter() - t)
        b, bo, f = (statistics.median(x) for x in (base_t, base_o, fleet_t))

        def ms(xs: list[float]) -> str:
            return str([round(x * 1000) for x in xs])

        print(f"history: {len(reps)} replicas, {series} series, {samples} samples")
        print(f"backfill {t_backfill:.1f} s; window 24 h, step 30 s: {len(a.bounds) - 1} buckets")
        print(f"queries issued by fleet: {len(queries)}")
        print(f"plain httpx loop, POST + json.loads:   median {b * 1000:.0f} ms  {ms(base_t)}")
        print(f"plain httpx loop, POST + orjson.loads: median {bo * 1000:.0f} ms  {ms(base_o)}")
        print(f"specdiag fleet (run_fleet):            median {f * 1000:.0f} ms  {ms(fleet_t)}")
        print(
            f"ratio fleet / plain loop (json): {f / b:.2f}x median, "
            f"{min(fleet_t) / min(base_t):.2f}x best  (goal <= 1.5x)"
        )
        print(
            f"ratio fleet / plain loop (orjson): {f / bo:.2f}x median, "
            f"{min(fleet_t) / min(base_o):.2f}x best"
        )
        med = {k: statistics.median(v) * 1000 for k, v in cpu.items()}
        print(
            f"client CPU, median: json loop {med['json']:.0f} ms, orjson loop {med['orjson']:.0f} "
            f"ms, fleet {med['fleet']:.0f} ms"
        )
        return 0
    finally:
        prom.stop()


if __name__ == "__main__":
    raise SystemExit(main())
