"""The exporter's sources: thin adapters over the probe and logs cores' public entry points."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from specdiag.errors import SpecdiagError, UsageError
from specdiag.exporter.config import ExporterConfig
from specdiag.exporter.store import Reading, Store

if TYPE_CHECKING:
    from specdiag.core.logs.analyze import LogsReport
    from specdiag.core.logs.summary import SeriesStats


class ProbeSource:
    """Probe one server every ``interval_s`` (a few requests, ``core.probe.run_probe``)."""

    kind = "probe"

    def __init__(self, url: str, cfg: ExporterConfig, store: Store, stop: threading.Event) -> None:
        self.url = url
        p = urlsplit(url)  # a URL ExporterConfig has read: host and port parse
        self.ident = f"{p.hostname or url}:{p.port}" if p.port else p.hostname or url
        self.cfg = cfg
        self.store = store
        self.stop = stop
        store.register(self.kind, self.ident)

    def run_once(self) -> None:
        from specdiag.core.probe.run import ProbeConfig, run_probe
        from specdiag.core.probe.workload import builtin_prompts

        cfg = self.cfg
        pcfg = ProbeConfig(
            url=self.url,
            prompts=builtin_prompts(),
            num_requests=cfg.probe_requests,
            max_tokens=cfg.probe_max_tokens,
            timeout_s=cfg.probe_timeout_s,
            api_key=cfg.api_key,
            retries=1,
        )
        try:
            report = run_probe(pcfg)
        except SpecdiagError as exc:
            self.store.fail(self.kind, self.ident, exc.message)
            return
        m = report.main
        a = m.accept
        if not any(r.ok for r in m.results):
            self.store.fail(self.kind, self.ident, "every probe request failed")
            return
        self.store.put(
            self.kind,
            self.ident,
            [
                Reading(
                    engine=m.server.engine.value,
                    replica=self.ident,
                    source="probe",
                    accept_length=a.pooled,
                    accept_rate=a.accept_rate,
                    per_position_unconditional=tuple(a.per_position_unconditional),
                    per_position_conditional=tuple(a.per_position_conditional),
                    samples=a.requests_with_data,
                    verify_steps=float(a.verify_steps) if a.verify_steps is not None else None,
                )
            ],
        )

    def loop(self) -> None:
        while not self.stop.is_set():
            self.run_once()
            self.stop.wait(self.cfg.interval_s)


class LogsSource:
    """Engine logs, read once or followed: ``core.logs.run.run_logs`` does the reading."""

    kind = "logs"

    def __init__(
        self,
        cfg: ExporterConfig,
        store: Store,
        stop: threading.Event,
        warn: Callable[[str], None] = lambda _m: None,
    ) -> None:
        from specdiag.core.logs.run import LogsOptions, inspect_inputs

        self.warn = warn
        self.cfg = cfg
        self.store = store
        self.stop = stop
        self.ident = ",".join(cfg.logs)
        self.replica = cfg.replica or socket.gethostname()
        # one process: a daemon beside the server it watches does not take every CPU (nor fork
        # its HTTP threads) at each re-read of a large log
        self.options = LogsOptions(engine=cfg.engine, follow=cfg.follow, workers=1)
        self.warned_overflow = False
        # a missing or unreadable file: InputError now, not later; followed, a file that does
        # not exist yet is waited for (a pod's log may appear after the exporter starts)
        present = [p for p in cfg.logs if not cfg.follow or p == "-" or os.path.lexists(p)]
        if present:
            inspect_inputs(present)
        store.register(self.kind, self.ident)

    def publish(self, rep: LogsReport) -> None:
        from specdiag.core.logs.analyze import OVERFLOW_RANK

        if self.cfg.follow:
            missing = self._missing()
            if missing is not None:  # the path is gone or became a pipe: down until it is back
                self.store.fail(self.kind, self.ident, f"{missing}: not a regular file now")
                return
        out: list[Reading] = []
        for eng, summ in rep.summary.items():
            parts = [("", summ.stats)]
            overflow: list[SeriesStats] = []
            if len(summ.ranks) > 1:
                # the engine's total has rank ""; lines without a rank tag are "untagged"; past
                # MAX_RANK_SERIES ranks the least sampled are served as one "overflow" series
                # (the logs core pools the tags past its own cap as rank "overflow" already)
                pooled = summ.ranks.get(OVERFLOW_RANK)
                ranks = sorted(
                    ((r, st) for r, st in summ.ranks.items() if r != OVERFLOW_RANK),
                    key=lambda kv: -kv[1].records,
                )
                fits = len(ranks) <= MAX_RANK_SERIES and pooled is None
                kept = ranks if fits else ranks[: MAX_RANK_SERIES - 1]
                overflow = [st for _, st in ranks[len(kept) :]] + ([pooled] if pooled else [])
                parts += [(r or "untagged", st) for r, st in kept]
                if overflow and not self.warned_overflow:
                    self.warned_overflow = True
                    core = next((w for w in summ.stats.warnings if OVERFLOW_RANK in w), None)
                    self.warn(
                        f"logs: {core or f'{len(ranks)} rank tags'} in {eng} logs; the "
                        f"{len(kept)} with the most records are served per rank, the others "
                        'together as rank="overflow"'
                    )
            if overflow:
                out.append(_overflow_reading(str(eng), self.replica, overflow))
            for rank, st in parts:
                out.append(
                    Reading(
                        engine=str(eng),
                        replica=self.replica,
                        source="logs",
                        rank=rank,
                        accept_length=_length(st),
                        accept_rate=st.pooled_accept_rate
                        if st.pooled_accept_rate is not None
                        else (st.accept_rate.mean if st.accept_rate is not None else None),
                        per_position_unconditional=tuple(p.unconditional for p in st.per_position),
                        per_position_conditional=tuple(p.conditional for p in st.per_position),
                        cuda_graph_false_share=st.cuda_graph_false_share,
                        samples=st.records,
                    )
                )
        self.store.put(self.kind, self.ident, out)

    def read_once(self) -> None:
        """Read every file to its end and publish (InputError when one cannot be read)."""
        from specdiag.core.logs.run import run_logs

        result = run_logs(list(self.cfg.logs), self.options)
        if result.interrupted:  # Ctrl-C / SIGTERM while reading: the exporter stops, not serves
            raise KeyboardInterrupt
        self.publish(result.report)

    def loop(self) -> None:
        """Follow the files until the exporter stops, publishing about once a second. A file
        that does not exist yet is waited for; the supervisor starts this again when it ends
        (the path became a pipe, was replaced, ...)."""
        from specdiag.core.logs.run import run_logs

        missing = self._missing()
        if missing:
            self.store.fail(self.kind, self.ident, f"waiting for {missing} to appear")
            while self._missing() and not self.stop.wait(0.5):
                pass
            if self.stop.is_set():
                return
        try:
            result = run_logs(
                list(self.cfg.logs),
                self.options,
                on_tick=self.publish,
                should_stop=self.stop.is_set,
            )
            self.publish(result.report)
        except (SpecdiagError, OSError) as exc:  # (a SpecdiagError's text is its message)
            self.store.fail(self.kind, self.ident, str(exc))

    def _missing(self) -> str | None:
        for p in self.cfg.logs:
            if p != "-" and not os.path.isfile(p):
                return p  # absent, or (for now) a directory, pipe or socket
        return None


MAX_RANK_SERIES = 64  # rank label values served per engine; the rest in one overflow series


def _length(st: SeriesStats) -> float | None:
    """A series' accept length: weighted by verify steps where the lines allow it."""
    al = st.accept_length
    return None if al is None else float(al.central)


