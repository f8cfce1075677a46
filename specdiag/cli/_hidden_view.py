"""compare-hidden's JSON document (docs/compare-hidden.md) and human view, shared by
compare-hidden, the demo and capture-hidden --compare."""

from __future__ import annotations

from typing import TYPE_CHECKING

from specdiag.cli._output import derive, fmt, table
from specdiag.errors import CheckFailed

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from specdiag.core.hidden.compare_results import ChunkResult, CompareResult, Overall


def document(
    r: CompareResult, served: str, training: str, reference: str | None
) -> dict[str, object]:
    """The stable ``--json`` document (keys documented in docs/compare-hidden.md)."""
    chunks = [
        {**derive(c, omit=("identified_chunk",)), "identified_by": c.evidence} for c in r.chunks
    ]
    return {
        **derive(r, only=("match", "mode")),
        "served": served,
        "training": training,
        "reference": reference,
        **derive(r, omit=("match", "mode")),
        "chunks": chunks,
    }


def _stat_cells(s: ChunkResult | Overall) -> tuple[str, ...]:
    """The five statistics columns (max/mean |diff|, rel L2, cosine mean/min) of a table row."""
    return tuple(fmt(v, ".4g") for v in (s.max_abs_diff, s.mean_abs_diff, s.rel_l2)) + tuple(
        fmt(v, ".4f") for v in (s.cosine_mean, s.cosine_min)
    )


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


def _chunk_table(r: CompareResult) -> Table:
    title = (
        "Served value snippets"
        if r.mode == "values"
        else "Served chunks (chunk i vs training chunk i)"
    )
    cols = ("#>", "max|d|>", "mean|d|>", "rel L2>", "cos mean>", "cos min>", "match")
    # the cosine of the best training chunk is shown for whole tensors only (a snippet's
    # cosine over a few values says little), and the header says what the cell holds
    best_col = "best train (cos)>" if r.mode == "tensors" else "best train>"
    tab = table(title, (*cols, best_col, "identified as [HF index], how sure"))
    for col in tab.columns[:-1]:
        col.no_wrap = True
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
        tab.add_row(str(c.index), *_stat_cells(c), "yes" if c.match else "NO", best, ident)
    if r.overall is not None:
        tab.add_row("all", *_stat_cells(r.overall), "yes" if r.match else "NO", "", "(whole row)")
    return tab


def _similarity_table(r: CompareResult) -> Table:
    labels = [
        f"{tc.index}"
        + ("" if tc.layer is None else f" (layer {tc.layer})" if tc.layer >= 0 else " (embedding)")
        for tc in r.training_chunks
    ] or [str(j) for j in range(len(r.similarity[0]))]
    rows = [(str(i), *(f"{v:.4f}" for v in row)) for i, row in enumerate(r.similarity)]
    title = "Mean cosine: served chunk x training chunk"
    return table(title, ("served \\ training", *(f"{lab}>" for lab in labels)), rows)


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


def check_match(r: CompareResult) -> None:
    """A mismatch is a failed check (exit 1), after the report is printed."""
    if not r.match:
        raise CheckFailed(
            "the served hidden states do not match the training tensors",
            hint=r.diagnosis[0] if r.diagnosis else None,
        )
