"""CLI plumbing shared by every command: the error boundary (:func:`guarded` wraps a command
in it, :func:`run_app` reports typer's own parse errors the same way), SIGTERM as Ctrl-C, and
the shared options. docs/architecture.md "One error boundary" describes it."""

from __future__ import annotations

import functools
import inspect
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from specdiag.core.accept import MAX_STEPS, AccKind
from specdiag.core.hidden.conventions import LayerConvention
from specdiag.errors import (
    EXIT_COULD_NOT_RUN,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    InputError,
    SpecdiagError,
    UsageError,
    forget_secrets,
    scrub,
    terminal_safe,
)

P = ParamSpec("P")
T = TypeVar("T")

# --------------------------------------------------------------------------- shared options
# Every flag's help is data: flags.json lists, per flag name, its help in each command that
# takes it ("all": one help, for the shared flags declared here as ``Annotated`` aliases), so a
# name's meanings stand side by side; tests/cli/test_flags.py checks that one flag name has one
# declaration and one meaning, and that every entry of flags.json is declared.


@functools.cache
def _flag_table() -> dict[str, dict[str, str]]:
    # read beside this module: importlib.resources would add ~5 ms to every start
    with open(os.path.join(os.path.dirname(__file__), "flags.json"), encoding="utf-8") as fh:
        table: dict[str, dict[str, str]] = json.load(fh)
    return table


def options(command: str) -> Callable[..., Any]:
    """``typer.Option`` for ``command``'s flags (``all``: the shared flags) with the help flags.json
    gives each: ``opt("--name", "-n", min=1)``; an on/off pair ``--a/--no-a`` by its first name.
    A subcommand (``"capture-hidden vllm"``) takes its own entry, else its group's."""
    family = command.split(" ")[0]  # a subcommand ("capture-hidden vllm") falls back on it
    helps = {
        flag: h.get(command, h.get(family, ""))
        for flag, h in _flag_table().items()
        if command in h or family in h
    }

    def opt(decl: str, *names: str, **kwargs: Any) -> Any:
        return typer.Option(decl, *names, help=helps[decl.split("/")[0]], **kwargs)

    return opt


_opt = options("all")


def a_number(value: float | None) -> float | None:
    """Callback of a float option with a range: typer before 0.29 lets NaN through every range
    check (0.29 refuses it in the range check itself, before this callback)."""
    if value is not None and value != value:
        raise typer.BadParameter("nan is not a number")
    return value


JsonOpt = Annotated[bool, _opt("--json")]
AccOpt = Annotated[str | None, _opt("--acc")]
StepsOpt = Annotated[int | None, _opt("--steps", "-k", min=1, max=MAX_STEPS)]
AccKindOpt = Annotated[AccKind, _opt("--acc-kind")]
# None: not given (1, shown as the default), so the old name beside it is told apart
EagleTopkOpt = Annotated[int | None, _opt("--eagle-topk", min=1, show_default="1")]
# the name --eagle-topk had before: tree branching, beside sampling's --top-k
TopkDeprecatedOpt = Annotated[int | None, typer.Option("--topk", min=1, hidden=True)]
LayerConventionOpt = Annotated[LayerConvention | None, _opt("--layer-convention")]
# the training's layer ids (SpecForge's convention), beside the served ones (--served-layers)
TrainingLayersOpt = Annotated[str | None, _opt("--training-layers")]
NumDraftTokensOpt = Annotated[int | None, _opt("--num-draft-tokens", min=1)]
EngineVersionOpt = Annotated[str | None, _opt("--engine-version")]
SeedOpt = Annotated[int, _opt("--seed", min=0, max=2**63 - 1)]
MinAcceptLenOpt = Annotated[
    float | None, _opt("--min-accept-len", min=1.0, max=1e9, callback=a_number)
]
# the window of logs and fleet: one grammar (core.timespec), one help
SinceOpt = Annotated[str | None, _opt("--since")]
UntilOpt = Annotated[str | None, _opt("--until")]
ReportOpt = Annotated[str | None, _opt("--report")]
ExportProfileOpt = Annotated[str | None, _opt("--export-profile")]
ApiKeyOpt = Annotated[
    str | None, _opt("--api-key", envvar=["SPECDIAG_API_KEY", "OPENAI_API_KEY"], show_envvar=True)
]


def deprecated_flag(old: str, new: str, old_value: T | None, value: T | None, default: T) -> T:
    """The value of a renamed flag given by either name: the old name still works, with a
    warning on stderr; both names at once is a usage error. Both flags are declared with the
    default ``None`` (not given), so the new name given at its default value still counts as
    given; ``default`` is the value when neither is."""
    if old_value is None:
        return default if value is None else value
    if value is not None:
        raise UsageError(
            f"{old} and {new} are the same flag; give it once",
            hint=f"{old} is the old name of {new}: keep {new}",
        )
    warn_deprecated(old, new)
    return old_value


