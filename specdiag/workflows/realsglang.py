"""A real SGLang server from the test harness (``make realservers``): find it, launch it, stop it.

The harness (scripts/realservers/setup_sglang.sh) installs PyPI SGLang with the CPU torch into
``$SPECDIAG_CACHE_DIR/realservers/sglang-<version>/venv`` (default cache: ``~/.cache/specdiag``),
with three small test-harness shims (a torchvision op schema, a plain-torch stand-in for the
``sgl_kernel`` CPU ops that run, SGLang's ``has_amx`` platform fact) loaded by a ``.pth`` file and
inert unless ``SPECDIAG_SGLANG_SHIMS=1``. Tiny random models go to
``realservers/sglang-models-<hash>/``: ``t10/target`` (a 10-layer Llama) and EAGLE-3 drafts.

This module is the one launch recipe of such a server (environment and arguments); the test
harness's fixture (tests/support/realservers.py) and ``specdiag demo --real sglang`` both use it.
It is not a way to run SGLang in production: the shims replace SGLang's C++ kernels.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from specdiag.errors import InputError, ServerError

SERVED_MODEL = "tiny"
START_TIMEOUT = 420.0  # 15-30 s idle; up to 4 min seen on a busy 2-core machine
STOP_GRACE = 15.0
_POLL_S = 2.0  # one /health request at most
_HINT = (
    "build it with `make realservers` (from a specdiag checkout; 1-4 min for SGLang, ~2.7 GB in "
    "the cache) or scripts/realservers/setup_sglang.sh; set SPECDIAG_CACHE_DIR if it was built "
    "elsewhere"
)
# SGLang log lines that mean the server will never become healthy
_DEAD = re.compile(r"Scheduler hit an exception|SIGQUIT received")


def cache_root() -> Path:
    """``$SPECDIAG_CACHE_DIR/realservers`` (default ``~/.cache/specdiag/realservers``)."""
    base = os.environ.get("SPECDIAG_CACHE_DIR") or str(Path.home() / ".cache" / "specdiag")
    return Path(base) / "realservers"


@dataclass(frozen=True)
class SglangHarness:
    """Where the harness put SGLang and its tiny models."""

    python: Path  # the SGLang virtualenv's interpreter
    models: Path  # sglang-models-<hash>/ (t4/, t10/)
    version: str  # the SGLang release installed (from the directory name)

    def target(self, name: str = "t10") -> Path:
        return self.models / name / "target"

    def draft(self, suffix: str, target: str = "t10") -> Path:
        return self.models / target / f"eagle3-{suffix}"


def find_harness(root: Path | None = None, models: Path | None = None) -> SglangHarness:
    """The harness's SGLang build; ``models`` pins the models directory (the tests pass the one
    their setup script's content hash names), else the newest complete one is taken.

    Raises :class:`InputError` (exit 3) naming ``make realservers`` when it is not built."""
    root = root or cache_root()
    venvs = sorted(
        (
            p
            for p in root.glob("sglang-*")
            if not p.name.startswith("sglang-models-")
            and (p / "venv" / ".done").is_file()
            and (p / "shims").is_dir()
        ),
        key=lambda p: p.stat().st_mtime,
    )
    if not venvs:
        raise InputError(
            f"the real SGLang test harness is not built (no {root}/sglang-<version>)", hint=_HINT
        )
    if models is None:
        done = sorted(
            root.glob("sglang-models-*/.done"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        models = next((d.parent for d in done if (d.parent / "t10" / "target").is_dir()), None)
    if models is None or not (models / ".done").is_file():
        raise InputError(
            f"the real SGLang test harness has no tiny models (no {root}/sglang-models-<hash>)",
            hint=_HINT,
        )
    base = venvs[-1]
    return SglangHarness(base / "venv" / "bin" / "python", models, base.name[len("sglang-") :])


def sglang_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a shimmed SGLang server runs in (``base``: the caller's, default
    ``os.environ``; our own PYTHONPATH and virtualenv are not passed on)."""
    env = {
        k: v
        for k, v in (os.environ if base is None else base).items()
        if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    env.setdefault("NO_COLOR", "1")
    env.update(
        SPECDIAG_SGLANG_SHIMS="1",  # load the harness's shims
        SGLANG_USE_CPU_ENGINE="1",  # SGLang's CPU path (without it --device cpu imports vllm)
        SGLANG_CPU_OMP_THREADS_BIND=env.get("SGLANG_CPU_OMP_THREADS_BIND", "0"),
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        TOKENIZERS_PARALLELISM="false",
        SGLANG_DISABLE_REQUEST_LOGGING="1",
    )
    return env


def sglang_args(
    target: Path,
    *,
    draft: Path | None = None,
    capture: bool = False,
    capture_ids: Sequence[int] | None = None,
    steps: int = 3,
    topk: int = 1,
    num_draft_tokens: int = 4,
    decode_log_interval: int = 5,
) -> list[str]:
    """``python`` arguments of ``sglang.launch_server`` (CPU, float32, no CUDA graphs): EAGLE-3
    with ``draft``, or capture-only mode (``capture``: no draft, aux states returned with
    ``return_hidden_states``, ``capture_ids`` = --return-aux-hidden-state-layer-ids), or no
    speculation. Host and port are added by the caller."""
    args = [
        "-m", "sglang.launch_server",
        "--model-path", str(target),
        "--served-model-name", SERVED_MODEL,
        "--device", "cpu",
        "--dtype", "float32",
        "--disable-cuda-graph",
        "--sampling-backend", "pytorch",
        "--mem-fraction-static", "0.1",
        "--max-total-tokens", "4096",
        "--context-length", "1024",
        "--max-running-requests", "4",
        "--enable-metrics",
        "--log-level", "info",
        "--skip-server-warmup",
        # an idle scheduler otherwise polls at 50-100% of a core: the tests keep several alive
        "--sleep-on-idle",
        "--decode-log-interval", str(decode_log_interval),
        "--random-seed", "0",
    ]  # fmt: skip
    if capture:
        if draft is not None:
            raise ValueError("capture-only mode serves no draft")
        args += [
            "--speculative-algorithm", "EAGLE3",
            "--enable-return-aux-hidden-states",
            "--disable-radix-cache",  # else a repeated prompt returns only its uncached tokens
            "--attention-backend", "torch_native",
        ]  # fmt: skip
        if capture_ids is not None:
            args += ["--return-aux-hidden-state-layer-ids", *(str(i) for i in capture_ids)]
    elif draft is not None:
        args += [
            "--speculative-algorithm", "EAGLE3",
            "--speculative-draft-model-path", str(draft),
            "--speculative-num-steps", str(steps),
            "--speculative-eagle-topk", str(topk),
            "--speculative-num-draft-tokens", str(num_draft_tokens),
            "--attention-backend", "intel_amx",  # EAGLE needs it (the has_amx shim)
        ]  # fmt: skip
    else:
        args += ["--attention-backend", "torch_native"]
    return args


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(eq=False)
class SglangProcess:
    """One launched server: its URL, its log file, its process group (stopped by :meth:`stop`)."""

    url: str
    log_path: Path
    argv: tuple[str, ...]
    proc: subprocess.Popen[bytes]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def log_tail(self, lines: int = 15) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def wait_healthy(self, timeout: float = START_TIMEOUT) -> None:
        from specdiag.core.http import BodyKind, HttpFailure, fetch, parse_base_url, sync_client

        base = parse_base_url(self.url, what="the SGLang server URL", example=self.url)
        deadline = time.monotonic() + timeout
        with sync_client(base, timeout_s=_POLL_S) as client:
            while True:
                dead = not self.alive()
                if not dead:
                    with contextlib.suppress(OSError):
                        dead = bool(_DEAD.search(self.log_path.read_text(errors="replace")))
                if dead:
                    raise ServerError(
                        f"the SGLang server died during start-up (log {self.log_path})",
                        hint="its last log lines:\n" + self.log_tail(),
                    )
                with contextlib.suppress(HttpFailure):  # not listening yet, or still loading
                    got = fetch(
                        client,
                        "GET",
                        "/health",
                        kind=BodyKind.INFO,
                        timeout_s=_POLL_S,
                        shown=base.shown,
                    )
                    if got.status == 200:
                        return
                if time.monotonic() > deadline:
                    raise ServerError(
                        f"the SGLang server was not healthy within {timeout:.0f} s "
                        f"(log {self.log_path})",
                        hint="a busy machine starts it slowly; its last log lines:\n"
                        + self.log_tail(),
                    )
                time.sleep(0.5)

    def stop(self) -> None:
        """SIGTERM the process group, SIGKILL what is left after a grace period. Idempotent."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(STOP_GRACE)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # SGLang's scheduler/detokenizer children
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)


def launch(
    harness: SglangHarness, args: Sequence[str], log_path: Path, *, timeout: float = START_TIMEOUT
) -> SglangProcess:
    """Start ``harness.python ARGS --host 127.0.0.1 --port P`` in its own process group, its
    output to ``log_path``, and wait for /health (a port taken meanwhile is retried)."""
    for attempt in range(3):
        port = free_port()
        argv = (str(harness.python), *args, "--host", "127.0.0.1", "--port", str(port))
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=sglang_env(),
                start_new_session=True,
            )
        srv = SglangProcess(f"http://127.0.0.1:{port}", log_path, argv, proc)
        try:
            srv.wait_healthy(timeout)
            return srv
        except BaseException as exc:
            srv.stop()
            taken = "address already in use" in srv.log_tail(40).lower()
            if not isinstance(exc, ServerError) or not taken or attempt == 2:
                raise
    raise AssertionError("unreachable")
