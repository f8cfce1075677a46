"""The real-SGLang launch recipe (specdiag/workflows/realsglang.py): finding the harness's build
and the arguments of each server mode, without starting anything."""

from __future__ import annotations

import http.server
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from specdiag.errors import InputError, ServerError
from specdiag.workflows import realsglang


def _build(root: Path, version: str = "0.5.23", models: str = "abc") -> None:
    (root / f"sglang-{version}" / "venv").mkdir(parents=True)
    (root / f"sglang-{version}" / "venv" / ".done").touch()
    (root / f"sglang-{version}" / "shims").mkdir()
    (root / f"sglang-models-{models}" / "t10" / "target").mkdir(parents=True)
    (root / f"sglang-models-{models}" / ".done").touch()


def test_missing_harness_names_make_realservers(tmp_path: Path) -> None:
    with pytest.raises(InputError) as exc:
        realsglang.find_harness(tmp_path)
    assert "not built" in exc.value.message and "make realservers" in (exc.value.hint or "")
    (tmp_path / "sglang-0.5.23" / "venv").mkdir(parents=True)  # an install that never finished
    with pytest.raises(InputError):
        realsglang.find_harness(tmp_path)


def test_finds_the_build_and_the_newest_models(tmp_path: Path) -> None:
    _build(tmp_path)
    old = tmp_path / "sglang-models-abc" / ".done"
    os.utime(old, (1, 1))
    (tmp_path / "sglang-models-new" / "t10" / "target").mkdir(parents=True)
    (tmp_path / "sglang-models-new" / ".done").touch()
    (tmp_path / "sglang-models-partial" / "t10").mkdir(parents=True)  # no .done: ignored
    h = realsglang.find_harness(tmp_path)
    assert h.version == "0.5.23"
    assert h.models == tmp_path / "sglang-models-new"
    assert h.python == tmp_path / "sglang-0.5.23" / "venv" / "bin" / "python"
    assert h.draft("1_4_7") == tmp_path / "sglang-models-new" / "t10" / "eagle3-1_4_7"
    pinned = realsglang.find_harness(tmp_path, models=tmp_path / "sglang-models-abc")
    assert pinned.models == tmp_path / "sglang-models-abc"


def test_env_turns_the_shims_on_and_drops_our_python_path() -> None:
    env = realsglang.sglang_env({"PYTHONPATH": "/x", "VIRTUAL_ENV": "/v", "HOME": "/h"})
    assert env["SPECDIAG_SGLANG_SHIMS"] == "1" and env["SGLANG_USE_CPU_ENGINE"] == "1"
    assert "PYTHONPATH" not in env and "VIRTUAL_ENV" not in env and env["HOME"] == "/h"


def test_args_per_mode() -> None:
    t, d = Path("t"), Path("d")
    eagle = realsglang.sglang_args(t, draft=d, steps=3, num_draft_tokens=4, decode_log_interval=1)
    assert eagle[eagle.index("--speculative-draft-model-path") + 1] == "d"
    assert eagle[eagle.index("--attention-backend") + 1] == "intel_amx"
    assert eagle[eagle.index("--decode-log-interval") + 1] == "1"
    cap = realsglang.sglang_args(t, capture=True, capture_ids=[1, 4, 7])
    assert "--enable-return-aux-hidden-states" in cap and "--disable-radix-cache" in cap
    assert cap[cap.index("--return-aux-hidden-state-layer-ids") + 1 :][:3] == ["1", "4", "7"]
    assert "--speculative-draft-model-path" not in cap
    plain = realsglang.sglang_args(t)
    assert "--speculative-algorithm" not in plain
    with pytest.raises(ValueError):
        realsglang.sglang_args(t, draft=d, capture=True)


class _Health(http.server.BaseHTTPRequestHandler):
    """/health: 503 twice (a server still loading), then 200."""

    calls = 0

    def do_GET(self) -> None:
        type(self).calls += 1
        self.send_response(200 if type(self).calls > 2 and self.path == "/health" else 503)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def _process(url: str, tmp_path: Path, code: str) -> realsglang.SglangProcess:
    log = tmp_path / "server.log"
    log.write_text("")
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    return realsglang.SglangProcess(url, log, ("python",), proc)


def test_health_is_polled_through_the_http_edge_until_it_answers_200(tmp_path: Path) -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Health)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    srv = _process(
        f"http://127.0.0.1:{httpd.server_address[1]}", tmp_path, "import time; time.sleep(60)"
    )
    try:
        srv.wait_healthy(timeout=20)
        assert _Health.calls == 3
    finally:
        srv.stop()
        httpd.shutdown()


def test_a_server_that_never_listens_or_dies_is_a_server_error(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{realsglang.free_port()}"  # nothing listens: refused, retried
    srv = _process(url, tmp_path, "import time; time.sleep(60)")
    try:
        with pytest.raises(ServerError, match="not healthy within 1 s"):
            srv.wait_healthy(timeout=1.0)
    finally:
        srv.stop()
    dead = _process(url, tmp_path, "raise SystemExit(1)")
    dead.proc.wait(10)
    with pytest.raises(ServerError, match="died during start-up"):
        dead.wait_healthy(timeout=5.0)
