"""specdiag's own source files, read and parsed once per test process: several contract tests
walk every module (the architecture page, the raise sites' hints, the data files' keys)."""

from __future__ import annotations

import ast
import functools
import gc
from pathlib import Path

from tests.support import paths

PACKAGE = paths.REPO / "specdiag"


@functools.cache
def texts() -> tuple[tuple[Path, str], ...]:
    """Every module of the package with its text, in path order."""
    return tuple((p, p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py")))


@functools.cache
def parsed() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package with its syntax tree, in path order (do not mutate a tree).

    The ~400,000 nodes are made with the cyclic garbage collector off and then moved out of its
    reach (``gc.freeze``): a syntax tree holds no reference cycle, yet every collection while
    they were made walked all of them again (2.0-2.5 s of CPU for the parse, 0.5 s without),
    and every full collection afterwards would walk them too (~0.3 s each)."""
    was = gc.isenabled()
    gc.disable()
    try:
        trees = tuple((p, ast.parse(text)) for p, text in texts())
    finally:
        if was:
            gc.enable()
    gc.freeze()
    return trees


@functools.cache
def code() -> str:
    """The whole package's source as one text, a newline between modules."""
    return "\n".join(text for _, text in texts())
