"""CLI plumbing shared by every command: the error boundary, signals and the shared options.

Every command is registered through :func:`command`, which wraps it in the one error boundary:

* a :class:`~specdiag.errors.SpecdiagError` becomes ``error: <message>`` plus ``hint: <hint>``
  on stderr and its exit code; anything unexpected a one-line internal error (exit 3);
* typer's own parse errors (an unknown flag, ``--engine foo``, ``--year abc``) are rendered the
  same way by :class:`SpecdiagGroup` (exit 2), not as typer's multi-line box;
* Ctrl-C exits 130 and SIGTERM 143; a command that catches ``KeyboardInterrupt`` (or, inside
  ``asyncio.run``, the cancellation Ctrl-C causes) sees SIGTERM the same way, so it can print
  its partial report, flush its files and remove its temporary files first;
  :func:`interrupt_exit_code` tells it which of the two codes to exit with;
* a closed stdout (``specdiag ... | head``) ends the command quietly with exit 3;
* every text printed goes through :func:`specdiag.errors.scrub` (secrets masked).

``SPECDIAG_DEBUG=1`` prints the traceback too; the exit code stays the documented one.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperGroup

from specdiag.core.accept import AccKind
from specdiag.errors import (
    EXIT_COULD_NOT_RUN,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    EXIT_USAGE,
    SpecdiagError,
    UsageError,
    forget_secrets,
    scrub,
)

F = TypeVar("F", bound=Callable[..., Any])

# --------------------------------------------------------------------------- shared options
# One declaration per flag that more than one command takes. A flag whose meaning, type and help
# are the same everywhere is an alias (``JsonOpt``); one whose help or default is the command's own
# is a factory that returns the option (``timeout_opt(help=...)``), used as
# ``timeout: Annotated[float, timeout_opt("Seconds per request.")] = 60.0``: the flag names, env
# vars, bounds and display live here, the help and the default at the command.
# ``tests/contract/test_framework.py`` walks the app: a flag two commands take must come from here (or be in
# the documented list of flags that mean different things, docs/architecture.md).

# id(option) -> (the option, where in this module it is declared: the factory, or the alias line)
_SHARED: dict[int, tuple[Any, str]] = {}


def _option(*names: str, **kwargs: Any) -> Any:
    """A typer option declared in this module, recorded with its declaration site."""
    info = typer.Option(*names, **kwargs)
    caller = sys._getframe(1)
    code = caller.f_code
    site = f"line {caller.f_lineno}" if code.co_name == "<module>" else f"{code.co_name}()"
    _SHARED[id(info)] = (info, site)
    return info


def shared_declaration(info: Any) -> str | None:
    """Where in this module the option ``info`` was declared (None: not declared here)."""
    entry = _SHARED.get(id(info))
    return entry[1] if entry is not None and entry[0] is info else None


ACC_HELP = (
    "Training accuracy: one value for every draft position (with --steps), or one "
    "per position, comma-separated (0.82,0.74,0.68). Fractions, or percentages with %."
)
STEPS_HELP = (
    "Draft tokens per verify step (default: one per --acc value, else the draft "
    "length the server or the logs show)."
)
MIN_ACCEPT_LEN_HELP = "Exit 1 when the accept length (bonus included) is below X."
API_KEY_HELP = "Bearer key (never printed or saved; '' sends none)."


def acc_opt(help: str = ACC_HELP) -> Any:
    """``--acc``: training accuracy, one value or one per position (a string parsed later)."""
    return _option("--acc", help=help, show_default=False)


def steps_opt(help: str = STEPS_HELP) -> Any:
    """``--steps`` / ``-k``: draft tokens per verify step."""
    return _option("--steps", "-k", help=help, show_default=False)


def min_accept_len_opt(help: str = MIN_ACCEPT_LEN_HELP) -> Any:
    """``--min-accept-len``: the accept length below which the command exits 1
    (check it with :func:`check_min_accept_len`)."""
    return _option("--min-accept-len", help=help, show_default=False)


def api_key_opt(help: str = API_KEY_HELP) -> Any:
    """``--api-key``: the bearer key a command sends to a server (``SPECDIAG_API_KEY``, then
    ``OPENAI_API_KEY``); never printed. Not reference-server's (the key it requires)."""
    return _option(
        "--api-key",
        envvar=["SPECDIAG_API_KEY", "OPENAI_API_KEY"],
        show_envvar=True,
        help=help,
    )


def engine_opt(help: str) -> Any:
    """``--engine`` as an :class:`~specdiag.core.accept.Engine` (sglang, vllm, llamacpp, trtllm)."""
    return _option("--engine", help=help)


