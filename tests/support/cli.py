"""Run ``specdiag`` in-process with typer's CliRunner, stdout and stderr kept apart."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from typer.testing import CliRunner

from specdiag.cli.app import app


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
    """Run ``specdiag ARGS`` in-process; an exception other than SystemExit is raised again."""
    result = CliRunner().invoke(app, list(args), env=env, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(result.exit_code, result.stdout, result.stderr)
