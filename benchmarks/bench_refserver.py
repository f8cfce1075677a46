"""Throughput of ``specdiag reference-server`` on loopback, side by side with a bare ASGI app.

The reference server (vllm flavor, 3 draft steps, acceptance 0.75, no modelled step time, so
only the server's own cost is measured) is driven by a minimal asyncio HTTP/1.1 client at
concurrency 1 and 64 for ``--seconds`` each: requests/s, output tokens/s, batched decode steps/s (engine
iterations), verify steps/s (request-steps) and mean latency, from the client and from
``/_specdiag/truth``. The baseline is a bare starlette + uvicorn app on the same stack answering
every POST with a fixed JSON body of the same size: the ceiling of the HTTP layer alone.
The ratio is reference / bare requests/s. Figures are printed as JSON; docs/performance.md
records them.

Usage: python benchmarks/bench_refserver.py [--seconds S] [--max-tokens N] [--stream]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _bare_server(body: bytes) -> Any:
    """A minimal starlette app on the same uvicorn setup (port 0), in a thread."""
    import socket
    import threading

    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import Response
    from starlette.routing import Route

    from specdiag.refserver.server import _protocol_class

    async def complete(request: Any) -> Response:
        await request.body()
        return Response(body, media_type="application/json")

    app = Starlette(routes=[Route("/v1/completions", complete, methods=["POST"])])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(2048)
    sock.setblocking(False)
    server = uvicorn.Server(
        uvicorn.Config(
            app, http=_protocol_class({}), log_config=None, log_level="critical", access_log=False
        )
    )
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.005)

    def stop() -> None:
        server.should_exit = True
        thread.join(10)
        sock.close()

    return f"http://127.0.0.1:{sock.getsockname()[1]}", stop


async def _read_response(reader: asyncio.StreamReader) -> int:
    """Read one HTTP/1.1 response (Content-Length or chunked); returns the status code."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    headers = {
        k.strip().lower(): v.strip()
        for k, _, v in (line.partition(b":") for line in lines[1:] if line)
    }
    if b"content-length" in headers:
        await reader.readexactly(int(headers[b"content-length"]))
    elif headers.get(b"transfer-encoding") == b"chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    return status


async def _drive(
    port: int, concurrency: int, seconds: float, payload: dict[str, Any]
) -> dict[str, Any]:
    """``concurrency`` keep-alive connections, each sending requests back to back.

    A minimal asyncio HTTP/1.1 client: httpx's connection pool costs far more CPU than either
    server at concurrency 64 on this machine and would measure itself instead.
    """
    body = json.dumps(payload).encode()
    request = (
        b"POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: "
        + str(len(body)).encode()
        + b"\r\n\r\n"
        + body
    )
    latencies: list[float] = []
    stop_at = 0.0

    async def worker(warm: bool) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            if warm:
                writer.write(request)
                assert await _read_response(reader) == 200
            while time.perf_counter() < stop_at:
                t0 = time.perf_counter()
                writer.write(request)
                status = await _read_response(reader)
                assert status == 200, status
                latencies.append(time.perf_counter() - t0)
        finally:
            writer.close()

    stop_at = time.perf_counter() + seconds
    t0 = time.perf_counter()
    await asyncio.gather(*(worker(True) for _ in range(concurrency)))
    elapsed = time.perf_counter() - t0
    return {
        "requests": len(latencies),
        "elapsed_s": elapsed,
        "requests_per_s": len(latencies) / elapsed,
        "latency_ms_mean": 1000 * statistics.fmean(latencies),
        "latency_ms_p50": 1000 * statistics.median(latencies),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--stream", action="store_true", help="also measure streaming requests")
    args = ap.parse_args()

    import httpx

    from specdiag.refserver import make_config, start_server

    payload = {"prompt": "the quick brown fox", "max_tokens": args.max_tokens}
    results: dict[str, Any] = {"max_tokens": args.max_tokens, "seconds": args.seconds, "runs": []}
    cfg = make_config(
        flavor="vllm", steps=3, acceptance="0.75", target_step_ms=0.0, draft_step_ms=0.0
    )
    with start_server(cfg) as srv:
        sample = httpx.post(srv.url + "/v1/completions", json=payload).content
        modes = [False, True] if args.stream else [False]
        for stream in modes:
            for conc in (1, 64):
                before = srv.truth()["counts"]
                run = asyncio.run(
                    _drive(srv.port, conc, args.seconds, {**payload, "stream": stream})
                )
                after = srv.truth()["counts"]
                el = run["elapsed_s"]
                run.update(
                    {
                        "server": "reference",
                        "stream": stream,
                        "concurrency": conc,
                        "tokens_per_s": (after["completion_tokens"] - before["completion_tokens"])
                        / el,
                        "decode_steps_per_s": (after["decode_steps"] - before["decode_steps"]) / el,
                        "verify_steps_per_s": (after["verify_steps"] - before["verify_steps"]) / el,
                        "peak_running": after["peak_running"],
                        "mean_batch": (after["verify_steps"] - before["verify_steps"])
                        / max(1, after["decode_steps"] - before["decode_steps"]),
                    }
                )
                results["runs"].append(run)
    url, stop = _bare_server(sample)
    try:
        for conc in (1, 64):
            run = asyncio.run(_drive(int(url.rsplit(":", 1)[1]), conc, args.seconds, payload))
            run.update({"server": "bare starlette+uvicorn", "stream": False, "concurrency": conc})
            results["runs"].append(run)
    finally:
        stop()
    bare = {
        r["concurrency"]: r["requests_per_s"] for r in results["runs"] if r["server"] != "reference"
    }
    for r in results["runs"]:
        if r["server"] == "reference" and not r["stream"]:
            r["ratio_to_bare"] = r["requests_per_s"] / bare[r["concurrency"]]
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
