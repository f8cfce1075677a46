"""``specdiag capture-hidden``: get the hidden states a draft is fed, from vLLM, SGLang or the
checkpoint: ``capture-hidden vllm URL``, ``capture-hidden sglang URL``, ``capture-hidden hf DIR``
(one core entry point each; ``--from SOURCE WHERE`` is the older spelling, still accepted)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli._framework import (
    ApiKeyOpt,
    JsonOpt,
    LayerConventionOpt,
    command,
)
from specdiag.core.hidden.conventions import CaptureEngine

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.hidden.capture import CaptureResult

HELP = """Capture hidden states: from a running vLLM or SGLang server, or every layer from an HF
checkpoint. The source comes first: capture-hidden vllm URL | sglang URL | hf MODEL_DIR
(--from SOURCE WHERE is the older spelling).

vllm URL sends the sample's token ids to a vLLM server launched with the speculative
method extract_hidden_states and a hidden-states KV connector, reads the file the response
names (kv_transfer_params.hidden_states_path) and writes a served dump that compare-hidden
reads, with the engine and the layer ids the server was launched with (--layers, read with
--layer-convention; recorded in vLLM's convention) in it. --compare TRAINING compares
it at once.

--from hf MODEL_DIR runs the checkpoint (transformers, the hf extra) over the sample's tokens
and writes all L+1 hidden states (index 0 = embedding output, L = final normed output): the
file compare-hidden --reference and inspect-dump --reference take.

--print-server-args --layers 1,29,57 --layer-convention specforge prints the vLLM launch flags
alone (here eagle_aux_hidden_state_layer_ids 2,30,58), ready to append to `vllm serve MODEL` (the connector: specdiag's CPU-safe one, or --connector vllm for vLLM's own,
GPU only).

Exit codes: 0 captured (and matched with --compare), 1 --compare found a mismatch, 2 usage,
3 the server or the input could not be used.

Examples:

  specdiag capture-hidden --print-server-args --layers 1,29,57 --layer-convention specforge

  specdiag capture-hidden --from vllm http://127.0.0.1:8000 --like data_0.ckpt --layers 1,29,57 --layer-convention specforge -o served.safetensors

  specdiag capture-hidden --from vllm http://127.0.0.1:8000 --like data_0.ckpt --layers 1,29,57 --layer-convention specforge -o served.safetensors --compare data_0.ckpt

  specdiag capture-hidden --from hf /models/target --like data_0.ckpt -o reference.safetensors
"""


def register(app: typer.Typer) -> None:
    command(app, "capture-hidden", help=HELP)(capture_hidden_cmd)


SOURCES = ("vllm", "sglang", "hf")


def capture_hidden_cmd(
    source_kind: Annotated[
        str | None,
        typer.Argument(
            help="Where from: vllm (a running server), sglang (a running server) or hf (a "
            "checkpoint directory).",
            metavar="SOURCE",
            show_default=False,
        ),
    ] = None,
    where_arg: Annotated[
        str | None,
        typer.Argument(
            help="The server URL (vllm, sglang) or the model directory (hf).",
            metavar="URL|DIR",
            show_default=False,
        ),
    ] = None,
    source: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--from",
            help="Older spelling of SOURCE URL|DIR: --from vllm URL, --from sglang URL, --from hf "
            "DIR.",
            metavar="SOURCE URL|DIR",
            show_default=False,
        ),
    ] = None,
    engine: Annotated[
        CaptureEngine,
        typer.Option(
            "--engine", help="For --print-server-args: vllm or sglang (whose launch flags)."
        ),
    ] = CaptureEngine.VLLM,
    like: Annotated[
        Path | None,
        typer.Option(
            "--like",
            help="Take the token ids of this sample (a SpecForge dump, any dump with input_ids).",
        ),
    ] = None,
    prompt_ids: Annotated[
        str | None,
        typer.Option("--prompt-ids", help="Token ids to send: '1,450,3', '[1, 450, 3]' or @FILE."),
    ] = None,
    prompt: Annotated[
        str | None,
        typer.Option(
            "--prompt", help="Text to send (vLLM tokenizes it; the dump records the ids)."
        ),
    ] = None,
    layers: Annotated[
        str | None,
        typer.Option(
            "--layers",
            help="The aux hidden-state layers the vLLM server was (or is to be) launched with, "
            "read with --layer-convention: 1,29,57 --layer-convention specforge (the training "
            "ids) or 2,30,58 --layer-convention vllm (eagle_aux_hidden_state_layer_ids as vLLM "
            "takes them) name the same layers.",
        ),
    ] = None,
    layer_convention: LayerConventionOpt = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The safetensors file to write.")
    ] = None,
    compare_with: Annotated[
        Path | None,
        typer.Option(
            "--compare",
            help="Compare the capture with this training dump at once (compare-hidden).",
        ),
    ] = None,
    training_layers: Annotated[
        str | None,
        typer.Option(
            "--training-layers",
            help="With --compare: the training ids (SpecForge convention), e.g. 1,29,57.",
        ),
    ] = None,
    print_server_args: Annotated[
        bool,
        typer.Option(
            "--print-server-args", help="Print the vLLM launch flags for --layers and exit."
        ),
    ] = False,
    connector: Annotated[
        str,
        typer.Option(
            "--connector",
            help="For --print-server-args: 'specdiag' (CPU and GPU; needs specdiag importable by "
            "vLLM) or 'vllm' (vLLM's ExampleHiddenStatesConnector, GPU only).",
        ),
    ] = "specdiag",
    storage: Annotated[
        str,
        typer.Option(
            "--storage",
            help="For --print-server-args: the connector's shared_storage_path (where the server "
            "writes one file per request; this command must be able to read it).",
        ),
    ] = "/tmp/specdiag-hidden",
    model: Annotated[
        str | None,
        typer.Option("--model", help="vLLM: the served model name (default: the one it lists)."),
    ] = None,
    api_key: ApiKeyOpt = None,
    timeout: Annotated[
        float, typer.Option("--timeout", help="Seconds to wait for the server and its file.")
    ] = 120.0,
    keep_server_file: Annotated[
        bool,
        typer.Option(
            "--keep-server-file", help="vLLM: leave the server's per-request file in place."
        ),
    ] = False,
    device: Annotated[
        str, typer.Option("--device", help="hf: where to run the model (cpu, cuda, cuda:N).")
    ] = "cpu",
    dtype: Annotated[
        str,
        typer.Option("--dtype", help="hf: auto (the checkpoint's), float32, bfloat16 or float16."),
    ] = "auto",
    device_map: Annotated[
        str | None,
        typer.Option(
            "--device-map",
            help="hf: transformers device_map for models larger than one device, e.g. auto.",
        ),
    ] = None,
    offload_dir: Annotated[
        Path | None,
        typer.Option(
            "--offload-dir", help="hf: with --device-map, spill weights to this directory."
        ),
    ] = None,
    pad_id: Annotated[
        int,
        typer.Option(
            "--pad-id", min=-1, help="Trailing padding id of the --like sample (-1: none)."
        ),
    ] = 0,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing output file (never an input).")
    ] = False,
    json_output: JsonOpt = False,
) -> None:
    from specdiag.cli._output import Output
    from specdiag.core.hidden.capture import (
        CONNECTORS,
        format_server_args,
        vllm_server_args,
    )
    from specdiag.core.hidden.conventions import parse_id_list, vllm_ids
    from specdiag.errors import UsageError

    out = Output(json_output)
    if source is not None and source_kind is not None:
        raise UsageError(
            "give the source once: SOURCE URL|DIR, or the older --from SOURCE URL|DIR",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o x.safetensors",
        )
    if source_kind is not None and where_arg is None:
        raise UsageError(
            f"{source_kind}: say where: a server URL (vllm, sglang) or a model directory (hf)",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 ...",
        )
    kind_where = (
        source
        if source is not None
        else (
            (source_kind, where_arg) if source_kind is not None and where_arg is not None else None
        )
    )
    if kind_where is not None and kind_where[0] not in SOURCES:
        raise UsageError(
            f"{kind_where[0]}: expected vllm, sglang or hf",
            hint="capture-hidden vllm URL | sglang URL | hf MODEL_DIR",
        )
    if (kind_where is not None and kind_where[0] == "sglang") or (
        print_server_args and engine is CaptureEngine.SGLANG
    ):
        # SGLang ids: the training (SpecForge) convention, which SGLang reads with +1
        sgl = None
        if layers is not None:
            raw = parse_id_list(layers, "--layers", ascending=False)
            conv = layer_convention.value if layer_convention is not None else "sglang"
            sgl = tuple(i - 1 for i in raw) if conv == "vllm" else raw
        if print_server_args:
            _print_sglang_args(out, sgl, json_output)
            return
        assert kind_where is not None
        _run(out, "sglang", kind_where[1], sgl, like, prompt_ids, prompt, output, compare_with,
             training_layers, model, api_key, timeout, keep_server_file, device, dtype,
             device_map, offload_dir, pad_id, force)  # fmt: skip
        return
    ids = None
    if layers is not None:
        if layer_convention is None:  # --layers used to be vLLM ids here: never guess which
            raise UsageError(
                "--layers needs --layer-convention: say whether the ids are the training ids "
                "(specforge) or the ids vLLM is launched with (vllm)",
                hint=f"e.g. --layers {layers} --layer-convention vllm (what --layers meant here "
                "before), or the training ids with --layer-convention specforge",
            )
        ids = vllm_ids(parse_id_list(layers, "--layers", ascending=False), layer_convention)
    if print_server_args:
        if ids is None:
            raise UsageError(
                "--print-server-args needs --layers",
                hint="e.g. --print-server-args --layers 1,29,57 --layer-convention specforge",
            )
        if connector not in CONNECTORS:
            raise UsageError(
                f"--connector must be one of {', '.join(CONNECTORS)}",
                hint="specdiag (CPU and GPU) or vllm (vLLM's own, GPU only)",
            )
        args = vllm_server_args(ids, connector=connector, storage=storage)
        if json_output:
            out.emit(
                {"args": list(args), "layers": list(ids), "connector": connector}, lambda c: None
            )
        else:
            import sys

            sys.stdout.write(format_server_args(args) + "\n")
            if connector == "specdiag":
                out.note(
                    "the connector is the module specdiag.vllm_connector: install specdiag into "
                    "vLLM's environment (or put specdiag on its PYTHONPATH)"
                )
        return
    if kind_where is None:
        raise UsageError(
            "say where to capture from: vllm URL, sglang URL or hf MODEL_DIR",
            hint="e.g. capture-hidden sglang http://127.0.0.1:30000 --like data_0.ckpt -o "
            "served.safetensors; or --print-server-args --layers 1,29,57 --layer-convention "
            "specforge for the vLLM launch flags",
        )
    _run(out, kind_where[0], kind_where[1], ids, like, prompt_ids, prompt, output, compare_with,
         training_layers, model, api_key, timeout, keep_server_file, device, dtype, device_map,
         offload_dir, pad_id, force)  # fmt: skip


def _print_sglang_args(out: Any, ids: tuple[int, ...] | None, json_output: bool) -> None:
    from specdiag.core.hidden.capture_sglang import format_sglang_args, sglang_server_args

    sargs = sglang_server_args(ids)
    if json_output:
        doc = {"args": list(sargs), "layers": list(ids) if ids is not None else None}
        out.emit({**doc, "connector": None}, lambda c: None)
        return
    import sys

    sys.stdout.write(format_sglang_args(sargs) + "\n")
    out.note(
        "capture-only mode serves no draft (SGLang refuses the flag next to "
        "--speculative-draft-model-path): start it beside the serving one, same target"
        + ("" if ids is not None else "; without --layers it captures SGLang's default")
    )


def _run(
    out: Any,
    kind: str,
    where: str,
    ids: tuple[int, ...] | None,
    like: Path | None,
    prompt_ids: str | None,
    prompt: str | None,
    output: Path | None,
    compare_with: Path | None,
    training_layers: str | None,
    model: str | None,
    api_key: str | None,
    timeout: float,
    keep_server_file: bool,
    device: str,
    dtype: str,
    device_map: str | None,
    offload_dir: Path | None,
    pad_id: int,
    force: bool,
) -> None:
    from specdiag.core.hidden.capture import sample_from_dump, sample_from_ids
    from specdiag.errors import UsageError

    given = [
        n
        for n, v in (("--like", like), ("--prompt-ids", prompt_ids), ("--prompt", prompt))
        if v is not None
    ]
    if len(given) != 1:
        raise UsageError(
            "give the sample once: --like SAMPLE, --prompt-ids IDS or --prompt TEXT"
            + (f" (got {', '.join(given)})" if given else ""),
            hint="e.g. --like rows_0-2000/data_0.ckpt",
        )
    if output is None:
        raise UsageError("-o FILE is required", hint="e.g. -o served.safetensors")
    from specdiag.core.http import check_timeout

    check_timeout(timeout)
    if training_layers is not None and compare_with is None:
        raise UsageError(
            "--training-layers goes with --compare TRAINING", hint="add --compare TRAINING"
        )
    pid = None if pad_id < 0 else pad_id
    if like is not None:
        sample = sample_from_dump(like, pad_id=pid)
    elif prompt_ids is not None:
        sample = sample_from_ids(prompt_ids)
    else:
        from specdiag.core.hidden.capture import Sample

        assert prompt is not None
        if not prompt:
            raise UsageError("--prompt is empty", hint='e.g. --prompt "hello"')
        sample = Sample("--prompt", None, prompt=prompt)
    inputs: list[str | Path | None] = [compare_with]
    if kind == "sglang":
        from specdiag.core.hidden.capture_sglang import capture_sglang

        result = capture_sglang(
            where,
            sample,
            output,
            layers=ids,
            api_key=api_key or None,
            timeout=timeout,
            inputs=inputs,
            force=force,
        )
    elif kind == "vllm":
        from specdiag.core.hidden.capture import capture_vllm

        result = capture_vllm(
            where,
            sample,
            output,
            layers=ids,
            model=model,
            api_key=api_key or None,
            timeout=timeout,
            keep_server_file=keep_server_file,
            inputs=inputs,
            force=force,
        )
    else:
        from specdiag.core.hidden.capture_hf import capture_hf

        if ids is not None:
            raise UsageError(
                "--layers is for --from vllm: --from hf writes every layer",
                hint="drop --layers",
            )
        if compare_with is not None:
            raise UsageError(
                "--compare is for --from vllm: the HF stack is a reference, not a served capture",
                hint=f"then: specdiag inspect-dump {compare_with} --reference {output} (which "
                "layers training used), or compare-hidden SERVED TRAINING --reference "
                f"{output}",
            )
        if prompt is not None:
            raise UsageError(
                "--from hf needs token ids: --like SAMPLE or --prompt-ids",
                hint="a text prompt would need the server's tokenizer and chat template",
            )
        result = capture_hf(
            where,
            sample,
            output,
            device=device,
            dtype=dtype,
            device_map=device_map,
            offload_dir=offload_dir,
            inputs=inputs,
            force=force,
        )
    comparison = None
    if compare_with is not None:
        comparison = _compare(result, compare_with, training_layers, pid)
    doc = document(result)
    if comparison is not None:
        from specdiag.cli._hidden_view import document as compare_document

        doc["comparison"] = compare_document(comparison, result.output, str(compare_with), None)
    out.emit(doc, lambda c: render(c, result, comparison, str(compare_with)))
    for n in result.notes:
        out.note(n)
    if comparison is not None:
        for n in comparison.notes:
            out.note(n)
        if not comparison.match:
            from specdiag.errors import CheckFailed

            raise CheckFailed(
                "the served hidden states do not match the training tensors",
                hint=comparison.diagnosis[0] if comparison.diagnosis else None,
            )


def _compare(
    result: CaptureResult, training: Path, training_layers: str | None, pad_id: int | None
) -> Any:
    from specdiag.core.hidden.compare import compare
    from specdiag.core.hidden.compare_results import CompareOptions
    from specdiag.core.hidden.conventions import CaptureEngine, parse_id_list
    from specdiag.core.hidden.loading import load_dump

    served = load_dump(result.output, pad_id=pad_id)
    train = load_dump(training, pad_id=pad_id)
    opts = CompareOptions(
        training_layers=parse_id_list(training_layers, "--training-layers")
        if training_layers
        else None,
        served_layers=result.layer_ids,
        engine=CaptureEngine(result.source),
    )
    return compare(served, train, opts)


def document(r: CaptureResult) -> dict[str, Any]:
    """The stable ``--json`` document (keys documented in docs/capture-hidden.md)."""
    from specdiag.cli._output import to_jsonable

    doc: dict[str, Any] = to_jsonable(r)
    return doc


def render(console: Console, r: CaptureResult, comparison: Any, training: str) -> None:
    if r.source == "sglang":
        ids = ",".join(map(str, r.layer_ids)) if r.layer_ids is not None else "SGLang's default"
        hf = ",".join(map(str, r.hf_indices)) if r.hf_indices is not None else "2, N//2, N-3"
        console.print(
            f"[bold]Captured[/bold] {r.tokens} tokens x {r.chunks} layer(s) of H = {r.hidden_size} "
            f"({r.dtype}) from SGLang {r.engine_version or '?'} {r.server} (model {r.model}) in "
            f"{r.seconds:.1f} s",
            highlight=False,
        )
        console.print(f"  sample: {r.sample}", markup=False)
        console.print(f"  SGLang layer ids: {ids} (HF hidden_states indices {hf})", markup=False)
    elif r.source == "vllm":
        ids = ",".join(map(str, r.layer_ids)) if r.layer_ids is not None else "not given"
        console.print(
            f"[bold]Captured[/bold] {r.tokens} tokens x {r.chunks} layer(s) of H = {r.hidden_size} "
            f"({r.dtype}) from vLLM {r.server} (model {r.model}) in {r.seconds:.1f} s",
            highlight=False,
        )
        console.print(f"  sample: {r.sample}", markup=False)
        console.print(f"  vLLM layer ids: {ids} (HF hidden_states indices {ids})", markup=False)
        gone = "removed" if r.server_file_removed else "kept"
        console.print(f"  server file: {r.server_file} ({gone})", markup=False)
    else:
        console.print(
            f"[bold]Reference[/bold]: {r.chunks} hidden states (embedding + {r.chunks - 1} layers) "
            f"x {r.tokens} tokens of H = {r.hidden_size} ({r.dtype}) from {r.model} in "
            f"{r.seconds:.1f} s",
            highlight=False,
        )
        console.print(f"  sample: {r.sample}", markup=False)
    console.print(f"  written: {r.output}", markup=False)
    if comparison is not None:
        from specdiag.cli._hidden_view import render as compare_render

        console.print("")
        compare_render(console, comparison, r.output, training)
