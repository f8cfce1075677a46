"""The shared CLI framework: parse errors, signals, debug mode, hints, secrets, output paths."""

from __future__ import annotations

import ast
import os
import signal
from pathlib import Path

import pytest
import typer

from specdiag import errors
from specdiag.cli import _framework
from specdiag.core.paths import check_outputs, same_file
from specdiag.errors import (
    CheckFailed,
    InputError,
    ServerError,
    SpecdiagError,
    UsageError,
    scrub,
)
from tests.support import paths, sources
from tests.support.cli import run_cli

ROOT = paths.REPO


@pytest.mark.parametrize(
    ("argv", "hint_part"),
    [
        (["probe", "http://127.0.0.1:9", "--engine", "foo"], "--engine takes one of: auto"),
        (["logs", "x.log", "--year", "abc"], "--year takes an integer from 1 to 9999"),
        (["logs", "x.log", "--bogus"], "see `specdiag logs --help`"),
        (["expected-accept", "--acc", "0.7", "--bogus"], "specdiag expected-accept --help"),
        (["demo", "--scenario", "bogus"], "--scenario takes one of: seed"),
        (["expected-accept"], "--help"),
        (["no-such-command"], "specdiag --help"),
        (
            ["expected-accept", "--acc", "0.7", "--steps", "3", "--seed", "-1"],
            "--seed takes an integer from 0 to 9223372036854775807",
        ),
        (["expected-accept", "--acc", "0.7", "--steps", "abc"], "--steps takes an integer from 1"),
    ],
)
def test_parse_errors_are_one_error_line_and_a_hint(argv: list[str], hint_part: str) -> None:
    r = run_cli(argv)
    assert r.exit_code == 2
    lines = r.stderr.splitlines()
    assert len(lines) == 2, r.stderr
    assert lines[0].startswith("error: ")
    assert lines[1].startswith("hint: ")
    assert hint_part in lines[1]
    assert "╭" not in r.stderr and "Usage:" not in r.stderr


def test_debug_mode_keeps_exit_code_3() -> None:
    r = run_cli(["probe", "http://127.0.0.1:9", "--timeout", "2"], env={"SPECDIAG_DEBUG": "1"})
    assert r.exit_code == 3
    assert "Traceback" in r.stderr
    assert r.stderr.rstrip().splitlines()[-1].startswith("hint: ")


