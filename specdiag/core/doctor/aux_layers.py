"""EAGLE-3 aux / DFlash target layer ids: where each engine release reads them, what each id
captures, and the fix when the evidence says which layers training captured.

Every id is mapped to the HF ``hidden_states`` index the engine captures for it, through the rule
of the engine's release (:func:`specdiag.core.hidden.conventions.aux_id_rule`); the training side
is read as HF indices too (an identified dump, a SpecForge log in SpecForge's convention, id k =
output of layer k). A fix is the id list that makes the engine capture the trained indices,
checked by mapping it back through the same rule; without training evidence there is no fix,
only the command that would decide it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence, Status
from specdiag.core.doctor.registry import Outcome, check, ev, found, passed, skip, unreadable
from specdiag.core.doctor.typed import Reads, config_ids
from specdiag.core.hidden.conventions import AuxIdRule, aux_id_rule

if TYPE_CHECKING:
    from specdiag.core.hidden.compare_results import CompareResult

TOP = "eagle_aux_hidden_state_layer_ids"
NESTED = "eagle_config.eagle_aux_hidden_state_layer_ids"
# SGLang model files that add +1 only when the first id is 1 (sglang PR #25454)
SGLANG_CONDITIONAL_PLUS1 = (
    "DeepseekV2ForCausalLM",
    "DeepseekV3ForCausalLM",
    "Glm4MoeLiteForCausalLM",
)
SGLANG_GPT_OSS = ("GptOssForCausalLM",)


def read_ids(ctx: Context) -> dict[str, Any]:
    """Every place a draft config can carry aux layer ids (value or an error text)."""
    d = ctx.draft
    out: dict[str, Any] = {}
    if d is None or d.config is None:
        return out
    cfg = d.config
    for name in ("eagle_config", "dflash_config"):
        if (obj := cfg.get(name)) is not None and not isinstance(obj, dict):
            out[name] = f"not an object: {type(obj).__name__}"
    for key in (TOP, NESTED, "target_layer_ids", "dflash_config.target_layer_ids"):
        got = config_ids(cfg, key)
        if got is not None:  # null = not set
            out[key] = got
    return out


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
        why = f"fc input width {width} is not a multiple of the target hidden size {h} ({hsrc})"
        return -1, e, why
    return width // h, e, None


# ------------------------------------------------------------------ what an engine captures


def method_of(ctx: Context, present: dict[str, Any]) -> str:
    """``dflash`` when the draft is a DFlash/DSpark head (its ids are decoder indices), else
    ``eagle3``."""
    d = ctx.draft
    arch = str(d.arch() or "").lower() if d is not None else ""
    m = (ctx.args.method or "").lower() if ctx.args is not None else ""
    if "dflash" in arch or "dspark" in arch or m in ("dflash", "dspark"):
        return "dflash"
    if any(k.endswith("target_layer_ids") for k in present) and not any(
        k.endswith(TOP) for k in present
    ):
        return "dflash"
    return "eagle3"


def capture_hf(
    ids: tuple[int, ...], rule: AuxIdRule, arch: str | None, n: int | None
) -> tuple[int, ...]:
    """HF indices the engine captures for ``ids`` (sorted: engines capture in layer order)."""
    if rule.engine == "sglang" and rule.method == "eagle3":
        if arch in SGLANG_CONDITIONAL_PLUS1 and ids and ids[0] != 1:
            return tuple(sorted(set(ids)))
        if arch in SGLANG_GPT_OSS and n is not None and ids and max(ids) == n:
            return tuple(sorted(set(ids)))
    return tuple(sorted({rule.to_hf(i) for i in ids}))


def ids_for(
    want_hf: tuple[int, ...], rule: AuxIdRule, arch: str | None, n: int | None
) -> tuple[int, ...] | None:
    """The ids that make the engine capture exactly ``want_hf`` (checked by running them back
    through :func:`capture_hf`, so a fix never contradicts the rule), or None if it cannot."""
    for c in (tuple(rule.to_id(h) for h in want_hf), tuple(want_hf)):
        if capture_hf(c, rule, arch, n) == tuple(want_hf) and not rule.uncapturable(c, n):
            return c
    return None


@dataclass(frozen=True)
class IdFix:
    engine: str
    basis: str  # the version the rule is for, measured or assumed
    key: str
    ids: tuple[int, ...]
    snippet: str  # the draft config.json fragment to paste


def snippet_for(key: str, ids: tuple[int, ...], cfg: dict[str, Any] | None) -> str:
    """The config.json fragment that sets ``key`` to ``ids``, keeping the object's other keys."""
    if "." in key:
        outer, inner = key.split(".", 1)
        base = cfg.get(outer) if cfg is not None else None
        obj = dict(base) if isinstance(base, dict) else {}
        obj[inner] = list(ids)
        return f'"{outer}": {json.dumps(obj)}'
    return f'"{key}": {json.dumps(list(ids))}'