def _overflow_reading(engine: str, replica: str, stats: list[SeriesStats]) -> Reading:
    """The ranks past the cap as one series: records summed, means weighted by records."""
    total = sum(st.records for st in stats)

    def mean(pick: Callable[[SeriesStats], float | None]) -> float | None:
        picked = [(pick(st), st.records) for st in stats]
        pairs = [(v, n) for v, n in picked if v is not None and n]
        weight = sum(n for _, n in pairs)
        return float(sum(v * n for v, n in pairs) / weight) if weight else None

    return Reading(
        engine=engine,
        replica=replica,
        source="logs",
        rank="overflow",
        accept_length=mean(_length),
        accept_rate=mean(lambda st: st.pooled_accept_rate),
        samples=total,
    )


class DoctorSource:
    """``specdiag doctor``'s checks (``core.doctor.run.run_doctor``), re-run every interval."""

    kind = "doctor"

    def __init__(self, cfg: ExporterConfig, store: Store, stop: threading.Event) -> None:
        from specdiag.core.doctor.context import DoctorInputs

        self.cfg = cfg
        self.store = store
        self.stop = stop
        self.ident = "checks"
        self.inputs = DoctorInputs(
            server=cfg.probes[0] if len(cfg.probes) == 1 else None,
            logs=tuple(p for p in cfg.logs if p != "-"),
            draft=cfg.draft,
            target=cfg.target,
            server_args=cfg.server_args,
            acc=cfg.acc,
            steps=cfg.steps,
            acc_kind=cfg.acc_kind.value,
            engine=cfg.engine,
            api_key=cfg.api_key,
        )
        store.register(self.kind, self.ident)

    def run_once(self) -> None:
        """Run the checks; a usage error (bad evidence flags) propagates, the rest is counted.
        A Ctrl-C or SIGTERM the doctor caught to keep its partial report stops the exporter."""
        from specdiag.core.doctor.run import run_doctor

        try:
            report = run_doctor(self.inputs)
        except UsageError:
            raise
        except SpecdiagError as exc:
            self.store.fail(self.kind, self.ident, exc.message)
            return
        if report.interrupted:
            raise KeyboardInterrupt
        self.store.put_checks(
            [(c.check, c.family, c.status.value) for c in report.checks], len(report.findings)
        )

    def loop(self) -> None:
        while not self.stop.wait(self.cfg.doctor_interval_s):
            try:
                self.run_once()
            except UsageError as exc:  # noqa: PERF203 - evidence no longer valid since the start
                self.store.fail(self.kind, self.ident, exc.message)
