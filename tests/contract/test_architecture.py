"""The layers of docs/architecture.md: no import cycle between any two modules (imports inside
functions included; those under TYPE_CHECKING never run and are not counted), core free of the
CLI and the servers, and the page itself naming only files that exist."""

from __future__ import annotations

import re

import grimp
import pytest

from tests.support import paths

ROOT = paths.REPO


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("specdiag", cache_dir=None, exclude_type_checking_imports=True)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_cycle_between_any_two_modules(graph: grimp.ImportGraph) -> None:
    # a package's __init__ importing its own children is not a cycle of the code
    found = [c for c in cycles(graph) if not all(m == c[0] or m.startswith(c[0] + ".") for m in c)]
    assert found == [], found


def test_the_cycle_check_finds_an_injected_cycle(graph: grimp.ImportGraph) -> None:
    g = (
        graph.copy()
        if hasattr(graph, "copy")
        else grimp.build_graph("specdiag", cache_dir=None, exclude_type_checking_imports=True)
    )
    g.add_import(importer="specdiag.core.accept", imported="specdiag.core.profile")
    assert any({"specdiag.core.accept", "specdiag.core.profile"} <= set(c) for c in cycles(g))


@pytest.mark.parametrize("upper", ["specdiag.cli", "specdiag.refserver", "specdiag.workflows"])
def test_core_does_not_import_upper_layers(graph: grimp.ImportGraph, upper: str) -> None:
    assert not graph.chain_exists(importer="specdiag.core", imported=upper, as_packages=True)


def test_servers_do_not_import_the_cli(graph: grimp.ImportGraph) -> None:
    assert not graph.chain_exists(
        importer="specdiag.refserver", imported="specdiag.cli", as_packages=True
    )


def test_architecture_page_names_only_files_that_exist() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for ref in sorted(
        set(re.findall(r"`((?:specdiag|tests|docs|cli|core)/[\w/.]+\.(?:py|md|toml))", text))
    ):
        path = ref if not ref.startswith(("cli/", "core/")) else f"specdiag/{ref}"
        assert (ROOT / path).exists(), ref
