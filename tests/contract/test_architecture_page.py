"""docs/architecture.md, statement by statement, against the code: each rule of the page that a
test can check is checked here (the layers themselves: test_architecture.py; the error boundary,
hints and shared flags: test_framework.py; fast start: tests/cli/test_app.py)."""

from __future__ import annotations

import ast
import fnmatch
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import paths, sources

PAGE = (paths.DOCS / "architecture.md").read_text(encoding="utf-8")
PKG = paths.REPO / "specdiag"
HEAVY = {"torch", "numpy", "httpx", "starlette", "uvicorn", "transformers", "safetensors"}


def _section(title: str) -> str:
    start = PAGE.index(title)
    end = PAGE.find("\n#", start + len(title))
    return PAGE[start : end if end >= 0 else None]


def _py(root: Path) -> Iterator[tuple[Path, ast.Module]]:
    return ((p, t) for p, t in sources.parsed() if root in p.parents or p == root)


def _resolve(dotted: str) -> object:
    """``core.probe.run.run_probe`` or ``refserver.server.ServerHandle.serve``: the object."""
    parts = f"specdiag.{dotted}".split(".")
    for cut in range(len(parts), 1, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise AssertionError(f"{dotted}: no such module")


def test_every_function_and_class_the_page_names_exists() -> None:
    named = set(re.findall(r"`((?:core|refserver|exporter|workflows|errors)(?:\.\w+)+)\(\)`", PAGE))
    named |= {
        f"{m.replace('/', '.')}.{a}"
        for m, a in re.findall(r"`((?:cli|core)/[\w/]+)\.py::(\w+)", PAGE)
        if not a.startswith("test_")
    }
    named |= {f"{m.replace('/', '.')}.{a}" for m, a in re.findall(r"`(cli/\w+)\.(\w+)\(\)`", PAGE)}
    assert len(named) > 20, named  # the page's references were found at all
    for dotted in sorted(named):
        assert callable(_resolve(dotted)), dotted


def _frozen_dataclasses() -> set[str]:
    out = set()
    for _, tree in _py(PKG):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for d in node.decorator_list:
                    if (
                        isinstance(d, ast.Call)
                        and getattr(d.func, "id", "") == "dataclass"
                        and any(
                            k.arg == "frozen" and getattr(k.value, "value", False)
                            for k in d.keywords
                        )
                    ):
                        out.add(node.name)
    return out


def test_the_shape_table_names_commands_and_frozen_results() -> None:
    from specdiag.cli.app import COMMANDS

    rows = re.findall(
        r"^\| ([a-z-]+) \| (.+?) \| (.+?) \| (.+?) \|$", _section("## The shape"), re.M
    )
    rows = [r for r in rows if r[0] != "command"]
    assert {r[0] for r in rows} == set(COMMANDS)  # every command, once
    frozen = _frozen_dataclasses()
    for command, _, results, _ in rows:
        for name in re.findall(r"`(\w+)`", results):
            assert name in frozen, f"{command}: {name} is not a frozen dataclass"


def _env_reads(tree: ast.Module) -> set[str]:
    consts = {
        t.id: n.value.value
        for n in tree.body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
        for t in n.targets
        if isinstance(t, ast.Name) and isinstance(n.value.value, str)
    }

    def name(arg: ast.expr) -> str:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
        if isinstance(arg, ast.Name) and arg.id in consts:
            return consts[arg.id]
        if isinstance(arg, ast.JoinedStr):  # f"SPECDIAG_HTTP_MAX_{kind.name}_BYTES": a family
            head = arg.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                return head.value + "*"
        return f"<{ast.unparse(arg)}>"

    # a helper that reads the variable its caller names (``_env_cap(name, default)``): its
    # callers' first arguments are the names read
    readers = {
        f.name
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef)
        and f.args.args
        and any(
            isinstance(c, ast.Call)
            and ast.unparse(c.func) in ("os.environ.get", "os.getenv")
            and isinstance(c.args[0], ast.Name)
            and c.args[0].id == f.args.args[0].arg
            for c in ast.walk(f)
        )
    }
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and ast.unparse(node.func) in readers and node.args:
            out.add(name(node.args[0]))
        elif isinstance(node, ast.Call) and ast.unparse(node.func) in (
            "os.environ.get",
            "os.getenv",
        ):
            if isinstance(node.args[0], ast.Name) and any(
                isinstance(f, ast.FunctionDef) and f.name in readers for f in ast.walk(tree)
            ):
                continue  # inside a reader: counted at its callers
            out.add(name(node.args[0]))
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
            out.add(name(node.slice))
    return out


