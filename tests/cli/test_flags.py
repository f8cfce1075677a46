"""One name, one meaning: every flag of every command, what it means, and one declaration.

``MEANINGS`` lists every flag name the app takes with its one meaning; a flag a command adds
must be listed here (say what it means), and a flag two commands take must be declared the
same way in both (names, value kind, repeatable or not, environment variables, typer's
min/max) unless ``DECLARED_APART`` says why. A meaning that starts with commands
(``"fleet: ..."``) is theirs alone: another command taking the name fails the check until the
meaning says what it is there too. Two names never share one meaning (one text in
``MEANINGS``): one of them becomes the other's deprecated alias. Renamed flags keep their old
name hidden for a while (``DEPRECATED``): it warns on stderr and never shows in --help.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
import typer

from tests.support.cli import run_cli

MEANINGS: dict[str, str] = {
    "--acc": "training accuracy per draft position, the prediction's input",
    "--acc-kind": "how to read --acc: conditional or unconditional rates",
    "--accept-length": "reference-server: the accept length to serve (sets the acceptance)",
    "--acceptance": "reference-server: the true acceptance the simulated server serves",
    "--allow-missing": "doctor: judge on the readable evidence when an input cannot be read",
    "--api": "probe: which OpenAI endpoint to call",
    "--api-key": "the server's bearer key (sent by a client; required by reference-server)",
    "--atol": "compare-hidden: the bound on a chunk's max |diff|",
    "--baseline": "probe: a saved probe run to compare with",
    "--block-tokens": "compare-hidden: tokens per comparison block",
    "--by": "fleet: the labels replicas are grouped by",
    "--check": "expected-accept: exit 1 when the observation is out of line",
    "--compare": "capture-hidden: a training dump to compare the capture with",
    "--concurrency": "probe: requests in flight",
    "--connector": "capture-hidden: the vLLM KV connector to launch with",
    "--cost-ratio": "expected-accept: draft cost per target forward",
    "--counters-per-request": "probe: read the counters around each request",
    "--decode-log-interval": "reference-server: steps between SGLang decode log lines",
    "--device": "the torch device computations run on",
    "--device-map": "capture-hidden: transformers' device_map",
    "--doctor": "exporter: run doctor and export its status",
    "--doctor-interval": "exporter: seconds between doctor runs",
    "--draft": "the draft checkpoint directory",
    "--draft-step-ms": "reference-server: modelled draft time per token",
    "--dtype": "the torch dtype a checkpoint is run in",
    "--duration": "seconds a server of ours runs",
    "--eagle-topk": "draft tree branching (SGLang's --speculative-eagle-topk)",
    "--engine": "the serving engine (each command takes the engines it knows)",
    "--engine-version": "the engine's version, where it changes a meaning",
    "--export-profile": "also write the run's acceptance profile to a file (profile replays it)",
    "--fail-on-outlier": "fleet: exit 1 on an outlier replica",
    "--faults": "reference-server: the faults to inject",
    "--flavor": "reference-server: which engine to imitate",
    "--fleet-replica": "profile: the replica of a fleet document to read",
    "--follow": "keep reading the logs as they grow",
    "--for": "profile: the engine or simulator to replay the profile on",
    "--force": "replace an existing output file",
    "--format": "report: the page (html) or the GitHub summary (markdown)",
    "--header": "an extra HTTP header sent to the server",
    "--hidden-size": "the target's hidden size H",
    "--host": "the address a server of ours listens on",
    "--identify": "inspect-dump: how many files to identify",
    "--idle-timeout": "logs: stop following after this many idle seconds",
    "--ignore-eos": "probe: ask the server to ignore end of sequence",
    "--interval": "exporter: seconds between two probes",
    "--json": "one JSON document on stdout",
    "--keep-server": "demo: leave the reference server running",
    "--keep-server-file": "capture-hidden: keep the server's own dump file",
    "--key": "compare-hidden: the name of the hidden-state tensor",
    "--layer-convention": "how --served-layers is read: specforge, sglang or vllm ids",
    "--like": "capture-hidden: a training sample whose tokens are sent",
    "--limit": "report: the most characters of the markdown summary",
    "--log": "reference-server: where its engine log lines go",
    "--log-interval": "reference-server: seconds between vLLM stats lines",
    "--logs": "server log files to read",
    "--max-model-len": "reference-server: context length",
    "--max-running-requests": "reference-server: batch capacity",
    "--max-tokens": "probe: max_tokens of each request",
    "--min-accept-len": "exit 1 below this accept length (bonus included)",
    "--min-cosine": "compare-hidden: the worst-token cosine a match needs",
    "--min-steps": "fleet: verify steps a replica needs to be judged",
    "--model": "the served model name",
    "--model-name": "reference-server: the model name it serves",
    "--no-run-target": "doctor: do not run the target checkpoint",
    "--no-stream": "probe: plain (not streamed) responses",
    "--num-draft-tokens": "SGLang's verify width including the root token",
    "--num-requests": "probe: requests to send",
    "--observed": "expected-accept: the observed accept length or rate",
    "--observed-kind": "expected-accept: what --observed is",
    "--offload-dir": "capture-hidden: where transformers spills weights",
    "--offset": "compare-hidden: the training position of served token 0",
    "--outlier-threshold": "fleet: the share below the median that is an outlier",
    "--output": "the file a command writes",
    "--pad-id": "the token id of trailing padding",
    "--per-request-spec-decode-metrics": "reference-server: vLLM's per-request metrics",
    "--port": "the port a server of ours listens on",
    "--print-asset": "exporter: print one deployment asset",
    "--print-assets": "exporter: list the deployment assets",
    "--print-server-args": "capture-hidden: print the launch flags of a server (vllm, sglang)",
    "--probe": "exporter: a server URL to probe",
    "--probe-max-tokens": "max_tokens of each request of a short probe run (with --probe-requests)",
    "--probe-requests": "requests of a short probe run",
    "--prompt": "capture-hidden: a text prompt to send",
    "--prompt-ids": "capture-hidden: token ids to send",
    "--prompts": "probe: a prompts file",
    "--records": "logs: write every record to this file",
    "--real": "demo: replay the founding case on a real engine server of the test harness",
    "--reference": "the target's full hidden_states stack on the same tokens",
    "--replica": "exporter: the replica label of log figures",
    "--report": "also write the run's report page to a file (as `specdiag report` would)",
    "--request-rate": "probe: Poisson arrivals per second",
    "--retries": "probe: retries of a failed request",
    "--rtol": "compare-hidden: the bound on a chunk's relative error",
    "--run-target": "doctor: run the target checkpoint",
    "--save": "probe: write the per-request lines to this file",
    "--scenario": "demo: which story to run",
    "--seed": "the random seed",
    "--selector": "fleet: the PromQL selector of the replicas",
    "--served-dump": "doctor: a served hidden-state dump",
    "--served-key": "compare-hidden: --key for the served dump only",
    "--served-layers": "the aux layer ids the server runs with, read with --layer-convention",
    "--server": "doctor: the server URL",
    "--server-args": "the server's launch command line",
    "--simulate": "expected-accept: Monte-Carlo draws",
    "--since": "the window's start: a time, or a duration back from the window's end",
    "--step": "fleet: the bucket width over time",
    "--steps": "draft tokens per verify step",
    "--storage": "capture-hidden: where the connector writes",
    "--stream": "probe: streamed responses",
    "--sweep": "expected-accept: the table over draft lengths",
    "--target": "the target checkpoint directory",
    "--target-step-ms": "reference-server: modelled target time per step",
    "--temperature": "the sampling temperature",
    "--timeout": "seconds to wait (the command says for what)",
    "--title": "report: the page's title",
    "--top-k": "the sampling top_k",
    "--training-dump": "doctor: a training hidden-state dump",
    "--training-layers": "the training layer ids, one per chunk, in SpecForge's convention",
    "--training-log": "doctor: the training log",
    "--unordered-layers": "compare-hidden: --training-layers in capture order, not ascending",
    "--until": "the window's end",
    "--values": "compare-hidden: served numbers as text",
    "--verbose": "show every check, not only the findings",
    "--warmup": "probe: requests sent first and left out",
    "--workers": "how many parts of the input are read at once (parallel workers)",
    "--year": "logs: the year of year-less timestamps",
}

# old name -> (the commands that still take it, hidden, and the new name)
DEPRECATED: dict[str, tuple[frozenset[str], str]] = {
    "--topk": (frozenset({"expected-accept", "logs", "reference-server"}), "--eagle-topk"),
    "--acc": (frozenset({"reference-server"}), "--acceptance"),
    "--model": (frozenset({"inspect-dump"}), "--target"),
    "--start": (frozenset({"fleet"}), "--since"),
    "--end": (frozenset({"fleet"}), "--until"),
    "--max-tokens": (frozenset({"doctor"}), "--probe-max-tokens"),
    "--markdown": (frozenset({"report"}), "--format markdown"),
    "--layers": (
        frozenset({"compare-hidden", "capture-hidden vllm", "capture-hidden sglang"}),
        "--training-layers (compare-hidden), --served-layers (capture-hidden)",
    ),
}

# (flag, command) -> why its declaration differs from the other commands' (same meaning)
DECLARED_APART: dict[tuple[str, str], str] = {
    ("--api-key", "reference-server"): "it requires the key: it reads no client's environment",
    ("--steps", "reference-server"): "a simulated server: 0 is no speculation, 64 its most",
    ("--workers", "inspect-dump"): "0 (one per CPU) is logs' alone: it cuts a file by CPU",
}


def declarations(app: typer.Typer) -> dict[str, list[tuple[str, tuple[Any, ...], bool]]]:
    """Every long flag -> [(command, its declaration, hidden)], read from the commands'
    signatures: the ``typer.Option`` each parameter is declared with (typer's public API)."""
    from specdiag.cli._declared import commands

    out: dict[str, list[tuple[str, tuple[Any, ...], bool]]] = {}
    for cmd in commands(app):
        for p in cmd.params:
            if p.kind != "option":
                continue
            names = tuple(sorted((*p.flags, *p.secondary)))
            kind = "text" if p.value_kind in ("str", "path") else p.value_kind
            decl = (names, kind, p.repeatable or p.arity > 1, p.envvar, p.minimum, p.maximum)
            for flag in names:
                if flag.startswith("--"):
                    out.setdefault(flag, []).append((cmd.name, decl, p.hidden))
    return out


def problems(
    decls: dict[str, list[tuple[str, tuple[Any, ...], bool]]],
    meanings: dict[str, str],
    deprecated: dict[str, tuple[frozenset[str], str]],
    apart: dict[tuple[str, str], str],
) -> list[str]:
    found = []
    every = {cmd for uses in decls.values() for cmd, _, _ in uses}  # the app's commands
    for flag, uses in sorted(decls.items()):
        old = deprecated.get(flag)
        live = [(cmd, d) for cmd, d, hidden in uses if not (old and cmd in old[0] and hidden)]
        if old:
            for cmd, _, hidden in uses:
                if cmd in old[0] and not hidden:
                    found.append(f"{cmd} shows the deprecated {flag} in --help")
        if live and flag not in meanings:
            found.append(f"{flag} ({', '.join(c for c, _ in live)}) has no meaning listed")
        shared = [(cmd, d) for cmd, d in live if (flag, cmd) not in apart]
        if len({d for _, d in shared}) > 1:
            by = {f"{cmd}: {d}" for cmd, d in shared}
            found.append(f"{flag} is declared {len({d for _, d in shared})} ways: {sorted(by)}")
        scope = _scope(meanings.get(flag, ""), every)
        others = sorted({c for c, _ in live if scope and not any(_within(c, s) for s in scope)})
        if others:
            found.append(
                f"{flag} ({', '.join(others)}): its meaning is {', '.join(sorted(scope))}'s alone"
                " (a second meaning? say what it means there too, or choose another name)"
            )
    found.extend(
        f"{flag} is listed but no command takes it"
        for flag in meanings
        if not any(not h for _, _, h in decls.get(flag, []))
    )
    by_text: dict[str, list[str]] = {}  # the meaning without the commands it names
    for flag, text in meanings.items():
        own = text.partition(": ")[2] if _scope(text, every) else text
        by_text.setdefault(" ".join(own.lower().split()), []).append(flag)
    found.extend(
        f"{' and '.join(sorted(flags))} have one meaning ({text!r}): keep one name, the other an alias"
        for text, flags in by_text.items()
        if len(flags) > 1
    )
    return found


def _within(command: str, scope: str) -> bool:
    return command == scope or command.startswith(scope + " ")


def _scope(meaning: str, commands: set[str]) -> set[str]:
    """The commands a meaning names before its colon (``"fleet, logs: ..."``), or none (a
    meaning for every command that takes the name). ``commands``: the names the app has."""
    head, sep, _ = meaning.partition(": ")
    names = {n.strip() for n in head.split(",")}
    known = {c.split(" ")[0] for c in commands} | commands
    return names if sep and names <= known else set()


def test_every_flag_has_one_meaning_and_one_declaration() -> None:
    from specdiag.cli.app import build_app

    assert problems(declarations(build_app()), MEANINGS, DEPRECATED, DECLARED_APART) == []


def test_the_check_finds_a_second_declaration_and_an_unlisted_flag() -> None:
    app = typer.Typer()

    @app.command("one")
    def one(timeout: Annotated[float, typer.Option("--timeout")] = 1.0) -> None: ...

    @app.command("two")
    def two(timeout: Annotated[float, typer.Option("--timeout", "-t")] = 2.0) -> None: ...

    @app.command("three")
    def three(w: Annotated[int, typer.Option("--wait")] = 2) -> None: ...

    found = problems(declarations(app), {"--timeout": "s"}, {}, {})
    assert len(found) == 2
    assert found[0].startswith("--timeout is declared 2 ways")
    assert found[1] == "--wait (three) has no meaning listed"
    assert problems(declarations(app), {"--timeout": "s", "--wait": "w"}, {}, {})[0].startswith(
        "--timeout is declared 2 ways"
    )
    assert (
        problems(
            declarations(app), {"--timeout": "s", "--wait": "w"}, {}, {("--timeout", "two"): "why"}
        )
        == []
    )


def test_the_check_finds_a_second_meaning_two_names_for_one_and_other_ranges() -> None:
    app = typer.Typer()

    @app.command("one")
    def one(
        n: Annotated[int, typer.Option("--n", min=1)] = 1,
        wait: Annotated[int, typer.Option("--wait")] = 1,
    ) -> None: ...

    @app.command("two")
    def two(
        n: Annotated[int, typer.Option("--n", min=0)] = 1,
        wait: Annotated[int, typer.Option("--wait")] = 1,
        pause: Annotated[int, typer.Option("--pause")] = 1,
    ) -> None: ...

    meanings = {"--n": "how many", "--wait": "one: seconds to wait", "--pause": "seconds"}
    found = problems(declarations(app), meanings, {}, {})
    assert len(found) == 2, found
    assert found[0].startswith("--n is declared 2 ways")  # min 1 in one, 0 in two
    assert found[1].startswith("--wait (two): its meaning is one's alone")
    meanings |= {"--wait": "one, two: seconds", "--n": "n"}
    assert problems(declarations(app), meanings, {}, {("--n", "two"): "why"}) == [
        "--pause and --wait have one meaning ('seconds'): keep one name, the other an alias"
    ]


def test_declarations_are_read_through_groups_too() -> None:
    """A group's subcommands are named by their words after the app's, after the group."""
    from specdiag.cli._declared import commands

    app = typer.Typer()
    sub = typer.Typer()

    @app.command("one")
    def one(timeout: Annotated[float, typer.Option("--timeout")] = 1.0) -> None: ...

    @sub.callback()
    def group(verbose: Annotated[bool, typer.Option("--verbose")] = False) -> None: ...

    @sub.command("leaf")
    def leaf(
        url: Annotated[str, typer.Argument()], wait: Annotated[int, typer.Option()] = 2
    ) -> None: ...

    app.add_typer(sub, name="grp", help="A group.")
    found = [(c.name, c.group, [p.name for p in c.params]) for c in commands(app)]
    assert found == [
        ("one", False, ["timeout"]),
        ("grp", True, ["verbose"]),
        ("grp leaf", False, ["url", "wait"]),
    ]
    assert {c.name: c.top for c in commands(app)}["grp leaf"] == "grp"
    assert [d[0] for d in declarations(app)["--wait"]] == ["grp leaf"]


# (command, flag) whose help is computed in the code, not read from flags.json
COMPUTED_HELP = {("exporter", "--print-asset")}  # it lists the asset names


def test_every_help_comes_from_flags_json_and_every_entry_there_is_declared() -> None:
    """specdiag/cli/flags.json: per flag name, its help in each command that takes it ("all":
    the shared flags); every entry is a non-empty text that a command declares as it is."""
    from specdiag.cli._declared import commands
    from specdiag.cli._framework import _flag_table
    from specdiag.cli.app import build_app

    table = _flag_table()
    declared: dict[tuple[str, str], str] = {}
    cmds = commands(build_app())
    groups = {c.name for c in cmds if c.group}
    for cmd in cmds:
        for p in cmd.params:
            if p.kind == "option" and not p.hidden:
                declared[(cmd.name, p.flags[0])] = p.help
    unused = []
    for flag, helps in table.items():
        assert flag.startswith("--") and helps, flag
        for cmd, text in helps.items():
            assert cmd in {c.name for c in cmds} or cmd == "all", (flag, cmd)
            assert isinstance(text, str) and text.strip() == text and text, (flag, cmd)
            if cmd == "all" or cmd in groups:  # shared: by every command, or a group's
                users = [
                    c
                    for (c, f), h in declared.items()
                    if f == flag and h == text and (cmd == "all" or c.startswith(cmd + " "))
                ]
                assert users, f"{flag}: the shared help of {cmd} is declared nowhere"
            elif declared.get((cmd, flag)) != text:
                unused.append(f"{cmd} {flag}")
    assert unused == []
    for (cmd, flag), text in declared.items():
        if (cmd, flag) not in COMPUTED_HELP:
            helps = table.get(flag, {})
            group = helps.get(cmd.split(" ")[0], helps.get("all"))
            assert text == helps.get(cmd, group), f"{cmd} {flag}: help not in flags.json"


@pytest.mark.parametrize(
    ("argv", "old", "new"),
    [
        (
            ["expected-accept", "--acc", "0.7", "--steps", "3", "--topk", "2"],
            "--topk",
            "--eagle-topk",
        ),
        (
            ["reference-server", "--acc", "0.7", "--duration", "0", "--port", "0"],
            "--acc",
            "--acceptance",
        ),
    ],
)
def test_a_deprecated_name_still_works_and_warns(argv: list[str], old: str, new: str) -> None:
    r = run_cli(argv)
    assert r.exit_code == 0, r.stderr
    assert f"warning: {old} is deprecated and will be removed; use {new}" in r.stderr


NOWHERE = "http://127.0.0.1:9"  # nothing listens: the command gets past its flags, then fails


@pytest.mark.parametrize(
    ("old", "new", "argv", "new_argv"),
    [
        ("--start", "--since", ["fleet", NOWHERE, "--start", "1796112000"], ["--since", "1h"]),
        ("--end", "--until", ["fleet", NOWHERE, "--end", "1796112000"], ["--until", "1h"]),
        ("--max-tokens", "--probe-max-tokens", ["doctor", "--server", NOWHERE, "--max-tokens", "8"],
         ["--probe-max-tokens", "64"]),
        ("--markdown", "--format markdown", ["report", "--markdown", "missing.json"],
         ["--format", "html"]),
    ],
)  # fmt: skip
def test_a_renamed_flag_warns_alone_and_is_refused_beside_its_new_name(
    old: str, new: str, argv: list[str], new_argv: list[str]
) -> None:
    r = run_cli(argv)
    assert f"warning: {old} is deprecated and will be removed; use {new}" in r.stderr
    assert r.exit_code != 2, r.stderr  # read as the new name: the run goes on (and fails later)
    both = run_cli([*argv, *new_argv])
    assert both.exit_code == 2
    assert f"{old} and {new} are the same flag" in both.stderr


def test_deprecated_names_stay_out_of_help() -> None:
    for cmd in ("expected-accept", "reference-server", "logs", "inspect-dump"):
        r = run_cli([cmd, "--help"])
        assert r.exit_code == 0
        assert "--topk" not in r.stdout and "--model " not in r.stdout


@pytest.mark.parametrize("new_value", ["3", "1"])  # 1: the new name at its default value
def test_old_and_new_name_together_is_a_usage_error(new_value: str) -> None:
    argv = ["expected-accept", "--acc", "0.7", "-k", "3", "--topk", "2", "--eagle-topk", new_value]
    r = run_cli(argv)
    assert r.exit_code == 2
    assert "--topk and --eagle-topk are the same flag" in r.stderr


SINCE_READ_BY_BOTH = [
    "2026-12-01T08:00:00Z", "2026-12-01T09:00:00+01:00", "2026-12-01T08:00", "1796112000",
    "2026-12-01 08:00", "2026-12-01 08:00:30", "12-01 08:00", "08:40", "8:40:10", "10m", "1d",
    "1h30m", "90s",
]  # fmt: skip
SINCE_READ_BY_NEITHER = ["yesterday", "25:00", "12-32 08:00", "10x", "90", "-5m", "", "nan"]
LOG_LINE = (
    "[2026-11-30 {}] Decode batch, #running-req: 4, #token: 100, token usage: 0.01, accept len: "
    "2.00, accept rate: 0.33, cuda graph: True, gen throughput (token/s): 100.00, #queue-req: 0\n"
)


def _since_in_both(tmp_path: Path, *args: str) -> tuple[Any, Any]:
    log = tmp_path / "sglang.log"
    log.write_text(LOG_LINE.format("08:00:00") + LOG_LINE.format("10:00:00"))
    logs = run_cli(["logs", str(log), *args, "--json"])
    fleet = run_cli(["fleet", NOWHERE, *args, "--timeout", "2"])  # parsed before any query
    return logs, fleet


@pytest.mark.parametrize("text", SINCE_READ_BY_BOTH)
def test_since_and_until_take_the_same_forms_in_logs_and_fleet(tmp_path: Path, text: str) -> None:
    for flag in ("--since", "--until"):
        logs, fleet = _since_in_both(tmp_path, flag, text)
        assert logs.exit_code in (0, 1), (flag, logs.stderr)  # 1: no record in the window
        assert logs.json()["window"][flag[2:]] == text
        assert fleet.exit_code == 3 and "cannot reach Prometheus" in fleet.stderr, fleet.stderr


@pytest.mark.parametrize("text", SINCE_READ_BY_NEITHER)
def test_since_refuses_the_same_strings_in_logs_and_fleet(tmp_path: Path, text: str) -> None:
    for r in _since_in_both(tmp_path, "--since", text):
        assert r.exit_code == 2 and "--since" in r.stderr and "hint:" in r.stderr, r.stderr


def test_an_offset_is_logs_alone_and_a_duration_counts_back_from_until(tmp_path: Path) -> None:
    logs, fleet = _since_in_both(tmp_path, "--since", "+10m")
    assert logs.exit_code == 0, logs.stderr  # after each file's first record
    assert fleet.exit_code == 2 and "fleet reads no log" in fleet.stderr
    # 1d back from --until, not from now, in both: 11-30 09:00 .. 12-01 09:00
    logs, fleet = _since_in_both(tmp_path, "--since", "1d", "--until", "2026-12-01 09:00")
    assert logs.exit_code == 0, logs.stderr
    assert logs.json()["window"]["outside"] == 1  # 08:00 is out, 10:00 in
    assert fleet.exit_code == 3, fleet.stderr
    from specdiag.core.fleet.timespec import window

    now = 1796204000.0  # 2026-12-02T09:33:20Z
    assert window("1d", "2026-12-01 09:00", now) == (86400.0, None, 1796115600.0)
    assert window("08:40", None, now) == (None, 1796200800.0, None)  # today's 08:40
    assert window("10:00", None, now) == (None, 1796119200.0, None)  # the last 10:00: yesterday's
    assert window("12-01 08:00", "10m", now) == (None, 1796112000.0, now - 600)


def _typer_ranges(app: typer.Typer, command: str) -> dict[str, tuple[Any, Any]]:
    from specdiag.cli._declared import commands

    (cmd,) = [c for c in commands(app) if c.name == command]
    return {p.flags[0]: (p.minimum, p.maximum) for p in cmd.params if p.kind == "option"}


def _options_classes() -> list[tuple[str, Any]]:
    from specdiag.core.doctor.context import DoctorInputs
    from specdiag.core.expected import ExpectedAcceptOptions
    from specdiag.core.fleet.run import FleetConfig
    from specdiag.core.hidden.capture_run import CaptureOptions
    from specdiag.core.hidden.compare import CompareOptions
    from specdiag.core.hidden.inspect import InspectOptions
    from specdiag.core.logs.run import LogsOptions
    from specdiag.core.probe.run import ProbeConfig
    from specdiag.exporter.config import ExporterConfig
    from specdiag.refserver.config import ReferenceServerConfig

    return [
        ("capture-hidden vllm", CaptureOptions),
        ("compare-hidden", CompareOptions),
        ("doctor", DoctorInputs),
        ("expected-accept", ExpectedAcceptOptions),
        ("fleet", FleetConfig),
        ("inspect-dump", InspectOptions),
        ("logs", LogsOptions),
        ("exporter", ExporterConfig),
        ("probe", ProbeConfig),
        ("reference-server", ReferenceServerConfig),
    ]


@pytest.mark.parametrize(("command", "cls"), _options_classes())
def test_options_dataclasses_hold_the_ranges_the_cli_declares(command: str, cls: Any) -> None:
    """The CLI's typer min/max and the options dataclass's __post_init__ agree, so an API
    caller meets the rule a user meets."""
    from specdiag.cli.app import build_app
    from specdiag.core.bounds import field_bounds

    ranges = _typer_ranges(build_app([command.split(" ")[0]]), command)
    bounds = field_bounds(cls)
    assert bounds
    assert {flag: ranges.get(flag) for flag in bounds} == bounds
    # and the other way: a flag the CLI bounds is bounded on the class, or is no option of it
    cli_only = {f for f, r in ranges.items() if r != (None, None) and f not in bounds}
    assert cli_only == {f for c, f in _NOT_OPTIONS if c == command}, cli_only


# flags a command bounds that are no field of its options class (checked elsewhere, or not
# options of the run at all)
_NOT_OPTIONS = {
    ("compare-hidden", "--pad-id"),  # an argument of compare_files' loading (None: none)
    ("expected-accept", "--topk"),  # deprecated names of --eagle-topk (the same field)
    ("logs", "--topk"),
    ("reference-server", "--topk"),
    ("doctor", "--max-tokens"),  # the deprecated name of --probe-max-tokens (the same field)
    ("exporter", "--duration"),  # how long the process serves, not a setting of what it serves
    ("reference-server", "--duration"),
    ("fleet", "--min-accept-len"),  # the command's exit-code gate, applied to the result
    ("probe", "--min-accept-len"),
    ("logs", "--steps"),  # LogsOptions: checked by resolve_profile (1..1024), not bounded yet
}


@pytest.mark.parametrize(
    ("command", "kwargs"),
    [("compare-hidden", {"block_tokens": -5}), ("compare-hidden", {"block_tokens": 0}),
     ("compare-hidden", {"hidden_size": 0}), ("compare-hidden", {"offset": -1}),
     ("compare-hidden", {"min_cosine": 1.5}), ("compare-hidden", {"rtol": float("nan")}),
     ("doctor", {"probe_requests": 0}), ("doctor", {"probe_max_tokens": -3}),
     ("doctor", {"temperature": 99.0}), ("expected-accept", {"acc_values": (0.7,), "topk": 0}),
     ("expected-accept", {"acc_values": (0.7,), "seed": -1}), ("inspect-dump", {"workers": 0}),
     ("inspect-dump", {"identify": -1}), ("inspect-dump", {"pad_id": -2}),
     ("doctor", {"steps": 0}), ("fleet", {"url": "http://x", "acc": (0.7,), "steps": 2000}),
     ("exporter", {"acc": (0.7,), "steps": 0}), ("probe", {"url": "http://x", "prompts": (), "seed": -1}),
     ("reference-server", {"seed": -1}), ("reference-server", {"num_draft_tokens": 0}),
     ("reference-server", {"steps": 65})],
)  # fmt: skip
def test_options_refuse_what_the_cli_refuses(command: str, kwargs: dict[str, Any]) -> None:
    from specdiag.errors import UsageError

    with pytest.raises(UsageError, match="must be in"):
        dict(_options_classes())[command](**kwargs)
