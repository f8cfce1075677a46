"""``specdiag fleet`` and the exporter against a REAL Prometheus (Debian's package).

One Prometheus for the module, on loopback with a 1 s scrape interval, scraping:
three reference servers (vllm, sglang, llamacpp flavours; the llamacpp one configured worse),
the real llama.cpp server (synthetic per-position acceptance), and ``specdiag exporter``
(following the sglang server's log, probing a fourth reference server). Its data directory
also holds 8 hours of history backfilled with ``promtool tsdb create-blocks-from openmetrics``.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import json
import math
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from specdiag.refserver import make_config, start_server
from tests.support import paths
from tests.support.cli import run_cli
from tests.support.exporter_process import read_document, spawn_exporter
from tests.support.fleet_history import Replica, generate, truth
from tests.support.prometheus_harness import (
    Prometheus,
    PrometheusMissing,
    Target,
    backfill,
    binaries,
)
from tests.support.realservers import RealServer, RealServers

REPO = paths.REPO
DEPLOY = REPO / "specdiag" / "deploy"
SYNTH = (0.9, 0.7, 0.5, 0.3, 0.1)  # llama.cpp --spec-synth-rates: unconditional, AL 3.5
HIST_INTERVAL = 30.0
HOUR = 3600.0


def _require_prometheus() -> None:
    try:
        binaries()
    except PrometheusMissing as exc:
        pytest.fail(str(exc), pytrace=False)


@dataclass
class Live:
    prom: Prometheus
    refs: dict[str, Any]  # name -> refserver handle
    llama: RealServer | None
    llama_before: dict[str, float]
    llama_after: dict[str, float]
    start: float
    end: float
    exporter_url: str
    sglang_log: Path
    hist: list[Replica]
    hist_start: float
    hist_end: float


def _llama_counters(srv: RealServer) -> dict[str, float]:
    m = srv.metrics()
    out = {
        "steps": m.value("llamacpp:spec_decode_num_drafts_total", 0.0),
        "acc": m.value("llamacpp:spec_decode_num_accepted_tokens_total", 0.0),
    }
    for pos, v in m.by_label(
        "llamacpp:spec_decode_num_accepted_tokens_per_pos_total", "position"
    ).items():
        out[f"pos{pos}"] = v
    return out


def _traffic(name: str, url: str, n: int, tokens: int) -> None:
    path = "/completion" if name.startswith("llama") else "/v1/completions"
    with httpx.Client(timeout=60) as c:
        for i in range(n):
            body = {
                "prompt": f"request {i} about speculative decoding",
                "max_tokens": tokens,
                "n_predict": tokens,
                "temperature": 0,
                "ignore_eos": True,
                "cache_prompt": False,
            }
            c.post(url + path, json=body).raise_for_status()


def _history(now: float) -> tuple[list[Replica], float, float]:
    end = math.floor((now - 2 * HOUR) / 60) * 60  # well before the live head block
    start = end - 8 * HOUR
    healthy = lambda t: 2.8  # noqa: E731
    decline_from = end - 6 * HOUR
    reps = [
        Replica("h0", healthy),
        Replica("h1", healthy, reset_at=end - 3 * HOUR + 15),
        Replica("h2", healthy),
        Replica(
            "h3",
            lambda t: 2.8 if t <= decline_from else 2.8 - 1.0 * (t - decline_from) / (6 * HOUR),
        ),
        Replica("h4", lambda t: 2.8 if t <= end - 4 * HOUR else 1.05),
    ]
    return reps, start, end


@pytest.fixture(scope="module")
def live(real_servers: RealServers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    _require_prometheus()
    work = tmp_path_factory.mktemp("fleet")
    hist, hstart, hend = _history(time.time())
    om = generate(hist, hstart, hend, HIST_INTERVAL)
    backfill(om, work / "data", work)

    llama: RealServer | None
    try:  # SPECDIAG_SKIP_REAL_SERVERS=1 (quick local runs): everything but the llama.cpp part
        llama = real_servers.llamacpp(draft="random", synth_rates=SYNTH, fresh=True)
    except pytest.skip.Exception:
        llama = None
    sglang_log = work / "sglang.log"
    fast = {"target_step_ms": 0.2, "draft_step_ms": 0.0}
    refs = {
        "vllm": start_server(make_config(flavor="vllm", steps=3, acceptance="0.8", seed=1, **fast)),
        "sglang": start_server(
            make_config(
                flavor="sglang",
                steps=3,
                acceptance="0.8",
                seed=2,
                log=str(sglang_log),
                decode_log_interval=10,
                **fast,
            )
        ),
        "bad": start_server(
            make_config(flavor="llamacpp", steps=4, acceptance="0.3", seed=3, **fast)
        ),
        "probed": start_server(
            make_config(flavor="vllm", steps=3, acceptance="0.6", seed=4, **fast)
        ),
    }
    exporter = spawn_exporter(
        "--logs",
        str(sglang_log),
        "--follow",
        "--replica",
        "sglang-ref",
        "--probe",
        refs["probed"].url,
        "--interval",
        "2",
        "--probe-requests",
        "2",
        "--acc",
        "0.8",
        "--steps",
        "3",
    )
    prom = None
    try:
        doc = read_document(exporter)
        exporter_url = doc["url"]
        rules = []
        for name in ("recording-rules.yml", "alert-rules.yml"):
            text = (DEPLOY / name).read_text().replace("interval: 30s", "interval: 1s")
            (work / name).write_text(text)
            rules.append(work / name)
        targets = [
            Target("live", u.split("//", 1)[1])
            for k, u in ((k, r.url) for k, r in refs.items() if k != "probed")
        ]
        if llama is not None:
            targets.append(Target("live", f"127.0.0.1:{llama.port}"))
        targets.append(Target("exporter", exporter_url.split("//", 1)[1].split("/", 1)[0]))
        prom = Prometheus.start(
            work / "prom", targets, interval=1.0, rule_files=rules, data_dir=work / "data"
        )
        start = time.time() - 0.5
        prom.wait_scraped(["live", "exporter"], after=time.time())
        before = _llama_counters(llama) if llama is not None else {}
        jobs = [
            ("vllm", refs["vllm"].url, 40, 64),
            ("sglang", refs["sglang"].url, 40, 64),
            ("bad", refs["bad"].url, 40, 64),
        ]
        if llama is not None:
            jobs.append(("llama", llama.url, 10, 128))
        with cf.ThreadPoolExecutor(4) as ex:
            for f in [ex.submit(_traffic, *j) for j in jobs]:
                f.result()
        after = _llama_counters(llama) if llama is not None else {}
        prom.wait_scraped(["live"], after=time.time() + 0.05)
        prom.wait_scraped(["live", "exporter"], after=time.time() + 0.05)
        end = time.time()
        yield Live(
            prom,
            refs,
            llama,
            before,
            after,
            start,
            end,
            exporter_url,
            sglang_log,
            hist,
            hstart,
            hend,
        )
    finally:
        if prom is not None:
            prom.stop()
        exporter.send_signal(signal.SIGTERM)
        try:
            exporter.wait(15)
        except subprocess.TimeoutExpired:
            exporter.kill()
        for r in refs.values():
            r.stop()


def _fleet(live: Live, *args: str) -> tuple[int, dict[str, Any], str]:
    r = run_cli(["fleet", live.prom.url, "--json", *args])
    doc = json.loads(r.stdout) if r.stdout.strip() else {}
    return r.exit_code, doc, r.stderr


def _live_args(live: Live) -> list[str]:
    return [
        "--selector",
        '{job="live"}',
        "--since",
        f"{live.start:.3f}",
        "--until",
        f"{live.end:.3f}",
        "--step",
        "2s",
    ]


def _by_instance(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["labels"].get("instance", r["replica"]): r for r in doc["replicas"]}


# ------------------------------------------------------------------ live replicas


def test_each_replica_reproduces_its_configured_truth(live: Live) -> None:
    code, doc, err = _fleet(live, *_live_args(live))
    assert code == 0, err
    reps = _by_instance(doc)
    for name in ("vllm", "sglang", "bad"):
        srv = live.refs[name]
        t = srv.truth()
        rep = reps[srv.url.split("//", 1)[1]]
        c = t["counts"]
        assert rep["source"] == "counters"
        if name == "sglang":  # generation tokens / verify calls, per finished request
            assert rep["accept_length"] == pytest.approx(
                c["completion_tokens"] / c["verify_steps"], abs=1e-9
            )
        else:  # exactly the server's own counter delta
            assert rep["verify_steps"] == c["verify_steps"]
            assert rep["accepted_drafts"] == c["accepted_drafts"]
            assert rep["accept_length"] == pytest.approx(t["measured"]["accept_length"], abs=1e-12)
            assert rep["per_position_unconditional"] == pytest.approx(
                t["measured"]["per_position_unconditional"], abs=1e-12
            )
        se = t["measured"]["standard_error"] or 0.02
        expected = t["speculative"]["expected_accept_length"]
        assert abs(rep["accept_length"] - expected) < max(5 * se, 0.05) + (
            0.05 if name == "sglang" else 0
        )
    # the real llama.cpp: its own counters' delta, and the configured synthetic rates
    if live.llama is None:
        pytest.skip("the real llama.cpp server is skipped (SPECDIAG_SKIP_REAL_SERVERS)")
    llama = reps[f"127.0.0.1:{live.llama.port}"]
    b, a = live.llama_before, live.llama_after
    assert llama["engine"] == "llamacpp"
    assert llama["verify_steps"] == a["steps"] - b["steps"]
    assert llama["accepted_drafts"] == a["acc"] - b["acc"]
    assert llama["accept_length"] == pytest.approx(
        1 + (a["acc"] - b["acc"]) / (a["steps"] - b["steps"])
    )
    assert llama["per_position_unconditional"][0] == pytest.approx(
        (a["pos0"] - b.get("pos0", 0.0)) / (a["steps"] - b["steps"])
    )
    assert llama["accept_length"] == pytest.approx(1 + sum(SYNTH), abs=0.35)


def test_the_bad_replica_is_the_outlier(live: Live) -> None:
    code, doc, err = _fleet(live, *_live_args(live), "--fail-on-outlier")
    assert code == 1, err
    bad = live.refs["bad"].url.split("//", 1)[1]
    assert [o["replica"] for o in doc["outliers"]] == [f"live/{bad}"]
    o = doc["outliers"][0]
    assert o["gap"] > 1.0 and o["deficit"] > 0.5 and o["since"] is not None
    assert "1 outlier replica(s)" in err and "hint:" in err
    code, doc, err = _fleet(live, *_live_args(live), "--min-accept-len", "2")
    assert code == 1 and doc["check"]["below"] == [f"live/{bad}"]


def test_human_view_has_a_table_with_sparklines(live: Live) -> None:
    r = run_cli(["fleet", live.prom.url, *_live_args(live)])
    assert r.exit_code == 0, r.stderr
    assert "OUTLIER" in r.stdout and "accept len" in r.stdout
    assert re.search("[▁▂▃▄▅▆▇█]", r.stdout)


def test_recording_rules_agree_with_fleet(live: Live) -> None:
    _, doc, _ = _fleet(live, *_live_args(live))
    reps = _by_instance(doc)
    res = live.prom.query('specdiag:spec_accept_length:rate5m{job="live"}', live.end)
    got = {s["metric"]["instance"]: float(s["value"][1]) for s in res}
    assert set(got) >= {live.refs[k].url.split("//", 1)[1] for k in ("vllm", "sglang", "bad")}
    for inst, value in got.items():
        assert value == pytest.approx(reps[inst]["accept_length"], abs=0.15), inst
    rules = httpx.get(live.prom.url + "/api/v1/rules", timeout=10).json()["data"]["groups"]
    health = {r["name"]: r["health"] for g in rules for r in g["rules"]}
    assert len(health) == 10 and set(health.values()) == {"ok"}, health


def test_dashboard_queries_are_valid_promql(live: Live) -> None:
    dash = json.loads((DEPLOY / "grafana-dashboard.json").read_text())
    exprs = [t["expr"] for p in dash["panels"] for t in p["targets"]]
    assert len(exprs) >= 8
    titles = " ".join(p["title"] for p in dash["panels"]).lower()
    for want in (
        "per replica",
        "per draft position",
        "expected vs observed",
        "cuda graphs",
        "running requests",
    ):
        assert want in titles
    for e in exprs:
        q = e.replace("$instance", ".*").replace("$engine", ".*")
        r = httpx.get(live.prom.url + "/api/v1/query", params={"query": q}, timeout=10).json()
        assert r["status"] == "success", (e, r)


def test_exporter_is_scraped_and_read_by_fleet(live: Live) -> None:
    res = live.prom.query('specdiag_accept_length{job="exporter"}', live.end)
    by_source = {
        s["metric"]["source"]: float(s["value"][1])
        for s in res
        if s["metric"].get("rank", "") == ""
    }
    assert set(by_source) == {"logs", "probe"}
    assert by_source["logs"] == pytest.approx(2.952, abs=0.25)  # the sglang server's log
    assert by_source["probe"] == pytest.approx(2.176, abs=0.6)  # 2 requests per probe
    exp = live.prom.query("specdiag_expected_accept_length", live.end)
    assert float(exp[0]["value"][1]) == pytest.approx(2.952)
    up = live.prom.query("specdiag_source_up", live.end)
    assert {float(s["value"][1]) for s in up} == {1.0}
    code, doc, err = _fleet(
        live,
        "--selector",
        '{job="exporter"}',
        "--since",
        f"{live.start:.3f}",
        "--until",
        f"{live.end:.3f}",
    )
    assert code == 0, err
    srcs = {r["labels"]["source"]: r for r in doc["replicas"]}
    assert srcs["logs"]["source"] == "exporter" and srcs["logs"]["engine"] == "specdiag"


# ------------------------------------------------------------------ backfilled history


def test_long_window_from_backfilled_history(live: Live) -> None:
    start, end = live.hist_start + 60, live.hist_end
    code, doc, err = _fleet(
        live,
        "--selector",
        '{job="history"}',
        "--since",
        f"{start}",
        "--until",
        f"{end}",
        "--step",
        "10m",
    )
    assert code == 0, err
    assert doc["window"]["buckets"] == math.ceil((end - start) / 600)
    reps = _by_instance(doc)
    for r in live.hist:
        steps, acc, pos = truth(r, start, end)
        got = reps[r.instance]
        assert got["verify_steps"] == steps and got["accepted_drafts"] == acc, r.instance
        assert got["accept_length"] == pytest.approx(1 + acc / steps)
        assert got["per_position_unconditional"] == pytest.approx([p / steps for p in pos])
    assert reps["h1"]["counter_resets"] >= 1
    assert reps["h3"]["trend"]["declining"] and not reps["h0"]["trend"]["declining"]
    assert reps["h4"]["collapses"] and reps["h4"]["outlier"]
    h4 = next(o for o in doc["outliers"] if o["replica"] == "history/h4")
    from specdiag.core.timespec import parse_instant

    since = parse_instant(h4["since"], "since")
    assert abs(since - (live.hist_end - 4 * HOUR)) <= 600 + 1
    assert h4["until"] is None
    assert not reps["h0"]["outlier"] and not reps["h2"]["outlier"]


# ------------------------------------------------------------------ errors: exit 3


def test_prometheus_down_wrong_url_empty_selector_timeout(live: Live) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    r = run_cli(["fleet", f"http://127.0.0.1:{closed}", "--since", "5m"])
    assert r.exit_code == 3 and "cannot reach Prometheus" in r.stderr and "hint:" in r.stderr

    r = run_cli(["fleet", live.refs["vllm"].url, "--since", "5m"])  # an engine, not Prometheus
    assert r.exit_code == 3 and "not a Prometheus HTTP API" in r.stderr and "hint:" in r.stderr

    r = run_cli(["fleet", live.prom.url, "--since", "5m", "--selector", '{job="no-such-job"}'])
    assert r.exit_code == 3 and "no speculative-decoding series" in r.stderr
    assert "no series at all match the selector" in r.stderr

    # a server that accepts the connection and never answers
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    conns: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            with contextlib.suppress(OSError):
                conns.append(srv.accept()[0])

    th = threading.Thread(target=accept, daemon=True)
    th.start()
    try:
        t0 = time.monotonic()
        r = run_cli(
            ["fleet", f"http://127.0.0.1:{srv.getsockname()[1]}", "--since", "5m", "--timeout", "1"]
        )
        assert r.exit_code == 3 and "did not answer within 2 s" in r.stderr and "hint:" in r.stderr
        assert time.monotonic() - t0 < 15
    finally:
        stop.set()
        th.join(2)
        for c in conns:
            c.close()
        srv.close()


# ------------------------------------------------------------------ rule files


def test_promtool_checks_the_rule_files() -> None:
    _require_prometheus()
    _, tool = binaries()
    out = subprocess.run(
        [
            tool,
            "check",
            "rules",
            str(DEPLOY / "recording-rules.yml"),
            str(DEPLOY / "alert-rules.yml"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "SUCCESS: 7 rules found" in out.stdout and "SUCCESS: 3 rules found" in out.stdout


def _cumulative(increments: list[float]) -> str:
    total, out = 0.0, ["0"]
    for inc in increments:
        total += inc
        out.append(f"{total:g}")
    return " ".join(out)


def test_alert_rules_fire_as_documented(tmp_path: Path) -> None:
    """promtool's rule unit tests: the low-accept-length and the 6-hour-decline alerts."""
    _require_prometheus()
    _, tool = binaries()
    n = 96  # 8 hours at 5 minutes
    decline = [540.0 if i < 24 else 540.0 - 300.0 * (i - 24) / (n - 24) for i in range(n)]
    low_labels = {"severity": "warning", "job": "v", "instance": "low", "engine": "vllm"}
    doc = {
        "rule_files": [str(DEPLOY / "recording-rules.yml"), str(DEPLOY / "alert-rules.yml")],
        "evaluation_interval": "1m",
        "tests": [
            {
                "interval": "1m",
                "input_series": [
                    {
                        "series": 'vllm:spec_decode_num_drafts_total{job="v",instance="low"}',
                        "values": "0+60x40",
                    },
                    {
                        "series": 'vllm:spec_decode_num_accepted_tokens_total{job="v",instance="low"}',
                        "values": "0+6x40",
                    },
                    {
                        "series": 'vllm:spec_decode_num_drafts_total{job="v",instance="ok"}',
                        "values": "0+60x40",
                    },
                    {
                        "series": 'vllm:spec_decode_num_accepted_tokens_total{job="v",instance="ok"}',
                        "values": "0+90x40",
                    },
                ],
                "alert_rule_test": [
                    {"eval_time": "8m", "alertname": "SpecDecodeAcceptLengthLow", "exp_alerts": []},
                    {
                        "eval_time": "25m",
                        "alertname": "SpecDecodeAcceptLengthLow",
                        "exp_alerts": [
                            {
                                "exp_labels": low_labels,
                                "exp_annotations": {
                                    "summary": "Accept length 1.10 < 1.2 on low (vllm)",
                                    "description": "Drafts are verified but almost never accepted for 10 minutes. Check the draft's aux layer ids, vocab mapping and chat template (specdiag doctor, specdiag logs).",
                                },
                            }
                        ],
                    },
                ],
            },
            {
                "interval": "5m",
                "input_series": [
                    {
                        "series": 'vllm:spec_decode_num_drafts_total{job="v",instance="decl"}',
                        "values": f"0+300x{n}",
                    },
                    {
                        "series": 'vllm:spec_decode_num_accepted_tokens_total{job="v",instance="decl"}',
                        "values": _cumulative(decline),
                    },
                    {
                        "series": 'vllm:spec_decode_num_drafts_total{job="v",instance="flat"}',
                        "values": f"0+300x{n}",
                    },
                    {
                        "series": 'vllm:spec_decode_num_accepted_tokens_total{job="v",instance="flat"}',
                        "values": f"0+540x{n}",
                    },
                ],
                "alert_rule_test": [
                    {
                        "eval_time": "3h",
                        "alertname": "SpecDecodeAcceptLengthDeclining",
                        "exp_alerts": [],
                    },
                    {
                        "eval_time": "8h",
                        "alertname": "SpecDecodeAcceptLengthDeclining",
                        "exp_alerts": [
                            {
                                "exp_labels": {**low_labels, "instance": "decl"},
                                "exp_annotations": {
                                    "summary": "Accept length on decl (vllm) declined steadily over 6 hours",
                                    "description": "Run `specdiag fleet <prometheus> --since 6h` to see since when and by how much.",
                                },
                            }
                        ],
                    },
                ],
            },
        ],
    }
    f = tmp_path / "rules_test.yml"
    f.write_text(json.dumps(doc))
    out = subprocess.run(
        [tool, "test", "rules", str(f)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "SUCCESS" in out.stdout
