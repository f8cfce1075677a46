"""No reference to this project's own issue tracker in code, tests or docs ("issue 12", "#12"):
a newcomer cannot resolve them. Say what the change was instead. Another project's issue or PR,
named with its repository (``sglang#25454``, ``SGLang PR #12064``), is a fact that resolves."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.support import paths

OWN = re.compile(r"\b[Ii]ssues?[ -]#?\d+|(?<![\w/.\x22-])(?<!PR )#\d+\b")  # not a "#888888" colour
SUFFIXES = {".py", ".md", ".c", ".toml", ".txt", ".json", ".sh", ".env"}


def test_no_own_issue_numbers() -> None:
    roots = ["specdiag", "tests", "docs", "csrc", "benchmarks", "scripts"]
    files = [p for r in roots for p in _files(paths.REPO / r) if p.suffix in SUFFIXES]
    files += [paths.REPO / "README.md", paths.REPO / "Makefile"]
    found = []
    for f in files:
        if f.resolve() == Path(__file__).resolve() or not f.is_file():
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OWN.search(line):
                found.append(f"{f.relative_to(paths.REPO)}:{n}: {line.strip()[:100]}")
    assert found == []


def _files(root: Path) -> list[Path]:
    """The files git would commit under ``root`` (tracked or new, not ignored: a benchmark's
    copy of another checkout is not this tree's text); every file where git is not there."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "."],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return list(root.rglob("*"))
    return [root / name for name in out.decode().split("\0") if name]
