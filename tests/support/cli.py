"""Run ``specdiag`` in-process through its console entry point, stdout and stderr kept apart."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
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


@functools.cache
def demo_run(*args: str) -> CliResult:
    """``specdiag demo ARGS``, run once per test session: a demo takes seconds, and several
    tests read the same scenario's document (the result is shared: do not mutate it)."""
    return run_cli(["demo", *args])
