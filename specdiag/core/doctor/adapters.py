"""The doctor's only contact with the other cores (logs, probe, expected accept, hidden states):
each adapter calls one public entry point and turns its errors into an :class:`InputProblem`."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from specdiag.core.datafiles import document
from specdiag.core.doctor.cache_hits import KEYWORDS as CACHE_KEYWORDS
from specdiag.core.doctor.cache_hits import CacheEvidence, CacheHitScanner
from specdiag.core.doctor.model import Evidence, InputProblem, Segment
from specdiag.errors import SpecdiagError

if TYPE_CHECKING:
    import httpx

    from specdiag.core.accept import AcceptProfile, Judgement, Observation
    from specdiag.core.hidden.compare_results import CompareResult
    from specdiag.core.hidden.inspect import InspectReport
    from specdiag.core.logs.analyze import LogsReport
    from specdiag.core.probe.run import ProbeReport

# Log lines the statistics parser does not read but the doctor looks for (log_lines.json)
LOG_PATTERNS = {
    k: re.compile(p["regex"])
    for k, p in document("specdiag.core.doctor", "log_lines.json")["patterns"].items()
}
MAX_HITS = 5
# bytes every pattern above needs one of (a cheap test before the regular expressions)
_KEYWORDS = (
    *(k.encode() for k in document("specdiag.core.doctor", "log_lines.json")["keywords"]),
    *CACHE_KEYWORDS,
)


@dataclass(frozen=True)
class LogHit:
    kind: str
    path: str
    line_no: int
    text: str

    def evidence(self) -> Evidence:
        return Evidence("logs", f"{self.path}:{self.line_no}", self.text)


@dataclass(frozen=True)
class LogsEvidence:
    report: LogsReport | None
    hits: tuple[LogHit, ...]
    paths: tuple[str, ...]
    # each regular file's timeline split at restarts (files with no spec-decode line left out)
    segments: dict[str, tuple[Segment, ...]] = field(default_factory=dict)
    # accept length per prefix-cache hit share, per file that logs both (core.doctor.cache_hits)
    cache: tuple[CacheEvidence, ...] = ()


def analyze_logs(
    paths: Sequence[str], engine: str | None, engine_version: str | None
) -> tuple[LogsEvidence | None, list[InputProblem]]:
    """``specdiag logs``' entry point (``run_logs``) on the readable files, plus the doctor's own
    line patterns. An unreadable file is one problem; the others are still read."""
    from specdiag.core.logs.run import LogsOptions, inspect_inputs, run_logs
    from specdiag.core.logs.scan import open_path

    problems: list[InputProblem] = []
    good: list[str] = []
    for p in paths:
        try:
            inspect_inputs([p])
        except SpecdiagError as exc:
            problems.append(InputProblem("logs", p, exc.message))
            continue
        good.append(p)
    if not good:
        return None, problems
    try:
        result = run_logs(good, LogsOptions(engine=engine, engine_version=engine_version))
    except SpecdiagError as exc:
        problems.append(InputProblem("logs", ", ".join(good), exc.message))
        return None, problems
    if result.interrupted:  # the logs core keeps a partial read; the doctor must not go on
        raise KeyboardInterrupt
    from pathlib import Path

    from specdiag.core.doctor.checkpoint import not_a_regular_file

    hits: list[LogHit] = []
    segments: dict[str, tuple[Segment, ...]] = {}
    cache: list[CacheEvidence] = []
    for p in good:
        if p == "-":  # stdin was read once, by the logs core
            continue
        if not_a_regular_file(Path(p)) is not None:
            # a pipe or FIFO was read once by the logs core; opening it again would block
            # for a new writer (forever) or read nothing
            problems.append(
                InputProblem(
                    "logs",
                    p,
                    "a pipe: read once for the statistics; its error lines not scanned",
                    kind="partial",
                )
            )
            continue
        with contextlib.suppress(SpecdiagError, OSError):
            damaged: list[str] = []
            scanner = CacheHitScanner(p)
            segs = _scan_hits(p, open_path(p), hits, engine, engine_version, damaged, scanner)
            if segs:
                segments[p] = segs
            found = scanner.evidence()
            if found is not None:
                cache.append(found)
            problems.extend(InputProblem("logs", p, note) for note in damaged)
    evidence = LogsEvidence(result.report, tuple(hits), tuple(good), segments, cache=tuple(cache))
    return evidence, problems


def _scan_hits(
    path: str,
    stream: BinaryIO,
    hits: list[LogHit],
    engine: str | None,
    engine_version: str | None,
    damaged: list[str],
    cache: CacheHitScanner,
) -> tuple[Segment, ...]:
    """One pass over a file: the doctor's line patterns, and the spec-decode records and server
    starts that make its timeline (split at restarts). At most 64 KiB of a line is held (longer
    lines are skipped); a damaged .gz ends the pass with a note in ``damaged`` (the lines before
    it are kept), as in ``logs``."""
    from specdiag.core.doctor.timeline import STARTUP, Point, TimelineBuilder
    from specdiag.core.files import GZIP_ERRORS, bounded_lines
    from specdiag.core.logs.parse import LineParser
    from specdiag.core.logs.records import LogRecord

    counts: dict[str, int] = {}
    parser = LineParser(engine, engine_version if engine else None, source=path)
    timeline = TimelineBuilder()

    def take(out: object) -> None:
        recs = out if isinstance(out, tuple) else (out,)
        for r in recs:
            if isinstance(r, LogRecord) and (r.accept_length is not None or r.kind == "lifetime"):
                weight = float(r.drafted_tokens) if r.drafted_tokens else 1.0
                life = r.accepted_tokens if r.kind == "lifetime" else None
                timeline.points.append(
                    Point(r.timestamp, r.time_text, r.accept_length, weight, r.version_guess, life)
                )
                if r.accept_length is not None and r.kind != "lifetime":
                    cache.record(r.accept_length, weight)

    n = 0
    try:
        for n, raw in enumerate(bounded_lines(stream, 65536), start=1):
            if raw is None:
                continue
            spec = b"ccept" in raw or b"ean acceptance" in raw
            if not spec and not any(k in raw for k in _KEYWORDS):
                continue
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if spec:
                with contextlib.suppress(SpecdiagError, ValueError):
                    take(parser.parse(line, n))
                    for _, _, item in parser.ready:
                        take(item)
                    parser.ready.clear()
            if not spec:
                cache.line(line, n)
            if STARTUP.search(line):
                timeline.startup()
            for kind, pat in LOG_PATTERNS.items():
                if counts.get(kind, 0) < MAX_HITS and pat.search(line):
                    counts[kind] = counts.get(kind, 0) + 1
                    hits.append(LogHit(kind, path, n, line.strip()[:300]))
    except GZIP_ERRORS as exc:
        what = "truncated" if isinstance(exc, EOFError) else f"unreadable ({exc})"
        damaged.append(f"{what} after line {n}: its error lines scanned up to there")
    finally:
        stream.close()
    return timeline.segments()


@dataclass(frozen=True)
class ServerEvidence:
    url: str
    report: ProbeReport | None
    server_info: dict[str, object] | None  # SGLang /server_info (its launch arguments)
    max_model_len: int | None  # vLLM /v1/models
    error: str | None
    interrupted: bool = False  # Ctrl-C / SIGTERM stopped the probe: the rest still reports


def probe_server(
    url: str,
    *,
    num_requests: int,
    max_tokens: int,
    temperature: float,
    acc: tuple[float, ...] | None,
    steps: int | None,
    api_key: str | None,
    timeout_s: float,
    report: ProbeReport | None = None,
) -> ServerEvidence:
    """Discovery and a short ``specdiag probe`` run (unless ``report`` is one already run); the
    server's own settings pages besides."""
    from specdiag.core.http import redact_url
    from specdiag.core.probe.run import ProbeConfig, run_probe
    from specdiag.core.probe.workload import builtin_prompts

    shown = redact_url(url)
    if report is not None:
        return ServerEvidence(shown, report, *_settings_pages(url, api_key, timeout_s), None)
    cfg = ProbeConfig(
        url=url,
        prompts=builtin_prompts(),
        num_requests=num_requests,
        max_tokens=max_tokens,
        temperature=temperature,
        acc=acc,
        steps=steps,
        api_key=api_key,
        timeout_s=timeout_s,
        retries=1,
    )
    try:
        report = run_probe(cfg)
        error = None
    except SpecdiagError as exc:
        report = None
        error = exc.message
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM turned into one: keep the other evidence
        return ServerEvidence(shown, None, None, None, "interrupted (Ctrl-C / SIGTERM)", True)
    # stopped while measuring (in the probe or after it): the requests measured so far are kept
    stopped = ServerEvidence(shown, report, None, None, None, interrupted=True)
    if report is not None and report.interrupted:
        return stopped
    try:
        return ServerEvidence(shown, report, *_settings_pages(url, api_key, timeout_s), error)
    except KeyboardInterrupt:
        return stopped


