"""Vocabulary size, special tokens and tokenizer files: draft against target."""

from __future__ import annotations

import json
from pathlib import Path

from specdiag.core.doctor.checkpoint import MAX_JSON_BYTES, read_json, read_regular_bytes
from specdiag.core.doctor.context import Context
from specdiag.core.doctor.model import Evidence
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, unreadable, warn
from specdiag.core.doctor.typed import Reads


def _is_head(ctx: Context) -> bool:
    """An EAGLE/MTP head shares the target's tokenizer by construction."""
    d = ctx.draft
    arch = (d.arch() or "").lower() if d is not None else ""
    return "eagle" in arch or "mtp" in arch or "medusa" in arch


@check("vocab-size")
def vocab_size(ctx: Context) -> Outcome:
    d, t = ctx.draft, ctx.target
    if d is None or t is None or d.config is None or t.config is None:
        return skip("needs both --draft and --target config.json")
    r = Reads()
    dv, tv = r.integer(d, "vocab_size"), r.integer(t, "vocab_size")
    if (bad := unreadable(r, "the vocabulary sizes")) is not None:
        return bad
    evs: list[Evidence] = [
        ev("draft", f"{d.path}/config.json: vocab_size", dv),
        ev("target", f"{t.path}/config.json: vocab_size", tv),
    ]
    if not isinstance(dv, int) or not isinstance(tv, int):
        return skip("vocab_size missing from a config.json")
    emb = (t.tensors or {}).get("model.embed_tokens.weight")
    if emb is not None and emb.shape and emb.shape[0] != tv:
        where = f"{t.path}/{emb.file}: model.embed_tokens.weight"
        evs.append(ev("target", where, f"shape {list(emb.shape)}"))
        return fail(
            f"the target's embedding has {emb.shape[0]} rows but config.json says vocab_size {tv}",
            evs,
            cause="embedding-rows",
        )
    if dv != tv:
        head = _is_head(ctx)
        return fail(
            f"draft vocab_size {dv} vs target {tv}: "
            + (
                "an EAGLE-3 head's vocab_size is the target's vocabulary (the reduced one is "
                "draft_vocab_size), so d2t/t2d map into the wrong vocabulary"
                if head
                else "draft and target tokenise differently, so draft token ids mean other tokens "
                "(acceptance falls with vocabulary overlap: 99.8% -> ~61%, 80% -> ~25%, vllm#38174)"
            ),
            evs,
            cause="vocab-differs",
            fix="use a draft trained for this target (same tokenizer)"
            if not head
            else f"set the draft's vocab_size to {tv} and keep draft_vocab_size for the reduced vocabulary",
        )
    return passed(f"both vocabularies have {tv} tokens", evs)


