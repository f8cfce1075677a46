"""Every SGLang fact specdiag relies on, pinned against the REAL server (PyPI sglang, CPU, through
the test-harness shims; see docs/testing.md), and specdiag's readers checked against it.

One shared server (the session's ``sglang_eagle3``: the 10-layer tiny target with the EAGLE-3
draft trained for aux ids [1, 4, 7], a chain of 3 steps / 4 draft tokens, one ``Decode batch``
line per decode step). Its draft accepts 0 or 1 draft token per verify step, so every accept
length here is a ratio of exact counts, and the log can be summed step by step.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import Metrics, RealServer, RealServerError, RealServers

SPEC_FIELDS = {
    "spec_accept_rate",
    "spec_accept_length",
    "spec_num_correct_drafts",
    "spec_num_proposed_drafts",
    "spec_verify_ct",
    "spec_correct_drafts_histogram",
}
DECODE = re.compile(
    r"^\[[\d\- :.]+\] Decode batch, #running-req: (?P<run>\d+), #token: \d+, token usage: [\d.]+, "
    r"accept len: (?P<len>[\d.]+), accept rate: (?P<rate>[\d.]+), cpu graph: (?:True|False), "
    r"gen throughput \(token/s\): [\d.]+, #queue-req: \d+$",
    re.MULTILINE,
)
PROMPTS = [
    "the quick brown fox jumps over the lazy dog.",
    "speculative decoding drafts tokens with a small model",
    "once upon a time there was a server",
]

# a server start takes 15-30 s idle but minutes on a busy 2-core machine (docs/testing.md)
pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def srv(real_servers: RealServers) -> RealServer:
    return real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)


@pytest.fixture(scope="module")
def run(srv: RealServer) -> dict[str, Any]:
    """Three /generate requests, one after the other, with the log lines and /metrics around
    them (shared by the tests below: each server request costs seconds)."""
    srv.post_json(
        "/generate", {"text": "warm", "sampling_params": {"max_new_tokens": 2}}, timeout=300
    )
    before = srv.metrics()
    offset = srv.wait_quiet()
    metas = []
    for p in PROMPTS:
        body = {
            "text": p,
            "sampling_params": {"max_new_tokens": 16, "temperature": 0, "ignore_eos": True},
        }
        metas.append(srv.post_json("/generate", body, timeout=300)["meta_info"])
    end = srv.wait_quiet()
    log = srv.log_text(offset)[: end - offset]
    return {"metas": metas, "log": log, "before": before, "after": srv.metrics()}


def test_decode_batch_line_and_its_definitions(srv: RealServer, run: dict[str, Any]) -> None:
    lines = list(DECODE.finditer(run["log"]))
    steps = sum(m["spec_verify_ct"] for m in run["metas"])
    correct = sum(m["spec_num_correct_drafts"] for m in run["metas"])
    # 0.5.23: no trailing comma; one line per decode step at --decode-log-interval 1
    assert len(lines) == steps, run["log"][-2000:]
    # accept len = accepted tokens / steps of the interval, the bonus token included
    assert sum(float(m["len"]) for m in lines) == pytest.approx(correct + steps)
    # accept rate = correct drafts / (steps x (num_draft_tokens - 1))
    ndt = srv.config["num_draft_tokens"]
    for m in lines:
        assert float(m["rate"]) == pytest.approx((float(m["len"]) - 1) / (ndt - 1), abs=0.006)


def test_meta_info_fields_and_the_prefill_token(srv: RealServer, run: dict[str, Any]) -> None:
    ndt = srv.config["num_draft_tokens"]
    for m in run["metas"]:
        assert set(m) >= SPEC_FIELDS
        steps, correct = m["spec_verify_ct"], m["spec_num_correct_drafts"]
        # spec_accept_length = completion_tokens / verify steps: it counts the first token,
        # which came from prefill (so it is above the log's (correct + steps) / steps) ...
        assert m["spec_accept_length"] == pytest.approx(m["completion_tokens"] / steps)
        # ... and completion = 1 (prefill) + correct + steps, less what max_new_tokens cut off
        assert m["completion_tokens"] <= 1 + correct + steps
        assert m["spec_num_proposed_drafts"] == steps * (ndt - 1)
        assert m["spec_accept_rate"] == pytest.approx(correct / m["spec_num_proposed_drafts"])
        hist = m["spec_correct_drafts_histogram"]
        assert sum(hist) == steps and sum(i * n for i, n in enumerate(hist)) == correct
        # the histogram ends at the largest count seen, not at num_draft_tokens - 1 buckets
        assert len(hist) <= ndt and hist[-1] > 0


def test_chat_spec_details_only_when_asked(srv: RealServer) -> None:
    body: dict[str, Any] = {
        "model": "tiny",
        "messages": [{"role": "user", "content": "hello"}],
        "max_tokens": 12,
        "temperature": 0,
    }
    plain = srv.post_json("/v1/chat/completions", body, timeout=300)
    assert "spec_tokens_details" not in json.dumps(plain)
    asked = srv.post_json(
        "/v1/chat/completions", {**body, "return_spec_tokens_details": True}, timeout=300
    )
    details = asked["sglext"]["spec_tokens_details"]
    assert set(details) >= SPEC_FIELDS
    assert {"spec_cap_length", "spec_block_accept_length"} <= set(details)
    assert details["spec_accept_length"] == pytest.approx(
        asked["usage"]["completion_tokens"] / details["spec_verify_ct"]
    )


def _types(text: str) -> dict[str, str]:
    """{family name without _total: type} from the # TYPE lines (SGLang's multiprocess
    exposition writes counters' TYPE lines with the _total suffix)."""
    found = re.findall(r"^# TYPE (\S+) (\S+)$", text, re.MULTILINE)
    return {name.removesuffix("_total"): kind for name, kind in found}


