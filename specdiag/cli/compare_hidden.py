"""``specdiag compare-hidden``: does the draft see the hidden states it was trained on?"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from specdiag.cli._framework import JsonOpt, command
from specdiag.core.hidden.conventions import CaptureEngine

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.hidden.compare import CompareResult

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
        typer.Option("--hidden-size", help="Target hidden size H (default: from the dumps)."),
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
        typer.Option(
            "--pad-id",
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
            help="Tokens per block (bounds memory; default from the row width and device).",
        ),
    ] = None,
    json_output: JsonOpt = False,
) -> None:
    """One parameter per flag (typer), hence long: check the flags, run the core, emit."""
    from specdiag.cli._output import Output
    from specdiag.core.hidden.compare import CompareOptions, compare, compare_values
    from specdiag.core.hidden.conventions import parse_id_list
    from specdiag.core.hidden.loading import Layout, load_dump, parse_values
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


def document(r: CompareResult, served: str, training: str, reference: str | None) -> dict[str, Any]:
    """The stable ``--json`` document (keys documented in docs/compare-hidden.md).

    Derived from the result dataclasses by the generic serialiser; it only adds the input
    names after ``mode`` and writes ``identified_by`` with its training chunk number
    (``training chunk 2``) in place of the separate ``identified_chunk``.
    """
    from specdiag.cli._output import to_jsonable

    d = to_jsonable(r)
    for chunk, c in zip(d["chunks"], r.chunks, strict=True):
        chunk["identified_by"] = c.evidence
        del chunk["identified_chunk"]
    head = {"match": d.pop("match"), "mode": d.pop("mode")}
    return {**head, "served": served, "training": training, "reference": reference, **d}


def _g(v: float | None, fmt: str = ".4g") -> str:
    return "-" if v is None else format(v, fmt)


def render(console: Console, r: CompareResult, served: str, training: str) -> None:
    """The human view."""
    console.print(f"[bold]Hidden-state comparison[/bold]: {served} vs {training}")
    t = r.tolerances
    atol = f"{t.atol:g}" if t.atol is not None else f"{t.atol_scale:.4g} x max|training chunk|"
    console.print(
        f"  {r.tokens_compared} tokens compared; H = {r.hidden_size}; dtypes {r.served_dtype} vs "
        f"{r.training_dtype}; tolerance ({t.dtype}): rel L2 <= {t.rtol:.4g}, worst-token cosine "
        f">= {t.min_cosine:.6g}, max |diff| <= {atol}"
    )
    console.print(f"  tokens: {r.alignment.description}")
    if r.chunks:
        console.print(_chunk_table(r))
    if r.similarity and r.mode == "tensors":
        console.print(_similarity_table(r))
    _render_rest(console, r)


def _chunk_table(r: CompareResult) -> Any:
    from rich.table import Table

    title = (
        "Served value snippets"
        if r.mode == "values"
        else "Served chunks (chunk i vs training chunk i)"
    )
    tab = Table(title=title, title_justify="left")
    for col in ("#", "max|d|", "mean|d|", "rel L2", "cos mean", "cos min"):
        tab.add_column(col, justify="right", no_wrap=True)
    tab.add_column("match", no_wrap=True)
    tab.add_column("best train (cos)", justify="right", no_wrap=True)
    tab.add_column("identified as [HF index], how sure")
    for c in r.chunks:
        ident = "-"
        if c.identified_hf_index is not None:
            name = "embedding" if c.identified_hf_index == 0 else f"layer {c.identified_layer}"
            ident = f"{name} [{c.identified_hf_index}], {c.confidence} ({c.evidence})"
        best = "-"
        if c.best_train_chunk is not None:
            best = f"{c.best_train_chunk}" + (
                f" ({c.best_cosine:.3f})"
                if c.best_cosine is not None and r.mode == "tensors"
                else ""
            )
        tab.add_row(
            str(c.index),
            _g(c.max_abs_diff),
            _g(c.mean_abs_diff),
            _g(c.rel_l2),
            _g(c.cosine_mean, ".4f"),
            _g(c.cosine_min, ".4f"),
            "yes" if c.match else "NO",
            best,
            ident,
        )
    if r.overall is not None:
        o = r.overall
        tab.add_row(
            "all",
            _g(o.max_abs_diff),
            _g(o.mean_abs_diff),
            _g(o.rel_l2),
            _g(o.cosine_mean, ".4f"),
            _g(o.cosine_min, ".4f"),
            "yes" if r.match else "NO",
            "",
            "(whole row)",
        )
    return tab


def _similarity_table(r: CompareResult) -> Any:
    from rich.table import Table

    ncols = len(r.similarity[0])
    sim = Table(title="Mean cosine: served chunk x training chunk", title_justify="left")
    sim.add_column("served \\ training")
    tlabels = []
    for tc in r.training_chunks:
        lab = f"{tc.index}"
        if tc.layer is not None:
            lab += f" (layer {tc.layer})" if tc.layer >= 0 else " (embedding)"
        tlabels.append(lab)
    for lab in tlabels or [str(j) for j in range(ncols)]:
        sim.add_column(lab, justify="right")
    for i, row in enumerate(r.similarity):
        sim.add_row(str(i), *(f"{v:.4f}" for v in row))
    return sim


def _render_rest(console: Console, r: CompareResult) -> None:
    """Reference ranking, final state, diagnosis, suggested ids and the verdict."""
    if r.reference_similarity and r.mode == "tensors":
        lines: list[str] = []
        for i, row in enumerate(r.reference_similarity):
            order = sorted(range(len(row)), key=lambda j: -row[j])
            lines.append(
                f"  served chunk {i}: HF [{order[0]}] {row[order[0]]:.4f}"
                + (f", next HF [{order[1]}] {row[order[1]]:.4f}" if len(order) > 1 else "")
            )
        console.print("Reference (HF index, mean cosine):\n" + "\n".join(lines), markup=False)
    if r.final_state is not None:
        f = r.final_state
        console.print(
            f"Final hidden state (LM-head input): rel L2 {f.rel_l2:.4g}, cosine mean "
            f"{f.cosine_mean:.5f} / min {f.cosine_min:.5f}, max |diff| {f.max_abs_diff:.4g}: "
            + ("match" if f.match else "DIFFERS"),
            markup=False,
        )
    console.print("[bold]Diagnosis[/bold]:")
    for d in r.diagnosis:
        console.print(f"  - {d}", markup=False)
    if r.suggested_layer_ids:
        s = "; ".join(f"{k}: {v}" for k, v in r.suggested_layer_ids.items())
        console.print(f"Layer ids that reproduce training: {s}", markup=False)
    verdict = "[green]MATCH[/green]" if r.match else "[bold red]MISMATCH[/bold red]"
    console.print(f"[bold]Verdict[/bold]: {verdict}")
