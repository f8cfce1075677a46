"""The ``specdiag`` typer app: global options, command registration, the console entry point.

Commands are registered lazily: :func:`main` imports and registers only the command named on the
command line (all of them for ``specdiag --help``), so a run pays for one command's module and
option parsing, not seven. Each command module keeps its heavy imports (numpy, httpx, torch)
inside the command body; :func:`build_app` with no names gives the full app.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable, Sequence
from typing import Annotated

import typer

from specdiag import __version__
from specdiag.cli._framework import exit_code_for, guarded, run_app
from specdiag.errors import EXIT_USAGE

# command name -> module under specdiag.cli that defines its HELP and the command function
# <module>_cmd (one parameter per flag), or <module>_app() returning a typer group of
# subcommands; help lists them in this order. A module's legacy_args(words) rewrites its older
# spellings before typer parses the line.
COMMANDS: dict[str, str] = {
    "demo": "demo",
    "expected-accept": "expected_accept",
    "probe": "probe",
    "logs": "logs",
    "compare-hidden": "compare_hidden",
    "inspect-dump": "inspect_dump",
    "capture-hidden": "capture_hidden",
    "reference-server": "reference_server",
    "fleet": "fleet",
    "exporter": "exporter",
    "doctor": "doctor",
    "report": "report",
    "profile": "profile",
}

HELP = (
    "Diagnose speculative decoding: predict accept length from training accuracy, "
    "parse engine logs, probe live servers, compare hidden states.\n\n"
    "Exit codes: 0 ok, 1 check failed, 2 usage error, 3 could not run, 130 Ctrl-C, "
    "143 SIGTERM."
)


def _version_callback(value: bool) -> None:
    if value:
        sys.stdout.write(f"specdiag {__version__}\n")
        raise typer.Exit(0)


def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            callback=_version_callback,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """specdiag: speculative-decoding diagnostics."""
    if ctx.invoked_subcommand is None:  # `specdiag` alone: the help, and a usage exit
        sys.stdout.write(ctx.get_help() + "\n")
        raise typer.Exit(EXIT_USAGE)


def build_app(names: Iterable[str] | None = None) -> typer.Typer:
    """A specdiag app with the named commands registered (all when ``names`` is None)."""
    app = typer.Typer(
        name="specdiag",
        help=HELP,
        invoke_without_command=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(_root)
    for name in COMMANDS if names is None else names:
        module = importlib.import_module(f"specdiag.cli.{COMMANDS[name]}")
        group = getattr(module, f"{COMMANDS[name]}_app", None)
        if group is not None:  # a group of subcommands, each behind the error boundary
            app.add_typer(group(), name=name, help=module.HELP)
            continue
        func = getattr(module, f"{COMMANDS[name]}_cmd")
        app.command(name, help=module.HELP)(guarded(func))  # behind the error boundary
    return app


def requested_command(argv: Sequence[str]) -> str | None:
    """The command named on the command line, if it is one of ours (root options come first)."""
    for arg in argv:
        if arg == "--":
            return None
        if arg.startswith("-"):
            continue
        return arg if arg in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point. Returns the process exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        name = requested_command(args)
        app = build_app([name] if name is not None else None)
        if name is not None:  # a command's older spellings, rewritten (with a warning)
            legacy = getattr(sys.modules[f"specdiag.cli.{COMMANDS[name]}"], "legacy_args", None)
            if legacy is not None:
                at = args.index(name) + 1
                args = args[:at] + legacy(args[at:])
    except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - a command that cannot load
        return exit_code_for(exc)
    return run_app(app, args, "specdiag")
