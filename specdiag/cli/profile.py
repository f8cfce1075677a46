"""``specdiag profile``: what makes a simulator or synthetic-acceptance mode replay a measured
(or predicted) acceptance profile."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output, derive
from specdiag.cli._report_out import read_json_document
from specdiag.core.accept import Engine
from specdiag.core.accprofile import Target

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.accprofile import AcceptanceProfile, Replay

HELP = """Print the flags, config fragment or environment that replay an acceptance profile.

FILE is a profile written by --export-profile (probe, logs, fleet, expected-accept), ModelOpt's
speculation_profile.json, or the --json document of probe, logs, fleet or expected-accept.
Each engine takes its own unit: vLLM and llama.cpp unconditional rates, Dynamo's mocker
conditional rates, SGLang the accept length WITH the bonus token, TensorRT-LLM the accepted
drafts WITHOUT it (accept length - 1). This command converts; you paste.

Examples:

  specdiag probe URL --acc 0.75 --steps 3 --export-profile measured.json
  specdiag profile measured.json --for vllm

  specdiag profile speculation_profile.json --for dynamo --json
"""
opt = cli.options("profile")  # typer.Option with each flag's help in flags.json


def profile_cmd(
    file: Annotated[
        str,
        typer.Argument(help="Profile or command document (JSON; - reads stdin).", metavar="FILE"),
    ],
    target: Annotated[Target, opt("--for")] = Target.VLLM,
    engine: Annotated[Engine | None, opt("--engine")] = None,
    replica: Annotated[str | None, opt("--fleet-replica")] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    from specdiag.core.accprofile import ProfileOptions, profile_document, replay_document

    out = Output(json_output)
    doc = read_json_document(file, "give a profile or a --json document")
    options = ProfileOptions(target, engine.value if engine else None, replica)
    result = replay_document(doc, options, name=file)
    prof, rep = result.profile, result.replay
    fields = ("target", "replays", "command", "flags", "env", "config", "config_name", "notes")
    add = {"profile": profile_document(prof)}
    document = derive(rep, only=fields, convert={"env": dict}, add=add)
    out.emit(document, lambda console: render(console, prof, rep))


def engine_label(engine: str, version: str | None) -> str:
    """The engine and its version, the name said once: a logs document's versions are labels
    that already name the engine (``vllm >= 0.10``, ``llama.cpp >= 0c1e570 (mean len)``)."""
    if not version:
        return engine
    if version.lower().replace(".", "").startswith(engine.lower().replace(".", "")):
        return version
    return f"{engine} {version}"


def render(console: Console, p: AcceptanceProfile, r: Replay) -> None:
    c = p.conditions
    kind = "measured" if p.measured else "predicted"
    where = ", ".join(
        x
        for x in (
            c.engine and engine_label(c.engine, c.engine_version),
            c.verify_steps and f"{c.verify_steps} verify steps",
            c.temperature is not None and f"temperature {c.temperature:g}",
        )
        if x
    )
    console.print(
        f"[bold]{kind} profile[/bold] from {c.source}"
        + (f" ({where})" if where else "")
        + f": {p.steps} draft tokens, accept length {p.accept_length:.3f} (bonus included), "
        f"{p.accepted_drafts:.3f} accepted drafts per step"
    )
    if p.conditional is not None and p.unconditional is not None:
        console.print(
            "  conditional:   " + ", ".join(f"{x:.4f}" for x in p.conditional), markup=False
        )
        console.print(
            "  unconditional: " + ", ".join(f"{x:.4f}" for x in p.unconditional), markup=False
        )
    console.print(f"[bold]{r.target.value}[/bold] ({r.replays}):")
    for name, value in r.env:
        console.print(f"  export {name}={value}", markup=False, soft_wrap=True)
    if r.config is not None:
        console.print(f"  {r.config_name}: {json.dumps(r.config)}", markup=False, soft_wrap=True)
    console.print(f"  {r.command}", markup=False, soft_wrap=True)
    for n in (*p.notes, *r.notes):
        console.print(f"note: {n}", markup=False, soft_wrap=True)
