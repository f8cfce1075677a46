"""Hostile evidence under doctor. A server whose /server_info lies (NaN, 1e308, true, a
string, a negative accept length; a context length of true or 10^30): its values are left out,
never averaged into the observed accept length or taken as the served length. A config file
that changes type under the reader never blocks the run."""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.run import run_doctor
from specdiag.core.doctor.typed import server_accept_lengths, server_length
from tests.support.doctor import by_id, write_draft

LIES: list[Any] = [float("nan"), 1e308, True, "2.4", -3.0, 0.0, 10**30, None, [2.4]]


def test_only_values_a_server_can_hold_are_kept() -> None:
    states = [{"avg_spec_accept_length": v} for v in LIES] + [{"avg_spec_accept_length": 2.5}]
    assert server_accept_lengths({"internal_states": states}) == [2.5]
    assert server_accept_lengths({"internal_states": "x"}) == []
    for bad in (True, 10**30, 4096.0, "4096", -1, 0):
        assert server_length({"context_length": bad}, "context_length") is None
    assert server_length({"context_length": 4096}, "context_length") == 4096


@pytest.fixture
def liar() -> Iterator[str]:
    info = {
        "internal_states": [{"avg_spec_accept_length": v} for v in LIES],
        "context_length": True,
        "speculative_algorithm": "EAGLE3",
    }
    body = json.dumps(info).encode()  # NaN as Python's JSON writes it

    class H(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            ok = self.path.startswith(("/server_info", "/get_server_info"))
            self.send_response(200 if ok else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) if ok else 2))
            self.end_headers()
            self.wfile.write(body if ok else b"{}")

        do_POST = do_GET  # noqa: N815

        def log_message(self, *a: object) -> None:
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


def test_doctor_never_builds_a_gap_on_a_lying_server(liar: str, tmp_path: Path) -> None:
    draft = write_draft(tmp_path / "draft", max_pos=2048)
    rep = run_doctor(
        DoctorInputs(
            server=liar, draft=str(draft), acc=(0.75,), steps=5, probe_requests=1,
            probe_timeout_s=2.0, allow_missing=True,
        )
    )  # fmt: skip
    if rep.gap is not None:
        assert math.isfinite(rep.gap.observed_accept_length)
        assert "/server_info" not in rep.gap.observed_from
    rope = by_id(rep)["rope-positions"]
    assert "True" not in rope.message and "accepts 1 tokens" not in rope.message


def test_a_config_swapped_for_a_fifo_under_the_reader_never_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The look (not a FIFO) and the read race: a path that becomes a FIFO in between is
    refused on the open handle instead of blocking the run for a writer."""
    import os

    from specdiag.core.doctor import checkpoint

    p = tmp_path / "config.json"
    os.mkfifo(p)
    monkeypatch.setattr(checkpoint, "not_a_regular_file", lambda _p: None)  # the look said "file"
    with pytest.raises(OSError, match="not a regular file"):
        checkpoint.read_regular_bytes(p, 1 << 20)
