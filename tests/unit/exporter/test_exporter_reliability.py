"""The exporter under hostile conditions: label cardinality capped with an overflow series, sources
supervised (a dying source is reported down and restarted), --follow waiting for a file that does
not exist yet, and a signal during the first doctor run never lost."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from specdiag.exporter import ExporterConfig, start_exporter
from specdiag.exporter.sources import MAX_RANK_SERIES
from tests.support.cli import run_cli
from tests.support.doctor import sglang_line, write_sglang_log


def _samples(url: str, name: str) -> list[tuple[dict[str, str], float]]:
    text = httpx.get(url + "/metrics", timeout=10).text
    return [
        (s.labels, s.value)
        for fam in text_string_to_metric_families(text)
        for s in fam.samples
        if s.name == name
    ]


def _wait(cond: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = cond()
        if got:
            return got
        time.sleep(0.1)
    return cond()


def test_rank_tags_past_the_cap_are_one_overflow_series(tmp_path: Path) -> None:
    n = MAX_RANK_SERIES + 40
    log = write_sglang_log(
        tmp_path / "s.log",
        [2.0 + (i % 5) / 10 for i in range(n)],
        ranks=[f"TP{i}" for i in range(n)],
    )
    warnings: list[str] = []
    with start_exporter(ExporterConfig(logs=(str(log),), port=0), warn=warnings.append) as exp:
        got = _samples(exp.url, "specdiag_accept_length")
    ranks = {lab["rank"] for lab, _ in got}
    assert len(ranks) == MAX_RANK_SERIES + 1  # the engine total (""), 63 ranks, "overflow"
    assert "overflow" in ranks and "" in ranks
    (over,) = [v for lab, v in got if lab["rank"] == "overflow"]
    assert 2.0 <= over <= 2.4
    assert len(warnings) == 1 and "overflow" in warnings[0] and str(n) in warnings[0]


def test_follow_waits_for_a_log_that_does_not_exist_yet(tmp_path: Path) -> None:
    log = tmp_path / "later.log"
    with start_exporter(ExporterConfig(logs=(str(log),), follow=True, port=0)) as exp:
        ups = _samples(exp.url, "specdiag_source_up")
        assert [v for lab, v in ups if lab["kind"] == "logs"] == [0.0]
        write_sglang_log(log, [2.5] * 30)
        got = _wait(lambda: _samples(exp.url, "specdiag_accept_length"))
        assert got and got[0][1] == pytest.approx(2.5)
        assert _wait(lambda: [v for lab, v in _samples(exp.url, "specdiag_source_up")] == [1.0])


def test_follow_survives_the_path_becoming_a_fifo_and_a_file_again(tmp_path: Path) -> None:
    log = tmp_path / "s.log"
    write_sglang_log(log, [2.0] * 10)
    warnings: list[str] = []
    cfg = ExporterConfig(logs=(str(log),), follow=True, port=0)
    with start_exporter(cfg, warn=warnings.append) as exp:
        assert _wait(lambda: _samples(exp.url, "specdiag_accept_length"))
        log.unlink()
        os.mkfifo(log)  # the path changes type under the follower
        assert _wait(lambda: [v for _, v in _samples(exp.url, "specdiag_source_up")] == [0.0])
        log.unlink()
        log.write_text("\n".join(sglang_line(3.0) for _ in range(10)) + "\n")
        # the new file's lines join the old ones: 10 at 2.0 and 10 at 3.0
        got = _wait(
            lambda: [v for _, v in _samples(exp.url, "specdiag_accept_length") if v > 2.4], 15
        )
        assert got == [pytest.approx(2.5, abs=0.01)], warnings


def test_a_source_that_crashes_is_reported_down_and_restarted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import specdiag.exporter.server as server
    from specdiag.exporter.sources import LogsSource

    monkeypatch.setattr(server, "RESTART_FIRST_S", 0.05)
    calls = []
    real = LogsSource.loop

    def flaky(self: LogsSource) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("boom\x1b[2J")
        real(self)

    monkeypatch.setattr(LogsSource, "loop", flaky)
    log = write_sglang_log(tmp_path / "s.log", [2.2] * 10)
    warnings: list[str] = []
    cfg = ExporterConfig(logs=(str(log),), follow=True, port=0)
    with start_exporter(cfg, warn=warnings.append) as exp:
        got = _wait(lambda: _samples(exp.url, "specdiag_accept_length"))
        errors = _samples(exp.url, "specdiag_source_errors_total")
    assert got and got[0][1] == pytest.approx(2.2)
    assert len(calls) >= 2
    assert any(v >= 1 for lab, v in errors if lab["kind"] == "logs")
    assert warnings and "crashed (RuntimeError: boom" in warnings[0]


def test_a_signal_during_the_first_doctor_run_stops_the_exporter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The doctor keeps its partial report on Ctrl-C / SIGTERM: the exporter must stop, not
    start serving."""
    from dataclasses import replace

    import specdiag.core.doctor.run as doctor_run

    real = doctor_run.run_doctor

    def interrupted(inputs: Any) -> Any:
        return replace(real(inputs), interrupted=True)

    monkeypatch.setattr(doctor_run, "run_doctor", interrupted)
    t0 = time.monotonic()
    r = run_cli(
        ["exporter", "--doctor", "--acc", "0.7", "--steps", "3", "--port", "0", "--duration", "30"]
    )
    assert r.exit_code == 130, r.stderr
    assert time.monotonic() - t0 < 20
