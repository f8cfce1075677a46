"""The commands that confirm a finding independently, for checks that name none themselves.

Each is a command a user can paste: another specdiag command on the same evidence, or a one-line
look at the file and key the check read.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from specdiag.core.doctor.context import Context

_q = shlex.quote


def _tensor_file(ctx: Context, name: str) -> str | None:
    d = ctx.draft
    if d is None or not d.tensors:
        return None
    meta = d.tensors.get(name) or next(iter(d.tensors.values()), None)
    return f"{d.path}/{meta.file}" if meta is not None else None


def _python_on(name: str, code: str) -> Callable[[Context], tuple[str, ...]]:
    """``python -c CODE`` on the draft weight file holding ``name`` (``FILE`` in ``code``)."""

    def make(ctx: Context) -> tuple[str, ...]:
        f = _tensor_file(ctx, name)
        return () if f is None else ('python -c "' + code.replace("FILE", repr(f)) + '"',)

    return make


_shapes = _python_on(
    "fc.weight",
    "from safetensors import safe_open; f = safe_open(FILE, 'np'); "
    "[print(k, f.get_slice(k).get_shape(), f.get_slice(k).get_dtype()) for k in f.keys()]",
)
_d2t = _python_on(
    "d2t",
    "from safetensors.numpy import load_file; t = load_file(FILE); "
    "print({k: t[k].shape for k in ('d2t', 't2d') if k in t}); d = t.get('d2t'); "
    "print(None if d is None else (d[:8], (d + range(len(d))).max()))",
)


def _configs(*keys: str) -> Callable[[Context], tuple[str, ...]]:
    def make(ctx: Context) -> tuple[str, ...]:
        files = [f"{m.path}/config.json" for m in (ctx.draft, ctx.target) if m is not None]
        if not files:
            return ()
        pat = "|".join(keys)
        return (f"grep -nE '\"({pat})\"' " + " ".join(_q(f) for f in files),)

    return make


def _logs(ctx: Context) -> tuple[str, ...]:
    if not ctx.logs:
        return ()
    return ("specdiag logs " + " ".join(_q(p) for p in ctx.logs.paths),)


def _grep_logs(pattern: str) -> Callable[[Context], tuple[str, ...]]:
    def make(ctx: Context) -> tuple[str, ...]:
        if not ctx.logs:
            return ()
        return (f"grep -nE -m5 {_q(pattern)} " + " ".join(_q(p) for p in ctx.logs.paths),)

    return make


def _probe(ctx: Context) -> tuple[str, ...]:
    if ctx.server is None:
        return ()
    acc = ""
    if ctx.acc:
        acc = " --acc " + ",".join(f"{a:g}" for a in ctx.acc)
        k, _ = ctx.served_steps()
        if len(ctx.acc) == 1 and k:
            acc += f" --steps {k}"
    return (f"specdiag probe {ctx.server.url}{acc}",)


def _tree(ctx: Context) -> tuple[str, ...]:
    steps, topk, ndt, _ = ctx.spec_settings()
    if steps is None or ndt is None:
        return ()
    acc = ",".join(f"{a:g}" for a in ctx.acc) if ctx.acc else "0.75"
    steps_flag = f" --steps {steps}" if not ctx.acc or len(ctx.acc) == 1 else ""
    return (
        f"specdiag expected-accept --acc {acc}{steps_flag} --eagle-topk {topk or 1} "
        f"--num-draft-tokens {ndt}",
    )


def _mtp(ctx: Context) -> tuple[str, ...]:
    t = ctx.target
    if t is None:
        return ()
    src = t.weights_source or ""
    if src.endswith(".index.json"):
        return (
            'python -c "import json; m = json.load(open('
            + repr(f"{t.path}/{src}")
            + "))['weight_map']; print(sorted({int(k.split('.')[2]) for k in m "
            "if k.startswith('model.layers.')})[-3:])\"",
        )
    return _shapes(ctx)


DEFAULTS: dict[str, Callable[[Context], tuple[str, ...]]] = {
    "d2t-t2d": _d2t,
    "draft-shapes": _shapes,
    "norm-before-fc": lambda ctx: _configs("norm_before_fc", "fc_norm")(ctx) + _shapes(ctx),
    "mtp-weights": _mtp,
    "rope-positions": _configs(
        "max_position_embeddings", "rope_theta", "rope_scaling", "rope_type"
    ),
    "vocab-size": _configs("vocab_size", "draft_vocab_size"),
    "special-tokens": _configs("bos_token_id", "eos_token_id", "pad_token_id"),
    "tree-settings": _tree,
    "cuda-graph": _logs,
    "rank-outlier": _logs,
    "category-outlier": _probe,
    "lifetime-vs-run": _probe,
    "pooled-vs-mean": lambda ctx: _probe(ctx) or _logs(ctx),
    "log-errors": _grep_logs("Error|invalid for input|shapes cannot be multiplied"),
    "synthetic-acceptance": _grep_logs("synthetic"),
    "server-probe": _probe,
}
