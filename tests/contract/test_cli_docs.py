"""docs/cli.md is generated from the typer app and cannot drift from it."""

from __future__ import annotations

from pathlib import Path

from specdiag.cli import docgen
from specdiag.cli.app import COMMANDS
from tests.support import paths

CLI_MD = paths.DOCS / "cli.md"


def test_cli_reference_is_up_to_date() -> None:
    assert CLI_MD.read_text(encoding="utf-8") == docgen.render_reference(), (
        "docs/cli.md is out of date: run python -m specdiag.cli.docgen"
    )


def test_cli_reference_lists_every_command_and_option() -> None:
    from specdiag.cli._declared import commands
    from specdiag.cli.app import build_app

    text = docgen.render_reference()
    declared = commands(build_app())
    assert sorted(c.name for c in declared if " " not in c.name) == sorted(COMMANDS)
    for cmd in declared:
        assert f"\n## {cmd.name}\n" in text or f"\n### {cmd.name}\n" in text
        for p in cmd.params:
            if p.hidden:
                continue  # a deprecated name: out of --help and of the reference
            for opt in (*p.flags, *p.secondary):
                assert f"`{opt}" in text or f"/{opt}`" in text, (cmd.name, opt)


def test_check_mode_fails_on_a_stale_page_and_regeneration_fixes_it(tmp_path: Path) -> None:
    page = tmp_path / "cli.md"
    page.write_text(CLI_MD.read_text(encoding="utf-8").replace("--max-tokens", "--max-tok"))
    assert docgen.main(["--check"], page) == 1
    assert docgen.main([], page) == 0
    assert docgen.main(["--check"], page) == 0
