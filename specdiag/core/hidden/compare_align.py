"""Which served token is which training token, which reference token, and how wide a chunk is."""

from __future__ import annotations

from dataclasses import replace

from specdiag.core.hidden.compare_results import AlignmentStatus, CompareOptions, TokenAlignment
from specdiag.core.hidden.loading import Dump
from specdiag.errors import InputError, UsageError


def find_tokens(hay: list[int], needle: list[int]) -> int | None:
    """First start where ``needle`` occurs inside ``hay``."""
    if not needle or len(needle) > len(hay):
        return None
    first = needle[0]
    n = len(needle)
    for i in range(len(hay) - n + 1):
        if hay[i] == first and hay[i : i + n] == needle:
            return i
    return None


def align_tokens(served: Dump, training: Dump, offset: int | None) -> TokenAlignment:
    """Where served token 0 sits in the training sample, and how many tokens compare."""
    ns, nt = served.valid_tokens, training.valid_tokens
    sids, tids = served.ids_list(), training.ids_list()
    if offset is not None and not 0 <= offset < nt:
        raise UsageError(
            f"--offset {offset} is outside the training sample (0..{nt - 1})",
            hint="--offset is the training position of served token 0",
        )
    if sids is None or tids is None:
        o = offset or 0
        n = min(ns, nt - o)
        which = "the training dump" if sids is not None else "the served dump"
        which = "neither dump" if sids is None and tids is None else which
        status = AlignmentStatus.UNAVAILABLE if offset is None else AlignmentStatus.OFFSET
        desc = f"no input_ids in {which}: served token 0 taken as training position {o} (--offset)"
        return TokenAlignment(status, 0, o, n, ns, nt, description=f"{desc}, {n} tokens compared")
    sids, tids = sids[:ns], tids[:nt]
    if offset is None:
        found = find_tokens(tids, sids)
        if found is not None:
            o = found
            status = (
                AlignmentStatus.IDENTICAL if (o == 0 and ns == nt) else AlignmentStatus.CONTAINED
            )
            desc = (
                f"input_ids identical ({ns} tokens)"
                if status is AlignmentStatus.IDENTICAL
                else f"served tokens (all {ns}) found at training position {o}"
            )
            return TokenAlignment(status, 0, o, ns, ns, nt, description=desc)
        o2 = find_tokens(sids, tids)
        if o2 is not None:  # training sample inside the served tokens
            desc = f"the training sample (all {nt} tokens) found at served position {o2}"
            status = AlignmentStatus.TRAINING_INSIDE_SERVED
            return TokenAlignment(status, o2, 0, nt, ns, nt, description=desc)
    return _first_difference(sids, tids, offset or 0, training)


def _first_difference(sids: list[int], tids: list[int], o: int, training: Dump) -> TokenAlignment:
    """Served token 0 at training position ``o``: equal throughout, diverged, or differing."""
    ns, nt = len(sids), len(tids)
    n = min(ns, nt - o)
    p = next((i for i in range(n) if sids[i] != tids[o + i]), None)
    if p is None:
        desc = f"served tokens equal training positions {o}..{o + n - 1} (--offset)"
        return TokenAlignment(AlignmentStatus.OFFSET, 0, o, n, ns, nt, description=desc)
    mask = training.loss_mask
    if p > 0 and mask is not None and int(mask[o + p]) == 1 and int(mask[o + p - 1]) == 1:
        # the first differing token lies inside an answer, after an answer token that agreed:
        # the served request generated another answer after the same prompt. A difference at
        # the first answer token stays a template finding (e.g. Qwen3's empty think block).
        status = AlignmentStatus.DIVERGED
        description = (
            f"input_ids equal up to served position {p}, where the served answer diverges "
            f"from the training answer (served id {sids[p]}, training id {tids[o + p]}; "
            f"loss_mask 1 there, so the prompt and template agree); the {p} tokens before "
            "it are compared"
        )
    else:
        status = AlignmentStatus.DIFFER
        description = (
            f"input_ids differ at served position {p} (served id {sids[p]}, training id "
            f"{tids[o + p]}): a different chat template, system prompt or tokenizer; only the "
            f"{p} tokens before it are compared"
        )
    return TokenAlignment(
        status,
        0,
        o,
        p,
        ns,
        nt,
        first_difference=p,
        served_id=sids[p],
        training_id=tids[o + p],
        description=description,
    )