def warn_deprecated(old: str, new: str) -> None:
    """The one warning an old spelling gives on stderr."""
    with suppress(OSError, ValueError):
        sys.stderr.write(f"warning: {old} is deprecated and will be removed; use {new}\n")


def from_flags(
    make: Callable[..., T],
    flags: Mapping[str, object],
    /,
    *,
    unset: tuple[str, ...] = (),
    **given: object,
) -> T:
    """``make(...)`` (a command's options dataclass or core entry) with each parameter taken
    from the flag of the same name, or from ``given`` where the command converts a value or
    names its flag otherwise. ``flags`` is ``dict(locals())`` taken first thing in the command,
    when only its flags are bound. Every parameter must be set (a flag renamed on one side is an
    error, never a silent default) unless ``unset`` names it."""
    params = inspect.signature(make).parameters
    values = {n: flags[n] for n in params if n in flags} | given
    missing = [n for n in params if n not in values and n not in unset]
    if missing:
        raise TypeError(f"{getattr(make, '__name__', make)}: no flag or value for {missing}")
    return make(**values)


def parse_headers(values: list[str] | None, hint: str) -> tuple[tuple[str, str], ...]:
    """The ``--header`` values as (name, value) pairs: one rule and one message for every
    command. A malformed one is a usage error that names it by position, never by its text (a
    misplaced secret, ``-H "$TOKEN"``, would be printed)."""
    headers: list[tuple[str, str]] = []
    for i, h in enumerate(values or (), start=1):
        name, sep, value = h.partition(":")
        if not sep or not name.strip():
            raise UsageError(
                f"--header number {i} is not NAME: VALUE (the value is not printed)", hint=hint
            )
        headers.append((name.strip(), value.strip()))
    return tuple(headers)


def expand_paths(files: Sequence[str] | None, stdin_is_tty: bool) -> list[str]:
    """The inputs named on the command line: globs expanded (sorted), '-' for stdin (the
    default when nothing is named and stdin is not a terminal)."""
    import glob

    from specdiag.core.logs.run import STDIN

    if not files:
        if stdin_is_tty:
            raise UsageError(
                "no log files given", hint="e.g. specdiag logs server.log, or pipe a log into it"
            )
        return [STDIN]
    out: list[str] = []
    for f in files:
        if f == STDIN or os.path.lexists(f) or not any(ch in f for ch in "*?["):
            out.append(f)
            continue
        matches = sorted(glob.glob(f, recursive=True))
        if not matches:
            raise InputError(f"no file matches {f!r}", hint="check the pattern")
        out.extend(m for m in matches if not os.path.isdir(m))
    return out  # (stdin named twice: inspect_inputs' usage error)


# --------------------------------------------------------------------------- signals


class _SignalState(threading.local):
    terminated = False


_state = _SignalState()


def terminated() -> bool:
    """Whether the running command was stopped by SIGTERM (not Ctrl-C)."""
    return _state.terminated


def interrupt_exit_code() -> int:
    """The exit code of a command that stopped early on a signal: 143 for SIGTERM, else 130."""
    return EXIT_TERMINATED if _state.terminated else EXIT_INTERRUPTED


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM does what Ctrl-C does: the current SIGINT handler runs (``asyncio.run``'s
    cancels the main task; Python's default raises ``KeyboardInterrupt``)."""
    _state.terminated = True
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler) and handler is not _on_sigterm:
        handler(signal.SIGINT, frame)
        return
    raise KeyboardInterrupt


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block SIGTERM is handled like Ctrl-C (main thread only; elsewhere a no-op)."""
    _state.terminated = False
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    # In the background of a non-interactive shell (`cmd &`) SIGINT is ignored, and then
    # asyncio.run installs no SIGINT handler to cancel its task with: give it Python's default
    # for the command, so SIGTERM still ends an asyncio run with its partial report.
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


# --------------------------------------------------------------------------- the boundary


def _debug() -> bool:
    return os.environ.get("SPECDIAG_DEBUG", "").strip() not in ("", "0", "false", "no")


def report_error(message: str, hint: str | None) -> None:
    """Write the one-line error and its hint to stderr (plain text, secrets masked)."""
    lines = terminal_safe(scrub(message)).splitlines() or [""]
    text = f"error: {lines[0]}\n" + "".join(f"  {ln}\n" for ln in lines[1:] if ln.strip())
    if hint:
        text += f"hint: {' '.join(terminal_safe(scrub(hint)).split())}\n"
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr closed too: the exit code still says it


def _silence_stdout() -> None:
    """After EPIPE on stdout: point it at /dev/null so the interpreter's final flush is quiet."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a real file (a test runner's buffer)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _quiet_teardown() -> None:
    """After Ctrl-C or SIGTERM the process only winds down: what the interpreter reports while
    freeing objects the interrupt left half-built (e.g. an event loop interrupted inside its
    ``__init__``, whose ``__del__`` then fails: "Exception ignored in ... Traceback") and
    warnings about coroutines the interrupt kept from running are noise, not news. They are
    dropped from here on; ``SPECDIAG_DEBUG=1`` keeps them."""
    if _debug():
        return
    sys.unraisablehook = lambda unraisable: None
    import warnings

    warnings.simplefilter("ignore")


