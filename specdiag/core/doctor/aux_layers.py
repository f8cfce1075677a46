"""EAGLE-3 aux hidden-state layer ids: where each engine reads them, what each id captures.

Every id is mapped to the HF ``hidden_states`` index the engine captures for it
(:mod:`specdiag.core.hidden.conventions`): SGLang's generic models add +1 (id k = output of decoder
layer k), vLLM does not (id j = input of layer j, 0 = the embedding, N = the last layer before the
final norm). The training side uses SpecForge's convention (id k = output of layer k).
"""

from __future__ import annotations

from typing import Any

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Impact, ImpactKind, Status
from specdiag.core.doctor.registry import Outcome, check, ev, skip

TOP = "eagle_aux_hidden_state_layer_ids"
NESTED = "eagle_config.eagle_aux_hidden_state_layer_ids"
# SGLang model files that add +1 only when the first id is 1 (sglang PR #25454)
SGLANG_CONDITIONAL_PLUS1 = (
    "DeepseekV2ForCausalLM",
    "DeepseekV3ForCausalLM",
    "Glm4MoeLiteForCausalLM",
)
SGLANG_GPT_OSS = ("GptOssForCausalLM",)


def _ids(v: Any) -> tuple[int, ...] | None | str:
    if v is None:
        return None
    if isinstance(v, (list, tuple)) and all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        return tuple(v)
    return f"not a list of integers: {v!r}"


def read_ids(ctx: Context) -> dict[str, Any]:
    """Every place a draft config can carry aux layer ids (value or an error text)."""
    d = ctx.draft
    out: dict[str, Any] = {}
    if d is None or d.config is None:
        return out
    cfg = d.config
    ec = cfg.get("eagle_config")
    dc = cfg.get("dflash_config")
    for key, src, name in (
        (TOP, cfg, TOP),
        (NESTED, ec, TOP),
        ("target_layer_ids", cfg, "target_layer_ids"),
        ("dflash_config.target_layer_ids", dc, "target_layer_ids"),
    ):
        if isinstance(src, dict) and src.get(name) is not None:  # null = not set
            out[key] = _ids(src[name])
    return out


def engine_reads(engine: str | None, found: dict[str, Any]) -> tuple[str | None, str]:
    """Which key the engine takes its ids from (None: none of them: the engine default)."""
    if engine == "sglang":
        return (
            NESTED if NESTED in found else None
        ), "SGLang reads only the nested eagle_config key"
    if engine in ("vllm", "llamacpp", None, "trtllm"):
        for k in (TOP, NESTED, "target_layer_ids"):
            if k in found:
                return k, (
                    "vLLM reads the top-level key first, then eagle_config"
                    if engine == "vllm"
                    else "read the top-level key first, then eagle_config"
                )
    return None, "no ids"


def capture_hf(
    ids: tuple[int, ...], engine: str, arch: str | None, n: int | None
) -> tuple[int, ...]:
    """HF index the engine captures for each id (as a sorted tuple: engines capture in layer order)."""
    if engine == "vllm":
        return tuple(sorted(set(ids)))
    if engine == "sglang" and arch in SGLANG_CONDITIONAL_PLUS1 and ids and ids[0] != 1:
        return tuple(sorted(set(ids)))
    if engine == "sglang" and arch in SGLANG_GPT_OSS and n is not None and ids and max(ids) == n:
        return tuple(sorted(set(ids)))
    return tuple(sorted({i + 1 for i in ids}))


def engine_ids_for(hf: tuple[int, ...], engine: str) -> tuple[int, ...]:
    """Ids to write so that ``engine`` captures the HF indices ``hf``."""
    from specdiag.core.hidden.conventions import CaptureEngine, suggest_ids

    cap = CaptureEngine.VLLM if engine == "vllm" else CaptureEngine.SGLANG
    return suggest_ids(hf, cap)


