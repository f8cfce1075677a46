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

Layer ids: --layers are the training ids (read with --layer-convention, default specforge:
id k = output of decoder layer k, -1 = embedding); --served-layers are the ids in the served engine's config, read
with --engine's convention (SGLang adds +1; vLLM reads them verbatim, 0 = embedding).

Exit codes: 0 match, 1 mismatch (report printed first), 2 usage, 3 unreadable input.

Examples:

  specdiag compare-hidden served.pt rows_0-2000/data_0.ckpt --layers 1,29,57

  specdiag compare-hidden served.pt data_0.ckpt --layers 1,29,57 --served-layers -1,1,29 --engine sglang

  specdiag compare-hidden served.pt data_0.ckpt --reference all_layers.safetensors --json

  specdiag compare-hidden data_0.ckpt --values "hs_first5=[0.0295, -0.0113, 0.0841, 0.0017, -0.0522]"
"""


def compare_hidden_cmd(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="SERVED TRAINING (two dumps), or TRAINING alone with --values.",
            metavar="[SERVED] TRAINING",
        ),
    ],
    layers: Annotated[
        str | None,
        typer.Option(
            "--layers",
            help="Training layer ids, one per training chunk, e.g. 1,29,57 (read with "
            "--layer-convention, default specforge).",
        ),
    ] = None,
    layer_convention: cli.LayerConventionOpt = None,
    served_layers: Annotated[
        str | None,
        typer.Option(
            "--served-layers",
            help="Layer ids in the served engine's config (eagle_aux_hidden_state_layer_ids), "
            "read with --engine's convention, e.g. -1,1,29.",
        ),
    ] = None,
    engine: Annotated[
        CaptureEngine | None,
        typer.Option(
            "--engine",
            help="Engine that serves the draft: reads --served-layers and picks the convention "
            "of the suggested ids (default: read as sglang, suggest for both).",
        ),
    ] = None,
    hidden_size: Annotated[
        int | None,
        typer.Option(
            "--hidden-size", min=1, help="Target hidden size H (default: from the dumps)."
        ),
    ] = None,
    reference: Annotated[
        Path | None,
        typer.Option(
            "--reference",
            help="The target's full hidden_states stack [L+1, T, H] (HF convention, index 0 = "
            "embeddings) on the same tokens: identifies every chunk's layer exactly.",
        ),
    ] = None,
    values: Annotated[
        str | None,
        typer.Option(
            "--values",
            help="Served numbers as text instead of a SERVED file: '0.0295, -0.0113, ...', a "
            "log line 'hs_first5=[...]', or @FILE.",
        ),
    ] = None,
    offset: Annotated[
        int | None,
        typer.Option(
            "--offset",
            min=0,
            help="Training position of served token 0 (dumps without input_ids); with --values, "
            "the token to compare (default: search every token).",
        ),
    ] = None,
    key: Annotated[
        str | None,
        typer.Option("--key", help="Name of the hidden-state tensor in the dumps (default: auto)."),
    ] = None,
    served_key: Annotated[
        str | None,
        typer.Option("--served-key", help="Override --key for the served dump only."),
    ] = None,
    atol: Annotated[
        float | None,
        typer.Option(
            "--atol",
            min=0.0,
            callback=cli.a_number,
            help="Bound on a chunk's max |diff| (default: 16u x max|training chunk|, u = unit "
            "roundoff of the coarser dtype: 6.25% of the max for bf16).",
        ),
    ] = None,
    rtol: Annotated[
        float | None,
        typer.Option(
            "--rtol",
            min=0.0,
            callback=cli.a_number,
            help="Bound on a chunk's relative L2 error |s-t|/|t| (default: 12.8u: 0.05 for bf16, "
            "0.00625 for fp16/fp32).",
        ),
    ] = None,
    min_cosine: Annotated[
        float | None,
        typer.Option(
            "--min-cosine",
            min=-1.0,
            max=1.0,
            callback=cli.a_number,
            help="Worst-token cosine a match needs (default: 1 - 2 rtol^2; 0.995 for bf16).",
        ),
    ] = None,
    unordered_layers: Annotated[
        bool,
        typer.Option(
            "--unordered-layers",
            help="--layers lists the training chunks in the order training captured them, "
            "which is not ascending (SpecForge's HF backend keeps the list order; ModelOpt's "
            "set() can reorder it). Without it, --layers must be ascending.",
        ),
    ] = False,
    pad_id: Annotated[
        int,
        typer.Option(
            "--pad-id",
            min=-1,
            help="Token id of trailing padding (excluded); -1 turns padding detection off.",
        ),
    ] = 0,
    device: Annotated[
        str, typer.Option("--device", help="Where to compute: cpu or cuda (cuda:N).")
    ] = "cpu",
    block_tokens: Annotated[
        int | None,
        typer.Option(
            "--block-tokens",
            min=1,
            help="Tokens per block (bounds memory; default from the row width and device).",
        ),
    ] = None,
    json_output: cli.JsonOpt = False,
) -> None:
    """One parameter per flag (typer), hence long: check the flags, run the core, emit."""
    flags = dict(locals())  # the flags by name, for cli.from_flags
    from specdiag.core.hidden.compare import compare_files
    from specdiag.core.hidden.compare_results import CompareOptions
    from specdiag.core.hidden.conventions import parse_id_list, training_ids

    out = Output(json_output)
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
                    layers,
                    "--layers",
                    ascending=not unordered_layers,
                    unordered_flag="--unordered-layers",
                ),
                layer_convention or LayerConvention.SPECFORGE,
            )
            if layers is not None
            else None
        ),
        served_layers=(
            parse_id_list(served_layers, "--served-layers") if served_layers is not None else None
        ),
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
    for n in result.notes:
        out.note(n)
    check_match(result)