def _settings_pages(
    url: str, api_key: str | None, timeout_s: float
) -> tuple[dict[str, object] | None, int | None]:
    """SGLang's launch arguments and vLLM's context length, read within the HTTP bounds; a page
    that fails or is unusable is left out (the probe already reported reachability)."""
    from specdiag.core.http import BodyKind, HttpFailure, fetch, json_answer, sync_client
    from specdiag.core.probe.run import server_base

    base, _ = server_base(url)
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    wait = min(timeout_s, 10.0)
    info = None
    max_len = None

    def page(c: httpx.Client, path: str) -> object:
        got = fetch(c, "GET", path, kind=BodyKind.INFO, timeout_s=wait, shown=base.shown)
        return json_answer(got, base.shown, path) if got.status == 200 else None

    with sync_client(base, timeout_s=wait, headers=headers, user_agent="specdiag-doctor") as c:
        try:
            for path in ("/server_info", "/get_server_info"):
                doc = page(c, path)
                if isinstance(doc, dict):
                    info = doc
                    break
            doc = page(c, "/v1/models")
        except HttpFailure:
            return info, None
        data = doc.get("data") if isinstance(doc, dict) else None
        if isinstance(data, list) and data and isinstance(data[0], dict):
            v = data[0].get("max_model_len")
            if type(v) is int and 0 < v < 1 << 40:
                max_len = v
    return info, max_len