@check("special-tokens")
def special_tokens(ctx: Context) -> Outcome:
    d, t = ctx.draft, ctx.target
    if d is None or t is None:
        return skip("needs both --draft and --target")
    if d.tokenizer is None or t.tokenizer is None:
        return skip(
            "no tokenizer files or special-token ids in "
            + ("the draft" if d.tokenizer is None else "the target")
            + (
                " (EAGLE/MTP heads use the target's tokenizer)"
                if d.tokenizer is None and _is_head(ctx)
                else ""
            )
        )
    dt, tt = d.tokenizer, t.tokenizer
    problems: list[str] = []
    warns: list[str] = []
    evs: list[Evidence] = []
    for k in sorted(set(dt.special_ids) & set(tt.special_ids)):
        evs.append(ev("draft", f"{d.path}: {k}", dt.special_ids[k]))
        evs.append(ev("target", f"{t.path}: {k}", tt.special_ids[k]))
        if dt.special_ids[k] != tt.special_ids[k]:
            (problems if k == "eos_token_id" else warns).append(
                f"{k}: draft {dt.special_ids[k]}, target {tt.special_ids[k]}"
            )
    for k in sorted(set(dt.special) & set(tt.special)):
        if dt.special[k] != tt.special[k]:
            warns.append(f"{k}: draft {dt.special[k]!r}, target {tt.special[k]!r}")
            evs.append(ev("draft", f"{d.path}/tokenizer_config.json: {k}", dt.special[k]))
            evs.append(ev("target", f"{t.path}/tokenizer_config.json: {k}", tt.special[k]))
    if dt.sha256 and tt.sha256:
        evs.append(ev("draft", f"{d.path}/tokenizer.json sha256", dt.sha256[:16]))
        evs.append(ev("target", f"{t.path}/tokenizer.json sha256", tt.sha256[:16]))
        if dt.sha256 != tt.sha256:
            dv, tv = dt.token_ids, tt.token_ids  # the share of the draft's tokens at the same id
            same = sum(1 for k, i in dv.items() if tv.get(k) == i) / len(dv) if dv and tv else None
            share = (
                f"; {same:.1%} of the draft's tokens have the same id in the target "
                "(TLI measured ~61% acceptance at 99.8% overlap, ~25% at 79.8%: vllm#38174)"
                if same is not None
                else ""
            )
            if same is not None and same >= 0.999:
                warns.append(
                    "tokenizer.json files differ but map the same tokens to the same ids" + share
                )
            elif same is None and dt.vocab_size is not None and dt.vocab_size == tt.vocab_size:
                warns.append(
                    "tokenizer.json files differ (same vocabulary size): check merges and added "
                    "tokens"
                )
            else:
                problems.append(
                    f"tokenizer.json files differ (vocabulary {dt.vocab_size} vs "
                    f"{tt.vocab_size}){share}"
                )
    if problems:
        return fail("; ".join(problems + warns), evs, cause="tokenizers-differ")
    if warns:
        return warn("; ".join(warns), evs, cause="special-tokens-differ")
    if not evs:
        return skip("the draft and target tokenizer files name no common special token")
    return passed("special tokens and tokenizer files agree", evs)


@check("chat-template")
def chat_template(ctx: Context) -> Outcome:
    d, t = ctx.draft, ctx.target
    override = ctx.args.flag("--chat-template") if ctx.args is not None else None
    dt = _template(d.path) if d is not None else None
    tt = _template(t.path) if t is not None else None
    evs: list[Evidence] = []
    if isinstance(override, str):
        evs.append(ev("server-args", "--chat-template", override))
    if dt is not None:
        evs.append(ev("draft", dt[0], f"{len(dt[1])} characters"))
    if tt is not None:
        evs.append(ev("target", tt[0], f"{len(tt[1])} characters"))
    if isinstance(override, str):
        return warn(
            f"the server renders prompts with --chat-template {override}, not the target's own "
            "template: unless the training data was rendered with it, the draft sees another "
            "format (thinking on/off flips DFlash from 9.5 to ~3 accepted per round)",
            evs,
            cause="template-override",
        )
    if dt is None or tt is None:
        return skip(
            "needs the chat template of both draft and target (EAGLE heads rarely ship one)"
        )
    if dt[1].strip() != tt[1].strip():
        return warn(
            "the draft's chat template differs from the target's: training data rendered with "
            "one and served with the other puts the draft off distribution",
            evs,
            cause="templates-differ",
        )
    return passed("draft and target carry the same chat template", evs)


def _template(path: str) -> tuple[str, str] | None:
    p = Path(path)
    j = p / "chat_template.jinja"
    if j.is_file():
        try:
            return str(j), read_regular_bytes(j, MAX_JSON_BYTES).decode("utf-8", "replace")
        except OSError:
            return None
    tc = p / "tokenizer_config.json"
    doc = read_json(tc, "", []) if tc.is_file() else None  # (checkpoint.py reported a bad one)
    v = doc.get("chat_template") if isinstance(doc, dict) else None
    if isinstance(v, (str, list)):  # a list: named templates
        return f"{tc}: chat_template", v if isinstance(v, str) else json.dumps(v, sort_keys=True)
    return None
