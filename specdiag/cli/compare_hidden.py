"""``specdiag compare-hidden``: does the draft see the hidden states it was trained on?"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._hidden_view import check_match, document, render
from specdiag.cli._output import Output
from specdiag.core.hidden.conventions import CaptureEngine, LayerConvention
from specdiag.errors import UsageError

HELP = """Compare a served hidden-state capture with the training tensors; name the layer of each chunk.

SERVED and TRAINING are dumps (.pt/.ckpt/.ckpt.gz/.safetensors/.npy/.npz), e.g. a SpecForge
data_N.ckpt for training and what your server's dump hook wrote. Both are read lazily and
compared in blocks of tokens. With --values, give only TRAINING: the served numbers come
from text (a list, or a log line such as hs_first5=[...]).

Layer ids: --training-layers are the training ids, as training writes them (SpecForge's: id
k = output of decoder layer k, -1 = embedding); --served-layers are the ids the server was
launched with, read with --layer-convention (default: --engine's own convention; SGLang adds +1,
vLLM reads them verbatim, 0 = embedding).

Exit codes: 0 match, 1 mismatch (report printed first), 2 usage, 3 unreadable input.

Examples:

  specdiag compare-hidden served.pt rows_0-2000/data_0.ckpt --training-layers 1,29,57

  specdiag compare-hidden served.pt data_0.ckpt --training-layers 1,29,57 --served-layers -1,1,29 --engine sglang

  specdiag compare-hidden served.pt data_0.ckpt --reference all_layers.safetensors --json

  specdiag compare-hidden data_0.ckpt --values "hs_first5=[0.0295, -0.0113, 0.0841, 0.0017, -0.0522]"
"""
opt = cli.options("compare-hidden")  # typer.Option with each flag's help in flags.json


def compare_hidden_cmd(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="SERVED TRAINING (two dumps), or TRAINING alone with --values.",
            metavar="[SERVED] TRAINING",
        ),
    ],
    training_layers: cli.TrainingLayersOpt = None,
    served_layers: Annotated[str | None, opt("--served-layers")] = None,
    layer_convention: cli.LayerConventionOpt = None,
    old_layers: Annotated[str | None, typer.Option("--layers", hidden=True)] = None,
    engine: Annotated[CaptureEngine | None, opt("--engine")] = None,
    hidden_size: Annotated[int | None, opt("--hidden-size", min=1)] = None,
    reference: Annotated[Path | None, opt("--reference")] = None,
    values: Annotated[str | None, opt("--values")] = None,
    offset: Annotated[int | None, opt("--offset", min=0)] = None,
    key: Annotated[str | None, opt("--key")] = None,
    served_key: Annotated[str | None, opt("--served-key")] = None,
    atol: Annotated[float | None, opt("--atol", min=0.0, callback=cli.a_number)] = None,
    rtol: Annotated[float | None, opt("--rtol", min=0.0, callback=cli.a_number)] = None,
    min_cosine: Annotated[
        float | None, opt("--min-cosine", min=-1.0, max=1.0, callback=cli.a_number)
    ] = None,
    unordered_layers: Annotated[bool, opt("--unordered-layers")] = False,
    pad_id: Annotated[int, opt("--pad-id", min=-1, max=2**63 - 1)] = 0,
    device: Annotated[str, opt("--device")] = "cpu",
    block_tokens: Annotated[int | None, opt("--block-tokens", min=1)] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    """One parameter per flag (typer), hence long: check the flags, run the core, emit."""
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core.hidden.compare import compare_files
    from specdiag.core.hidden.compare_results import CompareOptions
    from specdiag.core.hidden.conventions import config_ids, parse_id_list, training_ids

    out = Output(json_output)
    # --layers, before: the training ids read with --layer-convention (which then reads them)
    training = cli.deprecated_flag(
        "--layers", "--training-layers", old_layers, training_layers, None
    )
    training_convention, served_convention = LayerConvention.SPECFORGE, layer_convention
    if old_layers is not None:
        training_convention, served_convention = layer_convention or training_convention, None
    training_flag = "--layers" if old_layers is not None else "--training-layers"
    if layer_convention is not None and old_layers is None and served_layers is None:
        raise UsageError(
            "--layer-convention reads --served-layers, and none are given",
            hint="--training-layers are the ids as training writes them (SpecForge's): they take "
            "no convention; the ids the server runs with: --served-layers 2,30,58 "
            "--layer-convention vllm",
        )
    served = parse_id_list(served_layers, "--served-layers") if served_layers is not None else None
    if served is not None and served_convention is not None:
        served = config_ids(served, served_convention, engine)
    if len(paths) != (1 if values is not None else 2):
        raise UsageError(
            "with --values give only the TRAINING dump"
            if values is not None
            else f"expected SERVED and TRAINING dumps, got {len(paths)} path(s)",
            hint='specdiag compare-hidden SERVED TRAINING (or TRAINING --values "0.0295, -0.0113")',
        )
    opts = cli.from_flags(
        CompareOptions,
        flags,
        training_layers=(
            training_ids(
                parse_id_list(
                    training,
                    training_flag,
                    ascending=not unordered_layers,
                    unordered_flag="--unordered-layers",
                ),
                training_convention,
            )
            if training is not None
            else None
        ),
        served_layers=served,
    )
    result = cli.from_flags(
        compare_files,
        flags,
        training=paths[-1],
        options=opts,
        served=paths[0] if values is None else None,
        pad_id=None if pad_id < 0 else pad_id,
    )
    served_name = "--values" if values is not None else str(paths[0])
    training_name = str(paths[-1])
    doc = document(result, served_name, training_name, str(reference) if reference else None)
    out.emit(doc, lambda console: render(console, result, served_name, training_name))
    out.note(*result.notes)
    check_match(result)
