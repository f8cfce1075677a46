"""``specdiag probe`` end to end against the reference server (all three API flavors).

The reference server knows the truth (``/_specdiag/truth``): the exact verify steps, accepted
drafts and per-position counts it served. Probe's run-scoped numbers must equal them on a fresh
server, and agree with the configured acceptance within a sample-size tolerance. Every fault
mode is exercised: the run goes on and the failures are counted.
"""

from __future__ import annotations

import json
import signal
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from specdiag.refserver import make_config, start_server
from tests.support.cli import run_cli

FAST = {"target_step_ms": 0.3, "draft_step_ms": 0.05}


def _server(**kw: Any) -> Any:
    base: dict[str, Any] = {**FAST}
    base.update(kw)
    return start_server(make_config(**base))


def _probe(url: str, *extra: str, env: dict[str, str] | None = None) -> Any:
    return run_cli(["probe", url, "--json", *extra], env=env)


@pytest.fixture(params=["sglang", "vllm", "llamacpp"])
def flavor(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_agrees_with_truth_every_flavor(flavor: str) -> None:
    with _server(flavor=flavor, steps=4, acceptance="0.8,0.7,0.6,0.5") as srv:
        res = _probe(
            srv.url, "-n", "18", "-c", "6", "--max-tokens", "64", "--acc", "0.8,0.7,0.6,0.5"
        )
        truth = srv.truth()
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    m = truth["measured"]
    counts = truth["counts"]
    assert doc["engine"] == flavor
    assert doc["server"]["speculative"]["enabled"] is True
    assert doc["server"]["speculative"]["steps"] == 4
    assert doc["requests"] == {"sent": 18, "ok": 18, "failed": 0, "errors": {}, "retried": 0}
    a = doc["accept_length"]
    # run-scoped numbers equal the server's exact counts (a fresh server: nothing else ran)
    assert a["pooled"] == pytest.approx(m["accept_length"], rel=1e-9)
    assert a["verify_steps"] == counts["verify_steps"]
    assert a["accepted_drafts"] == counts["accepted_drafts"]
    assert doc["accept_rate"] == pytest.approx(m["accept_rate"], rel=1e-9)
    assert doc["per_position"]["unconditional"] == pytest.approx(m["per_position_unconditional"])
    assert doc["per_position"]["conditional"] == pytest.approx(m["per_position_conditional"])
    # ... and the configured acceptance within a sample-size tolerance (4 standard errors)
    expected = truth["speculative"]["expected_accept_length"]
    assert abs(a["pooled"] - expected) < 4 * m["standard_error"] + 1e-9
    assert doc["expected"]["expected_accept_length"] == pytest.approx(expected)
    assert doc["verdict"] == "healthy"
    assert doc["throughput"]["output_tokens"] == counts["completion_tokens"]
    assert doc["latency"]["ttft_ms"]["n"] == 18 and doc["latency"]["tpot_ms"]["p50"] > 0
    assert {row["category"] for row in doc["by_category"]} == {
        "chat",
        "code",
        "math",
        "summarization",
        "translation",
        "extraction",
    }
    if flavor == "sglang":  # per request from sglext: distribution and histogram
        assert a["source"] == "per-request"
        assert a["histogram"] == counts["accept_histogram"]
        assert a["p5"] <= a["p50"] <= a["p95"]
        assert a["per_request_mean"] is not None
    else:  # vLLM without per-request metrics and llama.cpp: from /metrics deltas
        assert a["source"] == "counters"
        assert doc["counters"]["foreign_traffic"] is False


def test_vllm_per_request_metrics_and_native_apis() -> None:
    with _server(flavor="vllm", steps=3, acceptance="0.6", per_request_metrics="summary") as srv:
        res = _probe(srv.url, "-n", "8", "-c", "4", "--max-tokens", "48", "--api", "completions")
        truth = srv.truth()
    doc = res.json()
    assert doc["accept_length"]["source"] == "per-request"
    assert doc["accept_length"]["histogram"] == truth["counts"]["accept_histogram"]
    assert doc["counters"]["accept_length"] == pytest.approx(doc["accept_length"]["pooled"])
    for flavor in ("sglang", "llamacpp"):
        with _server(flavor=flavor, steps=3, acceptance="0.6") as srv:
            res = _probe(srv.url, "-n", "6", "--max-tokens", "32", "--api", "native")
            truth = srv.truth()
        assert res.exit_code == 0, res.stderr
        doc = res.json()
        assert doc["accept_length"]["pooled"] == pytest.approx(truth["measured"]["accept_length"])
        assert doc["requests"]["ok"] == 6


def test_speculation_off_is_reported() -> None:
    with _server(flavor="sglang", steps=0) as srv:
        res = _probe(srv.url, "-n", "3", "--max-tokens", "16")
    doc = res.json()
    assert res.exit_code == 0
    assert doc["server"]["speculative"]["enabled"] is False
    assert any("speculative decoding OFF" in w for w in doc["warnings"])


@pytest.mark.parametrize(
    ("fault", "error", "extra"),
    [
        ("500=0.4", "http_500", ()),
        ("invalid-json=0.4", "invalid_json", ()),
        ("truncate=0.4", "truncated_stream", ()),
        ("reset=0.6", "connection_reset", ()),  # no response at all (retried once if reused)
        ("stall=0.4,stall-seconds=30", "timeout", ("--timeout", "1.5")),
        ("429=1,retry-after=0", "http_429", ("--retries", "1")),
    ],
)
def test_every_fault_mode_is_recorded_and_the_run_goes_on(
    fault: str, error: str, extra: tuple[str, ...]
) -> None:
    with _server(flavor="vllm", steps=3, faults=fault) as srv:
        res = _probe(srv.url, "-n", "10", "-c", "5", "--max-tokens", "24", *extra)
        truth = srv.truth()
    doc = res.json()
    req = doc["requests"]
    assert res.exit_code == (0 if req["ok"] else 3), res.stderr  # 3: nothing was measured
    assert req["sent"] == 10 and req["failed"] >= 1
    assert set(req["errors"]) == {error}, req
    assert req["ok"] + req["failed"] == 10
    assert any("requests failed" in w for w in doc["warnings"])
    if req["ok"]:
        assert doc["accept_length"]["pooled"] is not None
    if error == "http_429":
        assert req["retried"] == 10  # every request retried once, honouring Retry-After
        assert truth["faults"]["generation_requests"] == 20


def test_slow_start_server_still_loading_exits_3_with_a_hint() -> None:
    """The last fault mode: a server answering 503 everywhere while it loads."""
    with _server(flavor="sglang", steps=3, faults="slow-start=30") as srv:
        res = _probe(srv.url, "-n", "2", "--max-tokens", "8")
        received = srv.truth()["counts"]["requests_received"]
    assert res.exit_code == 3 and res.stdout == ""
    assert "503" in res.stderr and "loading" in res.stderr and "hint:" in res.stderr
    assert received == 0  # no generation request was sent


def test_429_retry_succeeds_and_non_stream_faults() -> None:
    with _server(flavor="sglang", steps=3, faults="429=0.5,retry-after=0") as srv:
        res = _probe(srv.url, "-n", "10", "-c", "2", "--max-tokens", "16", "--retries", "8")
    doc = res.json()
    assert doc["requests"]["ok"] == 10 and doc["requests"]["retried"] >= 1
    with _server(flavor="llamacpp", steps=3, faults="truncate=0.5") as srv:
        res = _probe(srv.url, "-n", "8", "--max-tokens", "16", "--no-stream")
    doc = res.json()
    # a body cut short after its 200 header is a truncated response, not a reset connection
    assert set(doc["requests"]["errors"]) <= {"invalid_json", "truncated_response"}
    assert doc["requests"]["errors"].get("truncated_response", 0) >= 1
    assert (
        doc["latency"]["ttft_ms"]["n"] == 0
        and doc["latency"]["e2e_ms"]["n"] == doc["requests"]["ok"]
    )


def test_every_request_failing_exits_3_after_the_report() -> None:
    with _server(flavor="vllm", steps=3, faults="500=1") as srv:
        res = _probe(srv.url, "-n", "4", "--max-tokens", "8")
    assert res.exit_code == 3
    doc = res.json()  # the report is still printed
    assert doc["requests"]["failed"] == 4 and doc["requests"]["errors"] == {"http_500": 4}
    assert "error: all 4 requests failed" in res.stderr and "hint:" in res.stderr
    # the server does export its counters: no hint that speculation is off or unexported
    assert not any("no acceptance numbers" in w for w in doc["warnings"]), doc["warnings"]


def test_openai_base_url_with_v1_and_a_url_that_serves_nothing() -> None:
    """Users copy the OpenAI base URL (``.../v1``): probe uses the server root and says so.
    A URL where every endpoint answers 404 is not an inference server: exit 3 with a hint."""
    with _server(flavor="vllm", steps=3) as srv:
        v1 = _probe(srv.url + "/v1/", "-n", "2", "--max-tokens", "8")
        nothing = _probe(srv.url + "/somewhere/else", "-n", "2", "--max-tokens", "8")
    assert v1.exit_code == 0, v1.stderr
    doc = v1.json()
    assert doc["requests"]["ok"] == 2 and doc["server"]["url"] == srv.url
    assert any("/v1" in n for n in doc["notes"]), doc["notes"]
    assert nothing.exit_code == 3 and nothing.stdout == ""
    assert "404" in nothing.stderr and "hint:" in nothing.stderr


def test_warmup_requests_are_left_out_of_the_counter_figures() -> None:
    with _server(flavor="vllm", steps=3) as srv:
        res = _probe(srv.url, "-n", "4", "-c", "2", "--max-tokens", "32", "--warmup", "3")
        truth = srv.truth(include_requests=True)
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    reqs = sorted(truth["requests"], key=lambda r: r["serial"])
    assert len(reqs) == 7
    run = reqs[3:]  # the three warm-up requests come first
    a = doc["accept_length"]
    assert a["source"] == "counters"
    assert a["verify_steps"] == sum(r["verify_steps"] for r in run)
    assert a["accepted_drafts"] == sum(r["accepted_drafts"] for r in run)
    assert doc["counters"]["generation_tokens"] == doc["counters"]["own_tokens"] == 4 * 32
    assert doc["counters"]["foreign_traffic"] is False


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_server_exits_3_with_a_hint() -> None:
    res = run_cli(["probe", f"http://127.0.0.1:{_closed_port()}", "-n", "2"])
    assert res.exit_code == 3
    assert "cannot reach" in res.stderr and "hint:" in res.stderr
    assert res.stdout == ""


def test_bad_baseline_fails_before_the_workload_is_sent() -> None:
    """An unreachable --baseline, or one that cannot take --api native, is found before the
    main server gets a single generation request (not after a long run)."""
    with (
        _server(flavor="sglang", steps=3) as srv,
        _server(flavor="vllm", steps=0) as base,
    ):
        gone = run_cli(
            ["probe", srv.url, "-n", "2", "--baseline", f"http://127.0.0.1:{_closed_port()}"]
        )
        native = run_cli(["probe", srv.url, "-n", "2", "--api", "native", "--baseline", base.url])
        sent = srv.truth()["counts"]["requests_received"]
    assert gone.exit_code == 3 and "cannot reach" in gone.stderr and "hint:" in gone.stderr
    assert native.exit_code == 2 and "native" in native.stderr
    assert sent == 0


def test_acc_that_does_not_fit_the_servers_steps_fails_before_the_run() -> None:
    with _server(flavor="sglang", steps=3) as srv:
        res = run_cli(["probe", srv.url, "-n", "2", "--acc", "0.8,0.7"])
        steps = run_cli(["probe", srv.url, "-n", "2", "--acc", "0.8,0.7", "--steps", "3"])
        kind = run_cli(
            ["probe", srv.url, "-n", "2", "--acc", "0.5,0.6,0.7", "--acc-kind", "unconditional"]
        )
        received = srv.truth()["counts"]["requests_received"]
    assert res.exit_code == 2 and "--acc has 2 per-position values" in res.stderr
    assert steps.exit_code == 2 and "--steps 3 does not match" in steps.stderr
    assert kind.exit_code == 2 and "rises" in kind.stderr, kind.stderr
    assert received == 0


def test_usage_errors_exit_2() -> None:
    assert run_cli(["probe", "127.0.0.1:8000"]).exit_code == 2
    assert run_cli(["probe", "http://x", "-c", "0"]).exit_code == 2
    assert run_cli(["probe", "http://x", "-H", "novalue"]).exit_code == 2
    assert run_cli(["probe", "http://x", "--request-rate", "0"]).exit_code == 2
    with _server(flavor="vllm", steps=3) as srv:
        res = run_cli(["probe", srv.url, "--api", "native", "-n", "1"])
    assert res.exit_code == 2 and "native" in res.stderr


def test_api_key_never_printed_or_saved(tmp_path: Path) -> None:
    key = "sk-specdiag-SECRET-4242"
    save = tmp_path / "out.jsonl"
    with _server(flavor="vllm", steps=3, api_key=key) as srv:
        refused = run_cli(["probe", srv.url, "-n", "2"])
        wrong = run_cli(["probe", srv.url, "-n", "2", "--api-key", "nope"])
        ok = run_cli(
            [
                "probe",
                srv.url,
                "-n",
                "3",
                "--max-tokens",
                "16",
                "--save",
                str(save),
                "-H",
                "X-Team: probe",
            ],
            env={"SPECDIAG_API_KEY": key},
        )
        human = run_cli(["probe", srv.url, "-n", "2", "--max-tokens", "8", "--api-key", key])
        via_openai = run_cli(
            ["probe", srv.url, "-n", "1", "--max-tokens", "8", "--json"],
            env={"OPENAI_API_KEY": key},
        )
    assert refused.exit_code == 3 and "--api-key" in refused.stderr
    assert wrong.exit_code == 3 and "not accepted" in wrong.stderr
    assert ok.exit_code == 0, ok.stderr
    assert human.exit_code == 0 and via_openai.exit_code == 0
    for out in (refused, wrong, ok, human, via_openai):
        assert key not in out.stdout and key not in out.stderr
    saved = save.read_text()
    assert key not in saved
    lines = [json.loads(x) for x in saved.splitlines()]
    assert len(lines) == 3 and all(x["ok"] and x["text"] for x in lines)
    assert {"ttft_ms", "itl_ms", "accept_length", "verify_steps", "category", "prompt_id"} <= set(
        lines[0]
    )


def test_empty_api_key_sends_no_key_from_the_environment() -> None:
    with _server(flavor="vllm", steps=3, api_key="sk-not-for-this-server") as srv:
        refused = run_cli(
            ["probe", srv.url, "-n", "1", "--api-key", ""],
            env={"OPENAI_API_KEY": "sk-not-for-this-server"},
        )
    assert refused.exit_code == 3 and "needs an API key" in refused.stderr  # none was sent


def test_min_accept_len_fails_after_the_report() -> None:
    with _server(flavor="sglang", steps=3, acceptance="0.3") as srv:
        low = _probe(srv.url, "-n", "6", "--max-tokens", "32", "--min-accept-len", "3.5")
        fine = _probe(srv.url, "-n", "6", "--max-tokens", "32", "--min-accept-len", "1.1")
    assert low.exit_code == 1
    assert low.json()["accept_length"]["pooled"] < 3.5  # the report was printed first
    assert "below --min-accept-len" in low.stderr
    assert fine.exit_code == 0


def test_collapsed_verdict_and_warnings_for_distorting_workloads(tmp_path: Path) -> None:
    noise = tmp_path / "random.txt"
    junk = "ulat~ d andkcpsK\ufffdk browna\ufffd\ufffdnoith\ufffdN xQz kLmN pQr\x01s " * 3
    noise.write_text("\n".join(junk for _ in range(3)))
    with _server(flavor="sglang", steps=3, acceptance="0.02") as srv:
        res = _probe(
            srv.url,
            "--prompts",
            str(noise),
            "--max-tokens",
            "32",
            "--acc",
            "0.8",
            "--temperature",
            "0.7",
            "--ignore-eos",
        )
    doc = res.json()
    assert res.exit_code == 0
    assert doc["verdict"] == "collapsed" and doc["expected"]["causes"]
    w = " ".join(doc["warnings"])
    assert "temperature 0.7" in w and "random tokens" in w and "--ignore-eos" in w


def test_baseline_speedup_and_losslessness() -> None:
    with (
        _server(flavor="vllm", steps=4, acceptance="0.9", target_step_ms=2.0) as spec,
        _server(flavor="vllm", steps=0, target_step_ms=2.0) as base,
    ):
        same = _probe(spec.url, "-n", "6", "-c", "3", "--max-tokens", "48", "--baseline", base.url)
        human = run_cli(
            ["probe", spec.url, "-n", "3", "--max-tokens", "24", "--baseline", base.url]
        )
    assert same.exit_code == 0, same.stderr
    assert "lossless: all 3 greedy outputs identical" in human.stdout
    assert "x output tokens/s" in human.stdout and "n/a" not in human.stdout.split("Baseline")[1]
    b = same.json()["baseline"]
    assert b["server"]["speculative"]["enabled"] is False
    assert b["lossless"] is True and b["compared"] == 6 and b["differing"] == []
    assert b["speedup"]["tpot"] > 1.3 and b["speedup"]["output_tokens_per_s"] > 1.2


def test_baseline_that_differs_is_listed() -> None:
    """A baseline whose greedy output differs (here a stand-in answering other text)."""
    import httpx

    from specdiag.core.probe.run import ProbeConfig, run_probe
    from specdiag.core.probe.workload import builtin_prompts

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "tiny", "owned_by": "vllm"}]})
        if request.url.path == "/v1/chat/completions":
            body = json.loads(request.content)
            text = "the same" if "Translate" in body["messages"][0]["content"] else "other words"
            return httpx.Response(
                200,
                json={
                    "choices": [{"message": {"content": text}, "finish_reason": "length"}],
                    "usage": {"completion_tokens": 2},
                },
            )
        return httpx.Response(404)

    prompts = builtin_prompts()[:6]
    with _server(flavor="vllm", steps=3) as spec:
        report = run_probe(
            ProbeConfig(
                url=spec.url,
                prompts=prompts,
                max_tokens=16,
                stream=False,
                baseline_url="http://base:1",
            ),
            baseline_transport=httpx.MockTransport(handler),
        )
    b = report.baseline
    assert b is not None and b.lossless is False and b.compared == 6
    assert len(b.differing) == 6  # the reference model never says "other words"
    assert [d[1] for d in b.differing] == [p.id for p in prompts]


