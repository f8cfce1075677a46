"""Lifecycle (port 0, start time, clean stop), concurrency, the timing model, disconnects."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import httpx
import pytest

from specdiag.errors import ServerError
from specdiag.refserver import start_server
from tests.support.refserver import fast_config, serve, sse_events


def _server_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("specdiag-refserver")]


def test_port_zero_fast_start_and_clean_stop() -> None:
    start_server(fast_config(steps=1, acceptance="0.5")).stop()  # imports paid once
    t0 = time.perf_counter()
    srv = start_server(fast_config(steps=3, acceptance="0.5"))
    started = time.perf_counter() - t0
    try:
        assert started < 1.0
        assert srv.port > 0
        assert srv.url == f"http://127.0.0.1:{srv.port}"
        assert httpx.get(srv.url + "/health").status_code == 200
        assert len(_server_threads()) == 1
    finally:
        t1 = time.perf_counter()
        srv.stop()
        stopped = time.perf_counter() - t1
    assert stopped < 1.0
    srv.stop()  # idempotent
    assert not srv.alive()
    assert _server_threads() == []
    with pytest.raises(httpx.ConnectError):
        httpx.get(srv.url + "/health")
    # the port is free again
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", srv.port))
    s.close()


def test_stop_refuses_new_connections_at_once() -> None:
    """From the moment stop() begins, nothing new is accepted (no window in which a client
    still reaches a server whose engine is already shut down)."""
    srv = start_server(fast_config(steps=1, acceptance="0.5"))
    engine = srv._state.engine
    stopper = threading.Thread(target=srv.stop)
    stopper.start()
    try:
        deadline = time.monotonic() + 5
        while not engine._stopping and time.monotonic() < deadline:
            time.sleep(0.0005)
        assert engine._stopping
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", srv.port), timeout=1).close()
    finally:
        stopper.join(10)


def test_port_in_use_is_a_server_error() -> None:
    with start_server(fast_config(steps=1, acceptance="0.5")) as a:
        with pytest.raises(ServerError, match="cannot listen"):
            start_server(fast_config(steps=1, acceptance="0.5", port=a.port))
        with start_server(fast_config(steps=1, acceptance="0.5")) as b:
            assert b.port != a.port
    assert _server_threads() == []


def test_an_address_not_on_this_machine_hints_at_the_host() -> None:
    with pytest.raises(ServerError, match="cannot listen on 192.0.2.1") as err:
        start_server(fast_config(steps=1, acceptance="0.5", host="192.0.2.1"))
    assert "--host" in (err.value.hint or "") and "--port" not in (err.value.hint or "")


def test_concurrent_requests_are_batched() -> None:
    async def main(url: str) -> list[int]:
        async with httpx.AsyncClient(base_url=url, timeout=30) as c:
            rs = await asyncio.gather(
                *(
                    c.post("/v1/completions", json={"prompt": f"p{i}", "max_tokens": 80})
                    for i in range(32)
                )
            )
            return [r.json()["usage"]["completion_tokens"] for r in rs]

    cfg = fast_config(
        flavor="vllm", steps=3, acceptance="0.6", target_step_ms=2.0, draft_step_ms=0.2
    )
    with start_server(cfg) as srv:
        assert asyncio.run(main(srv.url)) == [80] * 32
        c = srv.truth()["counts"]
    assert c["requests_finished"] == 32
    assert c["peak_running"] > 8
    assert c["decode_steps"] * 4 < c["verify_steps"]


def test_timing_model_makes_speedup_measurable() -> None:
    def wall(steps: int) -> tuple[float, dict]:  # type: ignore[type-arg]
        cfg = fast_config(
            flavor="vllm", steps=steps, acceptance="1.0", target_step_ms=6.0, draft_step_ms=0.5
        )
        with start_server(cfg) as srv, httpx.Client(base_url=srv.url) as c:
            t0 = time.perf_counter()
            r = c.post("/v1/completions", json={"prompt": "x", "max_tokens": 61})
            elapsed = time.perf_counter() - t0
            assert r.status_code == 200
            return elapsed, srv.truth()

    plain, t_plain = wall(0)
    spec, t_spec = wall(4)
    # 1 prefill + 60 decode steps of 6 ms vs 1 prefill + 12 steps of 8 ms
    assert t_plain["counts"]["busy_seconds"] == pytest.approx(0.006 * 61)
    assert t_spec["counts"]["busy_seconds"] == pytest.approx(0.006 + 0.008 * 12)
    assert plain >= 0.36
    assert plain / spec > 2.0


def test_client_disconnect_aborts_the_request() -> None:
    with serve(flavor="sglang", steps=2, acceptance="0.5", target_step_ms=5.0) as (srv, c):
        with c.stream(
            "POST",
            "/generate",
            json={"text": "x", "sampling_params": {"max_new_tokens": 2000}, "stream": True},
        ) as r:
            for _ in r.iter_lines():
                break
        deadline = time.monotonic() + 5
        while srv.truth()["counts"]["requests_aborted"] == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        counts = srv.truth()["counts"]
        assert counts["requests_aborted"] == 1
        assert counts["requests_running"] == 0


def test_stop_during_a_stream_is_quick() -> None:
    srv = start_server(fast_config(flavor="vllm", steps=2, acceptance="0.5", target_step_ms=5.0))
    got: list[str] = []
    streaming = threading.Event()

    def client() -> None:
        try:
            with httpx.stream(
                "POST",
                srv.url + "/v1/completions",
                json={"prompt": "x", "max_tokens": 3000, "stream": True},
                timeout=30,
            ) as r:
                for line in r.iter_lines():
                    got.append(line)
                    streaming.set()
        except httpx.HTTPError:
            pass

    t = threading.Thread(target=client)
    t.start()
    assert streaming.wait(30)  # stop it mid-stream (not a fixed sleep: a busy machine is slow)
    t0 = time.perf_counter()
    srv.stop()
    t.join(10)
    assert time.perf_counter() - t0 < 3.0
    assert not t.is_alive()
    assert got  # it was streaming
    assert "data: [DONE]" not in got  # and did not pretend to finish
    assert _server_threads() == []


def test_sglang_log_shows_the_batch(tmp_path) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "s.log"

    async def main(url: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=30) as c:
            await asyncio.gather(
                *(
                    c.post(
                        "/generate",
                        json={"text": f"p{i}", "sampling_params": {"max_new_tokens": 100}},
                    )
                    for i in range(16)
                )
            )

    cfg = fast_config(
        steps=3, acceptance="0.6", target_step_ms=2.0, log=str(log), decode_log_interval=4
    )
    with start_server(cfg) as srv:
        asyncio.run(main(srv.url))
    running = [
        int(line.split("#running-req: ")[1].split(",")[0])
        for line in log.read_text().splitlines()
        if "Decode batch" in line
    ]
    assert max(running) > 4


def test_truth_lists_requests_on_demand() -> None:
    with serve(flavor="vllm", steps=2, acceptance="0.5") as (srv, c):
        c.post("/v1/completions", json={"prompt": "x", "max_tokens": 9})
        assert "requests" not in srv.truth()
        (rec,) = srv.truth(include_requests=True)["requests"]
        assert rec["completion_tokens"] == 9
        assert sum(rec["accept_histogram"]) == rec["verify_steps"]
        events = sse_events(
            c.post("/v1/completions", json={"prompt": "x", "max_tokens": 9, "stream": True}).text
        )
        assert events[-1] == "[DONE]"


def test_the_server_runs_blas_on_one_thread() -> None:
    # OpenBLAS's pool split the tiny model's products of a 64-request batch across threads that
    # spun on 2 shared cores: 1-23 requests/s against ~500 on one thread (docs/performance.md)
    threadpoolctl = pytest.importorskip("threadpoolctl")
    import numpy  # noqa: F401  (loads the BLAS library threadpoolctl looks for)

    threadpoolctl.threadpool_limits(limits=2, user_api="blas")  # the test run's env sets 1
    srv = start_server(fast_config(steps=1, acceptance="0.5"))
    try:
        blas = [i for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"]
        assert blas, "numpy's BLAS library not found"
        assert all(i["num_threads"] == 1 for i in blas)
    finally:
        srv.stop()
