"""Generate docs/cli.md, the CLI reference, from the typer app itself.

    python -m specdiag.cli.docgen            # rewrite docs/cli.md
    python -m specdiag.cli.docgen --check    # exit 1 when docs/cli.md is out of date

``tests/contract/test_cli_docs.py`` runs the check, so the page cannot drift from the code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from specdiag.cli._declared import Command, Param

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
`--target` (the checkpoint directory; `--model` is a served model name). capture-hidden is one
subcommand per source: `--from SOURCE WHERE` is `capture-hidden SOURCE WHERE`, and
`--print-server-args [--engine E]` with no source is `capture-hidden E --print-server-args`.
`--layers` is `--training-layers` in compare-hidden (the training ids, SpecForge's convention)
and `--served-layers` in capture-hidden (the ids the server runs with, read with
`--layer-convention`, which vLLM needs). fleet's `--start`/`--end` are `--since`/`--until`,
doctor's `--max-tokens` is `--probe-max-tokens` (exporter's name), report's `--markdown` is
`--format markdown`. `--since`/`--until` take one grammar in logs and fleet (logs.md, "Time
windows").
"""


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _type(p: Param) -> str:
    if p.choices:
        return " \\| ".join(f"`{c}`" for c in p.choices)
    if p.is_flag:
        return "flag"
    name = "<" + " ".join([p.value_kind] * p.arity) + ">" if p.arity > 1 else p.value_kind
    if p.minimum is not None or p.maximum is not None:
        lo = "" if p.minimum is None else p.minimum
        hi = "" if p.maximum is None else p.maximum
        name += f" ({lo}..{hi})"
    if p.repeatable:
        name += ", repeatable"
    return name


def _default(p: Param) -> str:
    if p.required:
        return "required"
    if p.show_default is False:
        return ""
    if isinstance(p.show_default, str):  # a default written out (the flag's own is None)
        return f"`{p.show_default}`"
    d = p.default
    if d is None or d == () or d == [] or (p.is_flag and d is False and not p.secondary):
        return ""
    if isinstance(d, bool):
        return "on" if d else "off"
    return f"`{getattr(d, 'value', d)}`"


def _flags(p: Param) -> str:
    opts = list(p.flags)
    if p.secondary:
        opts = [f"{a}/{b}" for a, b in zip(p.flags, p.secondary, strict=False)]
    return ", ".join(f"`{o}`" for o in opts)


def _section(cmd: Command, level: str) -> list[str]:
    """One command's heading, usage line, help, arguments and options."""
    out = ["", f"{level} {cmd.name}", ""]
    args = [p for p in cmd.params if p.kind == "argument"]
    words = [(p.name.upper() + ("..." if p.repeatable else ""), p.required) for p in args]
    usage = "COMMAND [ARGS]..." if cmd.group else " ".join(w if r else f"[{w}]" for w, r in words)
    out += ["```", f"specdiag {cmd.name} [OPTIONS] {usage}".rstrip(), "```", ""]
    out += [line.rstrip() for line in cmd.help.strip().splitlines()]
    out.append("")
    if args:
        out += ["| argument | help |", "|---|---|"]
        out += [f"| `{p.name.upper()}` | {_cell(p.help)} |" for p in args]
        out.append("")
    options = [p for p in cmd.params if p.kind == "option" and not p.hidden]
    if options or not cmd.group:
        out += ["| option | type | default | help |", "|---|---|---|---|"]
    for p in options:
        help_text = _cell(p.help)
        if p.envvar:
            help_text += " Environment: " + ", ".join(f"`{e}`" for e in p.envvar) + "."
        out.append(f"| {_flags(p)} | {_type(p)} | {_default(p)} | {help_text} |")
    return out


def render_reference() -> str:
    from specdiag.cli._declared import commands
    from specdiag.cli.app import COMMANDS, HELP, build_app

    declared = commands(build_app())
    by_name = {c.name: c for c in declared}
    out = [HEADER, "", "## specdiag", "", _cell(HELP.split("\n\n")[0]), ""]
    out.append("| command | what it does |")
    out.append("|---|---|")
    out += [f"| [`{n}`](#{n}) | {_cell(by_name[n].short_help)} |" for n in COMMANDS]
    for name in COMMANDS:
        out += _section(by_name[name], "##")
        # a group's subcommands, each with only its own flags
        out += [line for c in declared if c.top == name and c.name != name
                for line in _section(c, "###")]  # fmt: skip
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
