"""Run ``specdiag`` in-process through its console entry point, stdout and stderr kept apart."""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from specdiag.cli.app import main


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)

    def flat(self) -> str:
        """stdout with each run of whitespace as one space: where to look for a phrase of a human
        view that word-wraps (a wrap may fall inside the phrase, and where it falls moves with
        the length of a path printed before it: the test's tmp path, which is longer under
        xdist, with a pytest-N of more digits, or for another user)."""
        return " ".join(self.stdout.split())


def run_cli(
    args: Sequence[str], env: dict[str, str] | None = None, input: str | None = None
) -> CliResult:
    """Run ``specdiag ARGS`` in-process through the console entry point (the same error
    boundary a user meets), in typer's CliRunner isolation: stdout and stderr kept apart."""
    with CliRunner().isolation(input=input, env=env) as (stdout, stderr, _):
        code = main(list(args))
        sys.stdout.flush()
        sys.stderr.flush()
        out, err = stdout.getvalue(), stderr.getvalue()
    return CliResult(code, out.decode(), err.decode())


# The folder every pytest-xdist worker of this run sees (set by tests/conftest.py under xdist;
# None in a run of one process, where the in-process cache alone shares a result).
SHARED: Path | None = None


@functools.cache
def demo_run(*args: str) -> CliResult:
    """``specdiag demo ARGS``, run once per test session, whatever the number of workers: a
    demo takes seconds, and several tests (in several files, so maybe on several workers) read
    the same scenario's document (the result is shared: do not mutate it)."""
    return _once_per_run(["demo", *args])


def _once_per_run(args: list[str]) -> CliResult:
    """``run_cli(args)`` in the first worker that asks; the others wait for it and read its
    result back from :data:`SHARED`."""
    if SHARED is None:
        return run_cli(args)
    name = hashlib.sha256(json.dumps(args).encode()).hexdigest()[:16]
    done = SHARED / f"cli-{name}.json"
    with open(SHARED / f"cli-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if done.exists():
            return CliResult(**json.loads(done.read_text()))
        result = run_cli(args)
        part = done.with_suffix(".part")
        part.write_text(json.dumps(asdict(result)))
        part.replace(done)
        return result
