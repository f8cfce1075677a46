"""``specdiag probe`` against REAL servers: llama.cpp ``llama-server`` and vLLM (CPU).

Probe's numbers must agree with what the servers themselves report: their Prometheus counters
(scraped here independently, before and after the probe), their per-request fields and their own
log lines (llama.cpp ``draft acceptance = ...`` per request, vLLM ``SpecDecoding metrics: ...``).
The servers come from tests/support/realservers.py (built once by ``make realservers``; see
docs/testing.md); ``SPECDIAG_SKIP_REAL_SERVERS=1`` skips these tests for quick local runs.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import Metrics, RealServer, RealServers

LLAMA_LINE = re.compile(
    r"draft acceptance = (?P<rate>[\d.]+) \(\s*(?P<acc>\d+) accepted /\s*(?P<gen>\d+) generated\)"
)
VLLM_LINE = re.compile(
    r"SpecDecoding metrics: .*?Accepted: (?P<acc>\d+) tokens, Drafted: (?P<gen>\d+) tokens"
)


def _probe(srv: RealServer, *extra: str) -> dict[str, Any]:
    res = run_cli(["probe", srv.url, "--json", *extra])
    assert res.exit_code == 0, res.stderr
    doc: dict[str, Any] = res.json()
    return doc


def _spec(m: Metrics, prefix: str) -> dict[str, float]:
    return {
        "steps": m.value(f"{prefix}:spec_decode_num_drafts_total", 0.0),
        "drafted": m.value(f"{prefix}:spec_decode_num_draft_tokens_total", 0.0),
        "accepted": m.value(f"{prefix}:spec_decode_num_accepted_tokens_total", 0.0),
    }


def _per_pos_delta(before: Metrics, after: Metrics, name: str) -> list[float]:
    """Per-position counter deltas (llama.cpp exports the family only once it has speculated)."""
    a, b = after.by_label(name, "position"), before.by_label(name, "position")
    return [a[str(i)] - b.get(str(i), 0.0) for i in range(len(a))]


# --------------------------------------------------------------------------- llama.cpp


def test_llamacpp_probe_agrees_with_metrics_and_log(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft="noisy")
    before = srv.metrics()
    offset = srv.log_offset()
    doc = _probe(srv, "-n", "8", "--max-tokens", "48", "--api", "native")
    after = srv.metrics()
    b, a = _spec(before, "llamacpp"), _spec(after, "llamacpp")
    d = {k: a[k] - b[k] for k in a}
    assert d["steps"] > 0
    assert doc["engine"] == "llamacpp"
    # llama.cpp's HTTP server closes a kept-alive connection after 5 requests: probe resends a
    # request that met such a closed connection, so none is lost
    assert doc["requests"]["ok"] == 8, doc["requests"]
    assert doc["server"]["speculative"]["enabled"] is True
    assert doc["server"]["speculative"]["steps"] == 5
    acc = doc["accept_length"]
    # accept length: llama.cpp gives no per-request verify steps, so probe uses its counters
    assert acc["source"] == "counters"
    assert acc["pooled"] == pytest.approx(1 + d["accepted"] / d["steps"])
    assert (acc["verify_steps"], acc["accepted_drafts"], acc["drafted"]) == (
        d["steps"],
        d["accepted"],
        d["drafted"],
    )
    name = "llamacpp:spec_decode_num_accepted_tokens_per_pos_total"
    pos_d = _per_pos_delta(before, after, name)
    assert doc["per_position"]["unconditional"] == pytest.approx([p / d["steps"] for p in pos_d])
    # accept rate from the responses' timings equals the server's own per-request log lines
    # (one line per request that drafted; the last one may land just after the response)
    deadline = time.monotonic() + 10
    while True:
        lines = srv.log_matches(LLAMA_LINE, since=offset)
        log_acc = sum(int(mt["acc"]) for mt in lines)
        log_gen = sum(int(mt["gen"]) for mt in lines)
        if log_gen >= d["drafted"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert len(lines) == 8
    assert log_acc == d["accepted"] and log_gen == d["drafted"]
    assert doc["accept_rate"] == pytest.approx(log_acc / log_gen)
    assert doc["counters"]["foreign_traffic"] is False


def test_llamacpp_counters_per_request(real_servers: RealServers) -> None:
    srv = real_servers.llamacpp(draft="noisy")
    before = srv.metrics()
    doc = _probe(srv, "-n", "8", "--max-tokens", "48", "--counters-per-request")
    after = srv.metrics()
    b, a_ = _spec(before, "llamacpp"), _spec(after, "llamacpp")
    a = doc["accept_length"]
    # every request's draft_n_accepted (its response) equals the counters' delta around it,
    # else it would have been left out
    assert a["source"] == "per-request" and a["requests_with_data"] == 8
    assert (a["verify_steps"], a["accepted_drafts"]) == (
        a_["steps"] - b["steps"],
        a_["accepted"] - b["accepted"],
    )
    assert a["p5"] <= a["per_request_mean"] <= a["p95"]


def test_llamacpp_synthetic_rates_and_verdict(real_servers: RealServers) -> None:
    rates = (0.9, 0.7, 0.5, 0.3, 0.1)
    srv = real_servers.llamacpp(draft="random", synth_rates=rates)
    # llama.cpp's synthetic rates are P(position i accepted), unconditional: its log prints
    # "mean length = 3.5" = 1 + sum(rates) for these
    acc = ",".join(map(str, rates))
    doc = _probe(
        srv, "-n", "12", "--max-tokens", "96", "--api", "completions",
        "--acc", acc, "--acc-kind", "unconditional",
    )  # fmt: skip
    steps = doc["accept_length"]["verify_steps"]
    unc = doc["per_position"]["unconditional"]
    assert len(unc) == 5 and steps > 100
    for i, (got, want) in enumerate(zip(unc, rates, strict=True)):
        se = (want * (1 - want) / steps) ** 0.5
        assert abs(got - want) < 4 * se + 0.01, (i, got, want, steps)
    assert doc["verdict"] == "healthy"
    assert doc["expected"]["steps"] == 5
    assert doc["expected"]["expected_accept_length"] == pytest.approx(3.5)


def test_llamacpp_extremes_and_baseline(real_servers: RealServers) -> None:
    same = real_servers.llamacpp(draft="same")
    random = real_servers.llamacpp(draft="random")
    plain = real_servers.llamacpp(draft=None)
    d_same = _probe(same, "-n", "4", "--max-tokens", "48", "--baseline", plain.url)
    assert d_same["accept_rate"] == pytest.approx(1.0)
    b = d_same["baseline"]
    assert b["server"]["speculative"]["enabled"] is False
    assert b["lossless"] is True and b["compared"] == 4
    # a random draft is (almost) never accepted: the verdict against a healthy 0.8 is collapse
    d_rand = _probe(random, "-n", "4", "--max-tokens", "48", "--acc", "0.8", "--steps", "5")
    assert d_rand["accept_rate"] < 0.05 and d_rand["accept_length"]["pooled"] < 1.1
    assert d_rand["verdict"] == "collapsed"


# --------------------------------------------------------------------------- vLLM


def test_vllm_ngram_probe_agrees_with_counters_and_log(vllm_ngram: RealServer) -> None:
    srv = vllm_ngram
    before = srv.metrics()
    offset = srv.log_offset()
    doc = _probe(srv, "-n", "4", "-c", "2", "--max-tokens", "32", "--api", "completions")
    after = srv.metrics()
    b, a = _spec(before, "vllm"), _spec(after, "vllm")
    d = {k: a[k] - b[k] for k in a}
    assert doc["engine"] == "vllm" and doc["server"]["model"] == "tiny"
    assert doc["server"]["speculative"]["steps"] == 3
    acc = doc["accept_length"]
    assert acc["source"] == "per-request"  # the server runs --per-request-spec-decode-metrics
    # per-request sums equal the server's own counter deltas ...
    assert (acc["verify_steps"], acc["accepted_drafts"], acc["drafted"]) == (
        d["steps"],
        d["accepted"],
        d["drafted"],
    )
    assert acc["pooled"] == pytest.approx(1 + d["accepted"] / d["steps"])
    assert doc["counters"]["accept_length"] == pytest.approx(acc["pooled"])
    name = "vllm:spec_decode_num_accepted_tokens_per_pos_total"
    pos_d = _per_pos_delta(before, after, name)
    assert doc["per_position"]["unconditional"] == pytest.approx([p / d["steps"] for p in pos_d])
    # ... and vLLM's own "SpecDecoding metrics" log lines (one per second of activity)
    srv.wait_for_log(VLLM_LINE, since=offset, timeout=15)
    deadline_lines = srv.log_matches(VLLM_LINE, since=offset)
    total_acc = sum(int(mt["acc"]) for mt in deadline_lines)
    if total_acc < d["accepted"]:  # the last interval may still be pending
        time.sleep(2.5)
        deadline_lines = srv.log_matches(VLLM_LINE, since=offset)
    assert sum(int(mt["acc"]) for mt in deadline_lines) == d["accepted"]
    assert sum(int(mt["gen"]) for mt in deadline_lines) == d["drafted"]
    assert doc["latency"]["ttft_ms"]["n"] == 4
    assert 0 < doc["throughput"]["output_tokens"] <= 4 * 32


def test_vllm_eagle3_perm_exact_per_position(vllm_eagle3_perm: RealServer) -> None:
    doc = _probe(vllm_eagle3_perm, "-n", "3", "--max-tokens", "32", "--acc", "1,0,0")
    assert doc["accept_length"]["source"] == "counters"
    assert doc["per_position"]["unconditional"] == [1.0, 0.0, 0.0]
    assert doc["accept_length"]["pooled"] == pytest.approx(2.0)
    assert doc["verdict"] == "healthy"
    assert doc["expected"]["expected_accept_length"] == pytest.approx(2.0)
