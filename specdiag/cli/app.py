"""The ``specdiag`` typer app: global options, command registration, the console entry point.

Command modules are imported here to register themselves; each keeps its heavy imports
(numpy, httpx, torch) inside the command body so ``specdiag --help`` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from specdiag import __version__
from specdiag.cli import (
    compare_hidden,
    demo,
    expected_accept,
    inspect_dump,
    probe,
    reference_server,
)
from specdiag.cli import logs as logs_cmd
from specdiag.cli._framework import exit_code_for

app = typer.Typer(
    name="specdiag",
    help=(
        "Diagnose speculative decoding: predict accept length from training accuracy, "
        "parse engine logs, probe live servers, compare hidden states.\n\n"
        "Exit codes: 0 ok, 1 check failed, 2 usage error, 3 could not run."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version_callback(value: bool) -> None:
    if value:
        sys.stdout.write(f"specdiag {__version__}\n")
        raise typer.Exit(0)


@app.callback()
def _root(
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


expected_accept.register(app)
probe.register(app)
compare_hidden.register(app)
inspect_dump.register(app)
reference_server.register(app)
logs_cmd.register(app)
demo.register(app)


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point. Returns the process exit code."""
    try:
        app(args=list(argv) if argv is not None else None, prog_name="specdiag")
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        return code if isinstance(code, int) else 1
    except BaseException as exc:  # last resort: errors raised outside a command body
        return exit_code_for(exc)
    return 0