def reference_start(reference: Dump, training: Dump, served: Dump, al: TokenAlignment) -> int:
    """Reference position of the first compared token: found by the served ids, else by the
    training ids; without reference ids, the training position."""
    need = al.tokens
    rids = reference.ids_list()
    if rids is not None:
        for ids, start in (
            (served.ids_list(), al.served_start),
            (training.ids_list(), al.training_start),
        ):
            o = find_tokens(rids, ids[start : start + need]) if ids is not None else None
            if o is not None:
                return o
        raise InputError(
            f"{reference.source}: its input_ids do not contain the compared tokens",
            hint="the reference must be the target's hidden_states on the same tokens",
        )
    if reference.num_tokens < al.training_start + need:
        raise InputError(
            f"{reference.source}: {reference.num_tokens} tokens, fewer than the "
            f"{al.training_start + need} needed",
            hint="the reference must cover the training sample's tokens",
        )
    return al.training_start


def hidden_sizes(
    served: Dump, training: Dump, opts: CompareOptions, reference: Dump | None
) -> tuple[int, int, list[str]]:
    """(H of training, H of served, notes). Raises UsageError for an impossible --hidden-size."""
    notes: list[str] = []
    wt, ws = training.width, served.width
    if opts.hidden_size is not None:
        h = opts.hidden_size
        if h <= 0 or wt % h:
            raise UsageError(
                f"--hidden-size {h} does not divide the training row width {wt}",
                hint="pass the target model's hidden_size",
            )
        ht = h
    elif training.hidden_size is not None:
        ht = training.hidden_size
    elif (
        reference is not None
        and reference.hidden_size is not None
        and wt % reference.hidden_size == 0
    ):
        ht = reference.hidden_size
    elif opts.training_layers and wt % len(opts.training_layers) == 0:
        ht = wt // len(opts.training_layers)
    elif served.hidden_size is not None and wt % served.hidden_size == 0:
        ht = served.hidden_size
    elif wt % 3 == 0:
        ht = wt // 3
        notes.append(
            f"hidden size not recorded in the dumps: assumed 3 chunks of {ht} (EAGLE-3); "
            "pass --hidden-size to be sure"
        )
    else:
        ht = wt
    if wt % ht:
        raise InputError(
            f"training row width {wt} is not a multiple of its hidden size {ht}",
            hint="pass the target model's --hidden-size",
        )
    if served.hidden_size is not None and opts.hidden_size is None:
        hs = served.hidden_size
    elif ws % ht == 0:
        hs = ht
    elif opts.served_layers and ws % len(opts.served_layers) == 0:
        hs = ws // len(opts.served_layers)
    elif ws % 3 == 0:
        hs = ws // 3
    else:
        hs = ws
    return ht, hs, notes


def as_stack(reference: Dump, h: int) -> Dump:
    """The reference as rows of L+1 layers of ``h`` (the dumps' hidden size), which it must be."""
    if reference.hidden_size not in (None, h):
        raise InputError(
            f"{reference.source}: hidden size {reference.hidden_size}, the dumps have {h}",
            hint="the reference must be the same target model's hidden_states",
        )
    if reference.width % h:
        raise InputError(
            f"{reference.source}: rows of {reference.width} features are not layers of size {h}",
            hint="the reference must be the same target model's hidden_states [L+1, T, H]",
        )
    return replace(reference, hidden_size=h)
