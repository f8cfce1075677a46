"""``specdiag demo``: the whole diagnosis, end to end, on a simulated deployment."""

from __future__ import annotations

import itertools
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated

from specdiag.cli import _doctor_view as doctor
from specdiag.cli import _framework as cli
from specdiag.cli import _hidden_view as compare_hidden
from specdiag.cli import _logs_view as logs
from specdiag.cli import _probe_view as probe
from specdiag.cli._output import Output, derive, fmt, verdict_markup

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType

    from rich.console import Console

    from specdiag.workflows.demo import DemoResult

HELP = """Run the whole diagnosis on a simulated deployment, in a few seconds.

A draft trained at 75% per-token accuracy serves with 5 draft steps on SGLang. The demo starts
specdiag's reference server (SGLang flavor) in-process, probes it, reads its log, compares
hidden-state captures of a tiny transformer, and says what it finds. Every step runs the real
code of the command it prints. What is simulated: the served model and its acceptance, and the
hidden states.

Scenarios: seed (accept len 2.40: below), collapsed (1.12: wrong aux layers), healthy. The last
step runs doctor on the deployment's draft checkpoint, log and launch command.

--real sglang replays the collapsed case on a REAL SGLang server of the test harness (built by
`make realservers`; tiny random models): minutes, not seconds.
"""
opt = cli.options("demo")  # typer.Option with each flag's help in flags.json


class RealEngine(str, Enum):
    SGLANG = "sglang"


class DemoScenario(str, Enum):
    SEED = "seed"
    COLLAPSED = "collapsed"
    HEALTHY = "healthy"


def demo_cmd(
    scenario: Annotated[DemoScenario, opt("--scenario")] = DemoScenario.SEED,
    keep_server: Annotated[bool, opt("--keep-server")] = False,
    real: Annotated[RealEngine | None, opt("--real")] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    from specdiag.workflows.demo import DemoOptions, run_demo

    options = DemoOptions(scenario.value, keep_server, real.value if real else None)
    out = Output(json_output)
    err = out.stderr

    def on_step(name: str, cmd: str) -> None:
        err.print(f"running {name}: $ {cmd}", markup=False)

    if options.real is not None:
        _real(options.real, out, on_step)
        return

    def emit(result: DemoResult) -> None:
        out.emit(document(result), lambda console: render(console, result))

    def hold(result: DemoResult) -> None:
        emit(result)
        try:  # from the announcement on, Ctrl-C means "stop the server", not "abort"
            err.print(
                f"reference server still running at {result.server_url} (Ctrl-C stops it), "
                f"e.g.:\n  specdiag probe {result.server_url} --acc 0.75 --steps 5",
                markup=False,
            )
            threading.Event().wait()
        except KeyboardInterrupt:
            err.print("stopping the reference server", markup=False)

    with _interrupts_not_lost():
        result = run_demo(
            options.scenario,
            on_step=on_step,
            on_server=lambda url: err.print(f"reference server listening at {url}", markup=False),
            keep_server=hold if options.keep_server else None,
        )
    if not options.keep_server:
        emit(result)


def _real(engine: str, out: Output, on_step: Callable[[str, str], None]) -> None:
    from specdiag.cli import _demo_real_view as real_view
    from specdiag.workflows.demo_real import run_real_demo

    with _interrupts_not_lost():
        result = run_real_demo(engine, on_step=on_step)
    out.emit(real_view.document(result), lambda console: real_view.render(console, result))


def _unsafe_for_interrupt(frame: FrameType | None) -> bool:
    """Whether a KeyboardInterrupt raised in ``frame`` would be printed as "Exception ignored"
    and dropped: inside a ``__del__`` or the import system's lock callbacks."""
    for f, _ in itertools.islice(traceback.walk_stack(frame), 64):
        code = f.f_code
        if code.co_name == "__del__" or (code.co_name == "cb" and "importlib" in code.co_filename):
            return True
    return False


@contextmanager
def _interrupts_not_lost() -> Iterator[None]:
    """Ctrl-C (and SIGTERM, which the framework routes to the SIGINT handler) raises
    KeyboardInterrupt as usual, except where Python would drop it (see
    :func:`_unsafe_for_interrupt`): there it is raised 10 ms later, once out of that frame.
    The demo runs many imports and event loops, so a Ctrl-C could land in such a place and
    be lost, the demo running on to the end. Main thread, POSIX only; elsewhere a no-op."""
    import signal

    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if frame is not None and _unsafe_for_interrupt(frame):
            signal.setitimer(signal.ITIMER_REAL, 0.01)  # again, from a safe place
            return
        raise KeyboardInterrupt

    previous_int = signal.signal(signal.SIGINT, handler)
    previous_alarm = signal.signal(signal.SIGALRM, handler)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_alarm)
        signal.signal(signal.SIGINT, previous_int)


