"""capture-hidden is one subcommand per source (vllm, sglang, hf), each with only its own flags;
the single command's spellings still work, rewritten with a deprecation warning."""

from __future__ import annotations

import json
import shlex

import pytest

from specdiag.cli.capture_hidden import legacy_args
from specdiag.errors import UsageError
from tests.support.cli import run_cli

URL = "http://127.0.0.1:9"


@pytest.mark.parametrize(
    ("words", "today", "warned"),
    [
        (["vllm", URL, "--like", "x"], ["vllm", URL, "--like", "x"], None),
        (["--like", "x", "sglang", URL], ["sglang", "--like", "x", URL], None),
        (["--prompt", "sglang", "vllm", URL], ["vllm", "--prompt", "sglang", URL], None),
        (["--from", "hf", "d", "-o", "y"], ["hf", "d", "-o", "y"], "--from SOURCE URL|DIR"),
        (["--from=vllm", URL], ["vllm", URL], "--from SOURCE URL|DIR"),
        (["--print-server-args", "--layers", "1"], ["vllm", "--print-server-args", "--layers", "1"],
         "--print-server-args without a source"),
        (["--engine=sglang", "--print-server-args"], ["sglang", "--print-server-args"], "--engine"),
        (["sglang", "--engine", "sglang", "--print-server-args"], ["sglang", "--print-server-args"],
         "--engine"),
        (["--help"], ["--help"], None),
        ([], [], None),
    ],
)  # fmt: skip
def test_older_spellings_become_todays(
    words: list[str], today: list[str], warned: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert legacy_args(words) == today
    err = capsys.readouterr().err
    if warned is None:
        assert err == ""
    else:
        assert f"warning: {warned} is deprecated and will be removed; use " in err


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--from", "vllm", URL, "sglang", URL], "give the source once"),
        (["foo", URL], "foo: expected vllm, sglang or hf"),
        (["--engine", "vllm", "sglang", "--print-server-args"], "--engine vllm and the source sglang disagree"),
        (["--engine", "hf", "--print-server-args"], "--engine hf: expected vllm or sglang"),
        (["--from", "vllm"], "--from needs SOURCE URL|DIR"),
    ],
)  # fmt: skip
def test_older_spellings_that_do_not_add_up_are_usage_errors(
    words: list[str], message: str
) -> None:
    with pytest.raises(UsageError, match="^" + message.replace("|", r"\|")):
        legacy_args(words)


def test_an_engine_beside_hf_is_not_sent_to_a_flag_hf_lacks() -> None:
    with pytest.raises(UsageError) as got:
        legacy_args(["hf", "/models/target", "--engine", "vllm"])
    assert got.value.hint is not None and "--print-server-args" not in got.value.hint
    assert "capture-hidden hf takes no --engine" in got.value.hint


def test_the_old_command_lines_still_run() -> None:
    old = run_cli(
        ["capture-hidden", "--print-server-args", "--engine", "sglang", "--layers", "1,4"]
    )
    new = run_cli(["capture-hidden", "sglang", "--print-server-args", "--served-layers", "1,4"])
    assert old.exit_code == new.exit_code == 0, old.stderr
    assert old.stdout == new.stdout and "--return-aux-hidden-state-layer-ids 1 4" in new.stdout
    assert "warning: --engine is deprecated" in old.stderr and "warning" not in new.stderr
    assert "warning: --layers is deprecated and will be removed; use --served-layers" in old.stderr
    spec = ["--print-server-args", "--served-layers", "1,29,57", "--layer-convention", "specforge"]
    via_engine = run_cli(["capture-hidden", "--engine", "vllm", *spec, "--json"])
    assert via_engine.exit_code == 0, via_engine.stderr
    assert via_engine.json()["layers"] == [2, 30, 58]
    via_from = run_cli(["capture-hidden", "--from", "vllm", URL, *spec, "--json"])
    assert "warning: --from SOURCE URL|DIR is deprecated" in via_from.stderr
    assert (
        via_from.exit_code == 2 and "captures nothing: URL goes with a capture" in via_from.stderr
    )
    plain = run_cli(["capture-hidden", *spec])
    assert json.loads(json.dumps(shlex.split(plain.stdout)))[0] == "--speculative-config"
    unreachable = run_cli(["capture-hidden", "--from", "vllm", URL, "--prompt-ids", "1", "-o",
                           "x.safetensors", "--timeout", "0.5"])  # fmt: skip
    assert unreachable.exit_code == 3 and "cannot reach" in unreachable.stderr


