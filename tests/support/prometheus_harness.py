"""A real Prometheus (Debian's ``prometheus`` package) for tests and benchmarks.

``Prometheus.start(targets, ...)`` writes a scrape configuration, starts ``prometheus`` on a free
loopback port with its own data directory and waits until it is ready. ``backfill()`` turns
OpenMetrics text into TSDB blocks with ``promtool tsdb create-blocks-from openmetrics`` (run
before start, into the same data directory). ``make test`` installs the package when missing
(Makefile target ``prometheus``).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx


class PrometheusMissing(RuntimeError):
    pass


def binaries() -> tuple[str, str]:
    prom = shutil.which("prometheus")
    tool = shutil.which("promtool")
    if not prom or not tool:
        raise PrometheusMissing(
            "prometheus / promtool not found: run `make prometheus` (apt-get install prometheus)"
        )
    return prom, tool


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Target:
    job: str
    address: str  # host:port
    labels: Mapping[str, str] = field(default_factory=dict)
    metrics_path: str = "/metrics"


def scrape_config(
    targets: Sequence[Target], interval: float, rule_files: Sequence[Path] = ()
) -> str:
    """A prometheus.yml (JSON is valid YAML) with one scrape job per (job, path)."""
    import json

    jobs: dict[tuple[str, str], list[Target]] = {}
    for t in targets:
        jobs.setdefault((t.job, t.metrics_path), []).append(t)
    doc: dict[str, Any] = {
        "global": {"scrape_interval": _d(interval), "evaluation_interval": _d(interval)},
        "rule_files": [str(p) for p in rule_files],
        "scrape_configs": [
            {
                "job_name": job if path == "/metrics" else f"{job}{path.replace('/', '_')}",
                "metrics_path": path,
                "scrape_interval": _d(interval),
                "scrape_timeout": _d(max(0.5, interval * 0.8)),
                "static_configs": [
                    {"targets": [t.address], "labels": {"job": job, **dict(t.labels)}}
                    for t in members
                ],
            }
            for (job, path), members in jobs.items()
        ],
    }
    return json.dumps(doc, indent=1)


def _d(seconds: float) -> str:
    return f"{round(seconds * 1000)}ms"


def backfill(openmetrics: str, data_dir: Path, work: Path) -> None:
    """Write ``openmetrics`` (ending in ``# EOF``) as TSDB blocks into ``data_dir``."""
    _, tool = binaries()
    work.mkdir(parents=True, exist_ok=True)
    data_dir.mkdir(parents=True, exist_ok=True)
    src = work / "history.om"
    src.write_text(openmetrics)
    out = subprocess.run(
        [tool, "tsdb", "create-blocks-from", "openmetrics", str(src), str(data_dir)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if out.returncode != 0:
        raise RuntimeError(f"promtool backfill failed: {out.stdout[-2000:]} {out.stderr[-2000:]}")


class Prometheus:
    def __init__(self, proc: subprocess.Popen[bytes], port: int, workdir: Path) -> None:
        self.proc = proc
        self.port = port
        self.workdir = workdir
        self.url = f"http://127.0.0.1:{port}"

    @classmethod
    def start(
        cls,
        workdir: Path,
        targets: Sequence[Target],
        *,
        interval: float = 1.0,
        rule_files: Sequence[Path] = (),
        data_dir: Path | None = None,
        timeout: float = 30.0,
    ) -> Prometheus:
        prom, _ = binaries()
        workdir.mkdir(parents=True, exist_ok=True)
        data = data_dir or workdir / "data"
        data.mkdir(parents=True, exist_ok=True)
        cfg = workdir / "prometheus.yml"
        cfg.write_text(scrape_config(targets, interval, rule_files))
        port = free_port()
        log = (workdir / "prometheus.log").open("wb")
        proc = subprocess.Popen(
            [
                prom,
                f"--config.file={cfg}",
                f"--storage.tsdb.path={data}",
                f"--web.listen-address=127.0.0.1:{port}",
                "--storage.tsdb.retention.time=30d",
                "--web.enable-lifecycle",
                "--log.level=warn",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self = cls(proc, port, workdir)
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"prometheus exited {proc.returncode}: "
                    + (workdir / "prometheus.log").read_text()[-2000:]
                )
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/-/ready", timeout=1.0).status_code == 200:
                    return self
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("prometheus did not become ready")
            time.sleep(0.1)

    def query(self, expr: str, at: float | None = None) -> list[dict[str, Any]]:
        params = {"query": expr}
        if at is not None:
            params["time"] = f"{at:.3f}"
        r = httpx.get(self.url + "/api/v1/query", params=params, timeout=30)
        r.raise_for_status()
        data: list[dict[str, Any]] = r.json()["data"]["result"]
        return data

    def wait_scraped(self, jobs: Iterable[str], after: float, timeout: float = 30.0) -> None:
        """Wait until every target of ``jobs`` has been scraped successfully after ``after``."""
        want = set(jobs)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            r = httpx.get(self.url + "/api/v1/targets", timeout=10).json()["data"]
            active = [t for t in r["activeTargets"] if t["labels"].get("job") in want]
            ok = bool(active) and all(
                t["health"] == "up" and _ts(t["lastScrape"]) > after for t in active
            )
            if ok:
                return
            time.sleep(0.2)
        raise RuntimeError(f"targets of {sorted(want)} not scraped after {after}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _ts(text: str) -> float:
    from datetime import datetime

    t = text.replace("Z", "+00:00")
    # Prometheus prints nanoseconds; fromisoformat takes at most microseconds
    if "." in t:
        head, rest = t.split(".", 1)
        frac = "".join(ch for ch in rest if ch.isdigit())
        tz = rest[len(frac) :]
        t = f"{head}.{frac[:6]}{tz}"
    return datetime.fromisoformat(t).timestamp()
