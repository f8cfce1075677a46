"""Tree settings: SGLang num_draft_tokens against steps and topk."""

from __future__ import annotations

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, warn


@check("tree-settings")
def tree_settings(ctx: Context) -> Outcome:
    steps, topk, ndt, src = ctx.spec_settings()
    if steps is None or ndt is None:
        return skip(
            "steps and num_draft_tokens are not known (SGLang /server_info or --server-args)"
        )
    topk = topk or 1
    evs = (
        ev(
            "server" if src and src.startswith("server") else "server-args",
            src or "",
            f"steps {steps}, topk {topk}, num_draft_tokens {ndt}",
        ),
    )
    if topk == 1:
        if ndt < steps + 1:
            return fail(
                f"chain of {steps} drafts but only {ndt} tokens verified: drafts beyond "
                f"{ndt - 1} are thrown away, accept length is capped at {ndt}",
                evs,
                cause="chain-verify-short",
                fix=f"--speculative-num-draft-tokens {steps + 1} (or --speculative-num-steps {ndt - 1})",
                details={"cap": ndt},
            )
        if ndt > steps + 1:
            return warn(
                f"chain (topk 1) of {steps} drafts with num_draft_tokens {ndt}: only {steps + 1} "
                "can be verified; the rest of the verify width is idle work",
                evs,
                cause="chain-verify-idle",
                fix=f"--speculative-num-draft-tokens {steps + 1}",
            )
        return passed(f"chain: {steps} drafts, {ndt} verified tokens", evs)
    # SGLang's organize_draft_results takes the top num_draft_tokens-1 scores among the topk
    # first-level candidates and the topk*topk expanded candidates of every later level.
    nodes = topk + (steps - 1) * topk * topk + 1
    if ndt > nodes:
        return fail(
            f"num_draft_tokens {ndt} exceeds the {nodes} candidates (root included) a "
            f"depth-{steps}, topk-{topk} tree has",
            evs,
            cause="tree-infeasible",
            fix=f"--speculative-num-draft-tokens <= {nodes}",
        )
    if ndt < steps + 1:
        return warn(
            f"tree of depth {steps} but only {ndt} verified tokens: the deepest levels are never "
            f"verified (accept length <= {ndt})",
            evs,
            cause="tree-verify-short",
            fix=f"--speculative-num-draft-tokens >= {steps + 1}",
            details={"cap": ndt},
        )
    return passed(
        f"tree: depth {steps}, topk {topk}, {ndt} of {nodes} nodes verified (the chain prediction "
        "is a lower bound; SpecBundle shows trees often below chains at equal num_draft_tokens)",
        evs,
    )
