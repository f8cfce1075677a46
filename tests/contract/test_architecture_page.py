"""docs/architecture.md, statement by statement, against the code: each rule of the page that a
test can check is checked here (the layers themselves: test_architecture.py; the error boundary,
hints and shared flags: test_framework.py; fast start: tests/cli/test_app.py)."""

from __future__ import annotations

import ast
import fnmatch
import functools
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


@functools.cache
def _walk(tree: ast.Module) -> tuple[ast.AST, ...]:
    """``ast.walk(tree)`` of a module of the package, kept: several tests below walk every
    module (a walk of the package ~0.3 s of CPU; a kept one a tenth of it)."""
    return tuple(ast.walk(tree))


def _src(node: ast.expr) -> str:
    """``ast.unparse(node)``, built directly for a dotted name (``os.environ.get``): the same
    text, without a new unparser for each of the package's ~60,000 calls."""
    parts, at = [], node
    while isinstance(at, ast.Attribute):
        parts.append(at.attr)
        at = at.value
    if isinstance(at, ast.Name):
        return ".".join([at.id, *reversed(parts)])
    return ast.unparse(node)


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
        for node in _walk(tree):
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
        for f in _walk(tree)
        if isinstance(f, ast.FunctionDef)
        and f.args.args
        and any(
            isinstance(c, ast.Call)
            and _src(c.func) in ("os.environ.get", "os.getenv")
            and isinstance(c.args[0], ast.Name)
            and c.args[0].id == f.args.args[0].arg
            for c in ast.walk(f)
        )
    }
    out = set()
    for node in _walk(tree):
        if isinstance(node, ast.Call) and _src(node.func) in readers and node.args:
            out.add(name(node.args[0]))
        elif isinstance(node, ast.Call) and _src(node.func) in (
            "os.environ.get",
            "os.getenv",
        ):
            if isinstance(node.args[0], ast.Name) and any(
                isinstance(f, ast.FunctionDef) and f.name in readers for f in _walk(tree)
            ):
                continue  # inside a reader: counted at its callers
            out.add(name(node.args[0]))
        elif isinstance(node, ast.Subscript) and _src(node.value) == "os.environ":
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
    for node in _walk(tree):
        if isinstance(node, ast.Call):
            yield _src(node.func)


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
                for n in _walk(tree)
                if isinstance(n, ast.Attribute) and _src(n) == "sys.argv"
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


def _tree(relative: str) -> ast.Module:
    return dict(_py(PKG))[PKG / relative]


def _layout_entries() -> dict[str, str]:
    """The Layout block as ``path -> its line``: an entry is a line indented at most 8 spaces
    that starts with names (``engine.py, model.py``); deeper lines continue a description."""
    block = _section("## Layout").split("```")[1]
    out: dict[str, str] = {}
    stack: list[str] = []
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        m = re.match(r"([\w./]+(?:, [\w./]+)*),?(?:\s|$)", line.strip())
        if not line.strip() or indent > 8 or not m:
            continue
        depth = indent // 2
        stack = stack[:depth]
        names = m.group(1).split(", ")
        base = "".join(stack)
        for name in names:
            out[base + name] = line
        if names[-1].endswith("/"):
            stack.append(names[-1])
    return out


# the folders whose every file has its own line (a subpackage of core/: one line for it all)
LISTED = ("specdiag", "specdiag/core", "specdiag/workflows", "specdiag/refserver",
          "specdiag/exporter", "specdiag/cli")  # fmt: skip


def test_the_layout_names_only_what_exists_and_every_module() -> None:
    entries = _layout_entries()
    assert len(entries) > 60, sorted(entries)  # the block was read at all
    missing = [e for e in entries if not (paths.REPO / e).exists()]
    assert missing == []
    unlisted = []
    for folder in LISTED:
        for f in sorted((paths.REPO / folder).iterdir()):
            rel = f.relative_to(paths.REPO).as_posix()
            cache = f.is_dir() and f.name.startswith((".", "_"))  # __pycache__ and the like
            if cache or (f.name == "__init__.py" and folder != "specdiag"):
                continue
            if f.is_dir():
                rel += "/"
            elif f.suffix not in (".py", ".json"):
                continue
            if rel not in entries:
                unlisted.append(rel)
    assert unlisted == []
    assert (
        "Every module of `specdiag/`, `core/`, `workflows/`, `refserver/`, `exporter/` and `cli/`"
        in PAGE
    )


def _bounded_classes() -> dict[str, ast.ClassDef]:
    out = {}
    for _, tree in _py(PKG):
        for node in _walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(s, ast.AnnAssign)
                and isinstance(s.value, ast.Call)
                and getattr(s.value.func, "id", "") == "bounded"
                for s in node.body
            ):
                out[node.name] = node
    return out


