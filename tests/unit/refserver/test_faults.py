"""--faults: every mode, deterministic selection, slow start; all without a real clock wait > 1 s."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from tests.support.refserver import serve, sse_events

BODIES: dict[str, tuple[str, dict[str, Any]]] = {
    "sglang": ("/generate", {"text": "a", "sampling_params": {"max_new_tokens": 20}}),
    "vllm": ("/v1/completions", {"prompt": "a", "max_tokens": 20}),
    "llamacpp": ("/completion", {"prompt": "a", "n_predict": 20}),
}


@pytest.mark.parametrize("flavor", ["sglang", "vllm", "llamacpp"])
def test_http_500(flavor: str) -> None:
    path, body = BODIES[flavor]
    with serve(flavor=flavor, steps=2, acceptance="0.5", faults="500=1") as (srv, c):
        r = c.post(path, json=body)
        assert r.status_code == 500
        assert "injected" in r.text
        truth = srv.truth()
        assert truth["faults"]["injected"]["500"] == 1
        assert truth["counts"]["requests_received"] == 0  # answered before any generation


def test_http_429_with_retry_after() -> None:
    with serve(flavor="vllm", steps=2, acceptance="0.5", faults="429=1,retry-after=2.5") as (_, c):
        r = c.post("/v1/completions", json={"prompt": "a"})
        assert r.status_code == 429
        assert r.headers["retry-after"] == "3"
        assert r.json()["error"]["code"] == 429


@pytest.mark.parametrize("flavor", ["sglang", "vllm", "llamacpp"])
def test_invalid_json(flavor: str) -> None:
    path, body = BODIES[flavor]
    with serve(flavor=flavor, steps=2, acceptance="0.5", faults="invalid-json=1") as (_, c):
        r = c.post(path, json=body)
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("application/json")
        with pytest.raises(json.JSONDecodeError):
            json.loads(r.text)
        r = c.post(path, json={**body, "stream": True})
        with pytest.raises(json.JSONDecodeError):
            sse_events(r.text)


@pytest.mark.parametrize("flavor", ["sglang", "vllm", "llamacpp"])
def test_truncated_body_and_stream(flavor: str) -> None:
    path, body = BODIES[flavor]
    with serve(flavor=flavor, steps=2, acceptance="0.5", faults="truncate=1") as (srv, c):
        with pytest.raises(httpx.RemoteProtocolError):
            c.post(path, json=body)
        received = b""
        with (
            pytest.raises(httpx.RemoteProtocolError),
            c.stream("POST", path, json={**body, "stream": True}) as r,
        ):
            for chunk in r.iter_bytes():
                received += chunk
        assert received.startswith(b"data: ")
        assert b"[DONE]" not in received
        assert srv.truth()["faults"]["injected"]["truncate"] == 2


def test_connection_reset() -> None:
    with serve(flavor="llamacpp", steps=2, acceptance="0.5", faults="reset=1") as (srv, c):
        for stream in (False, True):
            with pytest.raises((httpx.ReadError, httpx.RemoteProtocolError)):
                c.post("/completion", json={"prompt": "a", "stream": stream})
        assert srv.truth()["faults"]["injected"]["reset"] == 2
        assert c.get("/health").status_code == 200  # the server itself is fine


def test_stall_beyond_a_client_timeout_and_its_end() -> None:
    with serve(flavor="vllm", steps=2, acceptance="0.5", faults="stall=1,stall-seconds=0.6") as (
        _,
        c,
    ):
        with pytest.raises(httpx.ReadTimeout):
            c.post("/v1/completions", json={"prompt": "a", "max_tokens": 5}, timeout=0.2)
        t0 = time.monotonic()
        r = c.post("/v1/completions", json={"prompt": "a", "max_tokens": 5}, timeout=5)
        assert r.status_code == 200  # answered normally after the stall
        assert time.monotonic() - t0 >= 0.55


def test_stop_ends_a_stall_at_once() -> None:
    import threading

    with serve(flavor="vllm", steps=2, acceptance="0.5", faults="stall=1,stall-seconds=60") as (
        srv,
        c,
    ):
        result: dict[str, object] = {}

        def call() -> None:
            try:
                result["status"] = c.post(
                    "/v1/completions", json={"prompt": "a"}, timeout=30
                ).status_code
            except httpx.HTTPError as exc:
                result["error"] = exc

        t = threading.Thread(target=call)
        t.start()
        time.sleep(0.2)
        t0 = time.monotonic()
        srv.stop()
        t.join(10)
        assert not t.is_alive()
        assert time.monotonic() - t0 < 3
        assert result.get("status") == 503 or "error" in result


def test_slow_start() -> None:
    t0 = time.monotonic()
    with serve(flavor="llamacpp", steps=2, acceptance="0.5", faults="slow-start=1.2") as (_, c):
        r = c.get("/health")
        assert r.status_code == 503
        assert r.json() == {
            "error": {"code": 503, "message": "Loading model", "type": "unavailable_error"}
        }
        assert c.post("/completion", json={"prompt": "a"}).status_code == 503
        while c.get("/health").status_code == 503:
            assert time.monotonic() - t0 < 10
            time.sleep(0.05)
        assert time.monotonic() - t0 >= 1.2
        assert c.post("/completion", json={"prompt": "a", "n_predict": 3}).status_code == 200


def _statuses(seed: int) -> list[int]:
    with serve(flavor="vllm", steps=1, acceptance="0.5", faults="500=0.3,429=0.2", seed=seed) as (
        srv,
        c,
    ):
        out = [
            c.post("/v1/completions", json={"prompt": "a", "max_tokens": 2}).status_code
            for _ in range(40)
        ]
        injected = srv.truth()["faults"]["injected"]
        assert injected["500"] == out.count(500)
        assert injected["429"] == out.count(429)
        return out


def test_fault_selection_is_deterministic_and_near_the_shares() -> None:
    a, b, other = _statuses(3), _statuses(3), _statuses(4)
    assert a == b
    assert a != other
    assert 4 <= a.count(500) <= 20
    assert 2 <= a.count(429) <= 16
    assert a.count(200) == 40 - a.count(500) - a.count(429)