def timeout_opt(help: str) -> Any:
    """``--timeout``: seconds (the command says of what, and its default)."""
    return _option("--timeout", help=help)


def header_opt(help: str) -> Any:
    """``--header`` / ``-H``: an extra HTTP header 'Name: value', repeatable, never printed."""
    return _option("--header", "-H", help=help)


def parse_headers(values: list[str] | None, hint: str) -> tuple[tuple[str, str], ...]:
    """The ``--header`` values as (name, value) pairs: one rule and one message for every
    command. A malformed one is a usage error that names it by position, never by its text (a
    misplaced secret, ``-H "$TOKEN"``, would be printed)."""
    from specdiag.errors import UsageError

    headers: list[tuple[str, str]] = []
    for i, h in enumerate(values or (), start=1):
        name, sep, value = h.partition(":")
        if not sep or not name.strip():
            raise UsageError(
                f"--header number {i} is not NAME: VALUE (the value is not printed)",
                hint=hint,
            )
        headers.append((name.strip(), value.strip()))
    return tuple(headers)


def max_tokens_opt(help: str) -> Any:
    """``--max-tokens``: tokens per (probe) request."""
    return _option("--max-tokens", help=help)


def temperature_opt(help: str) -> Any:
    """``--temperature``: the sampling temperature."""
    return _option("--temperature", help=help)


def probe_requests_opt(help: str) -> Any:
    """``--probe-requests``: requests of a short probe run."""
    return _option("--probe-requests", help=help)


def served_model_opt(help: str) -> Any:
    """``--model``: the served model name (not inspect-dump's checkpoint directory)."""
    return _option("--model", help=help)


def logs_opt(help: str) -> Any:
    """``--logs``: server log files, repeatable."""
    return _option("--logs", help=help)


def follow_opt(help: str) -> Any:
    """``--follow`` / ``-f``: keep reading the logs as they grow."""
    return _option("--follow", "-f", help=help)


def draft_opt(help: str) -> Any:
    """``--draft``: the draft checkpoint directory."""
    return _option("--draft", help=help)


def target_opt(help: str) -> Any:
    """``--target``: the target checkpoint directory."""
    return _option("--target", help=help)


def server_args_opt(help: str) -> Any:
    """``--server-args``: the server's launch command line; @FILE reads it from a file."""
    return _option("--server-args", help=help)


def host_opt(help: str) -> Any:
    """``--host``: the address a server of ours listens on."""
    return _option("--host", help=help)


def port_opt(help: str, *, show_default: bool = True) -> Any:
    """``--port``: the port a server of ours listens on (0: a free one)."""
    return _option("--port", help=help, show_default=show_default)


def duration_opt(help: str) -> Any:
    """``--duration``: seconds a server of ours runs (default: until stopped)."""
    return _option("--duration", help=help)


def workers_opt(help: str) -> Any:
    """``--workers`` / ``-j``: worker processes."""
    return _option("--workers", "-j", help=help)


def device_opt(help: str) -> Any:
    """``--device``: the torch device (cpu, cuda, cuda:N)."""
    return _option("--device", help=help)


def dtype_opt(help: str) -> Any:
    """``--dtype``: auto (the checkpoint's) or a torch dtype name."""
    return _option("--dtype", help=help)


def pad_id_opt(help: str) -> Any:
    """``--pad-id``: the token id of trailing padding (-1: none)."""
    return _option("--pad-id", help=help)


def hidden_size_opt(help: str) -> Any:
    """``--hidden-size``: the target's hidden size H."""
    return _option("--hidden-size", help=help)


def reference_opt(help: str) -> Any:
    """``--reference``: the target's full hidden_states stack [L+1, T, H] on the same tokens."""
    return _option("--reference", help=help)


JsonOpt = Annotated[
    bool, _option("--json", help="Print one JSON document on stdout instead of tables.")
]
AccOpt = Annotated[str | None, acc_opt()]
StepsOpt = Annotated[int | None, steps_opt()]
AccKindOpt = Annotated[
    AccKind,
    _option(
        "--acc-kind",
        help="How to read --acc. conditional: P(pos i accepted | earlier accepted), e.g. "
        "SpecForge/EAGLE acc_i; unconditional: P(pos i accepted), e.g. vLLM per-position rates.",
    ),
]
TopkOpt = Annotated[
    int,
    _option(
        "--topk",
        help="Draft tree branching (1 = chain; > 1 = tree drafting, SGLang only: the chain "
        "prediction is then a lower bound).",
    ),
]
NumDraftTokensOpt = Annotated[
    int | None,
    _option(
        "--num-draft-tokens",
        help="SGLang's verify width incl. the root token (chain: steps+1; default "
        "steps*topk+1 where a server is configured).",
        show_default=False,
    ),
]
EngineVersionOpt = Annotated[
    str | None,
    _option(
        "--engine-version",
        help="Engine version, where it changes the meaning (e.g. 0.8.5: vLLM's bonus-less "
        "length; 0.5.10: SGLang's old accept-rate formula). Needs --engine.",
    ),
]
SeedOpt = Annotated[
    int,
    _option(
        "--seed",
        min=0,
        max=2**63 - 1,
        help="Random seed (0 .. 2^63-1): the same seed gives the same draws.",
    ),
]
MinAcceptLenOpt = Annotated[float | None, min_accept_len_opt()]
ApiKeyOpt = Annotated[str | None, api_key_opt()]