def document(r: DemoResult) -> dict[str, object]:
    """The ``--json`` document (docs/demo.md): every step's own JSON document, then the
    agreement and the conclusion, derived from their dataclasses."""
    served, training, reference = r.hidden_paths
    server = {"url": r.server_url, "acceptance": r.served_acceptance}
    hidden = compare_hidden.document(r.hidden, served, training, reference)
    return {
        "scenario": r.scenario.name,
        "story": r.scenario.story,
        "simulated": [
            "the served model and its acceptance (specdiag reference-server, configured with "
            f"i.i.d. acceptance {r.served_acceptance:.4f} per draft position)",
            "the hidden states (a tiny random transformer)",
        ],
        "steps": [
            {"name": name, "command": command, "result": result}
            for name, command, result in (
                ("reference-server", r.server_command, server),
                ("probe", r.probe_command, probe.document(r.probe)),
                ("logs", r.logs_command, logs.result_document(r.logs, None)),
                ("compare-hidden", r.compare_command, hidden),
                ("doctor", r.doctor_command, doctor.document(r.doctor)),
            )
        ],
        "agreement": derive(r.agreement),
        **derive(r.conclusion),
        "next_commands": list(r.next_commands),
    }


def render(console: Console, r: DemoResult) -> None:
    """The human view: each step's command and its own report, then the conclusion."""
    from rich.rule import Rule

    console.print(f"[bold]specdiag demo: {r.scenario.name}[/bold] ({r.scenario.title})")
    console.print(r.scenario.story)
    console.print(
        f"Simulated: the server (specdiag reference-server, SGLang flavor, acceptance "
        f"{r.served_acceptance:.4f} per draft position) and the hidden states (a tiny random "
        "transformer). Everything else is specdiag's real code.\n"
    )
    served, training, _ = r.hidden_paths
    sections: list[tuple[str, str, Callable[[], None]]] = [
        ("1. probe the server", r.probe_command, lambda: probe.render(console, r.probe)),
        (
            "2. read the server's own log",
            r.logs_command,
            lambda: logs.render_result(console, r.logs),
        ),
        (
            "3. compare the hidden states the draft is fed with the training capture",
            r.compare_command,
            lambda: compare_hidden.render(console, r.hidden, served, training),
        ),
        (
            "4. doctor: the draft's files, the log and the launch command at once",
            r.doctor_command,
            lambda: doctor.render(console, r.doctor),
        ),
    ]
    for title, cmd, show in sections:
        console.print(Rule(title, align="left"))
        console.print(f"$ {cmd}", markup=False)
        show()
        console.print()

    console.print(Rule(f"{len(sections) + 1}. do they agree?", align="left"))
    a = r.agreement

    probe_len, log_len, truth_len = (
        fmt(v, ".3f", "n/a")
        for v in (a.probe_accept_length, a.logs_accept_length, a.truth_accept_length)
    )
    console.print(
        f"accept length: probe {probe_len}, server log {log_len}, reference-server ground "
        f"truth {truth_len}"
    )
    if a.relative_difference is not None:
        state = "agree" if a.agree else "DISAGREE"
        console.print(f"probe and log {state} (difference {a.relative_difference:.1%})")
    console.print()
    console.print(Rule("verdict", align="left"))
    hidden = "match" if r.conclusion.hidden_match else "MISMATCH"
    console.print(
        f"[bold]accept length: {verdict_markup(r.conclusion.verdict)}; "
        f"hidden states: {hidden}[/bold]"
    )
    console.print(r.conclusion.summary, markup=False)
    if r.conclusion.fix:
        console.print(f"fix: {r.conclusion.fix}", markup=False)
    console.print()
    console.print("Against your own deployment:")
    for c in r.next_commands:
        console.print(f"  $ {c}", markup=False)