def fixes_for(
    ctx: Context, want_hf: tuple[int, ...], method: str, tarch: str | None, n: int | None
) -> list[IdFix]:
    """The ids that capture ``want_hf``, per engine (the deployment's engine first)."""
    engines = ["vllm", "sglang"] if ctx.engine == "vllm" else ["sglang", "vllm"]
    cfg = ctx.draft.config if ctx.draft is not None else None
    out = []
    for eng in engines:
        version = ctx.engine_version if eng == ctx.engine else None
        rule = aux_id_rule(eng, version, method)
        ids = ids_for(want_hf, rule, tarch, n)
        if ids is None:
            continue
        key = rule.key()
        if method == "dflash" and cfg is not None and "target_layer_ids" in cfg:
            key = "target_layer_ids"
        out.append(IdFix(eng, rule.basis, key, ids, snippet_for(key, ids, cfg)))
    return out


# ------------------------------------------------------------------ what training captured


def served_suggestion(ctx: Context, res: CompareResult | None = None) -> tuple[int, ...] | None:
    """The HF indices compare-hidden says the served chunks should have been (when it can)."""
    res = res if res is not None else ctx.served_compare
    if res is None or res.match or not res.suggested_layer_ids:
        return None
    sug = res.suggested_layer_ids
    if "vllm" in sug:
        return tuple(sug["vllm"])
    if "sglang" in sug:
        return tuple(i + 1 for i in sug["sglang"])
    return None


def training_hf(ctx: Context) -> tuple[tuple[int, ...] | None, str | None, list[Evidence]]:
    """The HF indices training captured, with where that was read (the most direct first)."""
    if ctx.training_hf and all(x is not None for x in ctx.training_hf):
        hf = tuple(int(x) for x in ctx.training_hf if x is not None)
        by = (
            f"--reference {ctx.inputs.reference}"
            if ctx.inputs.reference
            else f"the target {ctx.target.path if ctx.target else ''} run on its tokens"
        )
        said = f"HF indices {list(hf)} = SpecForge ids {[h - 1 for h in hf]}"
        e = ev("training-dump", f"{ctx.training_file} identified against {by}", said)
        return hf, "the training dump, layers identified by inspect-dump", [e]
    tl = ctx.training_log
    if tl is not None and tl.layer_ids:
        e = ev("training-log", tl.path, tl.layer_line or str(list(tl.layer_ids)))
        return tuple(sorted(i + 1 for i in tl.layer_ids)), "the training log, SpecForge ids", [e]
    live = ctx.live_capture
    if live is not None and live.compare is not None:
        where = (
            f"{live.url} (capture-only SGLang {live.engine_version or ''}, ids "
            f"{list(live.layer_ids or ())}) vs {ctx.training_file} (capture-hidden sglang --compare)"
        )
        if live.compare.match and live.hf_indices:
            hf = tuple(sorted(live.hf_indices))
            said = f"equal tensor for tensor: training chunks are HF indices {list(hf)}"
            e = ev("server", where, said)
            return hf, "a live SGLang capture equal to the training dump", [e]
        sug = served_suggestion(ctx, live.compare)
        if sug is not None:
            e = ev("server", where, f"training chunks are HF indices {list(sug)}")
            return sug, "compare-hidden of a live SGLang capture with the training dump", [e]
    sug = served_suggestion(ctx)
    if sug is not None:
        where = f"{ctx.inputs.served_dump} vs {ctx.training_file} (compare-hidden)"
        e = ev("served-dump", where, f"training chunks are HF indices {list(sug)}")
        return sug, "compare-hidden of the served dump with the training dump", [e]
    return None, None, []


# ------------------------------------------------------------------ the check


