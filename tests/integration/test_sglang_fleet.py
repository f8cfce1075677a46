"""``specdiag fleet`` and ``specdiag exporter`` against the REAL SGLang server's ``/metrics`` and
log, through a real Prometheus (Debian's package) scraping it every second while requests run.

The server is the session's shared one of tests/integration/test_sglang_facts.py (the 10-layer
tiny target, the EAGLE-3 draft trained for ids [1, 4, 7], a chain of 3 steps, one ``Decode batch``
line per verify step): its draft accepts 0 or 1 draft token per verify step, so the log's lines
sum to exact counts over the same requests, and every figure below is checked against them.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.support import paths
from tests.support.cli import run_cli
from tests.support.exporter_process import read_document, spawn_exporter
from tests.support.prometheus_harness import Prometheus, PrometheusMissing, Target, binaries
from tests.support.realservers import Metrics, RealServer, RealServers

DECODE = re.compile(
    r"^\[[\d\- :.]+\] Decode batch, #running-req: (?P<run>\d+), .*?accept len: (?P<len>[\d.]+), "
    r"accept rate: (?P<rate>[\d.]+),",
    re.MULTILINE,
)
PROMPTS = [
    "the quick brown fox jumps over the lazy dog.",
    "speculative decoding drafts tokens with a small model",
    "once upon a time there was a server",
    "a replica of a fleet scraped by prometheus",
]
MAX_NEW = 16
RULES = paths.REPO / "specdiag" / "deploy" / "recording-rules.yml"

pytestmark = pytest.mark.timeout(900)


@dataclass
class Window:
    prom: Prometheus
    srv: RealServer
    exporter_url: str
    start: float
    end: float
    before: Metrics
    after: Metrics
    log: str  # the server's log over the window's requests
    requests: int


def _generate(srv: RealServer, prompt: str) -> dict[str, Any]:
    body = {
        "text": prompt,
        "sampling_params": {"max_new_tokens": MAX_NEW, "temperature": 0, "ignore_eos": True},
    }
    meta: dict[str, Any] = srv.post_json("/generate", body, timeout=300)["meta_info"]
    return meta


@pytest.fixture(scope="module", name="w")
def window(real_servers: RealServers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Window]:
    try:
        binaries()
    except PrometheusMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    srv = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)
    srv.post_json(
        "/generate", {"text": "warm", "sampling_params": {"max_new_tokens": 2}}, timeout=300
    )
    work = tmp_path_factory.mktemp("sglang-fleet")
    exporter = spawn_exporter(
        "--logs", str(srv.log_path), "--follow", "--engine", "sglang", "--replica", "sglang-real",
    )  # fmt: skip
    prom = None
    try:
        exporter_url = read_document(exporter)["url"]
        targets = [
            Target("sglang", f"127.0.0.1:{srv.port}"),
            Target("exporter", exporter_url.split("//", 1)[1].split("/", 1)[0]),
        ]
        rules = work / "recording-rules.yml"
        rules.write_text(RULES.read_text().replace("interval: 30s", "interval: 1s"))
        prom = Prometheus.start(work / "prom", targets, interval=1.0, rule_files=[rules])
        offset = srv.wait_quiet()
        # the window starts before a scrape of the quiet server: its first sample holds the
        # counters' values before the traffic (a start taken after that scrape would leave the
        # steps run before the next scrape outside the window)
        start = time.time()
        prom.wait_scraped(["sglang", "exporter"], after=start)
        before = srv.metrics()
        # two at a time: batches of two requests, and requests finishing while others run
        with cf.ThreadPoolExecutor(2) as ex:
            list(ex.map(lambda p: _generate(srv, p), PROMPTS))
        end_off = srv.wait_quiet()
        after = srv.metrics()
        prom.wait_scraped(["sglang"], after=time.time() + 0.05)
        prom.wait_scraped(["sglang", "exporter"], after=time.time() + 0.05)
        end = time.time()
        log = srv.log_text(offset)[: end_off - offset]
        yield Window(prom, srv, exporter_url, start, end, before, after, log, len(PROMPTS))
    finally:
        if prom is not None:
            prom.stop()
        exporter.send_signal(signal.SIGTERM)
        try:
            exporter.wait(15)
        except subprocess.TimeoutExpired:
            exporter.kill()


def _fleet(w: Window, *args: str) -> tuple[int, dict[str, Any], str]:
    r = run_cli(["fleet", w.prom.url, "--json", "--selector", '{job="sglang"}', *args])
    doc = json.loads(r.stdout) if r.stdout.strip() else {}
    return r.exit_code, doc, r.stderr


def _delta(w: Window, name: str) -> float:
    return w.after.value(name) - w.before.value(name)


def test_fleet_window_is_the_counters_ratio_checked_against_the_log(w: Window) -> None:
    lines = [(float(m["len"]), int(m["run"])) for m in DECODE.finditer(w.log)]
    steps = _delta(w, "sglang:spec_verify_calls_total")
    gen = _delta(w, "sglang:generation_tokens_total")
    assert lines, w.log[-2000:]
    # one line per decode step (--decode-log-interval 1); SGLang's accept len is the accepted
    # tokens of the step's requests / its batch size (#running-req), so the lines weighted by
    # batch size pool to accepted tokens / per-request verify steps, and those steps are exactly
    # the verify counter's (0.5.23's metrics_reporter adds the batch size per step)
    assert sum(run for _, run in lines) == steps
    log_al = sum(al * run for al, run in lines) / steps
    code, doc, err = _fleet(w, "--start", f"{w.start:.3f}", "--end", f"{w.end:.3f}", "--step", "2s")
    assert code == 0, err
    (rep,) = doc["replicas"]
    assert rep["engine"] == "sglang" and rep["source"] == "counters"
    # exactly the server's own counter deltas over the window
    assert rep["verify_steps"] == steps and rep["generated_tokens"] == gen
    assert rep["accept_length"] == pytest.approx(gen / steps)
    # the bias is the prefill token of each request: at most requests / verify steps (less
    # when max_new_tokens cut a request's last step short)
    bias = rep["accept_length"] - log_al
    per_request = w.requests / steps
    assert -0.5 / steps <= bias <= per_request + 1e-9, (rep["accept_length"], log_al)
    # two requests ran together: some lines are batches of two
    assert any(run == 2 for _, run in lines)
    warned = " ".join(doc["warnings"])
    assert "generation_tokens_total / spec_verify_calls_total" in warned
    assert "prefill" in warned and "requests / verify steps" in warned


def test_names_are_stored_escaped_and_the_recording_rules_read_them(w: Window) -> None:
    """Prometheus negotiates OpenMetrics, and SGLang's prometheus_client escapes the colon of
    every sample name: the series are stored as sglang_...; the shipped recording rules (and
    fleet, above) read both spellings."""
    names = httpx.get(w.prom.url + "/api/v1/label/__name__/values", timeout=10).json()["data"]
    assert "sglang_spec_verify_calls_total" in names, [n for n in names if "sglang" in n]
    res = w.prom.query('specdiag:spec_verify_steps:rate5m{job="sglang"}', w.end)
    assert res and res[0]["metric"]["engine"] == "sglang"
    assert float(res[0]["value"][1]) > 0


def test_fleet_never_presents_the_gauge_as_the_window(w: Window) -> None:
    """The gauge is the last logged interval; a window with no finished request has no accept
    length, however recent the gauge's value is."""
    gauge = w.after.value("sglang:spec_accept_length")
    last = float(list(DECODE.finditer(w.log))[-1]["len"])
    assert gauge == pytest.approx(last)  # what the gauge holds: the last line, not the window
    # an idle window right after the traffic: the counters do not move, the gauge still holds
    # the last interval's value
    time.sleep(3.0)
    now = time.time()
    w.prom.wait_scraped(["sglang"], after=now)
    code, doc, err = _fleet(w, "--start", f"{w.end + 0.5:.3f}", "--end", f"{time.time():.3f}")
    (rep,) = doc["replicas"]
    assert rep["source"] == "none" and rep["accept_length"] is None, rep
    assert rep["verify_steps"] == 0
    assert any("gauge" in n and "last" in n for n in doc["warnings"] + doc["notes"]), doc
    assert code == 0, err  # a report, with no figure for the window (no --min-accept-len)


