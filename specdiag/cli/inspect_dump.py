"""``specdiag inspect-dump``: what is inside hidden-state dumps, and are they consistent?"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output, progress_bar, table, to_jsonable
from specdiag.errors import CheckFailed

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.hidden.inspect import InspectReport, LayerReport

HELP = """Inspect hidden-state dumps: keys, shapes, dtypes, NaN/Inf, padding, loss mask, norms.

PATH is a dump file or a directory (SpecForge: rows_*/data_*.ckpt[.gz], vocab_mapping.pt);
every file is read safely (torch.load weights_only=True, safetensors/npy memory-mapped).
Per file: keys/shapes/dtypes, NaN/Inf counts, padding and loss-mask shares, and the per-chunk
norm fingerprint (ascending for low -> mid -> high layers). Across files: hidden size, dtype
and key set must agree. A d2t/t2d vocab map is checked when present.

With --target MODEL_DIR (the target checkpoint; the hf extra) or --reference FILE (its
hidden_states stack on the same tokens, from capture-hidden hf), every aux chunk is
named: its HF index, and the eagle_aux_hidden_state_layer_ids that reproduce it on SGLang and
on vLLM.

Exit codes: 0 all consistent, 1 a file is corrupt or inconsistent (named in the report),
2 usage, 3 nothing readable to scan.

Examples:

  specdiag inspect-dump /data/eagle3-hidden

  specdiag inspect-dump rows_0-2000/data_0.ckpt rows_0-2000/data_1.ckpt --json

  specdiag inspect-dump /data/eagle3-hidden --workers 4

  specdiag inspect-dump rows_0-2000/data_0.ckpt --target /models/target
