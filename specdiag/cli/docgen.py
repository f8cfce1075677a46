"""Generate docs/cli.md, the CLI reference, from the typer app itself.

    python -m specdiag.cli.docgen            # rewrite docs/cli.md
    python -m specdiag.cli.docgen --check    # exit 1 when docs/cli.md is out of date

Every command registered in :data:`specdiag.cli.app.COMMANDS` is listed in that order with its
help text and every option: its flags, type or choices, default, environment variables and
help. ``tests/contract/test_cli_docs.py`` runs the check, so the page cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HEADER = """# CLI reference

Generated from the typer app by `python -m specdiag.cli.docgen`; do not edit by hand (a test
fails when this page and the code disagree). Each command's own page explains its output and
gives worked examples; `docs/reliability.md` says what every command guarantees.

Exit codes, for every command: 0 ok, 1 a requested check failed, 2 usage error, 3 could not run,
130 Ctrl-C, 143 SIGTERM.

One flag name has one meaning in every command. Renamed flags still take their old name for now,
hidden from --help and with a warning on stderr: `--topk` is `--eagle-topk` (tree branching,
SGLang's `--speculative-eagle-topk`; sampling's is `--top-k`), reference-server's `--acc` is
`--acceptance` (`--acc` is the training accuracy everywhere else), inspect-dump's `--model` is
`--target` (the checkpoint directory; `--model` is a served model name). capture-hidden's
`--layers` needs `--layer-convention` (it used to mean vLLM ids there, training ids in
compare-hidden). `--since` takes a time or a duration in logs and fleet.
"""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _type(param: Any) -> str:
    choices = getattr(param.type, "choices", None)
    if choices:
        return " \\| ".join(f"`{getattr(c, 'value', c)}`" for c in choices)
    if getattr(param, "is_flag", False):
        return "flag"
    name = (getattr(param.type, "name", "") or "").removesuffix(" range")
    lo, hi = getattr(param.type, "min", None), getattr(param.type, "max", None)
    if lo is not None or hi is not None:
        name += f" ({lo if lo is not None else ''}..{hi if hi is not None else ''})"
    if getattr(param, "multiple", False):
        name += ", repeatable"
    return name


def _default(param: Any) -> str:
    if getattr(param, "required", False):
        return "required"
    if getattr(param, "show_default", True) is False:
        return ""
    d = param.default
    if d is None or d == () or (getattr(param, "is_flag", False) and d is False):
        return ""
    if isinstance(d, bool):
        return "on" if d else "off"
    return f"`{getattr(d, 'value', d)}`"


def _flags(param: Any) -> str:
    opts = list(param.opts)
    if param.secondary_opts:
        opts = [f"{a}/{b}" for a, b in zip(param.opts, param.secondary_opts, strict=False)]
    return ", ".join(f"`{o}`" for o in opts)


def render_reference() -> str:
    import typer

    from specdiag.cli.app import COMMANDS, HELP, build_app

    group: Any = typer.main.get_command(build_app())
    out = [HEADER, "", "## specdiag", "", _cell(HELP.split("\n\n")[0]), ""]
    out.append("| command | what it does |")
    out.append("|---|---|")
    for name in COMMANDS:
        cmd = group.commands[name]
        out.append(f"| [`{name}`](#{name}) | {_cell(cmd.get_short_help_str(limit=200))} |")
    for name in COMMANDS:
        cmd = group.commands[name]
        out += ["", f"## {name}", ""]
        args = [p for p in cmd.params if p.param_type_name == "argument"]
        usage = " ".join(
            f"{p.name.upper()}{'...' if p.nargs == -1 else ''}"
            if p.required
            else f"[{p.name.upper()}{'...' if p.nargs == -1 else ''}]"
            for p in args
        )
        out += ["```", f"specdiag {name} [OPTIONS] {usage}".rstrip(), "```", ""]
        out += [line.rstrip() for line in (cmd.help or "").strip().splitlines()]
        out.append("")
        if args:
            out += ["| argument | help |", "|---|---|"]
            for p in args:
                out.append(f"| `{p.name.upper()}` | {_cell(getattr(p, 'help', '') or '')} |")
            out.append("")
        opts = [p for p in cmd.params if p.param_type_name == "option" and not p.hidden]
        out += ["| option | type | default | help |", "|---|---|---|---|"]
        for p in opts:
            help_text = _cell(p.help or "")
            envs = p.envvar if isinstance(p.envvar, (list, tuple)) else [p.envvar]
            envs = [e for e in envs if e]
            if envs:
                help_text += " Environment: " + ", ".join(f"`{e}`" for e in envs) + "."
            out.append(f"| {_flags(p)} | {_type(p)} | {_default(p)} | {help_text} |")
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None, path: Path | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = path or Path(__file__).resolve().parents[2] / "docs" / "cli.md"
    text = render_reference()
    if "--check" in args:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            sys.stderr.write("docs/cli.md is out of date: run python -m specdiag.cli.docgen\n")
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
