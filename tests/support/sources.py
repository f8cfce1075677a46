"""specdiag's own source files, read and parsed once per test process: several contract tests
walk every module (the architecture page, the raise sites' hints, the data files' keys)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.support import paths

PACKAGE = paths.REPO / "specdiag"


@functools.cache
def texts() -> tuple[tuple[Path, str], ...]:
    """Every module of the package with its text, in path order."""
    return tuple((p, p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py")))


@functools.cache
def parsed() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package with its syntax tree, in path order (do not mutate a tree)."""
    return tuple((p, ast.parse(text)) for p, text in texts())


@functools.cache
def code() -> str:
    """The whole package's source as one text, a newline between modules."""
    return "\n".join(text for _, text in texts())
