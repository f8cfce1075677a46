"""An output path that is not a regular file (a FIFO here; /dev/null, /dev/stdout or a device
in the field) is written in place, never replaced: the atomic rename of a report or profile
once replaced such a node with a regular file (run as root, ``--export-profile /dev/null``
would have removed the machine's /dev/null)."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

from specdiag.cli._report_out import write_text
from tests.support.cli import run_cli


def _reader(fifo: Path, got: list[bytes]) -> threading.Thread:
    def read() -> None:
        with open(fifo, "rb") as f:
            got.append(f.read())

    t = threading.Thread(target=read, daemon=True)
    t.start()
    return t


def test_a_fifo_output_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    t = _reader(fifo, got)
    assert write_text(fifo, "hello", "--export-profile") == 5
    t.join(5)
    assert got == [b"hello"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name != "out.fifo"]  # no temporary left


def test_export_profile_into_a_fifo_keeps_the_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "profile.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    t = _reader(fifo, got)
    r = run_cli(["expected-accept", "--acc", "0.75", "--steps", "3", "--export-profile", str(fifo)])
    t.join(5)
    assert r.exit_code == 0, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got and b"acc" in got[0]


def test_a_directory_output_is_a_clear_error(tmp_path: Path) -> None:
    r = run_cli(
        ["expected-accept", "--acc", "0.75", "--steps", "3", "--export-profile", str(tmp_path)]
    )
    assert r.exit_code in (2, 3) and "directory" in r.stderr, r.stderr
