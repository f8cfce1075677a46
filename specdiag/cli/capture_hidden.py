"""``specdiag capture-hidden vllm URL | sglang URL | hf MODEL_DIR``: the hidden states a draft is
fed, one subcommand per source; older spellings are rewritten by :func:`legacy_args`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli import _framework as cli
from specdiag.cli import _hidden_view as compare_hidden
from specdiag.cli._output import Output, derive, to_jsonable
from specdiag.core.hidden.conventions import CaptureEngine
from specdiag.errors import UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.hidden.capture import CaptureResult
    from specdiag.core.hidden.compare_results import CompareResult

EXIT_CODES = """
Exit codes: 0 captured (and matched with --compare), 1 --compare found a mismatch, 2 usage,
3 the server or the input could not be used.
"""

HF_EXIT_CODES = """
Exit codes: 0 written, 2 usage, 3 the checkpoint or the input could not be used.
"""

HELP = f"""Capture hidden states, one subcommand per source: from a running vLLM or SGLang
server, or every layer from an HF checkpoint: capture-hidden vllm URL | sglang URL | hf
MODEL_DIR (see each one's --help for its flags).
{EXIT_CODES}
Examples:

  specdiag capture-hidden vllm --print-server-args --served-layers 1,29,57 --layer-convention specforge

  specdiag capture-hidden vllm http://127.0.0.1:8000 --like data_0.ckpt --served-layers 1,29,57 --layer-convention specforge -o served.safetensors --compare data_0.ckpt

  specdiag capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o served.safetensors

  specdiag capture-hidden hf /models/target --like data_0.ckpt -o reference.safetensors
"""

VLLM_HELP = """Capture from a running vLLM server: send the sample's token ids to a server launched
with the speculative method extract_hidden_states and a hidden-states KV connector, read the
file the response names (kv_transfer_params.hidden_states_path) and write a served dump that
compare-hidden reads, with the engine and the layer ids the server was launched with
(--served-layers, read with --layer-convention; recorded in vLLM's convention) in it. --compare TRAINING compares
it at once.

--print-server-args --served-layers 1,29,57 --layer-convention specforge prints the launch flags alone
(here eagle_aux_hidden_state_layer_ids 2,30,58), ready to append to `vllm serve MODEL` (the
connector: specdiag's CPU-safe one, or --connector vllm for vLLM's own, GPU only); no URL then.

Examples:

  specdiag capture-hidden vllm --print-server-args --served-layers 1,29,57 --layer-convention specforge

  specdiag capture-hidden vllm http://127.0.0.1:8000 --like data_0.ckpt --served-layers 1,29,57 --layer-convention specforge -o served.safetensors --compare data_0.ckpt
"""

SGLANG_HELP = """Capture from a running capture-only SGLang server (launched with the flags
--print-server-args prints, beside the serving one): send the sample, read the hidden states
the response carries and write a served dump that compare-hidden reads. --served-layers are
SGLang's ids (the training ids) unless --layer-convention says otherwise; without them the
server captures SGLang's default layers. --compare TRAINING compares it at once.

Examples:

  specdiag capture-hidden sglang --print-server-args --served-layers 1,29,57

  specdiag capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o served.safetensors --compare data_0.ckpt
"""

HF_HELP = """Run the checkpoint (transformers, the hf extra) over the sample's token ids and write
all L+1 hidden states (index 0 = embedding output, L = final normed output): the file
compare-hidden --reference and inspect-dump --reference take.

Example:

  specdiag capture-hidden hf /models/target --like data_0.ckpt -o reference.safetensors
"""
opt = cli.options("capture-hidden")  # typer.Option with each flag's help in flags.json
vllm_opt = cli.options("capture-hidden vllm")
sglang_opt = cli.options("capture-hidden sglang")

# the flags two or three sources take, declared once
LikeOpt = Annotated[Path | None, opt("--like")]
PromptIdsOpt = Annotated[str | None, opt("--prompt-ids")]
PromptOpt = Annotated[str | None, opt("--prompt")]
OutputOpt = Annotated[Path | None, opt("--output", "-o")]
CompareOpt = Annotated[Path | None, opt("--compare")]
PadIdOpt = Annotated[int, opt("--pad-id", min=-1, max=2**63 - 1)]
OldLayersOpt = Annotated[str | None, typer.Option("--layers", hidden=True)]  # --served-layers
ForceOpt = Annotated[bool, opt("--force")]
# CaptureOptions fields a source has no flag for (their defaults stand)
HF_ONLY = ("device", "dtype", "device_map", "offload_dir")
VLLM_ONLY = ("model", "keep_server_file", "connector", "storage")
SERVER_ONLY = ("prompt", "layer_convention", "compare_with", "api_key", "timeout")
STORAGE = "/tmp/specdiag-hidden"  # core.hidden.capture.DEFAULT_STORAGE (not imported: fast start)
UrlArg = Annotated[
    str | None,
    typer.Argument(help="The server's base URL (not needed with --print-server-args).",
                   metavar="URL", show_default=False),
]  # fmt: skip


def vllm_cmd(
    url: UrlArg = None,
    like: LikeOpt = None,
    prompt_ids: PromptIdsOpt = None,
    prompt: PromptOpt = None,
    served_layers: Annotated[str | None, vllm_opt("--served-layers")] = None,
    layers: OldLayersOpt = None,
    layer_convention: cli.LayerConventionOpt = None,
    output: OutputOpt = None,
    compare_with: CompareOpt = None,
    training_layers: cli.TrainingLayersOpt = None,
    print_server_args: Annotated[bool, vllm_opt("--print-server-args")] = False,
    connector: Annotated[str | None, opt("--connector", show_default="specdiag")] = None,
    storage: Annotated[str | None, opt("--storage", show_default=STORAGE)] = None,
    model: Annotated[str | None, opt("--model")] = None,
    api_key: cli.ApiKeyOpt = None,
    timeout: Annotated[float, vllm_opt("--timeout")] = 120.0,
    keep_server_file: Annotated[bool, opt("--keep-server-file")] = False,
    pad_id: PadIdOpt = 0,
    force: ForceOpt = False,
    json_output: cli.JsonOpt = False,
) -> None:
    _run(CaptureEngine.VLLM, url, dict(locals()), unset=HF_ONLY)


def sglang_cmd(
    url: UrlArg = None,
    like: LikeOpt = None,
    prompt_ids: PromptIdsOpt = None,
    prompt: PromptOpt = None,
    served_layers: Annotated[str | None, sglang_opt("--served-layers")] = None,
    layers: OldLayersOpt = None,
    layer_convention: cli.LayerConventionOpt = None,
    output: OutputOpt = None,
    compare_with: CompareOpt = None,
    training_layers: cli.TrainingLayersOpt = None,
    print_server_args: Annotated[bool, sglang_opt("--print-server-args")] = False,
    api_key: cli.ApiKeyOpt = None,
    timeout: Annotated[float, sglang_opt("--timeout")] = 120.0,
    pad_id: PadIdOpt = 0,
    force: ForceOpt = False,
    json_output: cli.JsonOpt = False,
) -> None:
    _run(CaptureEngine.SGLANG, url, dict(locals()), unset=(*HF_ONLY, *VLLM_ONLY))


def hf_cmd(
    model_dir: Annotated[
        str, typer.Argument(help="The HF checkpoint directory.", metavar="MODEL_DIR")
    ],
    like: LikeOpt = None,
    prompt_ids: PromptIdsOpt = None,
    output: OutputOpt = None,
    device: Annotated[str, opt("--device")] = "cpu",
    dtype: Annotated[str, opt("--dtype")] = "auto",
    device_map: Annotated[str | None, opt("--device-map")] = None,
    offload_dir: Annotated[Path | None, opt("--offload-dir")] = None,
    pad_id: PadIdOpt = 0,
    force: ForceOpt = False,
    json_output: cli.JsonOpt = False,
) -> None:
    _run(None, model_dir, dict(locals()), unset=(*SERVER_ONLY, *VLLM_ONLY))


SOURCES: dict[str, tuple[Any, str]] = {
    "vllm": (vllm_cmd, VLLM_HELP),
    "sglang": (sglang_cmd, SGLANG_HELP),
    "hf": (hf_cmd, HF_HELP),
}  # source -> (its command, its help); one subcommand each


def capture_hidden_app() -> typer.Typer:
    """The ``capture-hidden`` group: one subcommand per source, each behind the error boundary."""
    group = typer.Typer(help=HELP)
    group.callback(invoke_without_command=True)(cli.guarded(_no_source))
    for name, (func, text) in SOURCES.items():
        first = " ".join(text.split("\n\n")[0].split())  # the list of subcommands shows it
        codes = HF_EXIT_CODES if name == "hf" else EXIT_CODES
        group.command(name, help=text + codes, short_help=first)(cli.guarded(func))
    return group


def _no_source(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:
        raise UsageError(
            "say where to capture from: vllm URL, sglang URL or hf MODEL_DIR",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o "
            "served.safetensors; capture-hidden vllm --print-server-args --served-layers 1,29,57 "
            "--layer-convention specforge for the vLLM launch flags",
        )


def legacy_args(args: list[str]) -> list[str]:
    """The words after ``capture-hidden`` in today's spelling: ``--from SOURCE WHERE`` becomes
    ``SOURCE WHERE``, ``--print-server-args [--engine E]`` with no source becomes ``E`` (vllm by
    default) ``--print-server-args`` (each with a warning), and a source named after some flags
    (``--like X vllm URL``, which the single command took) moves to the front."""
    from specdiag.cli._declared import commands

    # each option of the subcommands that takes values -> how many (read from declarations)
    takes = {
        flag: p.arity
        for c in commands(capture_hidden_app())
        for p in c.params
        if p.kind == "option" and not p.is_flag
        for flag in p.flags
    }
    rest: list[str] = []
    moved: list[str] = []  # --from's SOURCE WHERE
    engine: str | None = None
    first: int | None = None  # where in ``rest`` the first positional word is
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            rest += args[i:]
            break
        name, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if name in ("--from", "--engine"):
            total = 2 if name == "--from" else 1
            need = total - (1 if eq else 0)
            values = ([value] if eq else []) + args[i + 1 : i + 1 + need]
            if len(values) < total:
                what = "SOURCE URL|DIR" if name == "--from" else "vllm or sglang"
                raise UsageError(f"{name} needs {what}", hint=_SOURCE_HINT)
            if name == "--from":
                moved = [_source(values[0]), values[1]]
            else:
                engine = values[0]
            i += 1 + need
            continue
        if first is None and not word.startswith("-"):
            first = len(rest)
        n = 0 if eq or not word.startswith("-") else takes.get(name, 0)
        rest += args[i : i + 1 + n]
        i += 1 + n
    named: str | None = None
    if first is not None:
        if moved:
            raise UsageError(
                "give the source once: SOURCE URL|DIR, or the older --from SOURCE URL|DIR",
                hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt "
                "-o x.safetensors",
            )
        named = _source(rest[first])  # the first word names a source
        rest.insert(0, rest.pop(first))  # after some flags, as the single command took it
    if moved:
        cli.warn_deprecated("--from SOURCE URL|DIR", "capture-hidden SOURCE URL|DIR")
        rest, named = [*moved, *rest], moved[0]
    if engine is not None:
        if engine not in ("vllm", "sglang"):
            raise UsageError(f"--engine {engine}: expected vllm or sglang", hint=_SOURCE_HINT)
        if named is not None and named != engine:
            raise UsageError(
                f"--engine {engine} and the source {named} disagree",
                hint=f"drop --engine: capture-hidden {named} --print-server-args"
                if named in ("vllm", "sglang")
                else f"drop --engine: capture-hidden {named} takes no --engine",
            )
        cli.warn_deprecated("--engine", f"the source as the subcommand: capture-hidden {engine}")
        if named is None:
            rest, named = [engine, *rest], engine
    if named is None and "--print-server-args" in rest:
        cli.warn_deprecated(
            "--print-server-args without a source", "capture-hidden vllm --print-server-args"
        )
        rest = ["vllm", *rest]
    return rest


_SOURCE_HINT = "capture-hidden vllm URL | sglang URL | hf MODEL_DIR"


def _source(name: str) -> str:
    """``name`` if it names a source, else the core's usage error naming the three (the core
    is imported only then: this runs before every capture-hidden command line, --help too)."""
    if name not in SOURCES:
        from specdiag.core.hidden.capture_run import capture_source

        capture_source(name)  # raises
    return name


def _run(
    engine: CaptureEngine | None,
    where: str | None,
    flags: dict[str, object],
    unset: tuple[str, ...],
) -> None:
    """One body for every source: the flags -> ``CaptureOptions`` (or ``ServerArgsOptions``)
    -> the one core entry -> the document and its rendering."""
    from specdiag.core.hidden import capture_run as core
    from specdiag.core.hidden.conventions import parse_id_list

    out = Output(flags["json_output"] is True)
    compare_with = flags.get("compare_with")
    new = flags.get("served_layers")
    layers = cli.deprecated_flag("--layers", "--served-layers", flags.get("layers"), new, None)
    ids = (
        parse_id_list(layers, "--served-layers", ascending=False)
        if isinstance(layers, str)
        else None
    )
    training = flags.get("training_layers")
    training_ids = (
        parse_id_list(training, "--training-layers")
        if isinstance(training, str) and training
        else None
    )
    if engine is not None and flags["print_server_args"]:
        launch = ("connector", "storage")  # not given (None): ServerArgsOptions' defaults
        given = {k: v for k, v in flags.items() if k not in launch or v is not None}
        sa = core.server_args(
            cli.from_flags(core.ServerArgsOptions, given, engine=engine, layers=ids, where=where,
                           training_layers=training_ids, unset=launch)
        )  # fmt: skip
        if out.json_mode:
            out.emit(derive(sa, only=("args", "layers", "connector")), lambda c: None)
            return
        sys.stdout.write(sa.text + "\n")
        out.note(*sa.notes)
        return
    source = core.CaptureSource.HF if engine is None else core.CaptureSource(engine.value)
    if where is None:
        raise UsageError(
            f"{source.value}: say which server: capture-hidden {source.value} URL",
            hint=f"e.g. capture-hidden {source.value} http://127.0.0.1:30000 --like data_0.ckpt "
            f"-o served.safetensors; or capture-hidden {source.value} --print-server-args "
            "for the launch flags",
        )
    if flags["output"] is None:
        raise UsageError("-o FILE is required", hint="e.g. -o served.safetensors")
    opts = cli.from_flags(
        core.CaptureOptions,
        flags,
        unset=unset,
        source=source,
        where=where,
        layers=ids,
        training_layers=training_ids,
    )
    run = core.capture(opts)
    result, comparison = run.capture, run.comparison
    doc: dict[str, object] = to_jsonable(result)  # docs/capture-hidden.md
    if comparison is not None:
        doc["comparison"] = compare_hidden.document(
            comparison, result.output, str(compare_with), None
        )
    out.emit(doc, lambda c: render(c, result, comparison, str(compare_with)))
    out.note(*result.notes)
    if comparison is not None:
        out.note(*comparison.notes)
        compare_hidden.check_match(comparison)


def render(
    console: Console, r: CaptureResult, comparison: CompareResult | None, training: str
) -> None:
    default = "SGLang's default" if r.source == "sglang" else "not given"
    ids = ",".join(map(str, r.layer_ids)) if r.layer_ids is not None else default
    if r.source == "hf":
        head = f"[bold]Reference[/bold]: {r.chunks} hidden states (embedding + {r.chunks - 1} "
        head += f"layers) x {r.tokens} tokens of H = {r.hidden_size} ({r.dtype}) from {r.model}"
    else:
        engine = f"SGLang {r.engine_version or '?'}" if r.source == "sglang" else "vLLM"
        head = f"[bold]Captured[/bold] {r.tokens} tokens x {r.chunks} layer(s) of H = "
        head += f"{r.hidden_size} ({r.dtype}) from {engine} {r.server} (model {r.model})"
    lines = [f"  sample: {r.sample}"]
    if r.source == "sglang":
        hf = ",".join(map(str, r.hf_indices)) if r.hf_indices is not None else "2, N//2, N-3"
        lines.append(f"  SGLang layer ids: {ids} (HF hidden_states indices {hf})")
    elif r.source == "vllm":
        lines.append(f"  vLLM layer ids: {ids} (HF hidden_states indices {ids})")
        gone = "removed" if r.server_file_removed else "kept"
        lines.append(f"  server file: {r.server_file} ({gone})")
    console.print(f"{head} in {r.seconds:.1f} s")
    for line in (*lines, f"  written: {r.output}"):
        console.print(line, markup=False)
    if comparison is not None:
        console.print("")
        compare_hidden.render(console, comparison, r.output, training)