def test_core_reads_only_the_environment_variables_the_page_names() -> None:
    read = set().union(*(_env_reads(tree) for _, tree in _py(PKG / "core")))
    for c in (paths.REPO / "csrc").glob("*.c"):
        read |= set(re.findall(r'getenv\("(\w+)"\)', c.read_text(encoding="utf-8")))
    rules = _section("## Rules")
    core_rule = rules[: rules.index("- **The CLI is thin.**")]
    named = set(re.findall(r"`(SPECDIAG_[\w*]+)`", core_rule))
    unnamed = {
        r
        for r in read
        if not any(fnmatch.fnmatchcase(r.rstrip("*") + "X", n) or r == n for n in named)
    }
    assert unnamed == set()
    assert {n for n in named if not any(fnmatch.fnmatchcase(r, n) or r == n for r in read)} == set()


def _calls(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield ast.unparse(node.func)


@pytest.mark.parametrize("layer", ["core", "cli"])
def test_no_print_no_exit(layer: str) -> None:
    """Core never prints, exits or reads sys.argv; the CLI's modules neither print nor exit (their
    output goes through the output layer, their exit codes through the error boundary, the one
    module that exits)."""
    found = []
    for path, tree in _py(PKG / layer):
        if path.name == "_framework.py":
            continue
        bad = [c for c in _calls(tree) if c in ("print", "sys.exit", "exit", "os._exit")]
        if layer == "core":
            bad += [
                "sys.argv"
                for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and ast.unparse(n) == "sys.argv"
            ]
        found += [f"{path.relative_to(paths.REPO)}: {b}" for b in bad]
    assert found == []


def _module_level_imports(tree: ast.Module) -> Iterator[str]:
    """Imports that run when the module is imported (not inside a function or TYPE_CHECKING)."""
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += node.orelse
        elif isinstance(node, (ast.If, ast.Try)):
            todo += [*node.body, *node.orelse]
            if isinstance(node, ast.Try):
                for h in node.handlers:
                    todo += h.body
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


# The logs pipeline's batches and accumulators are numpy through and through; only the run of
# `specdiag logs` imports them (tests/cli/test_app.py and test_logs.py check the start-up).
RUN_ONLY = {
    f"specdiag/core/logs/{name}.py": {"numpy"} for name in ("analyze", "batch", "fast", "summary")
}


def test_heavy_libraries_are_imported_inside_the_functions_that_need_them() -> None:
    found = []
    for path, tree in _py(PKG):
        if path.name == "vllm_connector.py":  # runs inside vLLM, which has them loaded
            continue
        allowed = RUN_ONLY.get(str(path.relative_to(paths.REPO)), set())
        heavy = {m.split(".")[0] for m in _module_level_imports(tree)} & HEAVY - allowed
        found += [f"{path.relative_to(paths.REPO)}: {sorted(heavy)}"] if heavy else []
    assert found == []


def _all_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


def test_the_small_modules_stay_small() -> None:
    """``__init__.py`` imports nothing; ``core/accept.py`` is standard library only (and our
    errors and data-file reader, itself standard library only); the vLLM connector imports
    nothing of specdiag."""
    assert _all_imports(PKG / "__init__.py") <= {"__future__"}
    ours = {"specdiag.errors", "specdiag.core.datafiles"}
    for module in ("accept.py", "datafiles.py"):
        imported = _all_imports(PKG / "core" / module)
        assert all(m.split(".")[0] in sys.stdlib_module_names or m in ours for m in imported)
    assert not [m for m in _all_imports(PKG / "vllm_connector.py") if m.startswith("specdiag")]


def test_each_command_module_registers_through_the_boundary() -> None:
    import importlib
    import inspect

    from specdiag.cli._framework import guarded
    from specdiag.cli.app import COMMANDS, build_app

    app = build_app()
    registered = {c.name: c.callback for c in app.registered_commands}
    groups = {g.name: g.typer_instance for g in app.registered_groups}
    assert set(registered) | set(groups) == set(COMMANDS)
    wrapper = guarded(lambda: None).__code__
    for name, module in COMMANDS.items():
        code = importlib.import_module(f"specdiag.cli.{module}")
        if name in groups:  # a group: <module>_app(), each subcommand behind guarded
            sub = groups[name]
            assert sub is not None and hasattr(code, f"{module}_app"), name
            callbacks = [c.callback for c in sub.registered_commands]
            assert callbacks, name
            assert all(c is not None and c.__code__ is wrapper for c in callbacks), name
            continue
        callback = registered[name]
        assert callback is not None and callback.__code__ is wrapper, name  # behind guarded
        func = getattr(code, f"{module}_cmd")
        assert inspect.unwrap(callback) is func, name


def test_the_commands_independent_contract_lists_every_command_module() -> None:
    from specdiag.cli.app import COMMANDS

    toml = (paths.REPO / "pyproject.toml").read_text(encoding="utf-8")
    block = toml[toml.index('id = "commands-independent"') :]
    block = block[: block.index("]")]
    declared = set(re.findall(r'"(specdiag\.cli\.\w+)"', block))
    assert declared == {f"specdiag.cli.{m}" for m in COMMANDS.values()}
