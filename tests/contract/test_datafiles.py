"""The package's data files (specdiag/core/datafiles.py): each ships with the package, each entry
is well-formed, and each is used (a key no code reads, or a placeholder no code fills, fails)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from specdiag.core import accept, accprofile, datafiles
from specdiag.core.probe import workload
from specdiag.core.report import build
from tests.support import paths, sources

CODE = sources.code()
# every data file read through datafiles.load(package, name)
FILES = sorted(
    paths.REPO.joinpath(*package.split("."), name)
    for package, name in set(re.findall(r'\bload\(\s*"(specdiag[\w.]*)",\s*"([\w.]+)"', CODE))
)


def _package(path: Path) -> str:
    return ".".join(path.parent.relative_to(paths.REPO).parts)


def _strings(x: object) -> list[str]:
    if isinstance(x, str):
        return [x]
    items = x.values() if isinstance(x, dict) else x if isinstance(x, list) else []
    return [s for v in items for s in _strings(v)]


@functools.cache
def _filled(name: str) -> bool:
    """A placeholder ``{name}`` is filled somewhere: ``name=``, ``"name"`` or ``name: `` (a
    field) in the code (searched once per name: the same placeholders recur in a file)."""
    return re.search(rf'\b{name}=|"{name}"|^\s+{name}: ', CODE, re.MULTILINE) is not None


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_data_file_is_shipped_read_and_every_key_is_used(path: Path) -> None:
    pyproject = (paths.REPO / "pyproject.toml").read_text()
    rel = path.relative_to(paths.REPO / "specdiag").parent.as_posix()
    assert f'"{rel}/*.json"' in pyproject, f"{path.name} is not package data"
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(raw, dict) and isinstance(raw.get("_comment"), str)
    doc = datafiles.load(_package(path), path.name)
    for key, value in doc.items():
        assert value, f"{path.name}: {key} is empty"
        assert f'"{key}"' in CODE or path.name == "prompts.json", f"{path.name}: {key} unused"
        for text in _strings(value):
            # ("" only as a table column's marker: a missing value shown blank)
            assert text.strip() == text and (text or key == "tables"), f"{path.name}: {key}"
            # filled by name (datafiles.fill(name=...)), or a key of the document part a
            # report fact is filled from (a result dataclass's field, or a key written by hand)
            for name in re.findall(r"\{([a-z_]+)\}", text):
                assert _filled(name), f"{path.name}: {key}: {{{name}}} unfilled"


def test_the_conventions_cover_every_replay_target_and_engine_report() -> None:
    assert len(FILES) >= 7  # (the files above are found by their load() calls)
    doc = datafiles.load("specdiag.core", "conventions.json")
    assert set(doc["replay"]) == {t.value for t in accprofile.Target}
    rows = doc["engine_reports"]
    for ndt in (None, 4):
        reports = accept.engine_reports(accept.profile([0.8, 0.6, 0.5]), ndt)
        assert [(r.source, r.label) for r in reports] == [(r["source"], r["label"]) for r in rows]
    unknown = [r.label for r in accept.engine_reports(accept.profile([0.8]), 2) if r.value is None]
    assert unknown == ["Per-position acceptance rate"]  # (printed as a list, not one value)
    assert len(accept.COLLAPSE_CAUSES) >= 5 and len(build.DEFINITIONS) >= 5
    assert all("{" not in text.replace("_{j<=i}", "") for _, text in build.DEFINITIONS)


def test_the_builtin_prompts_are_six_categories_of_distinct_text() -> None:
    prompts = workload.builtin_prompts()
    assert len(workload.CATEGORIES) == 6
    assert len({p.text for p in prompts}) == len(prompts) >= 30


def test_probe_says_why_no_acceptance_came_for_every_engine() -> None:
    from specdiag.core.probe.engines import EngineKind

    no_accept = datafiles.load("specdiag.core.probe", "messages.json")["no_accept"]
    assert set(no_accept) == {e.value for e in EngineKind} - {"auto"}


def test_every_fleet_metric_name_has_a_known_role_and_family() -> None:
    from specdiag.core.fleet import names

    roles = {v for k, v in vars(names).items() if k.isupper() and isinstance(v, str)}
    assert {m.role for m in names.NAMES} <= roles
    assert {m.family for m in names.NAMES} == set(names.RANK_LABELS)
    assert len(names.BY_NAME) == len(names.NAMES)  # no name twice
