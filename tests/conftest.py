"""Shared test fixtures: a clean CLI environment and a helper to run commands in-process."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner

from specdiag.cli.app import app

pytest_plugins = ["tests.realservers"]  # real llama.cpp / vLLM server fixtures (docs/testing.md)


@pytest.fixture(autouse=True)
def _clean_cli_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("SPECDIAG_DEBUG", raising=False)
    monkeypatch.delenv("SPECDIAG_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


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
    """Run ``specdiag ARGS`` in-process with typer's CliRunner; stdout and stderr kept apart."""
    result = CliRunner().invoke(app, list(args), env=env, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(result.exit_code, result.stdout, result.stderr)
