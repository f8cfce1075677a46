"""Client overhead of ``specdiag probe`` and its TTFT timing error (figures: docs/performance.md).

1. Overhead: the same streamed chat requests against the reference server on loopback, sent by
   probe's core (:func:`specdiag.core.probe.run.run_probe`) and by a minimal raw httpx async loop
   (a semaphore, POST, iterate the SSE lines, ``json.loads`` each, note the first-token time).
   The server runs in its own process (it would otherwise share this one's GIL). Runs alternate
   raw / probe and the median of the rounds is reported, at concurrency 1 and 64.
   Goal: probe's wall time <= 1.2x the raw loop's.
2. TTFT timing error at concurrency 1: the client's TTFT minus the server's own (first token
   emitted minus request arrival, both on the server's clock), for probe and for the raw loop.
   Goal: < 1 ms. The server runs in-process here so both clocks are the same ``perf_counter``.

Usage: python benchmarks/bench_probe.py [--rounds 3] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

MODEL = "specdiag/reference-tiny"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server_process(port: int) -> subprocess.Popen[bytes]:
    cmd = [
        sys.executable, "-m", "specdiag", "reference-server", "--flavor", "vllm",
        "--port", str(port), "--steps", "3", "--acceptance", "0.7",
        "--target-step-ms", "0", "--draft-step-ms", "0", "--max-running-requests", "256",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
    import httpx

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("reference server did not start")


def bodies(n: int, max_tokens: int) -> list[dict[str, Any]]:
    from specdiag.core.probe.workload import builtin_prompts

    ps = builtin_prompts()
    return [
        {
            "model": MODEL,
            "messages": ps[i % len(ps)].as_messages(),
            "max_tokens": max_tokens,
            "temperature": 0.0,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        for i in range(n)
    ]


async def raw_loop(
    url: str, reqs: list[dict[str, Any]], concurrency: int, keepalive: bool = False
) -> dict[str, Any]:
    """The minimal client a careful engineer would write: the baseline. ``keepalive`` reads each
    stream to its end so its connection is reused; otherwise it stops at ``[DONE]`` (and httpx
    closes the connection)."""
    import httpx

    sem = asyncio.Semaphore(concurrency)
    ttft: list[float] = []
    e2e: list[float] = []
    limits = httpx.Limits(
        max_connections=concurrency + 4, max_keepalive_connections=concurrency + 4
    )
    async with httpx.AsyncClient(
        base_url=url, limits=limits, timeout=60, trust_env=False
    ) as client:

        async def one(body: dict[str, Any]) -> None:
            async with sem:
                t0 = time.perf_counter()
                first = None
                async with client.stream("POST", "/v1/chat/completions", json=body) as r:
                    if r.status_code != 200:
                        raise RuntimeError(f"raw loop: HTTP {r.status_code}")
                    async for line in r.aiter_lines():
                        if not line.startswith("data:"):
                            continue
                        data = line[5:].strip()
                        if data == "[DONE]":
                            if keepalive:
                                continue  # read to the end: the connection is kept alive
                            break
                        chunk = json.loads(data)
                        ch = chunk.get("choices")
                        if first is None and ch and ch[0].get("delta", {}).get("content"):
                            first = time.perf_counter()
                t1 = time.perf_counter()
                ttft.append(((first or t1) - t0) * 1000)
                e2e.append((t1 - t0) * 1000)

        t, c = time.perf_counter(), time.process_time()
        await asyncio.gather(*(one(b) for b in reqs))
        wall, cpu = time.perf_counter() - t, time.process_time() - c
    return {"wall_s": wall, "cpu_s": cpu, "ttft_ms": ttft, "e2e_ms": e2e}


def probe_run(url: str, n: int, concurrency: int, max_tokens: int) -> dict[str, Any]:
    from specdiag.core.probe.engines import EngineKind
    from specdiag.core.probe.run import ProbeConfig, run_probe
    from specdiag.core.probe.workload import builtin_prompts

    cfg = ProbeConfig(
        url=url,
        prompts=builtin_prompts(),
        engine=EngineKind.AUTO,
        num_requests=n,
        concurrency=concurrency,
        max_tokens=max_tokens,
    )
    t, c = time.perf_counter(), time.process_time()
    rep = run_probe(cfg)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    ok = [r for r in rep.main.results if r.ok]
    assert len(ok) == n, f"{n - len(ok)} probe requests failed"
    return {
        "wall_s": wall,  # everything: discovery, /metrics snapshots, the requests
        "cpu_s": cpu,  # this process's CPU time (the server runs in another one)
        "requests_s": rep.main.duration_s,  # the request phase alone
        "ttft_ms": [r.ttft_ms for r in ok],
        "e2e_ms": [r.e2e_ms for r in ok],
    }


def compare(url: str, conc: int, n: int, max_tokens: int, rounds: int) -> dict[str, Any]:
    """Median figures of `rounds` interleaved runs: raw (close), raw (keep-alive), probe."""
    reqs = bodies(n, max_tokens)
    asyncio.run(raw_loop(url, reqs[: min(n, 32)], conc))  # warm the server
    runs: dict[str, list[dict[str, Any]]] = {"raw_close": [], "raw_keepalive": [], "probe": []}
    for _ in range(rounds):
        runs["raw_close"].append(asyncio.run(raw_loop(url, reqs, conc, keepalive=False)))
        runs["raw_keepalive"].append(asyncio.run(raw_loop(url, reqs, conc, keepalive=True)))
        runs["probe"].append(probe_run(url, n, conc, max_tokens))
    row: dict[str, Any] = {"concurrency": conc, "requests": n, "max_tokens": max_tokens}
    for name, rs in runs.items():
        row[f"{name}_wall_s"] = statistics.median(r["wall_s"] for r in rs)
        row[f"{name}_cpu_ms_per_req"] = 1000 * statistics.median(r["cpu_s"] for r in rs) / n
        row[f"{name}_e2e_ms"] = statistics.median(statistics.fmean(r["e2e_ms"]) for r in rs)
    row["probe_request_phase_s"] = statistics.median(r["requests_s"] for r in runs["probe"])
    best = min(row["raw_close_wall_s"], row["raw_keepalive_wall_s"])
    row["raw_best_wall_s"] = best
    row["raw_req_per_s"] = n / best
    row["probe_req_per_s"] = n / row["probe_wall_s"]
    row["ratio_total"] = row["probe_wall_s"] / best
    row["ratio_request_phase"] = row["probe_request_phase_s"] / best
    best_e2e = min(row["raw_close_e2e_ms"], row["raw_keepalive_e2e_ms"])
    row["added_latency_ms"] = row["probe_e2e_ms"] - best_e2e
    return row


def overhead(rounds: int, quick: bool) -> list[dict[str, Any]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_server_process(port)
    try:
        return [
            compare(url, conc, n, 64, rounds)
            for conc, n in ((1, 40 if quick else 100), (64, 128 if quick else 256))
        ]
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def ttft_error(n: int) -> dict[str, Any]:
    """Client TTFT minus the server's own TTFT (same clock: the server runs in this process)."""
    from specdiag.refserver import engine as refengine
    from specdiag.refserver import make_config, start_server

    original = refengine.Request.record

    def record(self: Any) -> dict[str, Any]:  # add the server-side first-token time
        d = original(self)
        d["server_ttft_ms"] = (
            (self.t_first_token - self.arrival) * 1000 if self.t_first_token is not None else None
        )
        return d

    refengine.Request.record = record  # type: ignore[method-assign]
    out: dict[str, Any] = {}
    # Server and client share this process: hand the GIL over quickly (default 5 ms), or the
    # measurement is of the interpreter's thread switching, not of the client.
    old_switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        cfg = make_config(flavor="vllm", steps=3, acceptance="0.7", target_step_ms=2.0)
        for label in ("raw_close", "raw_keepalive", "probe"):
            with start_server(cfg) as srv:
                asyncio.run(raw_loop(srv.url, bodies(5, 32), 1))  # warm up
                if label == "probe":
                    client = probe_run(srv.url, n, 1, 32)["ttft_ms"]
                else:
                    keep = label == "raw_keepalive"
                    client = asyncio.run(raw_loop(srv.url, bodies(n, 32), 1, keep))["ttft_ms"]
                records = srv.truth(include_requests=True)["requests"][-n:]
                server = [r["server_ttft_ms"] for r in records]
            errs = [c - s for c, s in zip(client, server, strict=True)]
            out[label] = {
                "mean_ms": statistics.fmean(errs),
                "p50_ms": statistics.median(errs),
                "max_ms": max(errs),
                "server_ttft_mean_ms": statistics.fmean(server),
            }
    finally:
        refengine.Request.record = original  # type: ignore[method-assign]
        sys.setswitchinterval(old_switch)
    return out


