"""``doctor --server`` against the reference server (in-process): discovery, the short probe,
SGLang's /server_info settings, lifetime vs run, faults, an unreachable server."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.model import Status
from specdiag.core.doctor.run import run_doctor
from specdiag.refserver import make_config, start_server
from tests.support.cli import run_cli
from tests.support.doctor import by_id, write_draft, write_target


def _cfg(**kw: object) -> object:
    kw.setdefault("target_step_ms", 0.0)
    kw.setdefault("draft_step_ms", 0.0)
    return make_config(**kw)  # type: ignore[arg-type]


def test_server_sglang_below_with_lifetime_figure(tmp_path: Path) -> None:
    draft = write_draft(tmp_path / "draft", ids=[2, 30, 58])
    target = write_target(tmp_path / "target", layers=62)
    with start_server(
        _cfg(flavor="sglang", steps=5, accept_length=2.4, decode_log_interval=4)
    ) as srv:  # type: ignore[arg-type]
        # earlier traffic: the lifetime average covers it, the run-scoped figure does not
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            c.post("/generate", json={"text": "warm up", "sampling_params": {"max_new_tokens": 32}})
        rep = run_doctor(
            DoctorInputs(
                server=srv.url,
                draft=str(draft),
                target=str(target),
                acc=(0.75,),
                steps=5,
                probe_requests=6,
                probe_max_tokens=48,
            )
        )
    checks = by_id(rep)
    assert rep.engine == "sglang" and rep.engine_from and rep.engine_from.startswith("server")
    assert checks["aux-layer-ids"].status is Status.PASS
    assert checks["server-probe"].status is Status.PASS
    assert checks["tree-settings"].status is Status.PASS
    assert "server" in str(checks["tree-settings"].evidence[0].location)
    assert checks["lifetime-vs-run"].status in (Status.PASS, Status.WARN)
    assert "/server_info avg_spec_accept_length" in checks["lifetime-vs-run"].message
    assert (
        checks["rope-positions"].status is Status.PASS
    )  # /server_info context_length 4096 <= 8192
    assert rep.gap is not None and rep.gap.verdict == "below"
    assert abs(rep.gap.observed_accept_length - 2.4) < 0.35
    assert "probe" in rep.gap.observed_from


def test_server_context_beyond_the_draft(tmp_path: Path) -> None:
    draft = write_draft(tmp_path / "draft", max_pos=2048)
    with start_server(_cfg(flavor="sglang", steps=3, acceptance="0.7", max_model_len=32768)) as srv:  # type: ignore[arg-type]
        rep = run_doctor(
            DoctorInputs(server=srv.url, draft=str(draft), probe_requests=2, probe_max_tokens=16)
        )
    c = by_id(rep)["rope-positions"]
    assert c.status is Status.FAIL and "32768" in c.message


def test_server_with_faults_still_reports(tmp_path: Path) -> None:
    with start_server(_cfg(flavor="vllm", steps=3, acceptance="0.6", faults="500=0.3")) as srv:  # type: ignore[arg-type]
        r = run_cli(
            [
                "doctor",
                "--server",
                srv.url,
                "--acc",
                "0.6",
                "--probe-requests",
                "6",
                "--max-tokens",
                "32",
                "--json",
            ]
        )
    doc = r.json()
    assert doc["engine"] == "vllm"
    exp = next(c for c in doc["checks"] if c["check"] == "expected-vs-observed")
    assert exp["status"] in ("pass", "warn", "fail")  # decided, despite 30% of requests failing


def test_unreachable_server_other_checks_still_run(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    draft = write_draft(tmp_path / "draft")
    r = run_cli(
        [
            "doctor",
            "--server",
            f"http://127.0.0.1:{port}",
            "--draft",
            str(draft),
            "--json",
            "--timeout",
            "2",
        ]
    )
    doc = r.json()
    assert any(
        p["source"] == "server" and "cannot reach" in p["message"] for p in doc["input_problems"]
    )
    assert next(c for c in doc["checks"] if c["check"] == "d2t-t2d")["status"] == "pass"
    r = run_cli(["doctor", "--server", f"http://127.0.0.1:{port}", "--timeout", "2"])
    assert r.exit_code == 3 and "cannot reach" in r.stderr


def test_server_refusing_every_request(tmp_path: Path) -> None:
    with start_server(_cfg(flavor="sglang", steps=3, acceptance="0.7", faults="500=1.0")) as srv:  # type: ignore[arg-type]
        rep = run_doctor(DoctorInputs(server=srv.url, probe_requests=2, probe_max_tokens=8))
    c = by_id(rep)["server-probe"]
    assert c.status is Status.FAIL and "every probe request failed" in c.message


def test_server_info_launch_arguments_feed_the_command_line_checks(tmp_path: Path) -> None:
    """No --server-args: SGLang's /server_info (its ServerArgs) is read as the command line."""
    with start_server(
        _cfg(flavor="sglang", steps=3, topk=2, num_draft_tokens=5, acceptance="0.7")
    ) as srv:  # type: ignore[arg-type]
        rep = run_doctor(DoctorInputs(server=srv.url, probe_requests=2, probe_max_tokens=16))
    checks = by_id(rep)
    assert checks["server-args"].status is Status.PASS
    assert "/server_info" in checks["server-args"].evidence[0].value
    c = checks["tree-settings"]
    assert c.status is Status.PASS and "depth 3, topk 2, 5 of 11 nodes" in c.message
    assert checks["parallelism"].status is Status.PASS  # decided on the server's own arguments


def test_a_login_page_is_not_blamed_on_the_speculative_config(tmp_path: Path) -> None:
    """A URL that answers HTML (an auth proxy, a dashboard) used to fail server-probe with "the
    server cannot serve with this speculative configuration"; it is a probe that could not run."""
    import http.server
    import threading

    class Login(http.server.BaseHTTPRequestHandler):
        def _page(self) -> None:
            body = b"<html><body>Please log in</body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = _page

        def log_message(self, *a: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Login)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{srv.server_address[1]}"
        r = run_cli(["doctor", "--server", url, "--json"])
        c = next(c for c in r.json()["checks"] if c["check"] == "server-probe")
        assert c["status"] == "skipped" and "not an OpenAI-compatible endpoint" in c["message"]
        assert r.exit_code == 3  # the server was the only evidence
        d = write_draft(tmp_path / "d")
        r = run_cli(["doctor", "--server", url, "--draft", str(d), "--json"])
        assert r.exit_code == 0, r.stderr  # the draft is fine; the probe just did not run
    finally:
        srv.shutdown()
        srv.server_close()


def test_an_interrupted_probe_keeps_the_rest_of_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C / SIGTERM during the server probe used to lose the whole report (exit 143, no
    output); now the other checks still report, then the signal's exit code."""
    import specdiag.core.probe.run as probe_run

    def stopped(cfg: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(probe_run, "run_probe", stopped)
    d = write_draft(tmp_path / "d")
    rep = run_doctor(DoctorInputs(server="http://127.0.0.1:9", draft=str(d)))
    assert rep.interrupted
    checks = by_id(rep)
    assert checks["server-probe"].status is Status.SKIPPED
    assert "interrupted" in checks["server-probe"].message
    assert checks["d2t-t2d"].status is Status.PASS
    r = run_cli(["doctor", "--server", "http://127.0.0.1:9", "--draft", str(d), "--json"])
    assert r.exit_code == 130, r.stderr
    assert {c["check"]: c["status"] for c in r.json()["checks"]}["d2t-t2d"] == "pass"
