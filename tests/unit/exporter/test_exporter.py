"""``specdiag exporter``: the /metrics page, its sources, signals and assets."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from specdiag.errors import UsageError
from specdiag.exporter import ExporterConfig, start_exporter
from specdiag.refserver import make_config, start_server
from tests.support import paths
from tests.support.cli import run_cli

REPO = paths.REPO
SAMPLES = REPO / "tests" / "data" / "logs" / "engine_log_samples.txt"


def _scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = httpx.get(url + "/metrics", timeout=10).text
    out: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            key = (s.name, tuple(sorted(s.labels.items())))
            assert key not in out, f"duplicate sample {key}"
            out[key] = s.value
    return out


def _get(
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> list[float]:
    return [
        v
        for (n, lab), v in samples.items()
        if n == name and all(dict(lab).get(k) == w for k, w in labels.items())
    ]


def test_logs_read_once_are_published_per_engine_and_rank() -> None:
    cfg = ExporterConfig(logs=(str(SAMPLES),), port=0, replica="node-1", acc=(0.8,), steps=3)
    with start_exporter(cfg) as exp:
        s = _scrape(exp.url)
    engines = {dict(lab)["engine"] for (n, lab) in s if n == "specdiag_accept_length"}
    assert {"sglang", "vllm", "llamacpp", "trtllm"} <= engines
    (vllm_al,) = _get(
        s, "specdiag_accept_length", engine="vllm", rank="", source="logs", replica="node-1"
    )
    (vllm_d,) = _get(s, "specdiag_accepted_drafts_per_step", engine="vllm", rank="")
    assert vllm_d == pytest.approx(vllm_al - 1)
    pos = _get(s, "specdiag_position_acceptance", engine="vllm", kind="unconditional", rank="")
    assert len(pos) == 3 and pos == sorted(pos, reverse=True)
    assert len(_get(s, "specdiag_accept_length", engine="sglang")) >= 3  # total + ranks
    assert _get(s, "specdiag_expected_accept_length", steps="3") == [pytest.approx(2.952)]
    assert _get(s, "specdiag_source_up", kind="logs") == [1.0]


def test_logs_are_read_in_one_process() -> None:
    """A large log is not cut into byte ranges by the exporter: a daemon beside the server it
    watches takes one CPU, not every one, at each re-read."""
    import threading

    from specdiag.exporter.sources import LogsSource
    from specdiag.exporter.store import Store

    cfg = ExporterConfig(logs=(str(SAMPLES),), port=0)
    source = LogsSource(cfg, Store(), threading.Event())
    assert source.options.workers == 1


def test_logs_followed_as_they_grow(tmp_path: Path) -> None:
    log = tmp_path / "sglang.log"
    log.write_text("")
    srv = start_server(
        make_config(
            flavor="sglang",
            steps=3,
            acceptance="0.7",
            log=str(log),
            target_step_ms=0.2,
            draft_step_ms=0,
            decode_log_interval=5,
        )
    )
    try:
        with start_exporter(ExporterConfig(logs=(str(log),), follow=True, port=0)) as exp:
            assert _get(_scrape(exp.url), "specdiag_accept_length") == []
            with httpx.Client(timeout=30) as c:
                for _ in range(20):
                    c.post(
                        srv.url + "/v1/completions",
                        json={"prompt": "hi", "max_tokens": 64, "ignore_eos": True},
                    )
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                got = _get(_scrape(exp.url), "specdiag_accept_length", engine="sglang", rank="")
                if got:
                    break
                time.sleep(0.3)
            expected = srv.truth()["speculative"]["expected_accept_length"]
            assert got and got[0] == pytest.approx(expected, abs=0.3)
    finally:
        srv.stop()


def test_probe_source_and_a_failing_probe_is_withdrawn() -> None:
    srv = start_server(
        make_config(flavor="vllm", steps=3, acceptance="0.9", target_step_ms=0.2, draft_step_ms=0)
    )
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        closed = sk.getsockname()[1]
    try:
        cfg = ExporterConfig(
            probes=(srv.url, f"http://127.0.0.1:{closed}"), interval_s=1.0, probe_requests=2, port=0
        )
        with start_exporter(cfg) as exp:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                s = _scrape(exp.url)
                if _get(s, "specdiag_accept_length", source="probe") and _get(
                    s, "specdiag_source_errors_total", kind="probe", target=f"127.0.0.1:{closed}"
                ) != [0.0]:
                    break
                time.sleep(0.3)
        target = srv.url.split("//", 1)[1]
        (al,) = _get(s, "specdiag_accept_length", source="probe", replica=target, engine="vllm")
        assert 1.0 < al <= 4.0
        assert _get(s, "specdiag_source_up", kind="probe", target=target) == [1.0]
        assert _get(s, "specdiag_source_up", kind="probe", target=f"127.0.0.1:{closed}") == [0.0]
        assert _get(s, "specdiag_accept_length", replica=f"127.0.0.1:{closed}") == []
    finally:
        srv.stop()


def test_config_validation() -> None:
    with pytest.raises(UsageError, match="nothing to export"):
        ExporterConfig()
    with pytest.raises(UsageError):
        ExporterConfig(logs=("x",), interval_s=0.1)
    with pytest.raises(UsageError):
        ExporterConfig(probes=("http://x",), follow=True)
    with pytest.raises(UsageError, match="--steps only matters with --acc"):
        ExporterConfig(logs=("x",), steps=3)  # the API meets the CLI's rule
    for url in ("ftp://x", "http://[::1", "http://x:99999"):  # refused as probe refuses them
        with pytest.raises(UsageError, match="server URL"):
            ExporterConfig(probes=(url,))
    with pytest.raises(UsageError, match="--timeout"):
        ExporterConfig(probes=("http://x",), probe_timeout_s=-1)


ARGS = (
    "python -m sglang.launch_server --model-path m --speculative-algorithm EAGLE3 "
    "--speculative-draft-model-path d --speculative-num-steps 3 --speculative-eagle-topk 1 "
    "--speculative-num-draft-tokens 4"
)


def test_doctor_check_status_is_exported() -> None:
    from specdiag.core.doctor.context import DoctorInputs
    from specdiag.core.doctor.run import run_doctor

    want = run_doctor(DoctorInputs(server_args=ARGS, logs=(str(SAMPLES),)))
    cfg = ExporterConfig(logs=(str(SAMPLES),), server_args=ARGS, port=0)
    with start_exporter(cfg) as exp:
        s = _scrape(exp.url)
    got = {dict(lab)["check"]: v for (n, lab), v in s.items() if n == "specdiag_check_status"}
    codes = {"pass": 0.0, "warn": 1.0, "fail": 2.0}
    assert got == {c.check: codes[c.status.value] for c in want.checks if c.status.value in codes}
    assert got["server-args"] == 0.0 and 1.0 in got.values()
    assert _get(s, "specdiag_doctor_findings") == [float(len(want.findings))]
    assert _get(s, "specdiag_source_up", kind="doctor") == [1.0]


def test_doctor_flags_through_the_cli(tmp_path: Path) -> None:
    f = tmp_path / "args.txt"
    f.write_text(ARGS)
    r = run_cli(
        ["exporter", "--server-args", f"@{f}", "--port", "0", "--duration", "0.2", "--json"]
    )
    assert r.exit_code == 0, r.stderr
    r = run_cli(["exporter", "--server-args", "@/nonexistent/args", "--port", "0"])
    assert r.exit_code == 3 and "cannot read --server-args" in r.stderr
    r = run_cli(["exporter", "--doctor", "--doctor-interval", "1", "--port", "0"])
    assert r.exit_code == 2 and "--doctor-interval" in r.stderr


@pytest.mark.integration  # end to end: a real process and a real signal
def test_a_signal_during_the_first_log_read_stops_the_exporter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """run_logs turns Ctrl-C / SIGTERM into a partial result; the exporter used to go on and
    serve (forever without --duration), exiting 0: the signal was lost."""
    from types import SimpleNamespace

    import specdiag.core.logs.run as logs_run

    real = logs_run.run_logs

    def interrupted(paths: list[str], options: object, **kw: object) -> object:
        res = real(paths, options, **kw)  # type: ignore[arg-type]
        return SimpleNamespace(report=res.report, interrupted=True)

    monkeypatch.setattr(logs_run, "run_logs", interrupted)
    log = tmp_path / "s.log"
    log.write_text("nothing speculative here\n")
    t0 = time.monotonic()
    r = run_cli(["exporter", "--logs", str(log), "--port", "0", "--duration", "30"])
    assert r.exit_code == 130, r.stderr
    assert time.monotonic() - t0 < 20