# --------------------------------------------------------------------------- stub SSE server
# A minimal keep-alive HTTP/1.1 server (run in a subprocess: ``bench_probe.py --stub PORT``) that
# answers every chat request after a fixed delay and records, on its own clock, the time from
# the request's last byte to the first chunk's write: the server-side TTFT truth. It costs
# almost nothing per request, so the client is what a run measures.

STUB_DELAY_S = 0.010
STUB_TOKENS = 16


async def _stub_main(port: int) -> None:
    truth: list[float] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                length = 0
                for h in lines[1:]:
                    if h.lower().startswith("content-length:"):
                        length = int(h.split(":", 1)[1])
                if length:
                    await reader.readexactly(length)
                t_recv = time.perf_counter()
                if method == "POST" and path.endswith("/chat/completions"):
                    writer.write(
                        b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                        b"transfer-encoding: chunked\r\n\r\n"
                    )
                    await asyncio.sleep(STUB_DELAY_S)

                    def chunk(obj: Any) -> bytes:
                        data = (
                            b"data: "
                            + (obj if isinstance(obj, bytes) else json.dumps(obj).encode())
                            + b"\n\n"
                        )
                        return b"%x\r\n%s\r\n" % (len(data), data)

                    piece = {
                        "choices": [
                            {"index": 0, "delta": {"content": " tok"}, "finish_reason": None}
                        ]
                    }
                    truth.append((time.perf_counter() - t_recv) * 1000)
                    writer.write(chunk(piece))
                    await writer.drain()
                    for _ in range(STUB_TOKENS - 1):
                        writer.write(chunk(piece))
                    last = {"choices": [{"index": 0, "delta": {}, "finish_reason": "length"}]}
                    usage = {"choices": [], "usage": {"completion_tokens": STUB_TOKENS}}
                    writer.write(chunk(last) + chunk(usage) + chunk(b"[DONE]") + b"0\r\n\r\n")
                else:
                    if path == "/v1/models":
                        body = json.dumps({"data": [{"id": MODEL, "owned_by": "stub"}]}).encode()
                        status = b"200 OK"
                    elif path == "/_truth":
                        body, status = json.dumps(truth).encode(), b"200 OK"
                        truth.clear()
                    else:
                        body, status = b"{}", b"404 Not Found"
                    writer.write(
                        b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
                        b"content-length: %d\r\n\r\n%s" % (len(body), body)
                    )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", port, backlog=512)
    async with server:
        await server.serve_forever()