def test_each_source_takes_only_its_own_flags() -> None:
    from specdiag.cli._declared import commands
    from specdiag.cli.app import build_app

    flags = {
        c.name: {f for p in c.params if p.kind == "option" and not p.hidden for f in p.flags}
        for c in commands(build_app(["capture-hidden"]))
    }
    assert flags["capture-hidden"] == set()  # the group itself takes none
    shared = {"--like", "--prompt-ids", "--output", "--pad-id", "--force", "--json"}
    server = {"--prompt", "--served-layers", "--layer-convention", "--compare", "--training-layers",
              "--print-server-args", "--api-key", "--timeout"}  # fmt: skip
    vllm_only = {"--connector", "--storage", "--model", "--keep-server-file"}
    hf_only = {"--device", "--dtype", "--device-map", "--offload-dir"}
    assert flags["capture-hidden vllm"] - {"-o"} == shared | server | vllm_only
    assert flags["capture-hidden sglang"] - {"-o"} == shared | server
    assert flags["capture-hidden hf"] - {"-o"} == shared | hf_only
    helps = {s: run_cli(["capture-hidden", s, "--help"]) for s in ("vllm", "sglang", "hf")}
    assert all(h.exit_code == 0 for h in helps.values())
    assert "--keep-server-file" in helps["vllm"].stdout
    assert "--keep-server-file" not in helps["sglang"].stdout
    assert "-layers" not in helps["hf"].stdout and "--compare" not in helps["hf"].stdout


def test_no_source_is_a_usage_error_and_a_server_needs_its_url() -> None:
    none = run_cli(["capture-hidden"])
    assert none.exit_code == 2 and "say where to capture from" in none.stderr
    no_url = run_cli(["capture-hidden", "sglang", "--prompt-ids", "1", "-o", "x.safetensors"])
    assert no_url.exit_code == 2 and "sglang: say which server" in no_url.stderr


def test_a_subcommands_parse_error_hint_reads_its_own_declarations() -> None:
    r = run_cli(["capture-hidden", "vllm", URL, "--pad-id", "-5"])
    assert r.exit_code == 2 and "hint: --pad-id takes an integer from -1" in r.stderr
    r = run_cli(["capture-hidden", "sglang", URL, "--layer-convention", "hf"])
    assert "hint: --layer-convention takes one of: specforge, sglang, vllm" in r.stderr
    r = run_cli(["capture-hidden", "hf", "d", "--layers", "1"])
    assert r.stderr.startswith("error: No such option: --layers")
    assert "see `specdiag capture-hidden hf --help`" in r.stderr


SPEC = ["--print-server-args", "--served-layers", "1,29,57", "--layer-convention", "specforge"]


@pytest.mark.parametrize(
    ("argv", "given"),
    [
        (["vllm", URL, *SPEC], "URL goes"),
        (["vllm", *SPEC, "--like", "data_0.ckpt"], "--like goes"),
        (["sglang", *SPEC, "-o", "x.safetensors"], "-o goes"),
        (["sglang", *SPEC, "--compare", "data_0.ckpt"], "--compare goes"),
        (["vllm", URL, *SPEC, "--prompt-ids", "1", "-o", "x.safetensors"],
         "URL, --prompt-ids, -o go"),
    ],
)  # fmt: skip
def test_print_server_args_refuses_what_only_a_capture_reads(argv: list[str], given: str) -> None:
    r = run_cli(["capture-hidden", *argv])
    assert r.exit_code == 2, r.stderr
    assert f"--print-server-args prints the launch flags and captures nothing: {given}" in r.stderr
    assert "hint: drop" in r.stderr and r.stdout == ""


@pytest.mark.parametrize(
    ("flag", "printed"),
    [(["--connector", "vllm"], "ExampleHiddenStatesConnector"), (["--storage", "/data/hs"], "/data/hs")],
)  # fmt: skip
def test_a_capture_refuses_the_launch_flags(flag: list[str], printed: str) -> None:
    r = run_cli(["capture-hidden", "vllm", URL, "--prompt-ids", "1", "-o", "x.safetensors", *flag])
    assert r.exit_code == 2, r.stderr
    assert f"{flag[0]} goes with --print-server-args" in r.stderr and "hint:" in r.stderr
    launch = run_cli(["capture-hidden", "vllm", *SPEC, *flag])
    assert launch.exit_code == 0, launch.stderr
    assert printed in launch.stdout
