"""Where the repository, its docs and the checked-in test data are, from any test folder."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
TESTS = REPO / "tests"
TEST_DATA = TESTS / "data"
