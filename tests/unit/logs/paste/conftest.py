"""A test taking ``read`` runs with the structure readers called directly and through the
whole logs pipeline (``pipeline.py``)."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import READERS


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "read" in metafunc.fixturenames:
        metafunc.parametrize("read", [r for _, r in READERS], ids=[n for n, _ in READERS])
