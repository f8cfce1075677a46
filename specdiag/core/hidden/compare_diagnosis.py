"""The diagnosis of ``compare-hidden``: every sentence, finding, suggestion and note, built here.

:func:`diagnose` reads the identified chunks of a tensor comparison (plus the alignment, the
final state and the flags) and :func:`diagnose_values` the snippets of ``--values``; both
return a :class:`Diagnosis`. The order of the sentences is part of the output: the first one
is the CLI's hint, so the conclusion leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from specdiag.core.hidden.compare_identify import Identification, any_close
from specdiag.core.hidden.compare_results import (
    BLOCKING,
    AlignmentStatus,
    ChunkResult,
    CompareOptions,
    FinalState,
    Finding,
    IdentifiedBy,
    TokenAlignment,
    Tolerances,
    TrainingChunk,
)
from specdiag.core.hidden.compare_stats import OVERFLOW
from specdiag.core.hidden.conventions import (
    CaptureEngine,
    aux_id_rule,
    describe_hf,
    sglang_embedding_note,
    trainer_id_to_hf,
)

ADVICE = (
    "set eagle_aux_hidden_state_layer_ids (draft config.json, nested under eagle_config for "
    "SGLang; top level for vLLM) to "
)


@dataclass(frozen=True)
class Diagnosis:
    lines: tuple[str, ...]
    findings: tuple[Finding, ...]
    suggestions: dict[str, list[int]]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Facts:
    """What a tensor comparison established, for the diagnosis to put into words."""

    ident: Identification
    alignment: TokenAlignment
    opts: CompareOptions  # as run: served_layers left out when they outnumber the chunks
    tol: Tolerances
    tokens: int  # compared
    nonfinite_training: tuple[int, ...]  # NaN/Inf elements per training chunk
    served_width: int
    hidden_size: int
    final: FinalState | None = None
    served_ids_given: int | None = None  # --served-layers count, when above the chunk count

    @property
    def chunks(self) -> tuple[ChunkResult, ...]:
        return self.ident.chunks

    @property
    def cs(self) -> int:
        return len(self.ident.chunks)

    @property
    def ct(self) -> int:
        return len(self.ident.training)


@dataclass
class _Out:
    lines: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def blocks_match(findings: Sequence[str]) -> bool:
    """Whether a finding fails the comparison even when every chunk matches."""
    return any(f in BLOCKING for f in findings)


def diagnose(f: Facts) -> Diagnosis:
    """The whole diagnosis of a tensor comparison, in the order it is shown."""
    out = _Out()
    _input_problems(f, out)
    layers_ok = f.cs == f.ct and all(
        f.ident.matched[i] == i or f.ident.near[i] == i for i in range(f.cs)
    )
    if f.tokens:
        if f.cs == f.ct and all(c.match for c in f.chunks):
            _all_match(f, out)
        else:
            _layer_story(f, out, layers_ok)
    _served_config_notes(f, out)
    _convention(f, out)
    suggestions = _suggestions(f, out, layers_ok)
    training = [
        f"training chunk {c.index} is {describe_hf(c.found, f.ident.num_layers)} according to the "
        f"reference (cosine {c.cosine:.4f}), but --training-layers says layer {c.claimed - 1}: the "
        "training capture used other layers than you think (or --training-layers is wrong); the "
        "reference wins below"
        for c in f.ident.conflicts
    ]
    lines = out.lines[:1] + training + out.lines[1:] if out.lines else training
    findings = [Finding.TRAINING_LAYERS_DIFFER] * len(training) + out.findings
    findings = list(dict.fromkeys(findings))
    ws, ct, h = f.served_width, f.ct, f.hidden_size
    if f.cs != ct and not any_close(f.chunks, f.tol) and ws % ct == 0 and ws // ct != h:
        lines.append(
            f"or the served rows are {ct} chunks of {ws // ct}: hidden size {ws // ct} vs "
            f"{h}, a different target model (--served-layers with the served ids tells the "
            "two readings apart)"
        )
    if f.final is not None and not f.final.match:
        lines.append(_final_state_line(f.final))
        findings.append(Finding.FINAL_STATE_DIFFERS)
    if f.served_ids_given is not None:
        lines.insert(
            0,
            f"--served-layers names {f.served_ids_given} ids but the server captured {f.cs} "
            f"chunk(s) of {h}: the engine did not capture every configured layer (SGLang's "
            "generic +1 path never reaches the last layer, id N-1)",
        )
        findings = list(dict.fromkeys((Finding.CHUNK_COUNT, *findings)))
    return Diagnosis(tuple(lines), tuple(findings), suggestions, tuple(out.notes))


def wrong_hidden_size(ws: int, wt: int, hs: int, ht: int) -> Diagnosis:
    """Served and training rows of different hidden sizes: nothing can match."""
    line = (
        f"served rows have {ws} features ({ws // hs} x {hs}) but the training rows {wt} "
        f"({wt // ht} x {ht}): hidden size {hs} vs {ht}. The server runs a different target "
        "model (or the dump is not the aux hidden states); nothing can match"
    )
    return Diagnosis((line,), (Finding.WRONG_HIDDEN_SIZE,), {}, ())


def _final_state_line(final: FinalState) -> str:
    how = ""
    if final.rms_served > 0 and final.rms_training > 0:
        ratio = final.rms_served / final.rms_training
        if ratio > 1.5 or ratio < 1 / 1.5:
            how = (
                f" (RMS {final.rms_served:.3g} vs {final.rms_training:.3g}: one side is before "
                "the final norm, e.g. vLLM's capture, the other after it)"
            )
    return (
        f"the final hidden states (LM-head input) differ too: relative L2 "
        f"{final.rel_l2:.3g}, cosine {final.cosine_mean:.4f}{how}"
    )


def _input_problems(f: Facts, out: _Out) -> None:
    """Different tokens, no tokens, NaN/Inf."""
    al = f.alignment
    if al.status is AlignmentStatus.DIFFER:
        out.lines.append(al.description)
        out.findings.append(Finding.TEMPLATE_MISMATCH)
    if f.tokens == 0:
        out.lines.append("no tokens to compare")
        out.findings.append(Finding.NO_TOKENS)
    bad = [c.index for c in f.chunks if c.nonfinite]
    tbad = [j for j, n in enumerate(f.nonfinite_training) if n]
    if bad or tbad:
        txt = [
            f"{who} chunk(s) {', '.join(map(str, ids))}"
            for who, ids in (("served", bad), ("training", tbad))
            if ids
        ]
        out.lines.append(
            f"NaN/Inf (or |value| > {OVERFLOW:.0e}, whose square overflows float32) in "
            f"{' and '.join(txt)}: overflow in the capture (fp16?) or a broken kernel; "
            "those tokens are left out of the statistics"
        )
        out.findings.append(Finding.NONFINITE)


def _all_match(f: Facts, out: _Out) -> None:
    worst = max((c.rel_l2 or 0.0) for c in f.chunks)
    same = (
        f"all {f.cs} served chunks equal training chunks 0-{f.ct - 1} in order (worst relative "
        f"L2 {worst:.3g}, tolerance {f.tol.rtol:.3g}): "
    )
    if f.alignment.status is AlignmentStatus.DIFFER:
        out.lines.append(
            f"on the {f.tokens} tokens before the first difference {same}the layers are right, "
            "the tokens are not; serve with the chat template and system prompt training used"
        )
    else:
        out.lines.append(same + "the draft sees the hidden states it was trained on")


def _layer_story(f: Facts, out: _Out, layers_ok: bool) -> None:
    """Not every chunk matches: which are which, and what pattern the mismatch has."""
    matched, near = f.ident.matched, f.ident.near
    pairs = [(i, j) for i, j in enumerate(matched) if j is not None]
    first_chunk_line = len(out.lines)
    for c in f.chunks:
        if matched[c.index] is None:
            if c.identified_hf_index == 0:
                out.lines.append(
                    f"served chunk {c.index} is the embedding output (no training chunk "
                    f"matches; identified by {c.evidence}, {c.confidence} confidence)"
                )
                out.findings.append(Finding.EMBEDDING_SLOT)
            else:
                out.lines.append(f"served chunk {c.index} {c.description}")
    if f.cs != f.ct:
        out.lines.append(
            f"the server captured {f.cs} chunk(s), training {f.ct}: a layer id the engine "
            "cannot reach (e.g. the last layer on SGLang) or a different id count"
        )
        out.findings.append(Finding.CHUNK_COUNT)
    if layers_ok:
        _numeric_only(f, out)
    if pairs and not layers_ok:
        out.lines.append(_ranges(pairs))
    if (
        not layers_ok
        and not pairs
        and not any(j is not None for j in near)
        and f.alignment.status is AlignmentStatus.UNAVAILABLE
    ):
        out.lines.append(
            "nothing lines up, and there are no input_ids to align the tokens: if served "
            "token 0 is not training position 0, pass --offset (the training position of "
            "served token 0)"
        )
    mark = len(out.lines)
    _arrangement(f, out, pairs)
    if (
        not _off_by_one(f, out, mark, first_chunk_line)
        and not pairs
        and f.cs == f.ct
        and not blocks_match(out.findings)
    ):
        out.findings.append(Finding.LAYER_MISMATCH)
        _one_side_line(f, out, first_chunk_line)
    if any(j is not None for j in near):
        out.findings.append(Finding.OUT_OF_TOLERANCE)
        if Finding.LAYER_MISMATCH in out.findings and all(
            matched[i] is not None or near[i] is not None for i in range(f.cs)
        ):
            out.findings.remove(Finding.LAYER_MISMATCH)


def _numeric_only(f: Facts, out: _Out) -> None:
    """Every served chunk is its training chunk, only noisier than the tolerance allows."""
    why = "; ".join(
        f"chunk {c.index}: {', '.join(c.tolerance_failures)}"
        for c in f.chunks
        if c.tolerance_failures
    )
    out.lines.append(
        "the served layers are the training layers; the mismatch is numeric, not the "
        "layer ids" + (f" ({why})" if why else "")
    )
    if any(x != "NaN/Inf" for c in f.chunks for x in c.tolerance_failures):
        out.findings.append(Finding.OUT_OF_TOLERANCE)


def _arrangement(f: Facts, out: _Out, pairs: Sequence[tuple[int, int]]) -> None:
    """Matched chunks in another arrangement: shifted, permuted, or with layers missing."""
    tchunks = f.ident.training
    shifts = {j - i for i, j in pairs}
    if pairs and len(shifts) == 1 and shifts != {0}:
        out.lines.append(_shift_line(shifts.pop()))
        out.findings.append(Finding.SHIFTED)
    elif len(pairs) >= 2 and sorted(j for _, j in pairs) != [j for _, j in pairs]:
        order = ", ".join(str(j) for _, j in pairs)
        out.lines.append(
            f"the served chunks hold training layers in another order (served order: "
            f"{order}): {_permutation_cause(tchunks)}"
        )
        out.findings.append(Finding.PERMUTED)
    matched, near = set(f.ident.matched), set(f.ident.near)
    missing = [j for j in range(f.ct) if j not in matched and j not in near]
    if missing and pairs:
        out.lines.append(
            ("training chunks " if len(missing) > 1 else "training chunk ")
            + ", ".join(
                f"{j}"
                + (
                    f" ({describe_hf(tchunks[j].hf_index or 0, f.ident.num_layers)})"
                    if tchunks[j].hf_index is not None
                    else ""
                )
                for j in missing
            )
            + (" are not served" if len(missing) > 1 else " is not served")
        )
        out.findings.append(Finding.MISSING_LAYER)


def _shift_line(k: int) -> str:
    n = abs(k)
    slots = "one slot" if n == 1 else f"{n} slots"
    if k < 0:
        extra = "an extra layer" if n == 1 else f"{n} extra layers"
        last = "the last training layer" if n == 1 else f"the last {n} training layers"
        return f"the served list is shifted by {slots}: {extra} prepended and {last} dropped"
    first = "the first training layer is" if n == 1 else f"the first {n} training layers are"
    return f"the served list is shifted by {slots} the other way: {first} missing"


def _permutation_cause(tchunks: Sequence[TrainingChunk]) -> str:
    thf = [t.hf_index for t in tchunks]
    known = [h for h in thf if h is not None]
    if len(known) == len(thf) and known != sorted(known):
        tl = [t.layer for t in tchunks]
        return (
            f"the training capture was not in ascending layer order (layers {tl}: "
            "SpecForge's HF backend keeps the list order, ModelOpt's set() can "
            "reorder it), while engines always concatenate in ascending order; "
            "re-capture training with an ascending list"
        )
    if len(known) == len(thf):
        return (
            "training is in ascending layer order, and engines capture in ascending "
            "order too, so the served dump itself was reordered (the dump hook, or a "
            "hand-made concatenation)"
        )
    return (
        "engines concatenate in ascending layer order, so either the training "
        "capture (HF backend / ModelOpt set()) or the served dump was reordered"
    )


def _off_by_one(f: Facts, out: _Out, mark: int, first_chunk_line: int) -> bool:
    """Every identified chunk one layer from its training chunk: the conventions' off-by-one
    (which explains any accidental overlap, so the lines after ``mark`` go)."""
    chunks, tchunks, cs, ct = f.chunks, f.ident.training, f.cs, f.ct
    offs = [
        sh - th
        for c in chunks
        if c.index < ct
        and (sh := c.identified_hf_index) is not None
        and (th := tchunks[c.index].hf_index) is not None
    ]
    if not (offs and len(offs) == min(cs, ct) and len(set(offs)) == 1 and abs(offs[0]) == 1):
        return False
    verified = all(c.identified_by is not IdentifiedBy.SERVED_CONFIG for c in chunks[: min(cs, ct)])
    how = "" if verified else " (from the served config, partly unverified by the tensors)"
    if offs[0] == -1:
        text = (
            "every served chunk is one layer EARLIER than training" + how + ": the "
            "ids were written for SGLang/SpecForge (id k = output of layer k) and read "
            "by an engine that captures the input of layer k (vLLM convention)"
        )
    else:
        text = (
            "every served chunk is one layer LATER than training" + how + ": ids "
            "written in the vLLM convention (id k = input of layer k) were read by "
            "SGLang, which adds +1"
        )
    drop = {Finding.SHIFTED, Finding.MISSING_LAYER, Finding.PERMUTED}
    del out.lines[mark:]
    out.findings[:] = [x for x in out.findings if x not in drop]
    out.lines.insert(first_chunk_line, text)  # the conclusion leads (and is the hint)
    out.findings.append(Finding.OFF_BY_ONE)
    return True


def _one_side_line(f: Facts, out: _Out, first_chunk_line: int) -> None:
    """No reference and no match, but every served chunk is closest to the training chunk of the
    same index (none a near match or the embedding), all with a lower (or all with a higher)
    RMS: probably one layer off."""
    chunks, tchunks = f.chunks, f.ident.training
    if f.ident.num_layers is not None or not chunks or len(chunks) != len(tchunks):
        return
    if any(j is not None for j in f.ident.near):
        return
    signs = set()
    for c in chunks:
        if (
            c.best_train_chunk != c.index
            or c.best_cosine is None
            or c.best_cosine < 0.5
            or c.identified_hf_index == 0
        ):
            return
        signs.add(-1 if c.rms < tchunks[c.index].rms else 1)
    if len(signs) != 1:
        return
    side = signs.pop()
    out.lines.insert(
        first_chunk_line,
        f"every served chunk is closest to its own training chunk but with a "
        f"{'lower' if side < 0 else 'higher'} norm: each is probably one layer "
        f"{'EARLIER' if side < 0 else 'LATER'} than training, the off-by-one "
        "between the SGLang/SpecForge (output of layer k) and vLLM (input of "
        "layer k) conventions (low confidence: --reference, or --served-layers "
        "with --engine, confirms it)",
    )


def _ranges(pairs: Sequence[tuple[int, int]]) -> str:
    """[(1,0),(2,1)] -> 'chunks 1-2 equal training chunks 0-1'."""
    groups: list[list[tuple[int, int]]] = []
    for p in pairs:
        if groups and p[0] == groups[-1][-1][0] + 1 and p[1] == groups[-1][-1][1] + 1:
            groups[-1].append(p)
        else:
            groups.append([p])
    out = []
    for g in groups:
        if len(g) == 1:
            out.append(f"served chunk {g[0][0]} equals training chunk {g[0][1]}")
        else:
            out.append(
                f"served chunks {g[0][0]}-{g[-1][0]} equal training chunks {g[0][1]}-{g[-1][1]}"
            )
    return ", ".join(out)


def _served_config_notes(f: Facts, out: _Out) -> None:
    """The served config on its own: things the engines do with such a list."""
    if f.opts.served_layers is None:
        return
    sl = list(f.opts.served_layers)
    eng_read = f.opts.engine or CaptureEngine.SGLANG
    num_layers = f.ident.num_layers
    if eng_read is CaptureEngine.SGLANG and -1 in sl:
        out.notes.append(
            "the served config has -1 (the embedding), which EAGLE-3 training never feeds: "
            + sglang_embedding_note()
        )
    if sl != sorted(sl):
        out.notes.append(
            f"the served ids {sl} are not ascending: SGLang and vLLM capture inside the "
            "forward loop, so the chunks come out in ascending layer order anyway"
        )
    if num_layers is not None and eng_read is CaptureEngine.SGLANG and num_layers - 1 in sl:
        out.notes.append(
            f"id {num_layers - 1} is the last layer: SGLang's generic +1 path never reaches "
            "it and returns one chunk fewer (sglang PR #32334)"
        )


def _convention(f: Facts, out: _Out) -> None:
    """The served config vs training (conventions), even before tensors are judged."""
    t_hf = [t.hf_index for t in f.ident.training]
    cfg = f.ident.served_cfg_hf
    if cfg is not None and all(x is not None for x in t_hf) and f.tokens:
        eng = (f.opts.engine or CaptureEngine.SGLANG).value
        if list(cfg) != list(t_hf):
            out.lines.append(
                f"with {eng}'s convention the served ids {list(f.opts.served_layers or ())} "
                f"capture HF indices {list(cfg)}; training used {list(t_hf)}"
            )


def _suggestions(f: Facts, out: _Out, layers_ok: bool) -> dict[str, list[int]]:
    """The ids that make each engine capture the training layers, and the caveats."""
    t_hf = [t.hf_index for t in f.ident.training]
    if not (t_hf and all(x is not None for x in t_hf)):
        if f.tokens:
            unknown = [t.index for t in f.ident.training if t.hf_index is None]
            out.notes.append(
                "no layer ids suggested: the layers of training chunk(s) "
                + ", ".join(map(str, unknown))
                + " are unknown (pass --training-layers with the training ids, or --reference)"
            )
        return {}
    hfs = [int(x) for x in t_hf if x is not None]
    engines, suggestions = _suggest(hfs, f.opts)
    if not layers_ok:
        parts = []
        for e in engines:
            rule = "SGLang adds +1" if e is CaptureEngine.SGLANG else "vLLM reads ids verbatim"
            parts.append(f"{suggestions[e.value]} for {e.value} ({rule})")
        out.lines.append(ADVICE + " or ".join(parts))
    out.notes.extend(_suggestion_notes(hfs, suggestions, f.ident.num_layers))
    return suggestions


def _suggest(
    hfs: Sequence[int], opts: CompareOptions
) -> tuple[list[CaptureEngine], dict[str, list[int]]]:
    """The engines to suggest ids for (the one --engine names, else both) and their ids."""
    engines = [opts.engine] if opts.engine is not None else list(CaptureEngine)
    return engines, {e.value: [aux_id_rule(e).to_id(h) for h in hfs] for e in engines}


def _suggestion_notes(
    hfs: Sequence[int], suggestions: dict[str, list[int]], num_layers: int | None
) -> list[str]:
    notes: list[str] = []
    hfs = list(hfs)
    if 0 in hfs and CaptureEngine.SGLANG.value in suggestions:
        notes.append("training used the embedding output: " + sglang_embedding_note())
    if num_layers is not None and hfs == [2, num_layers // 2, num_layers - 3]:
        notes.append(
            f"training used the default layers (SpecForge's [1, N//2-1, N-4] with N = "
            f"{num_layers}, HF indices {hfs}): leaving the ids out of the draft config works "
            f"too, since SGLang's and vLLM's defaults [2, N//2, N-3] = {hfs} capture the same "
            "layers"
        )
    if num_layers is not None and num_layers in hfs:
        notes.append(
            f"training captured the final normed output (HF index {num_layers}); SGLang never "
            "reaches it and vLLM returns it before the final norm"
        )
    sg = suggestions.get(CaptureEngine.SGLANG.value)
    if sg and sg[0] != 1:
        verbatim = f"; on those models write the HF indices {hfs} instead" if hfs[0] != 1 else ""
        notes.append(
            f"SGLang's DeepSeek-V2/V3 and GLM-4-MoE-lite models (PR #25454) add +1 only when "
            f"the first id is 1, so they read {sg} as written{verbatim}; gpt-oss uses ids "
            "as written when the largest equals the layer count: check your model file"
        )
    if hfs != sorted(hfs):
        notes.append("training layers are not ascending; engines capture in ascending order")
    return notes


# --------------------------------------------------------------------------------------------
# --values


MIN_VALUES_HIGH = 4  # fewer printed values than this are weak evidence for a layer


@dataclass(frozen=True)
class ValuesFacts:
    """What the snippet search established."""

    chunks: tuple[ChunkResult, ...]  # one per snippet
    names: tuple[str, ...]
    sizes: tuple[int, ...]  # values per snippet
    opts: CompareOptions
    slices: int  # training slices searched per snippet (tokens x chunks)


def diagnose_values(f: ValuesFacts) -> tuple[bool, Diagnosis]:
    """(match, diagnosis) of a ``--values`` comparison."""
    lines = [c.description for c in f.chunks]
    findings = [Finding.VALUES_MISMATCH for c in f.chunks if not c.match]
    match = all(c.match for c in f.chunks)
    if match and all(k < MIN_VALUES_HIGH for k in f.sizes):
        # 1-3 numbers match somewhere among thousands of slices by chance: no verdict from them
        match = False
        lines.insert(
            0,
            f"every snippet matches, but none holds {MIN_VALUES_HIGH} or more values: so few "
            f"numbers can match one of the {f.slices} training slices searched by chance, so "
            f"this does not show that the layers agree; give at least {MIN_VALUES_HIGH} "
            "consecutive values of one token",
        )
        findings.append(Finding.TOO_FEW_VALUES)
    elif match:
        lines.append("every served value snippet is found in the training tensor")
    opts, known = f.opts, f.opts.training_layers
    train_hf = None if known is None else [trainer_id_to_hf(i) for i in known]
    lines.extend(_values_layer_lines(f, train_hf))
    suggestions: dict[str, list[int]] = {}
    if train_hf is not None:
        engines, suggestions = _suggest(train_hf, opts)
        wrong_layer = any(
            not x.match
            and x.identified_by is IdentifiedBy.REFERENCE
            and x.identified_hf_index not in train_hf
            for x in f.chunks
        )
        if wrong_layer:  # a snippet of a layer training never captured (says the reference)
            lines.append(
                ADVICE
                + " or ".join(f"{suggestions[e.value]} for {e.value}" for e in engines)
                + " to serve the training layers"
            )
    return match, Diagnosis(tuple(lines), tuple(dict.fromkeys(findings)), suggestions, ())


def _values_layer_lines(f: ValuesFacts, train_hf: Sequence[int] | None) -> list[str]:
    """Snippets the reference places in a layer training has none like: which, and why."""
    lines: list[str] = []
    for name, c in zip(f.names, f.chunks, strict=True):
        h = c.identified_hf_index
        if c.match or h is None or c.identified_by is not IdentifiedBy.REFERENCE:
            continue
        if h == 0:
            lines.append(
                f"{name} is the embedding output, which training never captured: an embedding "
                "slot in the served id list (-1 for SGLang, 0 for vLLM)"
            )
        elif train_hf is not None:
            after = [j for j, t in enumerate(train_hf) if t == h - 1]
            before = [j for j, t in enumerate(train_hf) if t == h + 1]
            if len(before) + len(after) == 1:
                j, how = (before[0], "EARLIER") if before else (after[0], "LATER")
                lines.append(
                    f"{name} is {describe_hf(h)}, one layer {how} than training chunk {j} "
                    f"(layer {train_hf[j] - 1}): the off-by-one between the SGLang/SpecForge and "
                    "vLLM conventions"
                )
    return lines