def test_sigterm_is_handled_like_ctrl_c_and_exits_143(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[str] = []

    def body() -> None:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            signal.sigtimedwait  # noqa: B018 - (a bytecode boundary for the handler)
            for _ in range(1000):
                pass
        except KeyboardInterrupt:
            seen.append("partial report")
            raise

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(typer.Exit) as exc:
        _framework.guarded(body)()
    assert exc.value.exit_code == 143
    assert seen == ["partial report"]
    assert "terminated" in capsys.readouterr().err
    assert signal.getsignal(signal.SIGTERM) is before  # restored


def test_ctrl_c_exits_130() -> None:
    def body() -> None:
        raise KeyboardInterrupt

    with pytest.raises(typer.Exit) as exc:
        _framework.guarded(body)()
    assert exc.value.exit_code == 130
    assert _framework.interrupt_exit_code() == 130


def test_sigterm_cancels_an_asyncio_run_like_ctrl_c() -> None:
    import asyncio

    async def main() -> str:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            assert task is not None
            task.uncancel()
            return "partial report"
        return "not cancelled"

    with _framework.sigterm_as_interrupt():
        assert asyncio.run(main()) == "partial report"
        assert _framework.interrupt_exit_code() == 143


def test_broken_pipe_is_not_an_internal_error(capsys: pytest.CaptureFixture[str]) -> None:
    def body() -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(typer.Exit) as exc:
        _framework.guarded(body)()
    assert exc.value.exit_code == 3
    err = capsys.readouterr().err
    assert "internal error" not in err and "pipe was closed" in err


# --------------------------------------------------------------------------- hints

_ERROR_NAMES = {"SpecdiagError", "UsageError", "InputError", "ServerError", "CheckFailed"}

# Raise sites without a hint= in files other helpers own, as of this branch; the count may only
# go down (the coordinator lowers it as their branches land). Every other file must have none.
_PENDING: dict[str, int] = {}


def _raise_sites_without_hint() -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for path, tree in sources.parsed():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else getattr(fn, "attr", None)
            if name in _ERROR_NAMES and not any(k.arg in ("hint", None) for k in node.keywords):
                out.setdefault(str(path.relative_to(ROOT)), []).append(node.lineno)
    return out


def test_every_error_raise_site_gives_a_hint() -> None:
    missing = _raise_sites_without_hint()
    over = {f: lines for f, lines in missing.items() if len(lines) > _PENDING.get(f, 0)}
    assert not over, f"errors raised without hint= (file: lines): {over}"


@pytest.mark.parametrize("cls", [SpecdiagError, UsageError, InputError, ServerError, CheckFailed])
def test_every_error_class_carries_a_hint(cls: type[SpecdiagError]) -> None:
    assert cls("x").hint
    assert cls("x", hint="do y").hint == "do y"
    subclasses = set(cls.__subclasses__())
    for sub in subclasses:
        assert sub("x").hint


# --------------------------------------------------------------------------- secrets


@pytest.mark.parametrize(
    "text",
    [
        "Illegal header value b'Bearer sk-live-abcdef\\n123'",
        "http://user:sk-live-abcdef@host:1/v1",
        "GET http://h:1/v1/models?api_key=sk-live-abcdef failed",
        "[('authorization', 'Bearer sk-live-abcdef')]",
        "x-api-key: sk-live-abcdef",
    ],
)
def test_scrub_masks_credentials_it_was_never_told(text: str) -> None:
    assert "sk-live-abcdef" not in scrub(text)


def test_scrub_masks_registered_secrets_and_their_repr() -> None:
    errors.register_secrets(["s3cr3t-key\nwith-newline"])
    try:
        assert "s3cr3t" not in scrub(repr("Bearer s3cr3t-key\nwith-newline"))
        assert "s3cr3t" not in str(UsageError("key s3cr3t-key\nwith-newline refused"))
    finally:
        errors.forget_secrets()
    assert scrub("plain text, token counts: 5") == "plain text, token counts: 5"


# --------------------------------------------------------------------------- output paths


def test_check_outputs_refuses_an_input_by_path_symlink_and_hard_link(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("keep me\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(src)
    hard = tmp_path / "hard.jsonl"
    os.link(src, hard)
    for out in (src, link, hard, tmp_path / "." / "in.jsonl"):
        with pytest.raises(UsageError, match="same file as the input"):
            check_outputs([("--save", out)], [("--prompts", src)])
    check_outputs([("--save", tmp_path / "new.jsonl")], [("--prompts", src)])
    check_outputs([("--save", "-")], [("--prompts", "-")])
    with pytest.raises(UsageError, match="name the same file"):
        check_outputs([("--a", tmp_path / "o"), ("--b", tmp_path / "o")], [])
    assert src.read_text() == "keep me\n"
    assert same_file(link, hard)


def test_check_outputs_survives_a_symlink_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    check_outputs([("--save", tmp_path / "out")], [("--prompts", loop)])


# --------------------------------------------------------------------------- the serialiser


def test_derive_keeps_declaration_order_and_renames_only_what_it_is_told() -> None:
    from dataclasses import dataclass

    from specdiag.cli._output import derive
    from specdiag.core.textenum import TextEnum

    class Colour(TextEnum):
        RED = "red"

    @dataclass(frozen=True)
    class Row:
        b: float
        a: tuple[int, ...]
        c: Colour

    row = Row(float("inf"), (1, 2), Colour.RED)
    assert list(derive(row)) == ["b", "a", "c"]
    assert derive(row) == {"b": None, "a": [1, 2], "c": "red"}
    assert derive(row, only=("c", "a"), rename={"a": "x"}) == {"c": "red", "x": [1, 2]}
    assert derive(row, omit=("b",)) == {"a": [1, 2], "c": "red"}
    assert f"{Colour.RED}" == "red" and str(Colour.RED) == "red" and Colour.RED == "red"
    # convert: a field's own serialiser; add: documented keys that are no field, placed where
    # `only` names them, else at the end; a field cannot be "added" over
    got = derive(
        row,
        only=("a", "pair", "c"),
        convert={"a": lambda v: sum(v)},
        add={"pair": {"x": 1.0, "y": float("nan")}, "tail": (3,)},
    )
    assert list(got) == ["a", "pair", "c", "tail"]
    assert got == {"a": 3, "pair": {"x": 1.0, "y": None}, "c": "red", "tail": [3]}
    with pytest.raises(ValueError, match="are fields"):
        derive(row, add={"b": 1})


def test_from_flags_sets_every_parameter_by_flag_name_or_says_which_is_missing() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Options:
        url: str
        timeout_s: float = 60.0
        extra: int = 0

    flags = {"url": "http://x", "timeout": 5.0, "json_output": True}
    got = _framework.from_flags(Options, flags, timeout_s=5.0, extra=2)
    assert got == Options("http://x", 5.0, 2)
    # a flag named apart from its field is an error, never the field's default in silence
    with pytest.raises(TypeError, match="timeout_s"):
        _framework.from_flags(Options, flags, extra=2)
    assert _framework.from_flags(Options, flags, unset=("timeout_s", "extra")) == Options(
        "http://x"
    )


# ----------------------------------------------------------------------------- shared flags


@pytest.mark.parametrize("command", ["probe", "fleet"])
def test_a_malformed_header_is_one_usage_error_in_every_command(command: str) -> None:
    """probe and fleet read --header with one rule: a value without NAME: is a usage error
    naming it by position, and its text (a misplaced secret) is never echoed."""
    r = run_cli([command, "http://127.0.0.1:9", "-H", "X-Ok: 1", "-H", "sk-secret-token"])
    assert r.exit_code == 2
    assert "--header number 2 is not NAME: VALUE" in r.stderr
    assert "hint:" in r.stderr
    assert "sk-secret-token" not in r.stderr + r.stdout