def _fc_chunks(ctx: Context) -> tuple[int | None, Evidence | None, str | None]:
    """How many H-wide states the draft's fc takes (fc.weight is [hidden, C*H])."""
    d = ctx.draft
    if d is None or not d.tensors:
        return None, None, None
    fc = next(
        (t for n, t in d.tensors.items() if n.endswith("fc.weight") and "norm" not in n), None
    )
    if fc is None or fc.shape is None or len(fc.shape) != 2:
        return None, None, None
    h, hsrc = ctx.target_hidden()
    e = ev("draft", f"{d.path}/{fc.file}: {fc.name}", f"shape {list(fc.shape)}")
    if h is None:
        return None, e, "the target hidden size is unknown (no --target, no target_hidden_size)"
    width = fc.shape[1]
    if width % h:
        return (
            -1,
            e,
            f"fc input width {width} is not a multiple of the target hidden size {h} ({hsrc})",
        )
    return width // h, e, None


def _training_ids(ctx: Context) -> tuple[tuple[int, ...] | None, str | None, list[Evidence]]:
    """The layers training captured, SpecForge convention, with where that was read."""
    evs: list[Evidence] = []
    if ctx.training_hf and all(x is not None for x in ctx.training_hf):
        ids = tuple(int(x) - 1 for x in ctx.training_hf if x is not None)
        evs.append(
            ev(
                "training-dump",
                f"{ctx.training_file} identified against "
                + (
                    f"--reference {ctx.inputs.reference}"
                    if ctx.inputs.reference
                    else f"the target {ctx.target.path if ctx.target else ''} (run on its tokens)"
                ),
                f"HF indices {list(ctx.training_hf)} = layer ids {list(ids)}",
            )
        )
        return ids, "the training dump (layers identified by inspect-dump)", evs
    tl = ctx.training_log
    if tl is not None and tl.layer_ids:
        evs.append(ev("training-log", tl.path, tl.layer_line or str(list(tl.layer_ids))))
        return tl.layer_ids, "the training log", evs
    return None, None, evs