def check_min_accept_len(value: float | None) -> None:
    """``--min-accept-len`` is an accept length (bonus included): at least 1, finite."""
    if value is not None and not value >= 1.0:
        raise UsageError(
            f"--min-accept-len must be at least 1, got {value:g}",
            hint="accept length includes the bonus token: 1 means no draft accepted",
        )
    if value == float("inf"):  # every replica would be "below" it
        raise UsageError(
            "--min-accept-len must be finite, got inf",
            hint="give the accept length a healthy replica reaches, e.g. --min-accept-len 2",
        )


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


def _on_sigterm(signum: int, frame: Any) -> None:
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


def debug_enabled() -> bool:
    return os.environ.get("SPECDIAG_DEBUG", "").strip() not in ("", "0", "false", "no")


def report_error(message: str, hint: str | None) -> None:
    """Write the one-line error and its hint to stderr (plain text, secrets masked)."""
    lines = scrub(message).splitlines() or [""]
    text = f"error: {lines[0]}\n" + "".join(f"  {ln}\n" for ln in lines[1:] if ln.strip())
    if hint:
        text += f"hint: {' '.join(scrub(hint).split())}\n"
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


def _print_traceback(exc: BaseException) -> None:
    import traceback

    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    sys.stderr.write(scrub(text))


def exit_code_for(exc: BaseException) -> int:
    """Map an exception to an exit code, reporting it on stderr (and its traceback in debug)."""
    if debug_enabled() and not isinstance(exc, KeyboardInterrupt):
        _print_traceback(exc)
    if isinstance(exc, SpecdiagError):
        report_error(exc.message, exc.hint)
        return exc.exit_code
    if isinstance(exc, KeyboardInterrupt):
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


def guarded(func: F) -> F:
    """Wrap a command in the error boundary (keeps its signature for typer)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with sigterm_as_interrupt():
            try:
                return func(*args, **kwargs)
            except typer.Exit:
                raise
            except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - this is the boundary
                raise typer.Exit(exit_code_for(exc)) from None
            finally:
                forget_secrets()

    return wrapper  # type: ignore[return-value]


def _is_click_usage_error(exc: BaseException) -> bool:
    """typer's (vendored click's) UsageError family, without importing a private module."""
    return isinstance(exc, typer.BadParameter.__mro__[1]) and hasattr(exc, "format_message")


class SpecdiagGroup(TyperGroup):
    """The root group: typer's own errors go through the same boundary as the commands'."""

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = rv if isinstance(rv, int) else 0
        except typer.Exit as exc:
            code = exc.exit_code
        except typer.Abort:
            code = exit_code_for(KeyboardInterrupt())
        except Exception as exc:  # noqa: BLE001 - the boundary for typer's own errors
            if _is_click_usage_error(exc):
                code = _report_parse_error(exc)
            elif hasattr(exc, "exit_code") and hasattr(exc, "format_message"):
                report_error(exc.format_message(), "see `specdiag --help`")
                code = int(exc.exit_code)
            else:
                code = exit_code_for(exc)
        except KeyboardInterrupt as exc:
            code = exit_code_for(exc)
        if standalone_mode:
            sys.exit(code)
        return code


def _report_parse_error(exc: Any) -> int:
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None) or "specdiag"
    message = " ".join(str(exc.format_message()).split())
    param: Any = getattr(exc, "param", None)
    choices = getattr(getattr(param, "type", None), "choices", None)
    if param is not None and choices:
        names = [getattr(c, "value", c) for c in choices]
        hint = f"{param.opts[0] if param.opts else param.name} takes one of: " + ", ".join(
            str(n) for n in names
        )
    else:
        hint = f"see `{path} --help` for the flags and the values they take"
    report_error(message, hint)
    return EXIT_USAGE


def command(app: typer.Typer, name: str, **kwargs: Any) -> Callable[[F], F]:
    """Register ``func`` as ``specdiag <name>`` behind the error boundary."""

    def decorator(func: F) -> F:
        app.command(name, **kwargs)(guarded(func))
        return func

    return decorator
