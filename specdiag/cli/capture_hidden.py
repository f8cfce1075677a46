"""``specdiag capture-hidden``: get the hidden states a draft is fed, from vLLM, SGLang or the
checkpoint: ``capture-hidden vllm URL``, ``capture-hidden sglang URL``, ``capture-hidden hf DIR``
(``--from SOURCE WHERE`` is the older spelling, still accepted). The flags map onto
:class:`~specdiag.core.hidden.capture_run.CaptureOptions` (or ``ServerArgsOptions`` for
``--print-server-args``), which refuse what does not go together; one core entry runs it."""

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
    from specdiag.core.hidden.capture_run import CaptureSource, ServerArgs
    from specdiag.core.hidden.compare_results import CompareResult

HELP = """Capture hidden states: from a running vLLM or SGLang server, or every layer from an HF
checkpoint. The source comes first: capture-hidden vllm URL | sglang URL | hf MODEL_DIR
(--from SOURCE WHERE is the older spelling).

vllm URL sends the sample's token ids to a vLLM server launched with the speculative
method extract_hidden_states and a hidden-states KV connector, reads the file the response
names (kv_transfer_params.hidden_states_path) and writes a served dump that compare-hidden
reads, with the engine and the layer ids the server was launched with (--layers, read with
--layer-convention; recorded in vLLM's convention) in it. --compare TRAINING compares
it at once.

hf MODEL_DIR runs the checkpoint (transformers, the hf extra) over the sample's tokens
and writes all L+1 hidden states (index 0 = embedding output, L = final normed output): the
file compare-hidden --reference and inspect-dump --reference take.

--print-server-args --layers 1,29,57 --layer-convention specforge prints the vLLM launch flags
alone (here eagle_aux_hidden_state_layer_ids 2,30,58), ready to append to `vllm serve MODEL` (the connector: specdiag's CPU-safe one, or --connector vllm for vLLM's own,
GPU only).

Exit codes: 0 captured (and matched with --compare), 1 --compare found a mismatch, 2 usage,
3 the server or the input could not be used.

Examples:

  specdiag capture-hidden --print-server-args --layers 1,29,57 --layer-convention specforge

  specdiag capture-hidden vllm http://127.0.0.1:8000 --like data_0.ckpt --layers 1,29,57 --layer-convention specforge -o served.safetensors

  specdiag capture-hidden vllm http://127.0.0.1:8000 --like data_0.ckpt --layers 1,29,57 --layer-convention specforge -o served.safetensors --compare data_0.ckpt

  specdiag capture-hidden hf /models/target --like data_0.ckpt -o reference.safetensors
"""
opt = cli.options("capture-hidden")  # typer.Option with each flag's help in flags.json