def test_exporter_follows_the_real_log(w: Window) -> None:
    """The exporter, following the server's log, publishes the log's own accept length (the
    lines' drafted-token-weighted mean: every line is one step of 3 draft tokens here)."""
    everything = [float(m["len"]) for m in DECODE.finditer(w.srv.log_text(0))]
    res = w.prom.query('specdiag_accept_length{job="exporter",rank=""}', w.end)
    (sample,) = res
    assert sample["metric"]["engine"] == "sglang" and sample["metric"]["source"] == "logs"
    assert sample["metric"]["replica"] == "sglang-real"
    # the lines written up to the exporter's last scrape (the module's requests, plus the other
    # modules' on this shared server); a later line can only be one step away
    assert float(sample["value"][1]) == pytest.approx(
        sum(everything) / len(everything), abs=1.0 / len(everything) + 0.005
    )
    samples = w.prom.query('specdiag_samples{job="exporter",rank=""}', w.end)
    assert float(samples[0]["value"][1]) == pytest.approx(len(everything), abs=1)
    share = w.prom.query('specdiag_cuda_graph_false_share{job="exporter"}', w.end)
    assert float(share[0]["value"][1]) == 1.0  # every line says "cpu graph: False"
    # fleet reads the exporter's figure as already normalised
    r = run_cli(
        ["fleet", w.prom.url, "--json", "--selector", '{job="exporter"}',
         "--start", f"{w.start:.3f}", "--end", f"{w.end:.3f}"]
    )  # fmt: skip
    assert r.exit_code == 0, r.stderr
    (rep,) = json.loads(r.stdout)["replicas"]
    assert rep["source"] == "exporter" and rep["engine"] == "specdiag"
    assert rep["accept_length"] == pytest.approx(float(sample["value"][1]), abs=0.1)


