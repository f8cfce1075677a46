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

import gc
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

# numpy's OpenBLAS on one thread, set before anything imports numpy (OpenBLAS reads it once, at
# load): the reference server's tiny products ((rows x 96) @ (96 x vocab)) went to a thread pool
# that, on two shared cores, made them up to 10x slower (tests/unit/refserver and the reference
# server's CLI tests: 31 s of CPU with the default threads, 10 s with one). A value already in
# the environment is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from tests.support.examples import CI_EXAMPLES  # noqa: E402

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


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast suite (``-m "not integration"``, exactly) does not import tests/integration/:
    every test there is marked ``integration`` below and would be deselected after its module
    was imported, in each worker (~3 s of CPU each). Any other run collects it as before."""
    if collection_path == INTEGRATION and config.getoption("markexpr") == "not integration":
        return True
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_collection() -> Iterator[None]:
    """No cyclic garbage collection while the test modules are imported: pytest rewrites their
    asserts on every import where bytecode is not written (``PYTHONDONTWRITEBYTECODE``), and
    the rewrite's many small objects set off collections that each walked every object torch,
    hypothesis and the test modules had made (~6 of the ~20 s of CPU a worker spent collecting).
    Nothing is freed by that collector during an import; it runs again once collection ends,
    with what collection made (modules, test items; alive to the end) frozen out of its reach:
    every full collection while the tests ran walked all of it again (tests/unit/logs and
    tests/cli in one process: 5.9 s of CPU in the collector, 4.1 s frozen)."""
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


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