def exit_code_for(exc: BaseException) -> int:
    """Map an exception to an exit code, reporting it on stderr (and its traceback in debug)."""
    if _debug() and not isinstance(exc, KeyboardInterrupt):
        import traceback

        sys.stderr.write(scrub("".join(traceback.format_exception(exc))))
    if isinstance(exc, SpecdiagError):
        report_error(exc.message, exc.hint)
        return exc.exit_code
    if isinstance(exc, KeyboardInterrupt):
        _quiet_teardown()
        sys.stderr.write("terminated\n" if terminated() else "interrupted\n")
        return interrupt_exit_code()
    if isinstance(exc, BrokenPipeError):
        _silence_stdout()
        report_error(
            "the output pipe was closed before everything was written",
            "the reader of stdout exited early (e.g. `| head`); redirect to a file to keep it all",
        )
        return EXIT_COULD_NOT_RUN
    if isinstance(exc, MemoryError):
        report_error(
            "out of memory",
            "give a smaller input or fewer workers; the figures so far were not kept",
        )
        return EXIT_COULD_NOT_RUN
    first_line = (str(exc).splitlines() or [""])[0]
    report_error(
        f"internal error: {type(exc).__name__}: {first_line}",
        "this is a bug in specdiag; rerun with SPECDIAG_DEBUG=1 for the traceback and report it",
    )
    return EXIT_COULD_NOT_RUN


def guarded(func: Callable[P, T]) -> Callable[P, T]:
    """Wrap a command in the error boundary (keeps its signature for typer)."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        with sigterm_as_interrupt():
            try:
                return func(*args, **kwargs)
            except typer.Exit:
                raise
            except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - this is the boundary
                raise typer.Exit(exit_code_for(exc)) from None
            finally:
                forget_secrets()

    return wrapper


def run_app(app: typer.Typer, args: list[str], prog_name: str) -> int:
    """Run ``app`` on ``args`` and return the exit code; typer's own parse errors (its public
    :class:`typer.TyperException`, exit 2) are reported as one ``error:`` line and a ``hint:``."""
    try:
        rv = app(args=args, prog_name=prog_name, standalone_mode=False)
    except typer.Abort:
        return exit_code_for(KeyboardInterrupt())
    except typer.TyperException as exc:
        report_error(_parse_error_message(exc), _parse_error_hint(app, exc, prog_name))
        return int(exc.exit_code)
    except SystemExit as exc:  # typer exits by itself on a closed pipe while writing help
        return exc.code if isinstance(exc.code, int) else EXIT_COULD_NOT_RUN
    except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - errors outside a command body
        return exit_code_for(exc)
    return rv if isinstance(rv, int) else 0


def _parse_error_message(exc: typer.TyperException) -> str:
    """typer's message on one line. typer 0.29 parses with pydantic: its words drop the value
    given (``Input should be greater than or equal to 1``), so the value is added back from
    the validation error it chains (``errors()[0]["input"]``), and its "Value error, " prefix
    is dropped."""
    text = " ".join(exc.format_message().replace(": Value error, ", ": ").split())
    errors = getattr(exc.__cause__, "errors", None)
    if callable(errors):
        with suppress(Exception):
            given = errors()[0]["input"]
            if isinstance(given, str) and given not in text:
                text += f" (got {given})"
    return text


def _parse_error_hint(app: typer.Typer, exc: typer.TyperException, prog_name: str) -> str:
    """Where to look: the values a choice flag takes or the range of a bounded one (read from
    the command's declarations, the same in every typer release), else the command's --help."""
    from specdiag.cli._declared import commands

    ctx = getattr(exc, "ctx", None)  # a usage error's context: the command it happened in
    param = exc.param if isinstance(exc, typer.BadParameter) else None
    path = getattr(ctx, "command_path", None) or prog_name
    command_name = path.partition(" ")[2]  # the words after the program: "capture-hidden vllm"
    name = getattr(param, "name", None)
    declared = [
        p
        for c in commands(app)
        if c.name == command_name
        for p in c.params
        if p.name == name and p.kind == "option"
    ]
    if declared:
        p = declared[0]
        if p.choices:
            return f"{p.flags[0]} takes one of: " + ", ".join(p.choices)
        if p.minimum is not None or p.maximum is not None:
            lo = "" if p.minimum is None else f"from {p.minimum} "
            hi = "" if p.maximum is None else f"to {p.maximum}"
            return f"{p.flags[0]} takes {'an integer' if p.value_kind == 'int' else 'a number'} {lo}{hi}".rstrip()
    return f"see `{path} --help` for the flags and the values they take"