"""
opt = cli.options("inspect-dump")  # typer.Option with each flag's help in flags.json


def inspect_dump_cmd(
    paths: Annotated[
        list[Path], typer.Argument(help="Dump files or directories.", metavar="PATH...")
    ],
    workers: Annotated[int, opt("--workers", "-j", min=1)] = 1,
    hidden_size: Annotated[int | None, opt("--hidden-size", min=1)] = None,
    pad_id: Annotated[int, opt("--pad-id", min=-1, max=2**63 - 1)] = 0,
    model: Annotated[Path | None, opt("--target")] = None,
    old_model: Annotated[Path | None, typer.Option("--model", hidden=True)] = None,
    reference: Annotated[Path | None, opt("--reference")] = None,
    identify: Annotated[int, opt("--identify", min=0)] = 1,
    device: Annotated[str, opt("--device")] = "cpu",
    dtype: Annotated[str, opt("--dtype")] = "auto",
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    model = cli.deprecated_flag("--model", "--target", old_model, model, None)
    from specdiag.core.hidden.inspect import InspectOptions, inspect_dumps

    out = Output(json_output)
    opts = cli.from_flags(InspectOptions, flags, target=model)
    with progress_bar(out.stderr, "inspecting", None) as update:
        report = inspect_dumps(
            paths, opts, lambda done, total, path: update(completed=done, total=total)
        )
    out.emit(document(report), lambda c: render(c, report))
    if not report.ok:
        bad = [f.path for f in report.bad_files] + [v.path for v in report.vocab if not v.ok]
        raise CheckFailed(
            f"{len(bad)} file(s) corrupt or inconsistent: {', '.join(bad[:5])}"
            + (" ..." if len(bad) > 5 else "")
            if bad
            else "the files disagree with each other",
            hint=(
                report.problems[0]
                if report.problems
                else "see the report above; re-create the named files"
            ),
        )


def document(r: InspectReport) -> dict[str, object]:
    """The stable ``--json`` document (keys documented in docs/inspect-dump.md), derived from the
    result dataclasses: every field of FileReport / VocabMap / LayerReport under its own name."""
    doc: dict[str, object] = {
        "ok": r.ok,
        "files_scanned": len(r.files),
        "bad_files": [f.path for f in r.bad_files],
        "hidden_sizes": r.hidden_sizes,
        "dtypes": r.dtypes,
        "key_sets": r.key_sets,
        "problems": list(r.problems),
        "files": to_jsonable(r.files),
        "vocab_mapping": to_jsonable(r.vocab),
    }
    if r.layers:
        doc["layers"] = to_jsonable(r.layers)
    return doc


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{v:.1%}"


def _short(paths: list[str]) -> dict[str, str]:
    """Paths relative to their common directory (the scanned folder), for a narrower table."""
    if len(paths) < 2:
        return {p: p for p in paths}
    try:
        base = os.path.commonpath([os.path.dirname(p) or "." for p in paths])
    except ValueError:
        return {p: p for p in paths}
    return {p: os.path.relpath(p, base) if base else p for p in paths}


def render(console: Console, r: InspectReport) -> None:
    from rich.table import Table

    names = _short([f.path for f in r.files])
    first = next((f for f in r.files if f.error is None), None)
    console.print(f"[bold]Hidden-state dumps[/bold]: {len(r.files)} file(s)")
    if first is not None:
        tensors = ", ".join(f"{e.key} {list(e.shape)} {e.dtype}" for e in first.tensors)
        console.print(f"  tensors ({first.format}, first readable file): {tensors}", markup=False)
    tab = Table(title="Files", title_justify="left")
    tab.add_column("file", overflow="fold", ratio=2)
    tab.add_column("status", overflow="fold", ratio=1)
    for col in ("tokens", "padding", "loss mask", "NaN/Inf", "H x chunks"):
        tab.add_column(col, justify="right", no_wrap=True)
    tab.add_column("chunk RMS low->high", overflow="fold", ratio=1)
    for f in r.files:
        name = names.get(f.path, f.path)
        if f.error is not None:
            tab.add_row(name, "CORRUPT", "", "", "", "", "", "")
            continue
        status = "ok" if f.ok else "BAD"
        rms = " ".join(f"{c.rms_mean:.3g}" for c in f.fingerprint)
        if f.ascending is False:
            rms += " (not ascending)"
        tab.add_row(
            name,
            status,
            str(f.tokens),
            f"{f.padding} ({_pct(f.padding_share)})",
            _pct(f.loss_mask_share),
            str(sum(f.nonfinite.values())),
            f"{f.hidden_size} x {f.chunks}" if f.chunks else "-",
            rms,
        )
    console.print(tab)
    for f in r.files:
        if f.error is not None:
            console.print(f"CORRUPT {f.path}: {f.error}", markup=False)
        for p in f.problems:
            console.print(f"BAD {f.path}: {p}", markup=False)
        for w in f.warnings:
            console.print(f"warning: {f.path}: {w}", markup=False)
    for v in r.vocab:
        if v.error:
            console.print(f"vocab map {v.path}: unreadable: {v.error}", markup=False)
            continue
        state = "ok" if v.ok else "BAD: " + "; ".join(v.problems)
        console.print(
            f"vocab map {v.path}: draft vocab {v.draft_vocab_size}, target vocab "
            f"{v.target_vocab_size}, t2d marks {v.t2d_true}: {state}",
            markup=False,
        )
    for lr in r.layers:
        render_layers(console, lr)
    summary = (
        f"hidden size {', '.join(r.hidden_sizes) or '-'}; dtype {', '.join(r.dtypes) or '-'}; "
        f"{len(r.key_sets)} key set(s)"
    )
    console.print(f"Across files: {summary}", markup=False)
    for p in r.problems:
        console.print(f"  - {p}", markup=False)
    bad = r.bad_files
    if r.ok:
        verdict = "[green]consistent[/green]"
    elif bad:
        verdict = f"[bold red]{len(bad)} bad file(s)[/bold red]"
    else:
        verdict = "[bold red]inconsistent[/bold red]"
    console.print(f"[bold]Verdict[/bold]: {verdict}")


def render_layers(console: Console, lr: LayerReport) -> None:
    title = (
        f"Layers of {lr.path} (against {lr.reference}: {lr.num_layers} layers, {lr.tokens} tokens)"
    )
    cols = ("chunk>", "HF index>", "is", "cosine>", "rel L2>", "next best>", "SpecForge id>")
    tab = table(title, (*cols, "sglang id>", "vllm id>"))
    for ch in lr.chunks:
        nxt = (
            f"[{ch.runner_up}] {ch.runner_up_cosine:.4f}"
            if ch.runner_up is not None and ch.runner_up_cosine is not None
            else "-"
        )
        tab.add_row(
            str(ch.index),
            str(ch.hf_index),
            ch.description + ("" if ch.exact else " (closest, not equal)"),
            f"{ch.cosine:.4f}",
            f"{ch.rel_l2:.3g}",
            nxt,
            str(ch.trainer_id),
            str(ch.engine_ids.get("sglang")),
            str(ch.engine_ids.get("vllm")),
        )
    console.print(tab)
    ids = lr.layer_ids
    console.print(
        "eagle_aux_hidden_state_layer_ids that reproduce these chunks: "
        f"SGLang / SpecForge {ids['sglang']} (SGLang adds +1), vLLM {ids['vllm']} (verbatim)",
        markup=False,
    )
    for n in lr.notes:
        console.print(f"  note: {n}", markup=False)