def _shift_fix(
    ids: tuple[int, ...], engine: str, n: int | None
) -> tuple[tuple[int, ...] | None, str]:
    """A likely intended list when no training evidence says which layers were trained."""
    if engine == "vllm" and any(i < 0 for i in ids):
        fixed = tuple(i + 1 for i in ids)
        if n is None or all(0 <= i <= n for i in fixed):
            return fixed, (
                "-1 is the SGLang/SpecForge name of the embedding; vLLM calls it 0 and reads every "
                "id one layer lower: the same layers in vLLM's convention"
            )
    if n is None:
        return None, ""
    keep = sorted(i for i in ids if 0 <= i <= n - 2)
    missing = len(ids) - len(keep)
    if missing <= 0 or not keep:
        return None, ""
    default = [1, n // 2 - 1, n - 4]
    extra = [d for d in default if d > keep[-1]][:missing]
    if len(extra) != missing:
        return None, ""
    fixed = tuple(keep + extra)
    return fixed, (
        f"the list looks shifted by one slot (an embedding id prepended, the last id dropped); "
        f"the remaining ids completed with the default's deepest layer N-4 = {n - 4} "
        f"(target has {n} layers): confirm against the training run"
    )


@check(
    "aux-layer-ids",
    "aux_layers",
    "EAGLE-3 aux layer ids",
    reads="draft config.json (top-level eagle_aux_hidden_state_layer_ids, nested "
    "eagle_config.*, target_layer_ids, dflash_config.*), the draft's fc.weight shape, the "
    "target's num_hidden_layers/hidden_size/architectures, the engine (--engine, server, "
    "--server-args, logs), TRT-LLM eagle3_layers_to_capture, and what the training dump/log says",
    decides="which key the engine reads; ids ascending and unique; each id capturable by that "
    "engine (-1 and N-1 on SGLang, negatives on vLLM); count == fc input width / H; agreement "
    "with the layers training captured; the fix in the engine's convention",
    refs=(
        "sglang#25454",
        "sglang#32334",
        "vllm#50170",
        "vllm#43671",
        "vllm#46788",
        "tokenspeed#526",
        "llama.cpp#27040",
        "verl-SpeCo#6",
        "speculators#626",
    ),
)
def aux_layer_ids(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None:
        return skip("no --draft (or draft path in --server-args) to read")
    if d.config is None:
        return skip(f"the draft's config.json could not be read ({d.path})")
    arch = d.arch()
    is_eagle3 = isinstance(arch, str) and "eagle3" in arch.lower()
    found = read_ids(ctx)
    engine = ctx.engine
    evs: list[Evidence] = [ev("draft", f"{d.path}/config.json: {k}", v) for k, v in found.items()]
    if ctx.args is not None and ctx.args.aux_layers is not None:
        found_trt = ctx.args.aux_layers
        evs.append(
            ev("server-args", "speculative_config.eagle3_layers_to_capture", list(found_trt))
        )
    if not found and not is_eagle3 and not (ctx.args and ctx.args.aux_layers):
        return skip(
            "the draft is not an EAGLE-3 head (no aux layer ids, architectures "
            f"{d.cfg('architectures')})"
        )
    bad = {k: v for k, v in found.items() if isinstance(v, str)}
    if bad:
        k, v = next(iter(bad.items()))
        return Outcome(
            Status.FAIL,
            f"{k} is {v}",
            tuple(evs),
            fix=f"write {k} as a list of integer layer ids, e.g. [2, 30, 58]",
        )
    n = ctx.target_layers()
    tarch = None
    if ctx.target is not None:
        tarch = ctx.target.arch()
        if n is not None:
            evs.append(ev("target", f"{ctx.target.path}/config.json: num_hidden_layers", n))
    problems: list[str] = []
    warns: list[str] = []
    fixes: list[str] = []
    details: dict[str, Any] = {
        "found": {k: list(v) if isinstance(v, tuple) else v for k, v in found.items()},
        "engine": engine,
    }
    top, nested = found.get(TOP), found.get(NESTED)
    if top is not None and nested is not None and top != nested:
        problems.append(
            f"the top-level key {list(top)} and eagle_config's {list(nested)} differ: SGLang "
            "reads the nested one, vLLM the top-level one, so the two engines capture different "
            "layers"
        )
    if engine == "trtllm" and ctx.args is not None and ctx.args.aux_layers is not None:
        key, why = "eagle3_layers_to_capture", "TensorRT-LLM reads eagle3_layers_to_capture"
        ids: tuple[int, ...] | None = ctx.args.aux_layers
    else:
        read_key, why = engine_reads(engine, found)
        key = read_key or "(none)"
        val = found.get(read_key) if read_key else None
        ids = val if isinstance(val, tuple) else None
    details["read_by_engine"] = key if ids is not None else None
    chunks, fc_ev, fc_note = _fc_chunks(ctx)
    if fc_ev is not None:
        evs.append(fc_ev)
    if fc_note and chunks == -1:
        problems.append(fc_note)
    train_ids, train_src, tevs = _training_ids(ctx)
    evs.extend(tevs)
    if ids is None:
        other = [k for k in found if isinstance(found[k], tuple)]
        msg = f"the engine ({engine or 'unknown'}) reads no ids from this config ({why}"
        msg += f"; present: {', '.join(other)})" if other else ")"
        msg += ": it captures its default layers (outputs of layers 1, N//2-1, N-4)"
        default = (1, n // 2 - 1, n - 4) if n is not None else None
        if train_ids is not None and default is not None and tuple(train_ids) != default:
            problems.append(msg + f", but training used {list(train_ids)} ({train_src})")
            fixes.append(
                f"set eagle_config.{TOP} (read by SGLang) and the top-level {TOP} (vLLM) to "
                f"{list(train_ids)}"
                if engine != "vllm"
                else f"set {TOP} to {list(engine_ids_for(tuple(t + 1 for t in train_ids), 'vllm'))}"
            )
        elif other:
            problems.append(msg)
            src = found[other[0]]
            if engine == "sglang" and other[0] == TOP:
                fixes.append(
                    f"put the ids where SGLang reads them, in its convention: eagle_config.{TOP} "
                    f"= {[i - 1 for i in src]} if {list(src)} were written for vLLM (speculators: "
                    f"id j = input of layer j), {list(src)} if they follow SpecForge's"
                )
            else:
                fixes.append(
                    f"put the ids where {engine or 'the engine'} reads them: {TOP} = {list(src)}"
                )
        else:
            warns.append(msg + " (vllm#50170: a silent default is the top cause of AL ~1)")
            fixes.append(f"write the ids training used into the draft config ({TOP})")
        return _finish(problems, warns, fixes, evs, details, ctx, engine)
    details["ids"] = list(ids)
    if len(set(ids)) != len(ids):
        problems.append(
            f"{key} {list(ids)} repeats an id: engines capture each layer once, so fc gets "
            f"{len(set(ids))} states instead of {len(ids)}"
        )
    elif list(ids) != sorted(ids):
        warns.append(
            f"{key} {list(ids)} is not ascending: SGLang and vLLM capture in layer order "
            f"({sorted(ids)}), while a trainer may have concatenated in list order"
        )
    if chunks is not None and chunks > 0 and chunks != len(ids):
        problems.append(
            f"fc takes {chunks} hidden states ({fc_ev.value if fc_ev else ''}) but {key} names "
            f"{len(ids)}"
        )
    if ctx.training_report is not None:
        cs = {f.chunks for f in ctx.training_report.files if f.chunks} - {None}
        if len(cs) == 1:
            c = cs.pop()
            evs.append(ev("training-dump", str(ctx.inputs.training_dump), f"{c} chunks per row"))
            if c != len(ids):
                problems.append(
                    f"the training dump holds {c} chunks per row, {key} names {len(ids)}"
                )
    eng = engine or ("vllm" if key == TOP and NESTED not in found else "sglang")
    if engine is None:
        warns.append(f"the engine is unknown: read in {eng}'s convention (pass --engine)")
    capturable = True
    if eng == "sglang":
        if any(i < 0 for i in ids):
            capturable = False
            problems.append(
                f"{key} {list(ids)} has -1 (the embedding output): SGLang captures before layer "
                "id+1 and cannot capture the embedding for Llama-family targets (no residual at "
                "layer 0), so fc gets the wrong states; SpecForge rejects negative ids"
            )
        if n is not None:
            hi = [i for i in ids if i >= n - 1]
            if hi and not (tarch in SGLANG_GPT_OSS and max(ids) == n):
                capturable = False
                problems.append(
                    f"id {hi[0]} is the last layer or beyond (target has {n} layers, 0..{n - 1}): "
                    "SGLang captures before layer id+1, which the loop never reaches: fewer aux "
                    "states than fc expects (sglang#32334)"
                )
        if tarch in SGLANG_CONDITIONAL_PLUS1 and ids and ids[0] != 1:
            warns.append(
                f"{tarch} in SGLang >= PR #25454 adds +1 only when the first id is 1: these ids "
                "are used verbatim (input-of-layer convention), one layer earlier than SpecForge "
                "means them"
            )
    elif eng == "vllm":
        if any(i < 0 for i in ids):
            capturable = False
            problems.append(
                f"{key} {list(ids)} has a negative id: vLLM counts from 0 (= the embedding) and "
                "never captures -1, so fc gets fewer states than it expects and the engine dies at "
                "the first request"
            )
        if n is not None and any(i > n for i in ids):
            capturable = False
            problems.append(f"an id above {n} (the target has {n} layers; vLLM ids are 0..{n})")
        if n is not None and train_ids is None and tuple(ids) == (1, n // 2 - 1, n - 4):
            warns.append(
                f"{list(ids)} is SpecForge's default in SpecForge's convention (output of layer "
                "k); vLLM reads id j as the input of layer j, one layer earlier (vllm#43671)"
            )
            fixes.append(f"if the draft was trained with SpecForge: {TOP} = {[i + 1 for i in ids]}")
    elif eng in ("trtllm", "llamacpp"):
        who = "TensorRT-LLM" if eng == "trtllm" else "llama.cpp"
        if any(i < 0 for i in ids):
            capturable = False
            problems.append(
                f"{key} {list(ids)} has a negative id: {who} takes 0-based decoder layer ids "
                "(output of layer k), so -1 names no layer"
            )
        if n is not None and any(i >= n for i in ids):
            capturable = False
            problems.append(f"an id at or above {n}: the target has layers 0..{n - 1}")
        cfg_ids = next((v for k, v in found.items() if isinstance(v, tuple)), None)
        if eng == "trtllm" and cfg_ids is not None and tuple(sorted(cfg_ids)) != tuple(sorted(ids)):
            warns.append(
                f"the draft config names {list(cfg_ids)}, eagle3_layers_to_capture {list(ids)}: "
                "TensorRT-LLM uses the latter"
            )
    if train_ids is not None:
        want_hf = tuple(sorted(t + 1 for t in train_ids))
        got_hf = capture_hf(ids, eng, tarch, n)
        details["training_hf"] = list(want_hf)
        details["engine_hf"] = list(got_hf)
        if want_hf != got_hf:
            fix_ids = engine_ids_for(want_hf, eng)
            problems.append(
                f"{eng} captures HF indices {list(got_hf)} for {list(ids)}, training captured "
                f"{list(want_hf)} ({train_src})"
            )
            fixes.insert(0, f"set {key} to {list(fix_ids)} ({eng}'s convention)")
            details["suggested_ids"] = list(fix_ids)
    if not capturable and "suggested_ids" not in details:
        fixed, how = _shift_fix(tuple(ids), eng, n)
        if fixed is not None:
            fixes.insert(0, f"set {key} to {list(fixed)}: {how}")
            details["suggested_ids"] = list(fixed)
        else:
            fixes.insert(
                0, f"remove the uncapturable ids from {key} and restore the ids training used"
            )
    return _finish(problems, warns, fixes, evs, details, ctx, engine)


def _finish(
    problems: list[str],
    warns: list[str],
    fixes: list[str],
    evs: list[Evidence],
    details: dict[str, Any],
    ctx: Context,
    engine: str | None,
) -> Outcome:
    confirm = []
    if ctx.inputs.training_dump:
        confirm.append(f"specdiag inspect-dump {ctx.inputs.training_dump}")
        if ctx.inputs.served_dump:
            ref = f" --reference {ctx.inputs.reference}" if ctx.inputs.reference else ""
            eng = f" --engine {engine}" if engine in ("sglang", "vllm") else ""
            confirm.append(
                f"specdiag compare-hidden {ctx.inputs.served_dump} {ctx.training_file or ctx.inputs.training_dump}{ref}{eng}"
            )
    if ctx.inputs.server:
        confirm.append(
            f"specdiag probe {ctx.server.url if ctx.server else ctx.inputs.server} --acc ... --steps ..."
        )
    if problems:
        return Outcome(
            Status.FAIL,
            "; ".join(problems),
            tuple(evs),
            fix="; ".join(fixes) if fixes else None,
            confirm=tuple(confirm),
            impact=Impact(ImpactKind.COLLAPSE, None, "wrong aux states make every draft a guess"),
            details=details,
        )
    if warns:
        return Outcome(
            Status.WARN,
            "; ".join(warns),
            tuple(evs),
            fix="; ".join(fixes) if fixes else None,
            confirm=tuple(confirm),
            impact=Impact(
                ImpactKind.COLLAPSE, None, "if the engine reads other layers than training"
            ),
            details=details,
        )
    ids = details.get("ids")
    return Outcome(
        Status.PASS,
        f"{details.get('read_by_engine')} = {ids}: ascending, capturable by {engine or 'the engine'}"
        + (", and the layers training captured" if "training_hf" in details else ""),
        tuple(evs),
        confirm=tuple(confirm),
        details=details,
    )
