"""The layers of docs/architecture.md, checked with import-linter and grimp.

The import-linter contracts of pyproject.toml run here too, so ``pytest`` alone catches a layer
broken. On top, no import cycle between any two modules: for every direct import a -> b, grimp
finds no chain b -> a (imports inside functions and under TYPE_CHECKING included: a cycle of
type hints is a cycle of design too). The page itself names only files that exist and exactly the contracts
that pyproject.toml declares.
"""

from __future__ import annotations

import re

import grimp
import pytest
from importlinter import cli as importlinter_cli

from tests.support import paths

PAGE = paths.DOCS / "architecture.md"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("specdiag", cache_dir=None, exclude_type_checking_imports=False)


def _related(a: str, b: str) -> bool:
    """A package and its own submodule (a package's __init__ importing its children)."""
    return a.startswith(b + ".") or b.startswith(a + ".")


def cycles(graph: grimp.ImportGraph) -> list[tuple[str, ...]]:
    """Each direct import a -> b that closes a cycle, with the shortest chain b -> ... -> a."""
    found = []
    for a in sorted(graph.modules):
        for b in sorted(graph.find_modules_directly_imported_by(a)):
            if _related(a, b):
                continue
            back = graph.find_shortest_chain(importer=b, imported=a)
            if back is not None:
                found.append((a, *back))
    return found


def test_import_linter_contracts_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(paths.REPO)
    code = importlinter_cli.lint_imports(
        config_filename=str(paths.REPO / "pyproject.toml"), no_cache=True
    )
    assert code == 0, "lint-imports: a contract of pyproject.toml is broken (run `lint-imports`)"


def test_no_import_cycle_between_any_two_modules(graph: grimp.ImportGraph) -> None:
    assert cycles(graph) == []


def test_the_cycle_check_finds_an_injected_cycle(graph: grimp.ImportGraph) -> None:
    g = grimp.build_graph("specdiag", cache_dir=None, exclude_type_checking_imports=False)
    assert g.direct_import_exists(importer="specdiag.core.profile", imported="specdiag.core.accept")
    g.add_import(importer="specdiag.core.accept", imported="specdiag.core.profile")
    assert ("specdiag.core.accept", "specdiag.core.profile", "specdiag.core.accept") in cycles(g)


def test_the_page_lists_exactly_the_contracts_of_pyproject() -> None:
    toml = (paths.REPO / "pyproject.toml").read_text(encoding="utf-8")
    contracts = toml.split("[[tool.importlinter.contracts]]")[1:]
    declared = {re.search(r'^id = "([\w-]+)"', c, flags=re.M).group(1) for c in contracts}  # type: ignore[union-attr]
    text = PAGE.read_text(encoding="utf-8")
    layers = text[text.index("## Layers") : text.index("## Layout")]
    listed = set(re.findall(r"^\| `([\w-]+)` \|", layers, flags=re.M))
    assert listed == declared
    words = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven"}
    assert f"{words[len(declared)]} import-linter contracts" in layers


def test_architecture_page_names_only_files_that_exist() -> None:
    text = PAGE.read_text(encoding="utf-8")
    refs = set(
        re.findall(r"`((?:specdiag|tests|docs|cli|core)/[\w/.]+\.(?:py|md|toml|json))", text)
    )
    for ref in sorted(refs):
        path = ref if not ref.startswith(("cli/", "core/")) else f"specdiag/{ref}"
        assert (paths.REPO / path).exists(), ref