def test_exporter_probe_of_the_real_server_is_its_log(real_servers: RealServers) -> None:
    """``exporter --probe``: the published accept length is the probe's run-scoped figure
    (per-request meta_info, the prefill token NOT counted), which equals the server's own
    Decode batch lines over the probe's requests, weighted by batch size."""
    srv = real_servers.sglang(target="t10", draft="1_4_7", decode_log_interval=1)
    # the first request after start is SGLang's warm-up (tens of seconds on a busy machine):
    # out of the probe, whose requests time out after 60 s
    srv.post_json(
        "/generate", {"text": "warm", "sampling_params": {"max_new_tokens": 2}}, timeout=300
    )
    offset = srv.wait_quiet()
    exporter = spawn_exporter(
        "--probe", srv.url, "--interval", "3600", "--probe-requests", "2",
        "--probe-max-tokens", "12",
    )  # fmt: skip
    try:
        url = read_document(exporter)["url"]
        deadline = time.monotonic() + 600
        value = None
        while value is None and time.monotonic() < deadline:
            text = httpx.get(url, timeout=10).text
            m = Metrics.parse(text)
            try:
                value = m.value("specdiag_accept_length", source="probe", rank="")
            except (KeyError, AssertionError, ValueError):
                time.sleep(1.0)
        assert value is not None, text
        steps = m.value("specdiag_verify_steps", source="probe", rank="")
        assert m.value("specdiag_samples", source="probe", rank="") == 2  # no request lost
    finally:
        exporter.send_signal(signal.SIGTERM)
        try:
            exporter.wait(15)
        except subprocess.TimeoutExpired:
            exporter.kill()
    end = srv.wait_quiet()
    lines = [
        (float(x["len"]), int(x["run"]))
        for x in DECODE.finditer(srv.log_text(offset)[: end - offset])
    ]
    assert sum(run for _, run in lines) == steps
    assert value == pytest.approx(sum(al * run for al, run in lines) / steps, abs=1e-9)