@check("aux-layer-ids")
def aux_layer_ids(ctx: Context) -> Outcome:
    d = ctx.draft
    if d is None:
        return skip("no --draft (or draft path in --server-args) to read")
    if d.config is None:
        return skip(f"the draft's config.json could not be read ({d.path})")
    arch = d.arch()
    present = read_ids(ctx)
    method = method_of(ctx, present)
    is_head = isinstance(arch, str) and any(w in arch.lower() for w in ("eagle3", "dflash"))
    engine = ctx.engine
    evs: list[Evidence] = [ev("draft", f"{d.path}/config.json: {k}", v) for k, v in present.items()]
    if ctx.args is not None and ctx.args.aux_layers is not None:
        where = "speculative_config.eagle3_layers_to_capture"
        evs.append(ev("server-args", where, ctx.args.aux_layers))  # (ev shows it as a list)
    if not present and not is_head and not (ctx.args and ctx.args.aux_layers):
        return skip(
            "the draft is not an EAGLE-3 or DFlash head (no layer ids, architectures "
            f"{d.cfg('architectures')})"
        )
    bad = [(k, f"{k} is {v}") for k, v in present.items() if isinstance(v, str)]
    if bad:
        return Outcome(
            Status.UNREADABLE,
            f"unreadable: draft config.json {'; '.join(why for _, why in bad)}: the layers the "
            "engine captures cannot be decided",
            tuple(evs),
            fix=f"write {bad[0][0]} as a list of integer layer ids",
            details={"unreadable": [why for _, why in bad]},
        )
    r = Reads()
    n = ctx.target_layers(r)
    ctx.target_hidden(r)
    if (unread := unreadable(r, "the aux layer ids")) is not None:
        return unread
    tarch = ctx.target.arch() if ctx.target is not None else None
    if ctx.target is not None and n is not None:
        evs.append(ev("target", f"{ctx.target.path}/config.json: num_hidden_layers", n))
    problems: list[str] = []
    warns: list[str] = []
    fixes: list[str] = []
    details: dict[str, object] = {
        "found": {k: list(v) if isinstance(v, tuple) else v for k, v in present.items()},
        "engine": engine,
        "engine_version": ctx.engine_version,
        "method": method,
    }
    top, nested = present.get(TOP), present.get(NESTED)
    if top is not None and nested is not None and top != nested:
        warns.append(
            f"the top-level key {list(top)} and eagle_config's {list(nested)} differ: SGLang "
            "reads the nested one, vLLM the top-level one first, so the two engines capture "
            "different layers (right for at most one of them unless each is in its engine's "
            "convention)"
        )
    eng = engine or ("vllm" if (TOP in present and NESTED not in present) else "sglang")
    rule = (
        aux_id_rule(eng, ctx.engine_version if engine else None, method)
        if eng in ("sglang", "vllm")
        else None
    )
    if rule is not None:
        details["rule"] = rule.basis
        evs.append(ev("engine", f"{eng} id rule ({rule.source})", rule.basis))
    if eng == "trtllm" and ctx.args is not None and ctx.args.aux_layers is not None:
        key, why = "eagle3_layers_to_capture", "TensorRT-LLM reads eagle3_layers_to_capture"
        got: object = ctx.args.aux_layers
    elif rule is not None:
        key = next((k for k in rule.config_keys if isinstance(present.get(k), tuple)), "(none)")
        why = f"{eng} reads {' then '.join(rule.config_keys)}"
        got = present.get(key)
    else:  # llama.cpp, TensorRT-LLM: the top-level key first, then eagle_config
        keys = (TOP, NESTED, "target_layer_ids") if eng in ("llamacpp", "trtllm") else ()
        key = next((k for k in keys if k in present), "(none)")
        why = "read the top-level key first, then eagle_config" if key in present else "no ids"
        got = present.get(key)
    ids: tuple[int, ...] | None = got if isinstance(got, tuple) else None
    details["read_by_engine"] = key if ids is not None else None
    chunks, fc_ev, fc_note = _fc_chunks(ctx)
    if fc_ev is not None:
        evs.append(fc_ev)
    if fc_note and chunks == -1:
        problems.append(fc_note)
    want_hf, train_src, tevs = training_hf(ctx)
    evs.extend(tevs)
    if engine is None:
        warns.append(f"the engine is unknown: read in {eng}'s rules (pass --engine)")
    if ids is not None:
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
                f"fc takes {chunks} hidden states ({fc_ev.value if fc_ev else ''}) but {key} "
                f"names {len(ids)}"
            )
    if ctx.training_report is not None:
        cs = {f.chunks for f in ctx.training_report.files if f.chunks} - {None}
        if len(cs) == 1 and ids is not None:
            c = cs.pop()
            evs.append(ev("training-dump", str(ctx.inputs.training_dump), f"{c} chunks per row"))
            if c != len(ids):
                problems.append(
                    f"the training dump holds {c} chunks per row, {key} names {len(ids)}"
                )
    got_hf: tuple[int, ...] | None = None
    if ids is None:
        msg = f"{eng} reads no ids from this config ({why}"
        other = [k for k in present if isinstance(present[k], tuple)]
        msg += f"; present: {', '.join(other)})" if other else ")"
        if rule is not None and n is not None:
            got_hf = rule.default_hf(n)
            msg += f": it captures its default, HF indices {list(got_hf)}"
        meant = {tuple(sorted(i + 1 for i in present[k])) for k in other} | {
            tuple(sorted(present[k])) for k in other
        }  # the ids in either convention
        if want_hf is not None:
            if got_hf is not None and got_hf != want_hf:
                problems.append(msg)
        elif other and got_hf is not None and got_hf not in meant:
            problems.append(
                msg + f", which are not the layers {', '.join(other)} names in either convention"
            )
        else:
            warns.append(msg + " (vllm#50170: a silent default is the top cause of AL ~1)")
    elif rule is not None:
        bad_ids = rule.uncapturable(ids, n)
        if bad_ids:
            lo = [i for i in bad_ids if rule.to_hf(i) < rule.lowest_hf()]
            hi = [i for i in bad_ids if i not in lo]
            if lo:
                problems.append(
                    f"{key} {list(ids)} has {lo[0]}: {eng} ({rule.basis}) cannot capture it "
                    "(it names no layer in this engine's convention), so fc gets fewer states "
                    "than it expects and the engine dies at the first request"
                )
            if hi:
                problems.append(
                    f"id {hi[0]} is the last layer's output or beyond (target has {n} layers): "
                    f"{eng} ({rule.basis}) never captures it, so fc gets fewer states than it "
                    "expects and the first request kills the engine (sglang#32334)"
                )
        got_hf = capture_hf(ids, rule, tarch, n)
        details["engine_hf"] = list(got_hf)
        if rule.engine == "sglang" and any(i < 0 for i in ids) and not bad_ids and want_hf is None:
            warns.append(
                f"{key} {list(ids)} has -1, the embedding output: {eng} captures it ({rule.basis}), "
                "but SpecForge does not train on negative ids, so a SpecForge-trained draft "
                "learned other layers"
            )
        if (
            rule.engine == "vllm"
            and n is not None
            and want_hf is None
            and method == "eagle3"
            and tuple(ids) == (1, n // 2 - 1, n - 4)
        ):
            warns.append(
                f"{list(ids)} is SpecForge's default in SpecForge's convention (output of layer "
                "k); vLLM reads id j as the input of layer j, one layer earlier (vllm#43671)"
            )
    else:  # TensorRT-LLM, llama.cpp: 0-based decoder ids (output of layer k)
        who = "TensorRT-LLM" if eng == "trtllm" else "llama.cpp"
        if any(i < 0 for i in ids):
            problems.append(
                f"{key} {list(ids)} has a negative id: {who} takes 0-based decoder layer ids "
                "(output of layer k), so -1 names no layer"
            )
        if n is not None and any(i >= n for i in ids):
            problems.append(f"an id at or above {n}: the target has layers 0..{n - 1}")
        got_hf = tuple(sorted(i + 1 for i in ids))
        cfg_ids = next((v for k, v in present.items() if isinstance(v, tuple)), None)
        if eng == "trtllm" and cfg_ids is not None and tuple(sorted(cfg_ids)) != tuple(sorted(ids)):
            warns.append(
                f"the draft config names {list(cfg_ids)}, eagle3_layers_to_capture {list(ids)}: "
                "TensorRT-LLM uses the latter"
            )
    snippet = None
    if want_hf is not None:
        details["training_hf"] = list(want_hf)
        if got_hf is not None and got_hf != want_hf:
            problems.append(
                f"{eng} captures HF indices {list(got_hf)} for {list(ids) if ids else 'its default'}, "
                f"training captured {list(want_hf)} ({train_src})"
            )
        if problems:
            plan = fixes_for(ctx, want_hf, method, tarch, n) if rule is not None else []
            plan = [f for f in plan if present.get(f.key) != f.ids]  # never the current value
            if rule is None and eng in ("trtllm", "llamacpp"):
                want_ids = tuple(h - 1 for h in want_hf)
                if ids != want_ids:
                    fixes.append(f"set {key} to {list(want_ids)} (0-based decoder layers)")
                    details["suggested_ids"] = list(want_ids)
            mine = next((f for f in plan if f.engine == eng), None)
            if plan:
                details["fix_ids"] = {
                    f.engine: {"key": f.key, "ids": list(f.ids), "rule": f.basis} for f in plan
                }
            if mine is not None:
                others = [f for f in plan if f is not mine]
                details["suggested_ids"] = list(mine.ids)
                fixes.insert(
                    0,
                    f"in {d.path}/config.json set {mine.key} to {list(mine.ids)} "
                    f"({mine.engine}, {mine.basis})"
                    + "".join(
                        f"; for {f.engine}: {f.key} = {list(f.ids)} ({f.basis})" for f in others
                    ),
                )
                snippet = mine.snippet
            elif rule is not None and not fixes:
                problems.append(
                    f"no id list makes {eng} ({rule.basis}) capture HF indices {list(want_hf)}"
                    + (
                        "; "
                        + ", ".join(f"{f.engine} can, with {f.key} = {list(f.ids)}" for f in plan)
                        if plan
                        else ""
                    )
                    + ": retrain the draft on layers this engine can capture"
                )
    elif problems or warns:
        details["unknown"] = "which layers the draft was trained on"
        # the one command that would tell which layers the draft was trained on
        dump = ctx.training_file or ctx.inputs.training_dump or "<training hidden-state dump>"
        target = ctx.target.path if ctx.target is not None else "<target checkpoint dir>"
        details["decide"] = f"specdiag inspect-dump {dump} --target {target}"
        if problems or any("-1" in w or "default" in w for w in warns):
            (problems if problems else warns)[-1] += (
                "; which layers the draft was trained on is unknown (no identified training "
                "dump, training log or served dump): the fix cannot be derived"
            )
    decide = details.get("decide")
    confirm = _confirm(ctx, engine, decide if isinstance(decide, str) else None)
    if problems or warns:
        return found(
            Status.FAIL if problems else Status.WARN,
            "; ".join(problems or warns),
            evs,
            fix="; ".join(fixes) if fixes else None,
            cause="aux-ids-wrong" if problems else "aux-ids-in-doubt",
            confirm=confirm,
            details=details,
            snippet=snippet,
        )
    return passed(
        f"{details.get('read_by_engine')} = {details.get('ids')}: capturable by {engine or 'the engine'}"
        + (f" ({details['rule']})" if "rule" in details else "")
        + (", and the layers training captured" if "training_hf" in details else ""),
        evs,
        confirm=confirm,
        details=details,
    )


def _confirm(ctx: Context, engine: str | None, decide: str | None) -> tuple[str, ...]:
    """The commands that confirm the finding on the evidence given (``decide`` first)."""
    confirm = []
    if decide is not None:
        confirm.append(decide)
    elif ctx.inputs.training_dump and ctx.training_hf:
        by = (
            f"--reference {ctx.inputs.reference}"
            if ctx.inputs.reference
            else f"--target {ctx.target.path if ctx.target else '<target>'}"
        )
        confirm.append(
            f"specdiag inspect-dump {ctx.training_file or ctx.inputs.training_dump} {by}"
        )
    elif ctx.inputs.training_dump:
        confirm.append(f"specdiag inspect-dump {ctx.inputs.training_dump}")
    if ctx.inputs.served_dump and ctx.inputs.training_dump:
        ref = f" --reference {ctx.inputs.reference}" if ctx.inputs.reference else ""
        eng = f" --engine {engine}" if engine in ("sglang", "vllm") else ""
        confirm.append(
            f"specdiag compare-hidden {ctx.inputs.served_dump} "
            f"{ctx.training_file or ctx.inputs.training_dump}{ref}{eng}"
        )
    lc = ctx.live_capture
    if lc is not None and ctx.training_file:
        confirm.append(
            f"specdiag capture-hidden sglang {lc.url} --like {ctx.training_file} "
            f"-o served.safetensors --compare {ctx.training_file}"
        )
    if ctx.inputs.server:
        url = ctx.server.url if ctx.server else ctx.inputs.server
        confirm.append(f"specdiag probe {url} --acc ... --steps ...")
    return tuple(confirm)
