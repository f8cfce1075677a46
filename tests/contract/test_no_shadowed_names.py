"""No module of specdiag binds one module-level name twice (a pattern defined again further down
silently replaces the first for every function that reads it at call time: twice in the paste
readers, two helpers' patterns merged under one name). Typing overloads are the one exception."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "specdiag"


def _overload(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        (isinstance(d, ast.Name) and d.id == "overload")
        or (isinstance(d, ast.Attribute) and d.attr == "overload")
        for d in node.decorator_list
    )


def _bound_twice(source: str) -> list[str]:
    tree = ast.parse(source)
    names: Counter[str] = Counter()
    overloaded = {n.name for n in tree.body if _overload(n)}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names[node.target.id] += 1
        elif (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and node.name not in overloaded
        ):
            names[node.name] += 1
    return sorted(n for n, c in names.items() if c > 1 and n != "__all__")


def test_the_check_finds_a_name_bound_twice() -> None:
    assert _bound_twice("import re\n_P = re.compile('a')\ndef f(): pass\n_P = 1\n") == ["_P"]
    assert (
        _bound_twice(
            "from typing import overload\n@overload\ndef g(x: int) -> int: ...\n"
            "@overload\ndef g(x: str) -> str: ...\ndef g(x): return x\n"
        )
        == []
    )


def test_no_module_binds_a_name_twice() -> None:
    found = {
        str(p.relative_to(ROOT)): twice
        for p in sorted(ROOT.rglob("*.py"))
        if (twice := _bound_twice(p.read_text(encoding="utf-8")))
    }
    assert found == {}
