"""``specdiag compare-hidden``: does the draft see the hidden states it was trained on?"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from specdiag.cli._framework import (
    JsonOpt,
    command,
    device_opt,
    hidden_size_opt,
    pad_id_opt,
    reference_opt,
)
from specdiag.core.hidden.conventions import CaptureEngine

HELP = """Compare a served hidden-state capture with the training tensors; name the layer of each chunk.

SERVED and TRAINING are dumps (.pt/.ckpt/.ckpt.gz/.safetensors/.npy/.npz), e.g. a SpecForge
data_N.ckpt for training and what your server's dump hook wrote. Both are read lazily and
compared in blocks of tokens. With --values, give only TRAINING: the served numbers come
from text (a list, or a log line such as hs_first5=[...]).

Layer ids: --layers are the training ids (SpecForge convention: id k = output of decoder
layer k, -1 = embedding); --served-layers are the ids in the served engine's config, read
with --engine's convention (SGLang adds +1; vLLM reads them verbatim, 0 = embedding).

Exit codes: 0 match, 1 mismatch (report printed first), 2 usage, 3 unreadable input.

Examples:

  specdiag compare-hidden served.pt rows_0-2000/data_0.ckpt --layers 1,29,57

  specdiag compare-hidden served.pt data_0.ckpt --layers 1,29,57 --served-layers -1,1,29 --engine sglang

  specdiag compare-hidden served.pt data_0.ckpt --reference all_layers.safetensors --json

  specdiag compare-hidden data_0.ckpt --values "hs_first5=[0.0295, -0.0113, 0.0841, 0.0017, -0.0522]"