def test_metrics_gauges_and_the_verify_counter(srv: RealServer, run: dict[str, Any]) -> None:
    types = _types(srv.request("GET", "/metrics").text)
    assert types["sglang:spec_accept_length"] == "gauge"
    assert types["sglang:spec_accept_rate"] == "gauge"
    assert types["sglang:spec_verify_calls"] == "counter"
    assert types["sglang:generation_tokens"] == "counter"
    # no accepted-token counter exists
    assert not [n for n in types if "accept" in n and types[n] == "counter"]
    before: Metrics = run["before"]
    after: Metrics = run["after"]
    d_verify = after.value("sglang:spec_verify_calls_total") - before.value(
        "sglang:spec_verify_calls_total"
    )
    d_gen = after.value("sglang:generation_tokens_total") - before.value(
        "sglang:generation_tokens_total"
    )
    assert d_verify == sum(m["spec_verify_ct"] for m in run["metas"])
    assert d_gen == sum(m["completion_tokens"] for m in run["metas"])
    # the gauge is the LAST logged interval (here one step): 1.00 or 2.00, not a run mean
    last = float(list(DECODE.finditer(run["log"]))[-1]["len"])
    assert after.value("sglang:spec_accept_length") == pytest.approx(last)


def test_logs_reads_the_real_metrics_page(
    srv: RealServer, run: dict[str, Any], tmp_path: Path
) -> None:
    # a pasted /metrics page: the gauges of the last interval, one record, bonus included
    page = srv.request("GET", "/metrics").text
    gauge = Metrics.parse(page).value("sglang:spec_accept_length")
    assert gauge >= 1.0
    path = tmp_path / "metrics.txt"
    path.write_text(page)
    res = run_cli(["logs", str(path), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    (r,) = res.json()["pastes"][0]["records"]
    assert r["tool"] == "sglang" and r["structure"] == "prometheus"
    assert r["printed_length"] == pytest.approx(gauge) and r["accept_length"] == r["printed_length"]
    assert r["bonus"]["value"] == "included"


def test_server_info(srv: RealServer, run: dict[str, Any]) -> None:
    info = srv.get_json("/server_info")
    assert info["version"] == srv.config["version"]
    assert info["speculative_algorithm"] == "EAGLE3"
    assert info["speculative_num_draft_tokens"] == srv.config["num_draft_tokens"]
    avg = info["internal_states"][0]["avg_spec_accept_length"]
    assert 1.0 <= avg <= 2.0  # since start, bonus included
    assert srv.get_json("/get_server_info")["version"] == info["version"]


def test_logs_reads_the_real_lines(srv: RealServer, run: dict[str, Any], tmp_path: Path) -> None:
    log = tmp_path / "sglang.log"
    log.write_text(run["log"])
    res = run_cli(["logs", str(log), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    doc = res.json()
    steps = sum(m["spec_verify_ct"] for m in run["metas"])
    correct = sum(m["spec_num_correct_drafts"] for m in run["metas"])
    sgl = doc["files"][0]["engines"]["sglang"]
    assert sgl["records"] == steps  # every line read, none skipped
    assert doc["files"][0]["skipped_lines"] == 0
    # one step per line here, so the mean over lines is the run's accept length (bonus included)
    assert sgl["accept_length"]["mean"] == pytest.approx((correct + steps) / steps, abs=0.005)
    assert sgl["draft_positions"] == srv.config["num_draft_tokens"] - 1


@pytest.mark.parametrize("api", ["native", "chat"])
def test_probe_accept_length_is_the_logs(srv: RealServer, api: str) -> None:
    """probe's run-scoped accept length equals the server's own Decode batch lines over the same
    requests (bonus included, prefill token not), and it says which SGLang figure it is."""
    offset = srv.wait_quiet()
    res = run_cli(
        ["probe", srv.url, "--json", "-n", "3", "--max-tokens", "12", "--api", api,
         "--ignore-eos", "--no-stream", "--timeout", "300"]
    )  # fmt: skip
    assert res.exit_code == 0, res.stderr
    end = srv.wait_quiet()
    lines = list(DECODE.finditer(srv.log_text(offset)[: end - offset]))
    doc = res.json()
    acc = doc["accept_length"]
    assert acc["source"] == "per-request"
    assert acc["verify_steps"] == len(lines)
    from_log = sum(float(m["len"]) for m in lines) / len(lines)
    assert acc["pooled"] == pytest.approx(from_log, abs=1e-9)
    # per position from spec_correct_drafts_histogram (padded to every draft position): only the
    # first draft is ever accepted
    pos = doc["per_position"]["unconditional"]
    assert doc["per_position"]["source"] == "per-request"
    assert len(pos) == srv.config["num_draft_tokens"] - 1
    assert pos[0] == pytest.approx(acc["pooled"] - 1.0) and all(p == 0 for p in pos[1:])
    notes = " ".join(doc["notes"])
    assert "prefill token NOT counted" in notes and "spec_accept_length" in notes


def test_last_layer_id_kills_the_scheduler_as_the_rules_say(real_servers: RealServers) -> None:
    """Id 9 on a 10-layer target names the last layer's output, which SGLang never captures: the
    draft gets 2 states for an fc that takes 3, and the first request (SGLang's own /health
    check is one) kills the scheduler."""
    from specdiag.core.hidden.conventions import CaptureEngine, aux_id_rule

    with pytest.raises(RealServerError) as died:
        real_servers.sglang(target="t10", draft="1_4_9", fresh=True)
    assert "mat1 and mat2 shapes cannot be multiplied" in str(died.value)
    version = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1).config[
        "version"
    ]
    rules = aux_id_rule(CaptureEngine.SGLANG, version)
    assert rules.uncapturable([1, 4, 9], num_layers=10) == (9,)
    assert "mat1 and mat2 shapes cannot be multiplied" in rules.last_layer_failure
    assert rules.uncapturable([1, 4, 8], num_layers=10) == ()
    assert rules.to_hf(-1) == 0 and rules.embedding_capturable


# ------------------------------------------------------------------ a tree draft (topk > 1)

TREE = {"steps": 3, "topk": 2, "num_draft_tokens": 6}  # 5 tree nodes verified per step, depth 3
LONG = "the quick brown fox jumps over the lazy dog " * 12  # ~109 tokens, repeated: cache hits


@pytest.fixture(scope="module")
def tree(real_servers: RealServers) -> dict[str, Any]:
    """The same pair served as a tree (its own server, stopped after these requests): a short
    prompt, then the long prompt three times (the radix cache restores it the 2nd and 3rd time),
    one at a time, with the log over them."""
    srv = real_servers.sglang(
        target="t10", draft="1_4_7", decode_log_interval=1, fresh=True, **TREE
    )
    try:
        srv.post_json(
            "/generate", {"text": "warm", "sampling_params": {"max_new_tokens": 2}}, timeout=300
        )
        offset = srv.wait_quiet()
        metas = []
        for p in (PROMPTS[0], LONG, LONG, LONG):
            body = {
                "text": p,
                "sampling_params": {"max_new_tokens": 16, "temperature": 0, "ignore_eos": True},
            }
            metas.append(srv.post_json("/generate", body, timeout=300)["meta_info"])
        end = srv.wait_quiet()
        return {"metas": metas, "log": srv.log_text(offset)[: end - offset], "srv": srv}
    finally:
        srv.stop()


def test_tree_accept_rate_is_over_tree_nodes(tree: dict[str, Any]) -> None:
    """topk 2, 6 draft tokens, 3 steps: the log's accept rate divides by the 5 verified tree
    nodes (num_draft_tokens - 1), not by the 3 draft steps; accept len stays accepted tokens per
    verify step (bonus included), at most steps + 1."""
    lines = list(DECODE.finditer(tree["log"]))
    steps = sum(m["spec_verify_ct"] for m in tree["metas"])
    correct = sum(m["spec_num_correct_drafts"] for m in tree["metas"])
    assert len(lines) == steps
    assert sum(float(m["len"]) for m in lines) == pytest.approx(correct + steps)
    nodes = TREE["num_draft_tokens"] - 1
    for m in lines:
        length, rate = float(m["len"]), float(m["rate"])
        assert 1.0 <= length <= TREE["steps"] + 1
        assert rate == pytest.approx((length - 1) / nodes, abs=0.006)
        if length > 1:
            assert rate != pytest.approx((length - 1) / TREE["steps"], abs=0.006)
    for meta in tree["metas"]:
        assert meta["spec_num_proposed_drafts"] == meta["spec_verify_ct"] * nodes
        assert meta["spec_accept_rate"] == pytest.approx(
            meta["spec_num_correct_drafts"] / meta["spec_num_proposed_drafts"]
        )
        # the histogram counts accepted drafts per step: a path of the tree, at most its depth
        assert len(meta["spec_correct_drafts_histogram"]) <= TREE["steps"] + 1


def test_logs_on_a_tree_log(tree: dict[str, Any], tmp_path: Path) -> None:
    """specdiag logs reads the tree's lines: the rate formula (>= 0.5.11: over num_draft_tokens
    - 1) and num_draft_tokens 6 are inferred; with --eagle-topk 2 the 5 nodes are not taken for
    draft positions, so a single --acc needs --steps, and with it the prediction is for depth 3."""
    log = tmp_path / "tree.log"
    log.write_text(tree["log"])
    doc = run_cli(["logs", str(log), "--json"]).json()
    sgl = doc["files"][0]["engines"]["sglang"]
    assert sgl["rate_inference"]["formula"] == ">= 0.5.11"
    assert sgl["rate_inference"]["num_draft_tokens"] == TREE["num_draft_tokens"]
    no_steps = run_cli(["logs", str(log), "--json", "--acc", "0.6", "--eagle-topk", "2"])
    assert no_steps.exit_code == 2 and "--steps" in no_steps.stderr
    ok = run_cli(
        ["logs", str(log), "--json", "--acc", "0.6", "--eagle-topk", "2", "--steps", "3"]
    ).json()
    assert ok["prediction"]["steps"] == TREE["steps"]


def test_doctor_prefix_cache_on_a_real_log_with_cache_hits(
    tree: dict[str, Any], tmp_path: Path
) -> None:
    """The real server's Prefill batch lines (#new-token / #cached-token): the repeated long
    prompt comes from the radix cache, and acceptance does not change with it (the draft's KV
    is cached with the target's), so the check passes on the log's evidence."""
    assert re.search(
        r"Prefill batch, #new-seq: 1, #new-token: \d+, #cached-token: [1-9]\d*,", tree["log"]
    )
    assert tree["metas"][2]["cached_tokens"] > 0.9 * tree["metas"][2]["prompt_tokens"]
    log = tmp_path / "cache.log"
    log.write_text(tree["log"])
    from specdiag.core.doctor.context import DoctorInputs
    from specdiag.core.doctor.run import run_doctor

    rep = run_doctor(DoctorInputs(logs=(str(log),)))
    (c,) = [c for c in rep.checks if c.check == "prefix-cache-draft-context"]
    assert c.status.value == "pass" and "does not drop" in c.message, c.message
    assert any("#cached-token: 107" in str(e.value) for e in c.evidence)