@dataclass(frozen=True)
class ExpectedEvidence:
    profile: AcceptProfile
    observation: Observation
    judgement: Judgement


def expected_vs_observed(
    acc: Sequence[float], steps: int, acc_kind: str, observed_length: float, topk: int
) -> ExpectedEvidence:
    """expected-accept's entry point: profile, the observation in both conventions, verdict."""
    from specdiag.core.accept import AccKind, ObservedKind
    from specdiag.core.expected import ExpectedAcceptOptions, expected_accept

    opts = ExpectedAcceptOptions(
        tuple(acc),
        steps=steps if len(acc) == 1 else None,
        acc_kind=AccKind(acc_kind),
        topk=topk,
        observed=observed_length,
        observed_kind=ObservedKind.LENGTH,
    )
    rep = expected_accept(opts)
    assert rep.observation is not None and rep.judgement is not None  # observed was given
    return ExpectedEvidence(rep.profile, rep.observation, rep.judgement)


def profile_of(acc: Sequence[float], steps: int | None, acc_kind: str) -> AcceptProfile:
    from specdiag.core import accept
    from specdiag.core.profile import resolve_profile

    return resolve_profile(acc, steps, None, kind=accept.AccKind(acc_kind)).profile


def _why(exc: SpecdiagError | ImportError, what: str = "") -> str:
    """Why a hidden-state core could not run: its error, or the package it needs."""
    if isinstance(exc, SpecdiagError):
        return f"{what} failed: {exc.message}" if what else exc.message
    return f"{what} needs torch ({exc.name})".lstrip()


def inspect_dump(path: str) -> tuple[InspectReport | None, InputProblem | None]:
    try:
        from specdiag.core.hidden.inspect import inspect_paths

        return inspect_paths([path]), None
    except (SpecdiagError, ImportError) as exc:
        return None, InputProblem("training-dump", path, _why(exc))


def compare_dumps(
    served: str,
    training: str,
    *,
    served_layers: tuple[int, ...] | None,
    engine: str | None,
    reference: str | None,
) -> tuple[CompareResult | None, InputProblem | None]:
    """``specdiag compare-hidden SERVED TRAINING [--reference R]``."""
    try:
        from specdiag.core.hidden.compare import compare
        from specdiag.core.hidden.compare_results import CompareOptions
        from specdiag.core.hidden.conventions import CaptureEngine
        from specdiag.core.hidden.loading import Layout, load_dump

        cap = CaptureEngine(engine) if engine in ("sglang", "vllm") else None
        s = load_dump(served)
        t = load_dump(training)
        ref = load_dump(reference, layout=Layout.LAYERS) if reference else None
        layers = served_layers if cap is not None else None  # ids mean nothing without an engine
        opts = CompareOptions(training_layers=None, served_layers=layers, engine=cap)
        return compare(s, t, opts, reference=ref), None
    except (SpecdiagError, ImportError) as exc:
        return None, InputProblem("served-dump", served, _why(exc))