def test_foreign_traffic_is_detected() -> None:
    import httpx

    with _server(flavor="vllm", steps=3, target_step_ms=1.0) as srv:
        stop = threading.Event()

        def hammer() -> None:
            with httpx.Client(base_url=srv.url) as c:
                while not stop.is_set():
                    c.post(
                        "/v1/completions",
                        json={
                            "model": "specdiag/reference-tiny",
                            "prompt": "other user",
                            "max_tokens": 32,
                        },
                    )

        t = threading.Thread(target=hammer, daemon=True)
        t.start()
        try:
            res = _probe(srv.url, "-n", "6", "--max-tokens", "32")
            human = run_cli(["probe", srv.url, "-n", "6", "--max-tokens", "32"])
        finally:
            stop.set()
            t.join(10)
    doc = res.json()
    assert doc["counters"]["foreign_traffic"] is True
    assert doc["accept_length"]["polluted"] is True
    assert any("other traffic" in w for w in doc["warnings"])
    # the human view says so next to the numbers, not only in a warning on stderr
    assert "POLLUTED by other traffic" in human.stdout


def test_ctrl_c_reports_what_was_gathered() -> None:
    with _server(flavor="sglang", steps=3, target_step_ms=2.0) as srv:
        stop = threading.Event()

        def interrupt_after_three_requests() -> None:  # Ctrl-C in the middle of the run
            while not stop.is_set():
                if srv.truth()["counts"]["requests_finished"] >= 3:
                    signal.raise_signal(signal.SIGINT)
                    return
                stop.wait(0.02)

        watcher = threading.Thread(target=interrupt_after_three_requests, daemon=True)
        watcher.start()
        try:
            res = _probe(srv.url, "-n", "400", "-c", "4", "--max-tokens", "64")
        finally:
            stop.set()
            watcher.join(5)
    assert res.exit_code == 130
    doc = res.json()
    assert doc["interrupted"] is True
    assert 0 < doc["requests"]["sent"] < 400
    assert doc["accept_length"]["pooled"] is not None
    # the requests cancelled in flight generated tokens this run never saw: that is this run's
    # own traffic, not someone else's
    assert doc["counters"]["foreign_traffic"] is False
    assert not any("other traffic" in w for w in doc["warnings"]), doc["warnings"]
    assert any("cancelled in flight" in w for w in doc["warnings"]), doc["warnings"]


