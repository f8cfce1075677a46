"""Compare a served hidden-state capture with the training tensors; say which layer each chunk is.

:func:`compare_files` is the compare-hidden command on paths, :func:`compare` the comparison of two
loaded dumps; the stages live in ``compare_align``, ``compare_stats``, ``compare_identify``,
``compare_diagnosis`` and ``compare_values`` (``--values``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from specdiag.core.hidden.compare_align import align_tokens, as_stack, hidden_sizes, reference_start
from specdiag.core.hidden.compare_diagnosis import Facts, blocks_match, diagnose, wrong_hidden_size
from specdiag.core.hidden.compare_identify import Identification, any_close, identify
from specdiag.core.hidden.compare_results import (
    AlignmentStatus,
    CompareMode,
    CompareOptions,
    CompareResult,
)
from specdiag.core.hidden.compare_stats import (
    Inputs,
    Summary,
    final_state,
    overall,
    stream,
    summarise,
)
from specdiag.core.hidden.compare_tolerance import default_tolerances, effective_dtype
from specdiag.core.hidden.conventions import CaptureEngine
from specdiag.core.hidden.loading import Dump, require_torch
from specdiag.errors import UsageError


def compare_files(
    training: Path,
    options: CompareOptions,
    *,
    served: Path | None = None,
    values: str | None = None,
    reference: Path | None = None,
    key: str | None = None,
    served_key: str | None = None,
    pad_id: int | None = 0,
) -> CompareResult:
    """Compare the ``served`` dump (or the served numbers ``values`` as text) with the
    ``training`` dump, each file read once. A served dump written by capture-hidden records its
    engine and layer ids: they are used when ``options`` gives neither (a note says so)."""
    from specdiag.core.hidden.compare_values import compare_values
    from specdiag.core.hidden.loading import Layout, load_dump
    from specdiag.core.hidden.values import parse_values

    if (served is None) == (values is None):
        raise UsageError(
            "give a SERVED dump or --values, one of them",
            hint="specdiag compare-hidden SERVED TRAINING (or TRAINING --values '...')",
        )
    ref = load_dump(reference, layout=Layout.LAYERS, pad_id=None) if reference else None
    if values is not None:
        if served_key is not None or options.served_layers is not None:
            raise UsageError(
                "--served-layers/--served-key need a SERVED dump, not --values",
                hint="drop them, or pass SERVED TRAINING instead of --values",
            )
        snippets = parse_values(values)
        return compare_values(
            snippets, load_dump(training, key=key, pad_id=pad_id), options, reference=ref
        )
    assert served is not None
    options, note = _recorded_served_layers(served, options)
    served_dump = load_dump(
        served,
        key=served_key or key,
        pad_id=pad_id,
        key_flag="--served-key" if served_key else "--key",
    )
    result = compare(
        served_dump, load_dump(training, key=key, pad_id=pad_id), options, reference=ref
    )
    return replace(result, notes=(note, *result.notes)) if note else result


def _recorded_served_layers(path: Path, opts: CompareOptions) -> tuple[CompareOptions, str | None]:
    """The options with the engine and served ids a capture-hidden dump records, where the
    options give neither; and the note that says so."""
    from specdiag.core.hidden.capture import SERVED_FORMAT, read_capture_meta

    if opts.served_layers is not None or opts.engine is not None:
        return opts, None
    meta = read_capture_meta(path)
    if meta is None or meta.format != SERVED_FORMAT or meta.engine not in ("vllm", "sglang"):
        return opts, None
    if not meta.layer_ids:
        return replace(opts, engine=CaptureEngine(meta.engine)), None
    note = (
        f"{path}: served layer ids {','.join(map(str, meta.layer_ids))} ({meta.engine}) "
        "read from the capture's metadata"
    )
    return replace(opts, served_layers=meta.layer_ids, engine=CaptureEngine(meta.engine)), note


def compare(
    served: Dump,
    training: Dump,
    options: CompareOptions | None = None,
    *,
    reference: Dump | None = None,
) -> CompareResult:
    """Compare ``served`` with ``training``; identify layers (with ``reference``: exactly)."""
    require_torch()
    opts = options or CompareOptions()
    _check_flags(opts)
    sdt, snote = effective_dtype(served)
    tdt, tnote = effective_dtype(training)
    tol = default_tolerances(sdt, tdt, rtol=opts.rtol, atol=opts.atol, min_cosine=opts.min_cosine)
    ht, hs, notes = hidden_sizes(served, training, opts, reference)
    notes = [f"served: {n}" for n in served.notes] + notes
    notes += [f"training: {n}" for n in training.notes]
    notes += [f"{who}: {n}" for who, n in (("served", snote), ("training", tnote)) if n]
    al = align_tokens(served, training, opts.offset)
    # what every result of this comparison shares; the stages below add what they find
    base = CompareResult(
        match=False,
        mode=CompareMode.TENSORS,
        tokens_compared=0,
        hidden_size=ht,
        served_hidden_size=hs,
        served_dtype=served.dtype,
        training_dtype=training.dtype,
        tolerances=tol,
        alignment=al,
        engine=opts.engine.value if opts.engine else None,
        served_layers=opts.served_layers,
        training_layers=opts.training_layers,
        notes=tuple(notes),
    )
    if hs != ht or served.width % ht:
        diag = wrong_hidden_size(served.width, training.width, hs, ht)
        return replace(base, findings=diag.findings, diagnosis=diag.lines)
    h = ht
    if reference is not None:
        reference = as_stack(reference, h)
    cs, ct = served.width // h, training.width // h
    # more --served-layers ids than served chunks: the engine captured fewer layers than
    # configured, or the rows are smaller chunks (another model). Compare without the ids
    # (once: no second pass over the dumps), then tell the two readings apart.
    extra = len(opts.served_layers or ()) if len(opts.served_layers or ()) > cs else None
    run = replace(opts, served_layers=None) if extra else opts
    _check_id_counts(run, cs, ct, h)
    ref_start = reference_start(reference, training, served, al) if reference is not None else 0
    inputs = Inputs(served, training, reference, al, h, ref_start, opts.device, opts.block_tokens)
    acc = stream(inputs)
    summary = summarise(acc, reference is not None)
    ident = identify(inputs, summary, run, tol)
    ws = served.width
    if extra and not any_close(ident.chunks, tol) and ws % extra == 0 and ws // extra != h:
        diag = wrong_hidden_size(ws, training.width, ws // extra, h)
        return replace(
            base, served_hidden_size=ws // extra, findings=diag.findings, diagnosis=diag.lines
        )
    facts = Facts(
        ident=ident,
        alignment=al,
        opts=run,
        tol=tol,
        tokens=acc.n,
        nonfinite_training=tuple(int(x) for x in acc.nf_t),
        served_width=ws,
        hidden_size=h,
        final=final_state(inputs, tol),
        served_ids_given=extra,
    )
    return _tensor_result(base, summary, ident, facts)


def _tensor_result(
    base: CompareResult, summary: Summary, ident: Identification, facts: Facts
) -> CompareResult:
    """The verdict and the result of a tensor comparison, from what the stages established."""
    diag = diagnose(facts)
    acc, h = summary.acc, facts.hidden_size
    match = bool(
        acc.n > 0
        and facts.cs == facts.ct
        and base.alignment.status is not AlignmentStatus.DIFFER
        and all(c.match for c in ident.chunks)
        and not blocks_match(diag.findings)
    )
    return replace(
        base,
        match=match,
        tokens_compared=acc.n,
        chunks=ident.chunks,
        training_chunks=ident.training,
        similarity=_matrix(summary.sim),
        reference_similarity=_matrix(summary.ref_sim) if summary.ref_sim is not None else None,
        training_reference_similarity=(
            _matrix(summary.tref_sim) if summary.tref_sim is not None else None
        ),
        overall=overall(acc, h),
        final_state=facts.final,
        findings=diag.findings,
        diagnosis=diag.lines,
        suggested_layer_ids=diag.suggestions,
        notes=base.notes + diag.notes,
    )


def _matrix(rows: Iterable[Iterable[float]]) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(v) for v in row) for row in rows)


def _check_flags(opts: CompareOptions) -> None:
    """The flags a comparison cannot run with: --device, vLLM ids below 0."""
    torch = require_torch()
    device = opts.device
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise UsageError(
            f"--device {device}: no CUDA device is available to torch here",
            hint="use --device cpu (the default), or a CUDA build of torch on a GPU machine",
        )
    if device != "cpu" and not device.startswith("cuda"):
        raise UsageError(
            f"--device {device}: use cpu or cuda (cuda:N)",
            hint="e.g. --device cpu or --device cuda:0",
        )
    if opts.engine is CaptureEngine.VLLM and any(i < 0 for i in opts.served_layers or ()):
        raise UsageError(
            "--served-layers: vLLM ids are >= 0 (0 = the embedding output); -1 is the "
            "SGLang/SpecForge name of the embedding",
            hint="write the ids as they are in the vLLM config, or pass --engine sglang",
        )


def _check_id_counts(opts: CompareOptions, cs: int, ct: int, h: int) -> None:
    for flag, ids, count, who in (
        ("--training-layers", opts.training_layers, ct, "training"),
        ("--served-layers", opts.served_layers, cs, "served"),
    ):
        if ids is not None and len(ids) != count:
            raise UsageError(
                f"{flag} names {len(ids)} layers but the {who} rows hold {count} chunks of {h}",
                hint="give one id per chunk, in capture order (or fix --hidden-size)",
            )
