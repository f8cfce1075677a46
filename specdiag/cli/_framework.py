"""CLI plumbing shared by every command: the error boundary and the shared option aliases.

Every command is registered through :func:`command`, which wraps it in the one error boundary:
a :class:`~specdiag.errors.SpecdiagError` becomes ``error: <message>`` plus ``hint: <hint>`` on
stderr and its exit code; anything unexpected becomes a one-line internal error (exit 3).
``SPECDIAG_DEBUG=1`` re-raises instead, so the traceback shows.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from specdiag.core.accept import AccKind
from specdiag.errors import EXIT_COULD_NOT_RUN, SpecdiagError, UsageError

F = TypeVar("F", bound=Callable[..., Any])

# Shared option aliases: one declaration, the same flag and help text in every command.
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout instead of tables.")
]
AccKindOpt = Annotated[
    AccKind,
    typer.Option(
        "--acc-kind",
        help="How to read --acc. conditional: P(pos i accepted | earlier accepted), e.g. "
        "SpecForge/EAGLE acc_i; unconditional: P(pos i accepted), e.g. vLLM per-position rates.",
    ),
]
TopkOpt = Annotated[
    int,
    typer.Option(
        "--topk",
        help="Draft tree branching (1 = chain); > 1 makes the chain prediction a lower bound.",
    ),
]
EngineVersionOpt = Annotated[
    str | None,
    typer.Option(
        "--engine-version",
        help="Engine version, where it changes the meaning (e.g. 0.8.5: vLLM's bonus-less "
        "length; 0.5.10: SGLang's old accept-rate formula).",
    ),
]


def check_min_accept_len(value: float | None) -> None:
    """``--min-accept-len`` is an accept length (bonus included): at least 1, never NaN."""
    if value is not None and not value >= 1.0:
        raise UsageError(
            f"--min-accept-len must be at least 1, got {value:g}",
            hint="accept length includes the bonus token: 1 means no draft accepted",
        )


def debug_enabled() -> bool:
    return os.environ.get("SPECDIAG_DEBUG", "").strip() not in ("", "0", "false", "no")


def report_error(message: str, hint: str | None) -> None:
    """Write the one-line error and its hint to stderr (plain text: no colour, no markup)."""
    sys.stderr.write(f"error: {message}\n")
    if hint:
        sys.stderr.write(f"hint: {hint}\n")
    sys.stderr.flush()


def exit_code_for(exc: BaseException) -> int:
    """Map an exception to an exit code, reporting it on stderr. Re-raises in debug mode."""
    if isinstance(exc, SpecdiagError):
        if debug_enabled():
            raise exc
        report_error(exc.message, exc.hint)
        return exc.exit_code
    if isinstance(exc, KeyboardInterrupt):
        sys.stderr.write("interrupted\n")
        return 130
    if debug_enabled():
        raise exc
    first_line = (str(exc).splitlines() or [""])[0]
    report_error(
        f"internal error: {type(exc).__name__}: {first_line}",
        "this is a bug in specdiag; rerun with SPECDIAG_DEBUG=1 for the traceback and report it",
    )
    return EXIT_COULD_NOT_RUN


def guarded(func: F) -> F:
    """Wrap a command in the error boundary (keeps its signature for typer)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - this is the boundary
            raise typer.Exit(exit_code_for(exc)) from None

    return wrapper  # type: ignore[return-value]


def command(app: typer.Typer, name: str, **kwargs: Any) -> Callable[[F], F]:
    """Register ``func`` as ``specdiag <name>`` behind the error boundary."""

    def decorator(func: F) -> F:
        app.command(name, **kwargs)(guarded(func))
        return func

    return decorator
