"""The docs link what exists: every relative link of README.md, docs/ and docs/notes/ names a file
of the tree and, with a ``#fragment``, a heading of that page (GitHub's anchors); and
docs/performance.md stays one page of current figures, each section saying how to reproduce
its figure and where its notes are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import paths

PAGES = sorted([paths.REPO / "README.md", *paths.DOCS.glob("*.md"), *paths.DOCS.glob("notes/*.md")])
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _text(page: Path) -> str:
    """The page without its fenced code blocks and inline code (no links live there)."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", page.read_text(encoding="utf-8")))


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation but '-' and '_' dropped,
    spaces as '-', a repeated anchor numbered."""
    seen: dict[str, int] = {}
    out = set()
    for title in re.findall(r"^#{1,6} +(.+?) *#*$", FENCE.sub("", page.read_text("utf-8")), re.M):
        slug = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def test_the_pages_are_found() -> None:
    names = {p.relative_to(paths.REPO).as_posix() for p in PAGES}
    assert {"README.md", "docs/index.md", "docs/performance.md"} <= names
    assert any(n.startswith("docs/notes/") for n in names)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(paths.REPO).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in LINK.findall(_text(page)):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:: not this tree's
        path, _, fragment = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif fragment and dest.suffix == ".md" and fragment not in _anchors(dest):
            broken.append(f"{target}: no such heading")
    assert broken == []


def _performance_sections() -> dict[str, str]:
    text = (paths.DOCS / "performance.md").read_text(encoding="utf-8")
    parts = re.split(r"^## +(.+)$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_performance_is_one_page_with_a_way_to_reproduce_each_figure() -> None:
    text = (paths.DOCS / "performance.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "history and lab notes go to docs/notes/"
    sections = _performance_sections()
    assert len(sections) >= 10
    scripts = {p.name for p in (paths.REPO / "benchmarks").glob("*.py")}
    for title, body in sections.items():
        how = body[body.index("Reproduce") :] if "Reproduce" in body else ""
        assert re.match(r"Reproduce: `[^`]+`", how), f"{title}: no command to reproduce it"
        named = set(re.findall(r"\b((?:bench|eval)_\w+\.py)", body))
        assert named <= scripts, (title, named - scripts)
        assert re.search(r"\]\(notes/performance-[\w-]+\.md", body), f"{title}: no notes link"


def test_every_benchmark_make_bench_runs_has_its_figures_on_the_page() -> None:
    run_all = (paths.REPO / "benchmarks" / "run_all.py").read_text(encoding="utf-8")
    listed = re.findall(r'\["(\w+\.py)"', run_all)  # read, not imported: tests import no benchmark
    assert len(listed) >= 10
    text = (paths.DOCS / "performance.md").read_text(encoding="utf-8")
    assert [s for s in listed if s not in text] == []


def test_the_summary_table_links_a_section_for_each_row() -> None:
    text = (paths.DOCS / "performance.md").read_text(encoding="utf-8")
    anchors = _anchors(paths.DOCS / "performance.md")
    rows = re.findall(r"^\| \[[^\]]+\]\(#([\w-]+)\) \|", text, re.M)
    assert len(rows) >= 10
    assert set(rows) <= anchors
    titled = {re.sub(r"[^\w\- ]", "", t.lower()).replace(" ", "-") for t in _performance_sections()}
    assert titled <= set(rows), "a section no summary row points to"


def _linked(page: Path) -> set[Path]:
    return {
        (page.parent / t.partition("#")[0]).resolve()
        for t in LINK.findall(_text(page))
        if not re.match(r"[a-z]+:", t) and t.partition("#")[0]
    }


def test_the_index_links_every_page_and_performance_every_note() -> None:
    index = _linked(paths.DOCS / "index.md")
    assert [
        p.name for p in paths.DOCS.glob("*.md") if p.name != "index.md" and p not in index
    ] == []
    perf = _linked(paths.DOCS / "performance.md")
    notes = sorted((paths.DOCS / "notes").glob("*.md"))
    assert notes and [p.name for p in notes if p.resolve() not in perf] == []


def test_every_command_has_its_benchmark_or_is_named_without_one() -> None:
    from specdiag.cli.app import COMMANDS

    text = (paths.DOCS / "performance.md").read_text(encoding="utf-8")
    sentence = text[text.index("No benchmark of their own") :].split(".")[0]
    without = set(re.findall(r"`([a-z-]+)`", sentence))
    with_section = set(_performance_sections()) & set(COMMANDS)
    assert without & with_section == set()
    assert without | with_section == set(COMMANDS)
