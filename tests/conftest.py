"""Shared for every test: a clean CLI environment, the real-server fixtures, the markers, the
hypothesis profiles.

Where a test goes is in docs/testing.md. Everything under tests/integration/ is marked
``integration`` here (real servers, a real Prometheus, end-to-end subprocesses), so
``pytest -m "not integration"`` is the fast suite.

Hypothesis runs the ``dev`` profile locally (a tenth of the examples) and ``ci`` where ``CI``
is set; ``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly. tests/support/examples.py
scales a property's own ``max_examples`` by the profile.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.support.examples import CI_EXAMPLES

# no deadline: the suite runs on shared 2-core machines, where a slow example is not a bug
settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=CI_EXAMPLES // 10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

pytest_plugins = ["tests.support.realservers"]  # real llama.cpp / vLLM / SGLang fixtures

INTEGRATION = Path(__file__).resolve().parent / "integration"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if INTEGRATION in item.path.parents:
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session", autouse=True)
def _workers_share_cli_runs(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Under pytest-xdist, a demo run is made by one worker and read by the others from the
    run's temporary folder, which every worker's own folder is in."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        from tests.support import cli

        cli.SHARED = tmp_path_factory.getbasetemp().parent


@pytest.fixture(scope="session", autouse=True)
def _one_share_of_the_cores_for_torch() -> None:
    """Under pytest-xdist, torch's intra-op threads get this worker's share of the cores (one
    each for two workers on two cores): by default every worker starts a thread per core, and
    their spinning pools, oversubscribed, made the tiny models' tests up to 10x slower."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    if workers > 1 and importlib.util.find_spec("torch") is not None:
        import torch

        torch.set_num_threads(max(1, (os.cpu_count() or 1) // workers))


@pytest.fixture(autouse=True)
def _clean_cli_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("SPECDIAG_DEBUG", raising=False)
    monkeypatch.delenv("SPECDIAG_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
