"""The app as a whole: entry points, --help for every command, fast start, the error boundary."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import typer

from specdiag.cli import _framework
from specdiag.cli.app import build_app, main
from specdiag.errors import InputError
from tests.support.cli import run_cli


def _command_names() -> list[str]:
    """Every command and subcommand ("capture-hidden vllm"), as typed after ``specdiag``."""
    from specdiag.cli._declared import commands

    return sorted(c.name for c in commands(build_app()))


def test_every_command_has_help() -> None:
    names = _command_names()
    assert "expected-accept" in names
    for name in names:
        r = run_cli([*name.split(" "), "--help"])
        assert r.exit_code == 0, name
        assert "Usage" in r.stdout


def test_root_help_lists_commands_and_exit_codes() -> None:
    r = run_cli(["--help"])
    assert r.exit_code == 0
    for name in _command_names():
        assert name.split(" ")[0] in r.stdout
    assert "Exit codes" in r.stdout


def _imported_modules(code: str) -> set[str]:
    probe = (
        "import sys, json, io, contextlib\n"
        f"{code}\n"
        "sys.__stdout__.write('\\n@@' + json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.rsplit("@@", 1)[1]))


# pydantic: typer 0.29 validates every parse with it (0.4-0.9 s at each start)
HEAVY = {"torch", "numpy", "httpx", "safetensors", "starlette", "uvicorn", "pydantic"}


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["expected-accept", "--help"],
        ["capture-hidden", "vllm", "--help"],
        ["expected-accept", "--acc", "0.75", "--steps", "5", "--observed", "2.4", "--json"],
        ["expected-accept", "--acc", "0.75", "--steps", "5", "--cost-ratio", "0.1", "--sweep"],
    ],
)
def test_fast_start_imports_nothing_heavy(argv: list[str]) -> None:
    code = (
        "from specdiag.cli.app import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    rc = main({argv!r})\n"
        "assert rc == 0, rc\n"
    )
    loaded = {m.split(".")[0] for m in _imported_modules(code)}
    assert not (loaded & HEAVY), loaded & HEAVY


def test_python_dash_m_and_console_script() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "specdiag",
            "expected-accept",
            "--acc",
            "0.75",
            "--steps",
            "5",
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0
    assert json.loads(out.stdout)["steps"] == 5
    bad = subprocess.run(
        [sys.executable, "-m", "specdiag", "expected-accept", "--acc", "2", "--steps", "5"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: ")


def test_main_returns_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expected-accept", "--acc", "0.75", "--steps", "5", "--json"]) == 0
    assert main(["expected-accept", "--acc", "7", "--steps", "5"]) == 2
    assert main(["--no-such-flag"]) == 2
    assert main(["--version"]) == 0


def test_boundary_maps_errors() -> None:
    def boom_input() -> None:
        raise InputError("file is corrupt", hint="re-export it")

    def boom_bug() -> None:
        raise ZeroDivisionError("division by zero")

    with pytest.raises(typer.Exit) as e1:
        _framework.guarded(boom_input)()
    assert e1.value.exit_code == 3
    with pytest.raises(typer.Exit) as e2:
        _framework.guarded(boom_bug)()
    assert e2.value.exit_code == 3


def test_boundary_messages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom_bug() -> None:
        raise ZeroDivisionError("division by zero\nsecond line")

    with pytest.raises(typer.Exit):
        _framework.guarded(boom_bug)()
    err = capsys.readouterr().err
    assert err.splitlines()[0] == "error: internal error: ZeroDivisionError: division by zero"
    assert "SPECDIAG_DEBUG=1" in err
    assert "Traceback" not in err
    monkeypatch.setenv("SPECDIAG_DEBUG", "1")
    with pytest.raises(typer.Exit) as exc:  # the traceback shows; the exit code stays
        _framework.guarded(boom_bug)()
    assert exc.value.exit_code == 3
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert "error: internal error: ZeroDivisionError" in err


_TEARDOWN = """
import asyncio, sys
from specdiag.cli import _framework

class Loop(asyncio.SelectorEventLoop):  # interrupted inside __init__, as a real Ctrl-C can be
    def __init__(self):
        raise KeyboardInterrupt

def command():
    asyncio.run(asyncio.sleep(0), loop_factory=Loop) if sys.version_info >= (3, 12) else Loop()

try:
    _framework.guarded(command)()
except BaseException as exc:  # typer.Exit
    code = exc.exit_code
import gc; gc.collect()
sys.exit(code)
"""


@pytest.mark.parametrize("debug", ["", "1"])
def test_interrupt_teardown_noise_is_not_shown(debug: str) -> None:
    # CI once failed on it: Ctrl-C inside an event loop's __init__; the half-built loop's
    # __del__ then printed "Exception ignored ... Traceback" after "interrupted"
    env = {**os.environ, "SPECDIAG_DEBUG": debug}
    r = subprocess.run([sys.executable, "-c", _TEARDOWN], capture_output=True, text=True, env=env)
    assert r.returncode == 130, r.stderr
    assert r.stderr.startswith("interrupted\n")
    assert ("Traceback" in r.stderr) == bool(debug), r.stderr


def test_json_output_never_has_nan() -> None:
    from specdiag.cli._output import to_jsonable

    assert to_jsonable({"a": float("nan"), "b": (1.0, float("inf"))}) == {
        "a": None,
        "b": [1.0, None],
    }


def test_json_output_takes_numpy_scalars_as_plain_values() -> None:
    import json

    import numpy as np

    from specdiag.cli._output import to_jsonable

    doc = to_jsonable({"match": np.bool_(False), "n": np.int64(3), "x": np.float32("nan")})
    assert json.loads(json.dumps(doc)) == {"match": False, "n": 3, "x": None}


@pytest.mark.parametrize("value", ["nan", "0.5", "-1"])
@pytest.mark.parametrize("cmd", [["logs", "server.log"], ["probe", "http://127.0.0.1:9"]])
def test_min_accept_len_is_validated_alike(cmd: list[str], value: str) -> None:
    r = run_cli([*cmd, "--min-accept-len", value])
    assert r.exit_code == 2
    first, hint = r.stderr.splitlines()
    assert first.startswith("error: Invalid value for '--min-accept-len': "), first
    assert value in first  # the value given is named (typer 0.29's own words drop it)
    # typer words the range error itself (each release its own way); the hint is ours
    assert hint == "hint: --min-accept-len takes a number from 1.0 to 1000000000.0"


def test_specdiag_alone_prints_the_help_and_exits_2() -> None:
    r = run_cli([])
    assert r.exit_code == 2
    assert "Usage: specdiag" in r.stdout and "expected-accept" in r.stdout
    assert r.stderr == ""