def test_human_view_and_no_progress_bar_without_tty(tmp_path: Path) -> None:
    prompts = tmp_path / "p.jsonl"
    prompts.write_text(
        "\n".join(
            json.dumps(
                {
                    "messages": [{"role": "user", "content": f"tell me about rivers {i}"}],
                    "category": c,
                }
            )
            for i, c in enumerate(["geo", "geo", "code"])
        )
    )
    with _server(flavor="sglang", steps=3) as srv:
        res = run_cli(
            [
                "probe",
                srv.url,
                "--prompts",
                str(prompts),
                "--max-tokens",
                "24",
                "--acc",
                "0.75",
                "--request-rate",
                "50",
                "--warmup",
                "2",
            ]
        )
    assert res.exit_code == 0, res.stderr
    out = res.stdout
    for needle in (
        "Acceptance (this run only",
        "accept length, pooled",
        "Latency (ms)",
        "TTFT",
        "ITL (per chunk)",
        "By category",
        "geo",
        "Verdict:",
    ):
        assert needle in out, needle
    assert "probing" not in res.stderr and "\x1b[" not in res.stderr  # no bar, no colour
    assert "note:" in res.stderr and "sglang" in res.stderr  # what was detected


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    yield


def test_progress_bar_on_a_terminal_and_credentials_in_the_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from rich.console import Console

    import specdiag.cli._output as output
    from specdiag.core.probe.run import redact_url

    buf = io.StringIO()
    real = output.make_console

    def fake(stderr: bool = False) -> Console:
        if stderr:
            return Console(file=buf, force_terminal=True, width=100, no_color=True)
        return real(stderr)

    monkeypatch.setattr(output, "make_console", fake)
    with _server(flavor="llamacpp", steps=3) as srv:
        url = srv.url.replace("http://", "http://probe:hunter2@")
        res = _probe(url, "-n", "4", "--max-tokens", "16")
    assert res.exit_code == 0, res.stderr
    assert "probing" in buf.getvalue()  # the bar, drawn on the (fake) terminal only
    assert "hunter2" not in res.stdout + res.stderr + buf.getvalue()
    assert res.json()["server"]["url"] == srv.url
    assert redact_url("https://u:p@h:8443/v1/?key=s") == "https://h:8443/v1"