def test_the_bounded_options_classes_are_the_ones_the_page_lists() -> None:
    rule = PAGE[PAGE.index("Which values a numeric flag takes") :]
    rule = rule[: rule.index("declared again")]
    listed = set(re.findall(r"`(\w+)`", rule)) - {"bounded()"}
    found = _bounded_classes()
    assert listed == set(found)
    for name, node in found.items():  # each checks its ranges on construction
        post = [
            s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__post_init__"
        ]
        assert post and "check_bounds(self)" in ast.unparse(post[0]), name


def test_the_shared_flag_aliases_are_the_ones_the_page_lists() -> None:
    rule = PAGE[PAGE.index("- **One name, one meaning.**") :]
    rule = rule[: rule.index("a flag whose help is the command's own")]
    listed = set(re.findall(r"`(\w+Opt)`", rule))
    defined = {
        t.id
        for node in _tree("cli/_framework.py").body
        if isinstance(node, ast.Assign) and "Annotated[" in ast.unparse(node.value)
        for t in node.targets
        if isinstance(t, ast.Name) and t.id.endswith("Opt")
    }
    assert listed == defined


def test_the_renamed_flags_are_the_ones_the_page_lists() -> None:
    rule = PAGE[PAGE.index("A renamed flag keeps its old name") :]
    rule = " ".join(rule[: rule.index("- **One rule per question.**")].split())
    calls = set()
    for path, tree in _py(PKG / "cli"):
        for node in _walk(tree):
            if isinstance(node, ast.Call) and _src(node.func).endswith("deprecated_flag"):
                old, new = (a.value for a in node.args[:2] if isinstance(a, ast.Constant))
                calls.add((path.stem.replace("_", "-"), old, new))
    assert len(calls) >= 3
    for command, old, new in sorted(calls):
        assert f"`{old}` (now `{new}`" in rule, (command, old)
        if old != "--topk":  # named with its command: reference-server's `--acc` (now ...)
            assert f"{command}'s `{old}` (now `{new}`" in rule, (command, old)
    topk = rule[rule.index("`--topk` (now") : rule.index("reference-server's `--acc`")]
    named = set(re.findall(r"expected-accept|logs|reference-server|probe|doctor|fleet", topk))
    assert named == {c for c, old, _ in calls if old == "--topk"}


def test_the_two_servers_share_one_lifecycle() -> None:
    bases = {
        node.name: {ast.unparse(b) for b in node.bases}
        for rel in ("refserver/server.py", "exporter/server.py")
        for node in _tree(rel).body
        if isinstance(node, ast.ClassDef)
    }
    assert "ServerLifecycle" in bases["ServerHandle"]
    assert "ServerLifecycle" in bases["ExporterHandle"]


def test_run_app_catches_the_typer_exceptions_the_page_names() -> None:
    run_app = next(
        n
        for n in _tree("cli/_framework.py").body
        if isinstance(n, ast.FunctionDef) and n.name == "run_app"
    )
    caught = {
        ast.unparse(h.type)
        for t in ast.walk(run_app)
        if isinstance(t, ast.Try)
        for h in t.handlers
        if h.type is not None
    }
    rule = PAGE[PAGE.index("- **One error boundary.**") : PAGE.index("- **Exit codes**")]
    named = set(re.findall(r"`(typer\.\w+)`", rule))
    assert named and named <= caught


def test_secrets_are_registered_where_the_page_says() -> None:
    rule = PAGE[PAGE.index("One piece of shared state") :]
    rule = " ".join(rule[: rule.index("- **The CLI is thin.**")].split())
    callers = {
        path.relative_to(PKG).as_posix()
        for path, tree in _py(PKG)
        if path.name != "errors.py" and any(c.endswith("register_secrets") for c in _calls(tree))
    }
    assert callers
    for rel in sorted(callers):
        if rel == "core/probe/run.py":
            assert "`run_probe()`" in rule
        elif rel.startswith("cli/"):
            assert f"the {Path(rel).stem}" in rule or f" {Path(rel).stem} " in rule, rel
        else:
            assert f"`{rel}`" in rule, rel


def test_command_modules_import_at_module_level_only_what_the_page_names() -> None:
    from specdiag.cli.app import COMMANDS

    rule = _section("## Rules")
    rule = rule[rule.index("At module level a command module") :].split("\n- ")[0]
    rule = " ".join(rule.split())
    named = {f"specdiag.{m}" for m in re.findall(r"`((?:core|refserver)\.[\w.]+|errors)`", rule)}
    assert "typer" in rule and "the shared `cli/_*.py`" in rule
    used = set()
    for module in COMMANDS.values():
        for imported in _module_level_imports(_tree(f"cli/{module}.py")):
            root = imported.split(".")[0]
            if root in sys.stdlib_module_names or root == "typer" or imported == "__future__":
                continue
            if imported == "specdiag.cli" or imported.startswith("specdiag.cli._"):
                continue
            used.add(imported)
    assert used <= named, used - named  # no import the rule does not allow
    assert named <= used, named - used  # no module the rule names for nothing