"""


def register(app: typer.Typer) -> None:
    command(app, "compare-hidden", help=HELP)(compare_hidden_cmd)


def compare_hidden_cmd(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="SERVED TRAINING (two dumps), or TRAINING alone with --values.",
            metavar="[SERVED] TRAINING",
            show_default=False,
        ),
    ],
    layers: Annotated[
        str | None,
        typer.Option(
            "--layers",
            help="Training layer ids, one per training chunk (SpecForge convention), e.g. 1,29,57.",
        ),
    ] = None,
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
        hidden_size_opt(help="Target hidden size H (default: from the dumps)."),
    ] = None,
    reference: Annotated[
        Path | None,
        reference_opt(
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
            help="Bound on a chunk's max |diff| (default: 16u x max|training chunk|, u = unit "
            "roundoff of the coarser dtype: 6.25% of the max for bf16).",
        ),
    ] = None,
    rtol: Annotated[
        float | None,
        typer.Option(
            "--rtol",
            help="Bound on a chunk's relative L2 error |s-t|/|t| (default: 12.8u: 0.05 for bf16, "
            "0.00625 for fp16/fp32).",
        ),
    ] = None,
    min_cosine: Annotated[
        float | None,
        typer.Option(
            "--min-cosine",
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
        pad_id_opt(
            help="Token id of trailing padding (excluded); -1 turns padding detection off.",
        ),
    ] = 0,
    device: Annotated[str, device_opt(help="Where to compute: cpu or cuda (cuda:N).")] = "cpu",
    block_tokens: Annotated[
        int | None,
        typer.Option(
            "--block-tokens",
            help="Tokens per block (bounds memory; default from the row width and device).",
        ),
    ] = None,
    json_output: JsonOpt = False,
) -> None:
    """One parameter per flag (typer), hence long: check the flags, run the core, emit."""
    from specdiag.cli._hidden_view import document, render
    from specdiag.cli._output import Output
    from specdiag.core.hidden.compare import compare
    from specdiag.core.hidden.compare_results import CompareOptions
    from specdiag.core.hidden.compare_values import compare_values
    from specdiag.core.hidden.conventions import parse_id_list
    from specdiag.core.hidden.loading import Layout, load_dump
    from specdiag.core.hidden.values import parse_values
    from specdiag.errors import CheckFailed, UsageError

    out = Output(json_output)
    if values is not None:
        if len(paths) != 1:
            raise UsageError(
                "with --values give only the TRAINING dump",
                hint='e.g. specdiag compare-hidden data_0.ckpt --values "0.0295, -0.0113"',
            )
        if served_layers is not None or served_key is not None:
            raise UsageError(
                "--served-layers/--served-key need a SERVED dump, not --values",
                hint="drop them, or pass SERVED TRAINING instead of --values",
            )
    elif len(paths) != 2:
        raise UsageError(
            f"expected SERVED and TRAINING dumps, got {len(paths)} path(s)",
            hint="specdiag compare-hidden SERVED TRAINING (or TRAINING --values '...')",
        )
    if block_tokens is not None and block_tokens < 1:
        raise UsageError(
            f"--block-tokens must be >= 1, got {block_tokens}",
            hint="leave it out for the default (about 32 MiB of float32 per block)",
        )
    if hidden_size is not None and hidden_size < 1:
        raise UsageError(
            f"--hidden-size must be >= 1, got {hidden_size}",
            hint="pass the target model's hidden_size (config.json), e.g. --hidden-size 4096",
        )
    if offset is not None and offset < 0:
        raise UsageError(
            f"--offset must be >= 0, got {offset}",
            hint="--offset is the training position of served token 0 (0 = the first token)",
        )
    if pad_id < -1:
        raise UsageError(
            f"--pad-id must be a token id >= 0, or -1 to turn padding detection off; got {pad_id}",
            hint="e.g. --pad-id 0 (the default)",
        )
    opts = CompareOptions(
        training_layers=(
            parse_id_list(
                layers,
                "--layers",
                ascending=not unordered_layers,
                unordered_flag="--unordered-layers",
            )
            if layers is not None
            else None
        ),
        served_layers=(
            parse_id_list(served_layers, "--served-layers") if served_layers is not None else None
        ),
        engine=engine,
        hidden_size=hidden_size,
        offset=offset,
        rtol=rtol,
        atol=atol,
        min_cosine=min_cosine,
        device=device,
        block_tokens=block_tokens,
    )
    pid = None if pad_id < 0 else pad_id
    if values is not None:
        snippets = parse_values(values)
        training = load_dump(paths[0], key=key, pad_id=pid)
        ref = load_dump(reference, layout=Layout.LAYERS, pad_id=None) if reference else None
        result = compare_values(snippets, training, opts, reference=ref)
        served_name = "--values"
        training_name = str(paths[0])
    else:
        opts = _recorded_served_layers(paths[0], opts, out)
        served = load_dump(
            paths[0],
            key=served_key or key,
            pad_id=pid,
            key_flag="--served-key" if served_key else "--key",
        )
        training = load_dump(paths[1], key=key, pad_id=pid)
        ref = load_dump(reference, layout=Layout.LAYERS, pad_id=None) if reference else None
        result = compare(served, training, opts, reference=ref)
        served_name, training_name = str(paths[0]), str(paths[1])
    doc = document(result, served_name, training_name, str(reference) if reference else None)
    out.emit(doc, lambda console: render(console, result, served_name, training_name))
    for n in result.notes:
        out.note(n)
    if not result.match:
        raise CheckFailed(
            "the served hidden states do not match the training tensors",
            hint=result.diagnosis[0] if result.diagnosis else None,
        )


def _recorded_served_layers(path: Path, opts: Any, out: Any) -> Any:
    """A served dump written by ``capture-hidden`` records its engine and layer ids: use them
    when --served-layers/--engine are not given (capture-hidden owns this hook)."""
    from dataclasses import replace

    from specdiag.core.hidden.capture import SERVED_FORMAT, read_capture_meta

    if opts.served_layers is not None or opts.engine is not None:
        return opts
    meta = read_capture_meta(path)
    if meta is None or meta.format != SERVED_FORMAT or meta.engine not in ("vllm", "sglang"):
        return opts
    if not meta.layer_ids:
        return replace(opts, engine=CaptureEngine(meta.engine))
    out.note(
        f"{path}: served layer ids {','.join(map(str, meta.layer_ids))} ({meta.engine}) "
        "read from the capture's metadata"
    )
    return replace(opts, served_layers=meta.layer_ids, engine=CaptureEngine(meta.engine))