def test_failed_run_leaves_no_save_file_and_unknown_model_is_noted(tmp_path: Path) -> None:
    save = tmp_path / "run.jsonl"
    res = run_cli(["probe", f"http://127.0.0.1:{_closed_port()}", "--save", str(save)])
    assert res.exit_code == 3 and not save.exists()
    with _server(flavor="vllm", steps=3) as srv:
        res = _probe(srv.url, "-n", "2", "--max-tokens", "8", "--model", "no-such-model")
    doc = res.json()
    assert any("no-such-model" in n for n in doc["notes"])
    assert doc["requests"]["errors"] == {"http_404": 2}


def test_counters_per_request_gives_llamacpp_per_request_lengths() -> None:
    with _server(flavor="llamacpp", steps=4, acceptance="0.7") as srv:
        res = _probe(srv.url, "-n", "12", "--max-tokens", "48", "--counters-per-request")
        truth = srv.truth(include_requests=True)
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    a = doc["accept_length"]
    assert a["source"] == "per-request" and a["requests_with_data"] == 12
    assert a["pooled"] == pytest.approx(truth["measured"]["accept_length"])
    # each request's own accept length, exactly as the server counted it
    per_request = sorted(1 + r["accepted_drafts"] / r["verify_steps"] for r in truth["requests"])
    assert a["per_request_mean"] == pytest.approx(sum(per_request) / 12)
    assert a["p50"] == pytest.approx((per_request[5] + per_request[6]) / 2)
    assert all(row["accept_length"] is not None for row in doc["by_category"])
    assert doc["workload"]["counters_per_request"] is True
    bad = run_cli(["probe", srv.url, "--counters-per-request", "-c", "2"])
    assert bad.exit_code == 2 and "--concurrency 1" in bad.stderr


