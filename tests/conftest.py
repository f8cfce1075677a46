"""Shared for every test: a clean CLI environment, the real-server fixtures, the markers.

Where a test goes is in docs/testing.md. Everything under tests/integration/ is marked
``integration`` here (real servers, a real Prometheus, end-to-end subprocesses), so
``pytest -m "not integration"`` is the fast suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.support.realservers"]  # real llama.cpp / vLLM / SGLang fixtures
INTEGRATION = Path(__file__).resolve().parent / "integration"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if INTEGRATION in item.path.parents:
            item.add_marker(pytest.mark.integration)


@pytest.fixture(autouse=True)
def _clean_cli_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("SPECDIAG_DEBUG", raising=False)
    monkeypatch.delenv("SPECDIAG_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
