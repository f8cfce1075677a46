"""`specdiag logs` on what REAL servers and their tools print, pasted:
- a /metrics page of llama.cpp or vLLM-CPU (the whole page, or its `grep spec_decode`): one record
  whose accept length is 1 + accepted / verify steps of the page's own counters (read here with
  the harness's parser) and whose tool is the server's engine (the unit tests in
  tests/unit/logs/paste/test_metrics_pages.py pin the rule on pages we write);
- the report of vLLM's own `bench serve` run against the real server: one vLLM bench record
  (the line scanner's layout) whose counts are the server's /metrics deltas around the run.
(SGLang's /metrics page: tests/integration/test_sglang_facts.py.)"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import Metrics, RealServer, VllmSetup, require

# vLLM's bench client by its module (the harness's install has no package metadata, which the
# `vllm` command line's version lookup needs)
BENCH = (
    "import sys; from vllm.benchmarks.serve import add_cli_args, main; "
    "from vllm.utils.argparse_utils import FlexibleArgumentParser as P; "
    "p = P(); add_cli_args(p); main(p.parse_args(sys.argv[1:]))"
)

pytestmark = pytest.mark.timeout(900)


def _paste_records(text: str, tmp_path: Any, name: str) -> list[dict[str, Any]]:
    path = tmp_path / name
    path.write_text(text)
    res = run_cli(["logs", str(path), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    (paste,) = res.json()["pastes"]
    return list(paste["records"])


def _check(srv: RealServer, prefix: str, tmp_path: Any) -> None:
    page = srv.request("GET", "/metrics", timeout=30.0).text
    m = Metrics.parse(page)
    steps = m.value(f"{prefix}:spec_decode_num_drafts_total")
    drafted = m.value(f"{prefix}:spec_decode_num_draft_tokens_total")
    accepted = m.value(f"{prefix}:spec_decode_num_accepted_tokens_total")
    assert steps > 0 and 0 < accepted < drafted, "the server should have speculated by now"
    grep = "\n".join(line for line in page.splitlines() if "spec_decode" in line) + "\n"
    for name, text in (("page.txt", page), ("grep.txt", "$ curl -s /metrics | grep spec\n" + grep)):
        (r,) = _paste_records(text, tmp_path, name)
        assert r["tool"] == prefix and r["structure"] == "prometheus", name
        assert r["printed_length"] is None, name
        assert r["accept_length"] == pytest.approx(1 + accepted / steps, abs=1e-6), name
        assert r["accept_rate"] == pytest.approx(accepted / drafted, abs=1e-6), name
        assert (r["accepted_tokens"], r["drafted_tokens"], r["steps"]) == (
            accepted,
            drafted,
            steps,
        )


def test_a_real_llamacpp_metrics_page(llamacpp_noisy: RealServer, tmp_path: Any) -> None:
    srv = llamacpp_noisy
    for i in range(2):
        srv.post_json(
            "/completion",
            {"prompt": f"the quick brown fox {i}", "n_predict": 48, "temperature": 0},
        )
    _check(srv, "llamacpp", tmp_path)


def test_a_real_vllm_metrics_page(vllm_ngram: RealServer, tmp_path: Any) -> None:
    srv = vllm_ngram
    prompt = "the quick brown fox jumps over the lazy dog " * 3
    srv.post_json(
        "/v1/completions",
        {"model": srv.model, "prompt": prompt, "max_tokens": 48, "temperature": 0},
    )
    _check(srv, "vllm", tmp_path)


def test_a_real_vllm_bench_serve_report(vllm_ngram: RealServer, tmp_path: Any) -> None:
    srv = vllm_ngram
    setup = require("vllm")
    assert isinstance(setup, VllmSetup)
    argv = [str(setup.python), "-c", BENCH, "--backend", "vllm", "--base-url", srv.url]
    argv += ["--model", srv.model, "--tokenizer", str(setup.models / "target")]
    argv += ["--dataset-name", "random", "--random-input-len", "32", "--random-output-len", "32"]
    argv += ["--num-prompts", "4", "--seed", "0"]
    srv.wait_quiet()
    before = srv.metrics()
    env = {"PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env)
    after = srv.metrics()
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Speculative Decoding" in done.stdout, done.stdout[-2000:]
    counts = [
        after.value(f"vllm:spec_decode_num_{n}_total")
        - before.value(f"vllm:spec_decode_num_{n}_total", default=0.0)
        for n in ("drafts", "draft_tokens", "accepted_tokens")
    ]
    path = tmp_path / "bench.txt"
    path.write_text(done.stdout)
    res = run_cli(["logs", str(path), "--json"])
    assert res.exit_code in (0, 1), res.stderr
    # the line scanner's own bench layout (docs/logs.md): an engine record, not a paste's
    vllm = res.json()["files"][0]["engines"]["vllm"]
    assert vllm["records"] == 1 and vllm["versions"] == {"vllm bench serve": 1}
    assert [vllm["drafted_tokens"], vllm["accepted_tokens"]] == counts[1:]
    assert vllm["accept_length"]["mean"] == pytest.approx(1 + counts[2] / counts[0], abs=0.005)
    assert vllm["pooled_accept_rate"] == pytest.approx(counts[2] / counts[1])
    assert vllm["draft_positions"] == srv.config["num_spec_tokens"]


def test_a_real_llamacpp_timings_object_pasted_alone(
    llamacpp_noisy: RealServer, tmp_path: Any
) -> None:
    """llama-server's `timings` object as `jq .timings` prints it, no engine named: its keys
    name the tool (`predicted_n` then `draft_n_accepted`, in the real server's order) and give
    the rate of its own counts."""
    body = llamacpp_noisy.post_json(
        "/completion", {"prompt": "the quick brown fox", "n_predict": 48, "temperature": 0}
    )
    t = body["timings"]
    assert 0 < t["draft_n_accepted"] < t["draft_n"], "the noisy draft should be partly accepted"
    text = "$ curl -s localhost:8080/completion -d @req.json | jq .timings\n\n"
    (r,) = _paste_records(text + json.dumps(t, indent=2) + "\n", tmp_path, "timings.txt")
    assert r["tool"] == "llamacpp"
    assert r["accept_rate"] == pytest.approx(t["draft_n_accepted"] / t["draft_n"], abs=1e-6)
