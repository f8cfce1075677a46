"""Smoke tests of the real-server fixtures (tests/support/realservers.py): a real llama.cpp and a real
vLLM serve, speculate, and their own counters, log lines and responses agree with each other.

These run in `make test`; `SPECDIAG_SKIP_REAL_SERVERS=1` skips them for quick local runs."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.realservers import (
    SKIP_ENV,
    LlamaCppSetup,
    Metrics,
    RealServer,
    RealServerError,
    RealServers,
    SetupMissing,
    VllmSetup,
    require,
)

PROMPT = "the quick brown fox jumps over the lazy dog"
LLAMA_COUNTERS = (
    "llamacpp:spec_decode_num_drafts_total",
    "llamacpp:spec_decode_num_draft_tokens_total",
    "llamacpp:spec_decode_num_accepted_tokens_total",
)
LLAMA_ACCEPT_LINE = re.compile(
    r"draft acceptance = (?P<rate>[\d.]+) \(\s*(?P<acc>\d+) accepted /\s*(?P<gen>\d+) generated\)"
)
LLAMA_TRACE_LINE = re.compile(r"accepted\s+(?P<acc>\d+)/\s*(?P<gen>\d+) draft tokens")
VLLM_SPEC_LINE = re.compile(
    r"SpecDecoding metrics: Mean acceptance length: (?P<mal>[\d.]+).*?"
    r"Accepted: (?P<acc>\d+) tokens, Drafted: (?P<gen>\d+) tokens, "
    r"Per-position acceptance rate: (?P<pos>[\d.]+(?:, [\d.]+)*)"
)


def _counters(m: Metrics) -> dict[str, float]:
    return {name: m.value(name) for name in LLAMA_COUNTERS}


def _llama_completions(srv: RealServer, n: int, max_tokens: int = 64) -> list[dict[str, Any]]:
    """n greedy /completion requests; their `timings` blocks."""
    timings = []
    for i in range(n):
        body = srv.post_json(
            "/completion",
            {
                "prompt": f"{PROMPT} {i}",
                "n_predict": max_tokens,
                "temperature": 0,
                "ignore_eos": True,
                "cache_prompt": False,
            },
        )
        assert body["timings"]["predicted_n"] == max_tokens
        timings.append(body["timings"])
    return timings


# ---------------------------------------------------------------------------------------------
# the harness itself (no server needed)


def test_missing_setup_is_a_clear_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPECDIAG_CACHE_DIR", str(tmp_path))
    for setup in (LlamaCppSetup, VllmSetup):
        with pytest.raises(SetupMissing, match=r"make realservers.*SPECDIAG_SKIP_REAL_SERVERS"):
            setup.find()
    monkeypatch.delenv(SKIP_ENV, raising=False)
    with pytest.raises(pytest.fail.Exception, match="make realservers"):
        require("llamacpp")
    monkeypatch.setenv(SKIP_ENV, "1")
    with pytest.raises(pytest.skip.Exception):
        require("vllm")


def test_metrics_parser() -> None:
    m = Metrics.parse(
        "# TYPE x_total counter\n"
        'x_total{engine="0",position="0"} 3\n'
        'x_total{engine="0",position="1"} 2\n'
        "# TYPE y gauge\ny 1.5\n"
    )
    assert m.value("x_total") == 5
    assert m.value("x_total", position="1") == 2
    assert m.by_label("x_total", "position") == {"0": 3, "1": 2}
    assert m.value("y") == 1.5
    assert m.value("missing", default=0.0) == 0.0
    with pytest.raises(KeyError):
        m.value("missing")


# ---------------------------------------------------------------------------------------------
# llama.cpp


def test_llamacpp_counters_logs_and_timings_agree(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft="noisy", trace=True, verbosity=4)
    assert srv.kind == "llamacpp" and srv.url.startswith("http://127.0.0.1:")
    assert srv.get_json("/health") == {"status": "ok"}
    before, offset = srv.metrics(), srv.log_offset()
    pos_before = before.by_label(
        "llamacpp:spec_decode_num_accepted_tokens_per_pos_total", "position"
    )
    timings = _llama_completions(srv, 4)
    after = srv.metrics()

    draft_n = sum(t["draft_n"] for t in timings)
    accepted = sum(t["draft_n_accepted"] for t in timings)
    assert 0 < accepted < draft_n, "the noisy draft should be partly accepted"
    delta = {k: v - before.value(k) for k, v in _counters(after).items()}
    assert delta["llamacpp:spec_decode_num_draft_tokens_total"] == draft_n
    assert delta["llamacpp:spec_decode_num_accepted_tokens_total"] == accepted
    pos_after = after.by_label("llamacpp:spec_decode_num_accepted_tokens_per_pos_total", "position")
    assert len(pos_after) == 5  # --spec-draft-n-max 5
    assert sum(pos_after.values()) - sum(pos_before.values()) == accepted

    # one "draft acceptance" line per request, equal to that response's timings
    lines = srv.log_matches(LLAMA_ACCEPT_LINE, since=offset)
    assert [(int(m["acc"]), int(m["gen"])) for m in lines] == [
        (t["draft_n_accepted"], t["draft_n"]) for t in timings
    ]
    # LLAMA_TRACE=1: one line per verify step; they add up to the same totals
    steps = srv.log_matches(LLAMA_TRACE_LINE, since=offset)
    assert len(steps) == delta["llamacpp:spec_decode_num_drafts_total"]
    assert sum(int(m["acc"]) for m in steps) == accepted
    assert sum(int(m["gen"]) for m in steps) == draft_n
    assert srv.log_matches(r"acc per pos = \(", since=offset)  # -lv 4


@pytest.mark.parametrize(("draft", "rate"), [("same", 1.0), ("random", 0.0)])
def test_llamacpp_draft_extremes(real_servers: RealServers, draft: str, rate: float) -> None:
    srv = real_servers.llamacpp(draft=draft)
    timings = _llama_completions(srv, 2)
    draft_n = sum(t["draft_n"] for t in timings)
    assert draft_n > 0
    assert sum(t["draft_n_accepted"] for t in timings) == rate * draft_n


def test_llamacpp_noise_levels_order_acceptance(real_servers: RealServers) -> None:
    rates = []
    for draft in ("noisy-0.05", "noisy-0.5"):
        timings = _llama_completions(real_servers.llamacpp(draft=draft), 3)
        rates.append(
            sum(t["draft_n_accepted"] for t in timings) / sum(t["draft_n"] for t in timings)
        )
    assert 1.0 > rates[0] > rates[1] > 0.0


def test_llamacpp_synthetic_rates(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft="random", synth_rates=[0.9, 0.7, 0.5, 0.3, 0.1])
    assert srv.log_matches(
        r"synthetic acceptance: n_max = 5.*rates = \[0\.9, 0\.7, 0\.5, 0\.3, 0\.1\]"
    )
    before = srv.metrics()
    timings = _llama_completions(srv, 4, max_tokens=128)
    after = srv.metrics()
    accepted = sum(t["draft_n_accepted"] for t in timings)
    name = "llamacpp:spec_decode_num_accepted_tokens_total"
    assert after.value(name) - before.value(name) == accepted
    # a random draft accepts nothing on its own: everything accepted here is synthetic
    rate = accepted / sum(t["draft_n"] for t in timings)
    assert 0.3 < rate < 0.8


def test_llamacpp_ngram_and_chat(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft=None, spec_type="ngram-simple")
    assert srv.get_json("/slots")[0]["speculative"] is True
    before = srv.metrics()
    body = srv.post_json(
        "/v1/chat/completions",
        {
            "model": srv.model,
            "messages": [{"role": "user", "content": f"{PROMPT}. {PROMPT}. {PROMPT}."}],
            "max_tokens": 48,
            "temperature": 0,
        },
    )
    assert body["object"] == "chat.completion"
    drafted = body["timings"].get("draft_n", 0)  # absent when nothing was drafted
    name = "llamacpp:spec_decode_num_draft_tokens_total"
    assert srv.metrics().value(name) - before.value(name) == drafted


def test_llamacpp_without_speculation_is_a_baseline(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft=None)
    timings = _llama_completions(srv, 1)
    assert "draft_n" not in timings[0]
    assert srv.metrics().value("llamacpp:spec_decode_num_draft_tokens_total") == 0


def test_stop_leaves_nothing_and_a_dead_server_is_reported(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft="same", fresh=True)
    pid = srv.pid
    assert pid is not None and srv.alive()
    os.kill(pid, signal.SIGKILL)  # a crash
    time.sleep(0.2)
    with pytest.raises(RealServerError, match=r"(?s)failed.*exited with -9"):
        srv.get_json("/health")
    srv.stop()
    srv.stop()  # idempotent
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    with pytest.raises(httpx.ConnectError):
        httpx.get(srv.url + "/health", timeout=2)


# ---------------------------------------------------------------------------------------------
# vLLM (each configuration is one server start of 20-40 s, shared with other test modules)


def _vllm_completions(srv: RealServer, n: int, max_tokens: int = 48) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        body = srv.post_json(
            "/v1/completions",
            {
                "model": srv.model,
                "prompt": f"{PROMPT} {PROMPT} {PROMPT} {i}",
                "max_tokens": max_tokens,
                "temperature": 0,
                "ignore_eos": True,
            },
        )
        assert body["usage"]["completion_tokens"] == max_tokens
        out.append(body)
    return out


def _vllm_deltas(before: Metrics, after: Metrics) -> dict[str, float]:
    names = ("drafts", "draft_tokens", "accepted_tokens")
    return {
        n: after.value(f"vllm:spec_decode_num_{n}_total")
        - before.value(f"vllm:spec_decode_num_{n}_total", default=0.0)
        for n in names
    }


def _wait_log_totals(
    srv: RealServer, since: int, drafted: float, timeout: float = 20.0
) -> list[re.Match[str]]:
    """The SpecDecoding lines after `since`, once their Drafted counts add up to `drafted` (the
    stats logger flushes once a second)."""
    deadline = time.monotonic() + timeout
    while True:
        lines = srv.log_matches(VLLM_SPEC_LINE, since=since)
        if sum(int(m["gen"]) for m in lines) >= drafted or time.monotonic() > deadline:
            return lines
        srv.check_alive()
        time.sleep(0.5)


def test_vllm_ngram_counters_logs_and_per_request_metrics(vllm_ngram: RealServer) -> None:
    srv = vllm_ngram
    assert srv.kind == "vllm"
    assert [m["id"] for m in srv.get_json("/v1/models")["data"]] == ["tiny"]
    offset = srv.wait_quiet()  # a shared server: let earlier tests' stats lines flush
    before = srv.metrics()
    bodies = _vllm_completions(srv, 3)
    after = srv.metrics()
    delta = _vllm_deltas(before, after)
    assert delta["drafts"] > 0 and delta["draft_tokens"] > 0

    per_request = [b["metrics"]["speculative_decoding"] for b in bodies]  # detailed=True
    assert sum(r["num_draft_tokens"] for r in per_request) == delta["draft_tokens"]
    assert sum(r["num_accepted_draft_tokens"] for r in per_request) == delta["accepted_tokens"]

    lines = _wait_log_totals(srv, offset, delta["draft_tokens"])
    assert lines, srv.crash_report()
    assert sum(int(m["gen"]) for m in lines) == delta["draft_tokens"]
    assert sum(int(m["acc"]) for m in lines) == delta["accepted_tokens"]


def test_vllm_eagle3_perm_per_position_is_1_0_0(vllm_eagle3_perm: RealServer) -> None:
    srv = vllm_eagle3_perm
    assert srv.config["speculative_config"]["method"] == "eagle3"
    offset = srv.wait_quiet()
    before = srv.metrics()
    _vllm_completions(srv, 2)
    after = srv.metrics()
    delta = _vllm_deltas(before, after)
    assert delta["drafts"] > 0
    assert delta["draft_tokens"] == 3 * delta["drafts"]
    assert delta["accepted_tokens"] == delta["drafts"]  # exactly one per step

    per_pos_name = "vllm:spec_decode_num_accepted_tokens_per_pos_total"
    pos_before = before.by_label(per_pos_name, "position")
    pos = {
        k: v - pos_before.get(k, 0.0) for k, v in after.by_label(per_pos_name, "position").items()
    }
    assert pos == {"0": delta["drafts"], "1": 0.0, "2": 0.0}

    lines = _wait_log_totals(srv, offset, delta["draft_tokens"])
    assert lines, srv.crash_report()
    assert {m["pos"] for m in lines} == {"1.000, 0.000, 0.000"}
    assert {m["mal"] for m in lines} == {"2.00"}
