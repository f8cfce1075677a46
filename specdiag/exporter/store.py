"""The figures the exporter serves: a thread-safe map of readings, rendered at scrape time."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prometheus_client.core import Metric

# an unreadable check (a config value of the wrong type) is not a pass: it has its own code
STATUS_CODES = {"pass": 0.0, "warn": 1.0, "fail": 2.0, "unreadable": 3.0}


@dataclass(frozen=True)
class Reading:
    """One source's normalised figures for one engine / replica / rank."""

    engine: str
    replica: str
    source: str  # "probe" or "logs"
    rank: str = ""
    accept_length: float | None = None  # bonus included
    accept_rate: float | None = None
    per_position_unconditional: tuple[float, ...] = ()
    per_position_conditional: tuple[float, ...] = ()
    cuda_graph_false_share: float | None = None
    samples: int = 0  # log records or probe requests behind the figures
    verify_steps: float | None = None
    updated: float = field(default_factory=time.time)

    @property
    def accepted_per_step(self) -> float | None:
        return None if self.accept_length is None else self.accept_length - 1.0


# a Reading's field -> its gauge (no sample where the field is None); the per-position gauge
# comes after the first three
_READING_GAUGES = (
    ("accept_length", "specdiag_accept_length",
     "Accept length, bonus token included (1 + accepted drafts per verify step)."),
    ("accepted_per_step", "specdiag_accepted_drafts_per_step",
     "Accepted draft tokens per verify step (bonus excluded)."),
    ("accept_rate", "specdiag_accept_rate", "Accepted draft tokens / drafted tokens."),
    ("cuda_graph_false_share", "specdiag_cuda_graph_false_share",
     "Share of SGLang decode log lines with cuda graph: False."),
    ("samples", "specdiag_samples", "Log records or probe requests behind the figures."),
    ("verify_steps", "specdiag_verify_steps", "Verify steps behind the figures, where known."),
    ("updated", "specdiag_last_update_timestamp_seconds", "When the figures were computed."),
)  # fmt: skip


class Store:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._readings: dict[tuple[str, str], list[Reading]] = {}  # (source kind, source id)
        self.up: dict[tuple[str, str], bool] = {}
        self.errors: dict[tuple[str, str], int] = {}
        self.runs: dict[tuple[str, str], int] = {}
        self.last_success: dict[tuple[str, str], float] = {}
        self.last_error: dict[tuple[str, str], str] = {}
        self.expected: tuple[float, int] | None = None  # (accept length, steps)
        self.checks: list[tuple[str, str, str]] = []  # doctor: (check, family, status)
        self.findings: int | None = None

    def put(self, kind: str, ident: str, readings: list[Reading]) -> None:
        with self._lock:
            self._readings[(kind, ident)] = readings
            self._succeeded((kind, ident))

    def put_checks(self, checks: list[tuple[str, str, str]], findings: int) -> None:
        with self._lock:
            self.checks = checks
            self.findings = findings
            self._succeeded(("doctor", "checks"))

    def _succeeded(self, key: tuple[str, str]) -> None:
        self.up[key] = True
        self.runs[key] = self.runs.get(key, 0) + 1
        self.last_success[key] = time.time()

    def fail(self, kind: str, ident: str, message: str) -> None:
        """A failed run: its figures are withdrawn (never served stale), the error counted."""
        with self._lock:
            self._readings.pop((kind, ident), None)
            if kind == "doctor":
                self.checks, self.findings = [], None
            self.up[(kind, ident)] = False
            self.errors[(kind, ident)] = self.errors.get((kind, ident), 0) + 1
            self.runs[(kind, ident)] = self.runs.get((kind, ident), 0) + 1
            self.last_error[(kind, ident)] = message

    def down(self) -> list[str]:
        """One line per source that is down now: never succeeded, or its last run failed."""
        with self._lock:
            out = []
            for (kind, ident), up in sorted(self.up.items()):
                if up:
                    continue
                key = (kind, ident)
                errors, runs = self.errors.get(key, 0), self.runs.get(key, 0)
                if not runs:
                    out.append(f"{kind} {ident}: no run finished (still in flight at the stop)")
                    continue
                when = "never succeeded" if key not in self.last_success else "last run failed"
                out.append(
                    f"{kind} {ident}: {when} ({errors} of {runs} run(s) failed); last error: "
                    f"{self.last_error.get(key, '?')}"
                )
            return out

    def register(self, kind: str, ident: str) -> None:
        with self._lock:
            self.up.setdefault((kind, ident), False)

    def collect(self) -> Iterator[Metric]:
        """What a scrape serves (a prometheus_client collector), read under the store's lock."""
        with self._lock:
            return iter(list(self._families()))

    def _families(self) -> Iterator[Metric]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        base = ["engine", "replica", "source", "rank"]
        fams = {f: GaugeMetricFamily(n, doc, labels=base) for f, n, doc in _READING_GAUGES}
        pos = GaugeMetricFamily(
            "specdiag_position_acceptance",
            "Acceptance per draft position: unconditional P(position accepted) or conditional "
            "P(accepted | previous accepted).",
            labels=[*base, "position", "kind"],
        )
        seen: set[tuple[str, ...]] = set()
        for r in (x for rs in self._readings.values() for x in rs):
            v = [r.engine, r.replica, r.source, r.rank]
            if tuple(v) in seen:  # two sources naming the same series: the first one wins
                continue
            seen.add(tuple(v))
            for name, fam in fams.items():
                value = getattr(r, name)
                if value is not None:
                    fam.add_metric(v, float(value))
            for i, u in enumerate(r.per_position_unconditional):
                pos.add_metric([*v, str(i + 1), "unconditional"], u)
            for i, c in enumerate(r.per_position_conditional):
                pos.add_metric([*v, str(i + 1), "conditional"], c)
        gauges = list(fams.values())
        yield from (*gauges[:3], pos, *gauges[3:])
        exp = GaugeMetricFamily(
            "specdiag_expected_accept_length",
            "Accept length expected from training accuracy (--acc), bonus included.",
            labels=["steps"],
        )
        if self.expected is not None:
            exp.add_metric([str(self.expected[1])], self.expected[0])
        yield exp
        status = GaugeMetricFamily(
            "specdiag_check_status",
            "specdiag doctor check: 0 pass, 1 warn, 2 fail, 3 unreadable (skipped checks are left "
            "out).",
            labels=["check", "family"],
        )
        for check, family, st in self.checks:
            code = STATUS_CODES.get(st)
            if code is not None:
                status.add_metric([check, family], code)
        yield status
        if self.findings is not None:
            fnd = GaugeMetricFamily(
                "specdiag_doctor_findings",
                "specdiag doctor: checks that warn, fail or could not read a config value.",
            )
            fnd.add_metric([], float(self.findings))
            yield fnd
        up = GaugeMetricFamily(
            "specdiag_source_up",
            "1 when the source's last run succeeded.",
            labels=["kind", "target"],
        )
        errs = CounterMetricFamily(
            "specdiag_source_errors", "Failed runs of a source.", labels=["kind", "target"]
        )
        runs = CounterMetricFamily(
            "specdiag_source_runs", "Runs of a source.", labels=["kind", "target"]
        )
        for key, ok in self.up.items():
            up.add_metric(list(key), 1.0 if ok else 0.0)
            errs.add_metric(list(key), float(self.errors.get(key, 0)))
            runs.add_metric(list(key), float(self.runs.get(key, 0)))
        yield from (up, errs, runs)
