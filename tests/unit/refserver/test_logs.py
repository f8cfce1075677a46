"""Log lines: each engine's format (from the fact sheet's format strings), cadence, and values that
round-trip through ``specdiag logs`` to the server's ground truth."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.support.cli import run_cli
from tests.support.refserver import serve

SGLANG_DECODE = re.compile(
    r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] Decode batch, #running-req: (\d+), #token: (\d+), "
    r"token usage: (\d+\.\d\d), accept len: (\d+\.\d\d), accept rate: (\d+\.\d\d), "
    r"cuda graph: True, gen throughput \(token/s\): (\d+\.\d\d), #queue-req: (\d+)$"
)
SGLANG_PREFILL = re.compile(
    r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] Prefill batch, #new-seq: \d+, #new-token: \d+, "
    r"#cached-token: 0, token usage: \d+\.\d\d, #running-req: \d+, #queue-req: \d+, "
    r"#pending-token: 0, cuda graph: False, input throughput \(token/s\): \d+\.\d\d$"
)
VLLM_SPEC = re.compile(
    r"^\(APIServer pid=\d+\) INFO \d\d-\d\d \d\d:\d\d:\d\d \[metrics\.py:120\] SpecDecoding metrics: "
    r"Mean acceptance length: (\d+\.\d\d), Accepted throughput: \d+\.\d\d tokens/s, "
    r"Drafted throughput: \d+\.\d\d tokens/s, Accepted: (\d+) tokens, Drafted: (\d+) tokens, "
    r"Per-position acceptance rate: ((?:\d\.\d{3}, )*\d\.\d{3}), Avg Draft acceptance rate: (\d+\.\d)%$"
)
VLLM_ENGINE = re.compile(
    r"^\(APIServer pid=\d+\) INFO \d\d-\d\d \d\d:\d\d:\d\d \[loggers\.py:336\] Engine 000: "
    r"Avg prompt throughput: \d+\.\d tokens/s, Avg generation throughput: \d+\.\d tokens/s, "
    r"Running: \d+ reqs, Waiting: \d+ reqs, GPU KV cache usage: \d+\.\d%, Prefix cache hit rate: 0\.0%$"
)
LLAMA_DRAFT = re.compile(
    r"^\d+\.\d\d\.\d{3}\.\d{3} I slot print_timing: id +\d+ \| task (\d+) \| draft acceptance = "
    r"(\d\.\d{5}) \( *(\d+) accepted / *(\d+) generated\), mean len = +(\d+\.\d\d)$"
)
LLAMA_TIMING = re.compile(
    r"^\d+\.\d\d\.\d{3}\.\d{3} I slot print_timing: id +\d+ \| task \d+ \| "
    r"(prompt eval time| {7}eval time) = +\d+\.\d\d ms / +\d+ tokens \( +\d+\.\d\d ms per token, "
    r"+\d+\.\d\d tokens per second\)$"
)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _logs_json(path: Path) -> dict:  # type: ignore[type-arg]
    from specdiag.cli.app import build_app

    names = {c.name for c in build_app().registered_commands}
    if "logs" not in names:
        pytest.skip("the logs command is not part of this build")
    result = run_cli(["logs", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    return result.json()  # type: ignore[no-any-return]


def test_sglang_decode_lines_every_interval(tmp_path: Path) -> None:
    log = tmp_path / "sglang.log"
    with serve(flavor="sglang", steps=4, acceptance="0.7", log=str(log), decode_log_interval=8) as (
        srv,
        c,
    ):
        for i in range(3):
            c.post("/generate", json={"text": f"q{i}", "sampling_params": {"max_new_tokens": 90}})
        truth = srv.truth()
    lines = _lines(log)
    decode = [m for m in map(SGLANG_DECODE.match, lines) if m]
    assert len(decode) == truth["counts"]["decode_steps"] // 8
    assert any(SGLANG_PREFILL.match(line) for line in lines)
    assert all(("Decode batch" not in line) or SGLANG_DECODE.match(line) for line in lines)
    for m in decode:
        length, rate = float(m.group(4)), float(m.group(5))
        assert 1.0 <= length <= 5.0
        assert rate == pytest.approx((length - 1) / 4, abs=0.01)  # >= 0.5.11 formula
    mean = sum(float(m.group(4)) for m in decode) / len(decode)
    assert mean == pytest.approx(truth["measured"]["accept_length"], abs=0.35)
    doc = _logs_json(log)
    s = doc["summary"]["sglang"]
    assert s["records"] == len(decode)
    assert s["accept_length"]["mean"] == pytest.approx(mean, abs=1e-6)


def test_sglang_without_speculation_has_no_accept_fields(tmp_path: Path) -> None:
    log = tmp_path / "plain.log"
    with serve(flavor="sglang", steps=0, log=str(log), decode_log_interval=5) as (_, c):
        c.post("/generate", json={"text": "q", "sampling_params": {"max_new_tokens": 20}})
    decode = [line for line in _lines(log) if "Decode batch" in line]
    assert decode
    assert all("accept len" not in line for line in decode)


def test_vllm_interval_lines_sum_to_the_truth(tmp_path: Path) -> None:
    log = tmp_path / "vllm.log"
    with serve(
        flavor="vllm", steps=3, acceptance="0.8,0.6,0.4", log=str(log), log_interval_s=0.15
    ) as (srv, c):
        for i in range(4):
            c.post("/v1/completions", json={"prompt": f"q{i}", "max_tokens": 80})
            time.sleep(0.1)
        time.sleep(0.35)  # one more interval, so everything served is logged
        truth = srv.truth()["counts"]
    lines = _lines(log)
    spec = [m for m in map(VLLM_SPEC.match, lines) if m]
    assert spec
    assert all(("SpecDecoding" not in line) or VLLM_SPEC.match(line) for line in lines)
    assert sum(int(m.group(2)) for m in spec) == truth["accepted_drafts"]
    assert sum(int(m.group(3)) for m in spec) == truth["drafted_tokens"]
    # each SpecDecoding line follows its Engine 000 line, as vLLM prints them
    for i, line in enumerate(lines):
        if VLLM_SPEC.match(line):
            assert VLLM_ENGINE.match(lines[i - 1])
    for m in spec:
        per_pos = [float(x) for x in m.group(4).split(", ")]
        assert len(per_pos) == 3
        assert per_pos == sorted(per_pos, reverse=True)
        # mean length = 1 + sum of per-position rates (both are per draft)
        assert float(m.group(1)) == pytest.approx(1 + sum(per_pos), abs=0.02)
    doc = _logs_json(log)
    s = doc["summary"]["vllm"]
    assert s["accepted_tokens"] == truth["accepted_drafts"]
    assert s["drafted_tokens"] == truth["drafted_tokens"]


def test_vllm_is_quiet_when_idle(tmp_path: Path) -> None:
    log = tmp_path / "idle.log"
    with serve(flavor="vllm", steps=3, acceptance="0.5", log=str(log), log_interval_s=0.05):
        time.sleep(0.3)
    assert not any("SpecDecoding" in line or "Engine 000" in line for line in _lines(log))


def test_llamacpp_one_block_per_request(tmp_path: Path) -> None:
    log = tmp_path / "llama.log"
    with serve(flavor="llamacpp", steps=5, acceptance="0.6", log=str(log)) as (srv, c):
        for i in range(4):
            c.post("/completion", json={"prompt": f"q{i}", "n_predict": 50})
        truth = srv.truth(include_requests=True)
    lines = _lines(log)
    drafts = [m for m in map(LLAMA_DRAFT.match, lines) if m]
    assert len(drafts) == 4
    assert sum(1 for line in lines if LLAMA_TIMING.match(line)) == 8
    for m, rec in zip(drafts, truth["requests"], strict=True):
        assert int(m.group(1)) == rec["serial"]
        assert int(m.group(3)) == rec["accepted_drafts"]
        assert int(m.group(4)) == rec["drafted_tokens"]
        assert float(m.group(5)) == pytest.approx(
            1 + rec["accepted_drafts"] / rec["verify_steps"], abs=0.005
        )
    # as llama.cpp: the last sampled token is not in the cache yet
    releases = [line for line in lines if "stop processing" in line]
    assert [int(r.split("n_tokens = ")[1].split(",")[0]) for r in releases] == [
        rec["prompt_tokens"] + rec["completion_tokens"] - 1 for rec in truth["requests"]
    ]
    doc = _logs_json(log)
    s = doc["summary"]["llamacpp"]
    assert s["records"] == 4
    assert s["accepted_tokens"] == truth["counts"]["accepted_drafts"]
    assert s["drafted_tokens"] == truth["counts"]["drafted_tokens"]


def test_log_to_an_unwritable_path_is_a_server_error(tmp_path: Path) -> None:
    from specdiag.errors import ServerError
    from specdiag.refserver import start_server
    from tests.support.refserver import fast_config

    with pytest.raises(ServerError, match="log file"):
        start_server(fast_config(steps=1, acceptance="0.5", log=str(tmp_path / "no" / "x.log")))