def capture_hidden_cmd(
    source_kind: Annotated[
        str | None,
        typer.Argument(
            help="Where from: vllm (a running server), sglang (a running server) or hf (a "
            "checkpoint directory).",
            metavar="SOURCE",
        ),
    ] = None,
    where_arg: Annotated[
        str | None,
        typer.Argument(
            help="The server URL (vllm, sglang) or the model directory (hf).", metavar="URL|DIR"
        ),
    ] = None,
    source: Annotated[tuple[str, str] | None, opt("--from", metavar="SOURCE URL|DIR")] = None,
    engine: Annotated[CaptureEngine, opt("--engine")] = CaptureEngine.VLLM,
    like: Annotated[Path | None, opt("--like")] = None,
    prompt_ids: Annotated[str | None, opt("--prompt-ids")] = None,
    prompt: Annotated[str | None, opt("--prompt")] = None,
    layers: Annotated[str | None, opt("--layers")] = None,
    layer_convention: cli.LayerConventionOpt = None,
    output: Annotated[Path | None, opt("--output", "-o")] = None,
    compare_with: Annotated[Path | None, opt("--compare")] = None,
    training_layers: Annotated[str | None, opt("--training-layers")] = None,
    print_server_args: Annotated[bool, opt("--print-server-args")] = False,
    connector: Annotated[str, opt("--connector")] = "specdiag",
    storage: Annotated[str, opt("--storage")] = "/tmp/specdiag-hidden",
    model: Annotated[str | None, opt("--model")] = None,
    api_key: cli.ApiKeyOpt = None,
    timeout: Annotated[float, opt("--timeout")] = 120.0,
    keep_server_file: Annotated[bool, opt("--keep-server-file")] = False,
    device: Annotated[str, opt("--device")] = "cpu",
    dtype: Annotated[str, opt("--dtype")] = "auto",
    device_map: Annotated[str | None, opt("--device-map")] = None,
    offload_dir: Annotated[Path | None, opt("--offload-dir")] = None,
    pad_id: Annotated[int, opt("--pad-id", min=-1)] = 0,
    force: Annotated[bool, opt("--force")] = False,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core.hidden import capture_run as core
    from specdiag.core.hidden.conventions import parse_id_list

    out = Output(json_output)
    kind_where = _source(source_kind, where_arg, source)
    ids = parse_id_list(layers, "--layers", ascending=False) if layers is not None else None
    if print_server_args:
        sglang = engine is CaptureEngine.SGLANG or (
            kind_where is not None and kind_where[0] is core.CaptureSource.SGLANG
        )
        which = CaptureEngine.SGLANG if sglang else CaptureEngine.VLLM
        sa = core.server_args(
            cli.from_flags(core.ServerArgsOptions, flags, engine=which, layers=ids)
        )
        _print_server_args(out, sa)
        return
    if kind_where is None:
        raise UsageError(
            "say where to capture from: vllm URL, sglang URL or hf MODEL_DIR",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o "
            "served.safetensors; or --print-server-args --layers 1,29,57 --layer-convention "
            "specforge for the vLLM launch flags",
        )
    if output is None:
        raise UsageError("-o FILE is required", hint="e.g. -o served.safetensors")
    opts = cli.from_flags(
        core.CaptureOptions,
        flags,
        source=kind_where[0],
        where=kind_where[1],
        layers=ids,
        training_layers=parse_id_list(training_layers, "--training-layers")
        if training_layers
        else None,
    )
    run = core.capture(opts)
    result, comparison = run.capture, run.comparison
    doc: dict[str, Any] = to_jsonable(result)  # docs/capture-hidden.md
    if comparison is not None:
        doc["comparison"] = compare_hidden.document(
            comparison, result.output, str(compare_with), None
        )
    out.emit(doc, lambda c: render(c, result, comparison, str(compare_with)))
    out.note(*result.notes)
    if comparison is not None:
        out.note(*comparison.notes)
        compare_hidden.check_match(comparison)


def _source(
    source_kind: str | None, where_arg: str | None, source: tuple[str, str] | None
) -> tuple[CaptureSource, str] | None:
    """SOURCE URL|DIR, or the older --from SOURCE URL|DIR: one spelling, said once."""
    from specdiag.core.hidden.capture_run import SOURCE_HINT, capture_source

    if source is not None and source_kind is not None:
        raise UsageError(
            "give the source once: SOURCE URL|DIR, or the older --from SOURCE URL|DIR",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o x.safetensors",
        )
    if source_kind is not None and where_arg is None:
        raise UsageError(
            f"{source_kind}: say where: a server URL (vllm, sglang) or a model directory (hf)",
            hint=f"e.g. capture-hidden sglang http://127.0.0.1:30000 ...; {SOURCE_HINT}",
        )
    if source is not None:
        return capture_source(source[0]), source[1]
    if source_kind is not None and where_arg is not None:
        return capture_source(source_kind), where_arg
    return None


def _print_server_args(out: Output, sa: ServerArgs) -> None:
    if out.json_mode:
        out.emit(derive(sa, only=("args", "layers", "connector")), lambda c: None)
        return
    sys.stdout.write(sa.text + "\n")
    out.note(*sa.notes)


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