def _answers(url: str) -> bool:
    import httpx

    try:
        httpx.get(url, timeout=1)
    except httpx.HTTPError:
        return False
    return True


def start_stub_process(port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, __file__, "--stub", str(port)], cwd=REPO)

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if _answers(f"http://127.0.0.1:{port}/v1/models"):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("stub server did not start")


def stub_figures(rounds: int, quick: bool) -> dict[str, Any]:
    """Client-bound overhead (the stub costs nothing) and TTFT error against the stub's truth."""
    import httpx

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_stub_process(port)
    out: dict[str, Any] = {"overhead": [], "ttft_error": {}}
    try:
        for conc, n in ((1, 50 if quick else 200), (64, 256 if quick else 1024)):
            out["overhead"].append(compare(url, conc, n, STUB_TOKENS, rounds))
        n = 30 if quick else 100
        for label in ("raw_close", "raw_keepalive", "probe"):
            httpx.get(f"{url}/_truth")  # clear
            if label == "probe":
                client = probe_run(url, n, 1, STUB_TOKENS)["ttft_ms"]
            else:
                keep = label == "raw_keepalive"
                client = asyncio.run(raw_loop(url, bodies(n, STUB_TOKENS), 1, keep))["ttft_ms"]
            server = httpx.get(f"{url}/_truth").json()[-n:]
            errs = [c - s for c, s in zip(client, server, strict=True)]
            out["ttft_error"][label] = {
                "mean_ms": statistics.fmean(errs),
                "p50_ms": statistics.median(errs),
                "max_ms": max(errs),
                "server_ttft_mean_ms": statistics.fmean(server),
            }
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--stub", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.stub is not None:
        asyncio.run(_stub_main(args.stub))
        return 0
    os.environ.setdefault("NO_COLOR", "1")
    rows = overhead(args.rounds, args.quick)
    ttft = ttft_error(20 if args.quick else 60)
    stub = stub_figures(args.rounds, args.quick)
    if args.json:
        print(json.dumps({"overhead": rows, "ttft_error": ttft, "stub": stub}, indent=2))
        return 0

    def table(title: str, rs: list[dict[str, Any]]) -> None:
        print(title)
        print(
            f"{'conc':>5} {'reqs':>5} {'raw close s':>12} {'raw keep s':>11} {'probe s':>8} "
            f"{'ratio':>6} {'req phase':>10} {'added ms/req':>13} "
            f"{'CPU ms/req: close':>18} {'keep':>6} {'probe':>6}"
        )
        for r in rs:
            print(
                f"{r['concurrency']:>5} {r['requests']:>5} {r['raw_close_wall_s']:>12.3f} "
                f"{r['raw_keepalive_wall_s']:>11.3f} {r['probe_wall_s']:>8.3f} "
                f"{r['ratio_total']:>6.2f} {r['ratio_request_phase']:>10.2f} "
                f"{r['added_latency_ms']:>13.3f} {r['raw_close_cpu_ms_per_req']:>18.2f} "
                f"{r['raw_keepalive_cpu_ms_per_req']:>6.2f} {r['probe_cpu_ms_per_req']:>6.2f}"
            )

    table(
        f"1. reference server (vllm flavor, own process), median of {args.rounds} rounds; "
        "ratio = probe / the faster raw loop",
        rows,
    )
    table("2. stub SSE server that costs nothing (the client is the bottleneck)", stub["overhead"])
    print("3. TTFT timing error at concurrency 1 (client TTFT - server-side TTFT)")
    for where, figs in (
        ("reference server, in-process", ttft),
        ("stub server", stub["ttft_error"]),
    ):
        for label, e in figs.items():
            print(
                f"  {where:>28} {label:>13}: mean {e['mean_ms']:.3f} ms, p50 {e['p50_ms']:.3f} ms, "
                f"max {e['max_ms']:.3f} ms (server TTFT {e['server_ttft_mean_ms']:.2f} ms)"
            )
    worst = max(r["ratio_total"] for r in rows)
    err = stub["ttft_error"]["probe"]["p50_ms"]
    ok = worst <= 1.2 and err < 1.0
    print(
        f"goal (ratio <= 1.2: {worst:.2f}; TTFT error < 1 ms: {err:.3f} ms): {'met' if ok else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