def test_server_that_accepts_but_never_answers_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    import specdiag.core.probe.run as run_mod

    monkeypatch.setattr(run_mod, "_DISCOVERY_TIMEOUT_S", 0.5)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(64)  # the kernel completes connections; nobody ever reads or answers
        res = run_cli(["probe", f"http://127.0.0.1:{s.getsockname()[1]}", "-n", "1"])
    assert res.exit_code == 3
    assert "did not answer within" in res.stderr and "hint:" in res.stderr


def test_a_short_timeout_bounds_the_discovery_of_a_hanging_server() -> None:
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(64)
        t0 = time.perf_counter()
        res = run_cli(["probe", f"http://127.0.0.1:{s.getsockname()[1]}", "--timeout", "0.5"])
        took = time.perf_counter() - t0
    assert res.exit_code == 3
    assert "did not answer within 0.5 s" in res.stderr
    assert took < 5  # not the 10 s discovery default


def test_server_dying_mid_run_is_recorded_and_the_run_ends() -> None:
    srv = _server(flavor="vllm", steps=3, target_step_ms=2.0)
    stop = threading.Event()

    def kill_after_four() -> None:
        while not stop.is_set():
            if srv.truth()["counts"]["requests_finished"] >= 4:
                srv.stop()
                return
            stop.wait(0.02)

    killer = threading.Thread(target=kill_after_four, daemon=True)
    try:
        killer.start()
        res = _probe(srv.url, "-n", "30", "-c", "1", "--max-tokens", "32", "--timeout", "5")
    finally:
        stop.set()
        killer.join(5)
        srv.stop()
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    req = doc["requests"]
    assert req["sent"] == 30 and req["ok"] >= 4 and req["failed"] >= 20
    assert set(req["errors"]) <= {"connect", "connection_reset", "truncated_stream"}
    # normally the after-run scrape fails too (a shutting-down server may still answer it)
    scrape_warned = any("could not read /metrics" in w for w in doc["warnings"])
    assert scrape_warned == (doc["counters"] is None)