@dataclass(frozen=True)
class LiveCapture:
    """``capture-hidden sglang URL --like TRAINING --compare TRAINING`` run by doctor on a live
    capture-only SGLang server: the aux states SGLang captures at its ids, against training."""

    url: str
    engine_version: str | None
    layer_ids: tuple[int, ...] | None  # the server's --return-aux-hidden-state-layer-ids
    hf_indices: tuple[int, ...] | None  # what SGLang captures for them (its rule)
    tokens: int
    compare: CompareResult | None


def capture_live_sglang(
    url: str, training_file: str, *, reference: str | None, api_key: str | None, timeout_s: float
) -> tuple[LiveCapture | None, InputProblem | None]:
    """The same core as ``capture-hidden sglang`` (the training dump's tokens sent, the served
    dump written to a temporary file), then compare-hidden against the training dump."""
    import tempfile
    from pathlib import Path

    from specdiag.core.http import redact_url

    shown = redact_url(url)
    try:
        from specdiag.core.hidden.capture import sample_from_dump
        from specdiag.core.hidden.capture_sglang import capture_sglang

        with tempfile.TemporaryDirectory(prefix="specdiag-doctor-") as tmp:
            out = Path(tmp) / "served.safetensors"
            res = capture_sglang(
                url, sample_from_dump(training_file), out, api_key=api_key, timeout=timeout_s
            )
            cmp, prob = compare_dumps(
                str(out),
                training_file,
                served_layers=res.layer_ids,
                engine="sglang",
                reference=reference,
            )
    except (SpecdiagError, ImportError) as exc:
        why = _why(exc, "the live SGLang capture")
        return None, InputProblem("server", shown, why, "partial")
    if prob is not None:
        prob = InputProblem("server", shown, f"the live capture: {prob.message}", "partial")
    live = LiveCapture(shown, res.engine_version, res.layer_ids, res.hf_indices, res.tokens, cmp)
    return live, prob


def identify_training_layers(
    report: InspectReport, *, reference: str | None, model: str | None, auto: bool = False
) -> tuple[tuple[int | None, ...] | None, InputProblem | None]:
    """inspect-dump's layer identification (``--reference FILE`` or ``--model DIR``) of the
    first training dump: the HF index of each chunk, None where the match is not close.

    ``auto``: the target is run because it was given, not asked for; a target that cannot be
    run is then a partial read (its config is still used), not an unreadable input."""
    source = "reference" if reference else "target"
    kind = "partial" if auto and reference is None else "unreadable"
    try:
        from specdiag.core.hidden.inspect import InspectOptions, identify_paths

        target = model if reference is None else None
        rep = identify_paths(report, InspectOptions(target=target, reference=reference))
    except ImportError as exc:
        return None, InputProblem(
            "target",
            str(model),
            f"not run on the training dump's tokens: needs {exc.name} (pip install 'specdiag[hf]')",
            kind="partial",
        )
    except Exception as exc:  # noqa: BLE001 - transformers raises many types on a bad checkpoint
        first = (str(exc).splitlines() or [""])[0][:200]
        why = exc.message if isinstance(exc, SpecdiagError) else f"{type(exc).__name__}: {first}"
        said = f"could not identify the training dump's layers with it: {why}"
        return None, InputProblem(source, str(reference or model), said, kind)
    if not rep.layers:
        return None, None
    return tuple(
        c.hf_index if (c.exact or c.cosine >= 0.99) else None for c in rep.layers[0].chunks
    ), None


def first_dump_file(path: str) -> str | None:
    """The first hidden-state dump in a file or directory (inspect-dump's discovery order)."""
    try:
        from specdiag.core.hidden.inspect import discover

        dumps, _ = discover([path])
    except (SpecdiagError, OSError):
        return None
    return str(dumps[0]) if dumps else None
