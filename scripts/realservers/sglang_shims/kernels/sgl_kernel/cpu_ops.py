"""Plain-torch versions of the `sgl_kernel` CPU ops that SGLang's EAGLE-3 CPU path calls.

Each follows the reference kernel SGLang ships for the same op (named in its docstring): the same
arguments, the same in-place writes. Written for tiny test batches: clear, not fast. Test-harness
code only (see __init__.py).
"""

from __future__ import annotations

import ctypes

import torch


def _flat(t: torch.Tensor) -> torch.Tensor:
    """A 1-D view that writes through to `t` (the reference kernels store through raw pointers)."""
    if not t.is_contiguous():
        raise RuntimeError("specdiag sgl_kernel stand-in: expected a contiguous tensor")
    return t.view(-1)


# -- KV-cache bookkeeping -------------------------------------------------------------------------


def copy_all_layer_kv_cache_cpu(data_ptrs, strides, tgt_loc, src_loc):
    """kvcache/cache_move.py: in every KV buffer (base address, row size in bytes) copy row
    src_loc[i] to row tgt_loc[i]. All sources are read before any target is written."""
    sources, targets = src_loc.tolist(), tgt_loc.tolist()
    for base, row_bytes in zip(data_ptrs.tolist(), strides.tolist()):
        saved = [ctypes.string_at(base + s * row_bytes, row_bytes) for s in sources]
        for t, row in zip(targets, saved):
            ctypes.memmove(base + t * row_bytes, row, row_bytes)


def _spans(req_pool_indices, start_offset, end_offset):
    """(request row, start, end, offset into the packed location list) of each request."""
    packed = 0
    for row, start, end in zip(
        req_pool_indices.tolist(), start_offset.tolist(), end_offset.tolist()
    ):
        yield row, start, end, packed
        packed += max(end - start, 0)


def assign_req_to_token_pool_cpu(
    req_pool_indices, req_to_token, start_offset, end_offset, out_cache_loc, pool_len
):
    """mem_cache/allocation.py assign_req_to_token_pool: the packed cache locations of each
    request go to its row of the request-to-token table, columns [start, end)."""
    for row, start, end, packed in _spans(req_pool_indices, start_offset, end_offset):
        if end > start:
            locs = out_cache_loc[packed : packed + end - start]
            req_to_token[row, start:end] = locs.to(req_to_token.dtype)


def assign_extend_cache_locs_cpu(
    req_pool_indices, req_to_token, start_offset, end_offset, out_cache_loc, pool_len
):
    """speculative/cache_locs.py assign_extend_cache_locs: the reverse gather, table -> packed."""
    for row, start, end, packed in _spans(req_pool_indices, start_offset, end_offset):
        if end > start:
            locs = req_to_token[row, start:end]
            out_cache_loc[packed : packed + end - start] = locs.to(out_cache_loc.dtype)


def assign_draft_cache_locs_contiguous_cpu(
    req_pool_indices, req_to_token, seq_lens, out_cache_loc, pool_len, topk, num_cols
):
    """speculative/cache_locs.py assign_draft_cache_locs_contiguous: topk*num_cols locations of
    each request, starting at its current length, packed one request after the other."""
    width = topk * num_cols
    out = _flat(out_cache_loc)
    for i, (row, length) in enumerate(zip(req_pool_indices.tolist(), seq_lens.tolist())):
        out[i * width : (i + 1) * width] = req_to_token[row, length : length + width].to(out.dtype)


def build_draft_decode_metadata_cpu(
    req_to_token, req_pool_indices, seq_lens, topk, num_steps, pool_len
):
    """cpu/spec.cpp: one row per (request, branch): the request's committed tokens, then that
    branch's draft slots (stored at length + branch*num_steps)."""
    rows, lengths = req_pool_indices.tolist(), seq_lens.tolist()
    table = torch.zeros((len(rows) * topk, pool_len), dtype=torch.int32)
    for i, (row, length) in enumerate(zip(rows, lengths)):
        for branch in range(topk):
            out = table[i * topk + branch]
            out[:length] = req_to_token[row, :length]
            first = length + branch * num_steps
            out[length : length + num_steps] = req_to_token[row, first : first + num_steps]
    return table


# -- EAGLE tree ---------------------------------------------------------------------------------


def fill_accept_out_cache_loc_cpu(accept_index, out_cache_loc, accept_out_cache_loc):
    """speculative/eagle.py fill_accept_out_cache_loc: locations of the accepted tokens
    (accept_index != -1), moved to the front in order."""
    index = accept_index.reshape(-1)
    kept = index[index != -1].long()
    chosen = out_cache_loc.reshape(-1)[kept]
    _flat(accept_out_cache_loc)[: kept.numel()] = chosen.to(accept_out_cache_loc.dtype)


def fill_bonus_tokens_cpu(accept_tokens, accept_lens, bonus_tokens, accept_stride):
    """speculative/eagle.py fill_bonus_tokens: each request's last accepted token."""
    tokens = accept_tokens.reshape(-1)
    out = _flat(bonus_tokens)
    for i, n in enumerate(accept_lens.tolist()):
        out[i] = tokens[accept_stride * i + n - 1]


def build_tree_kernel_efficient_cpu(
    parent_list,
    selected_index,
    verified_seq_len,
    tree_mask,
    positions,
    retrieve_index,
    retrieve_next_token,
    retrieve_next_sibling,
    topk,
    depth,
    draft_token_num,
    tree_mask_mode,
):
    """speculative/spec_tree.py (the Triton build-tree kernel): for each request, the tree's
    retrieve links (first child / next sibling), each node's position and its attention mask row.
    Node 0 is the verified token; node i > 0 is draft token selected_index[i-1]. Mask modes:
    0 = full rows over prefix + tree, 1 = tree-only rows; 2 (bit-packed) is not covered."""
    mode = int(tree_mask_mode)
    if mode == 2:
        raise NotImplementedError("specdiag sgl_kernel stand-in: bit-packed tree mask")
    n = draft_token_num
    lengths = verified_seq_len.tolist()
    parents = parent_list.reshape(-1).tolist()
    selected = selected_index.reshape(-1).tolist()
    parent_stride = parent_list.stride(0) if parent_list.dim() > 1 else parent_list.shape[0]
    selected_stride = selected_index.stride(0)
    mask, pos = _flat(tree_mask), _flat(positions)
    r_index, r_next, r_sibling = (
        _flat(retrieve_index),
        _flat(retrieve_next_token),
        _flat(retrieve_next_sibling),
    )
    mask_base = 0  # full rows: the mask of request b starts after the earlier requests' rows
    for b, length in enumerate(lengths):
        sel = selected[b * selected_stride : b * selected_stride + n - 1]

        def parent_node(node: int) -> int | None:
            """Tree node (0 = root) of draft node `node`'s parent, None if it is not in the tree."""
            parent_slot = sel[node - 1] // topk
            if parent_slot == 0:
                return 0
            parent_token = parents[b * parent_stride + parent_slot]
            for j, s in enumerate(sel):
                if s == parent_token:
                    return j + 1
            return None

        pos[b * n] = length
        for node in range(n - 1, 0, -1):
            r_index[b * n + node] = b * n + node
            parent = parent_node(node)
            if parent is not None:
                slot = b * n + parent
                previous_child = int(r_next[slot])
                r_next[slot] = node
                if previous_child != -1:
                    r_sibling[b * n + node] = previous_child
        r_index[b * n] = b * n
        for node in range(n):
            row = mask_base + (length + n) * node + length if mode == 0 else n * n * b + n * node
            mask[row] = True  # the node sees the root (and, in full rows, the prefix)
            mask[row + 1 : row + n] = False
            if node == 0:
                continue
            depth_here, current = 0, node
            for _ in range(depth):
                depth_here += 1
                mask[row + current] = True
                found = parent_node(current)
                if found is None or found == 0:
                    break
                current = found
            pos[b * n + node] = length + depth_here
        mask_base += n * (length + n)  # full rows' prefix columns are SGLang's (set before)


def verify_tree_greedy_cpu(
    predicts,
    accept_index,
    accept_token_num,
    candidates,
    retrive_index,
    retrive_next_token,
    retrive_next_sibling,
    target_predict,
):
    """speculative/spec_tree.py (the Triton greedy verify kernel): walk each request's tree from
    the root, at each level taking the child whose token is the target's greedy choice; record the
    accepted nodes, their count, and the target's prediction at each accepted node."""
    bs, n = candidates.shape[0], candidates.shape[1]
    width = accept_index.shape[1]
    predicted, accepted, count = _flat(predicts), _flat(accept_index), _flat(accept_token_num)
    tokens = candidates.reshape(-1).tolist()
    index = retrive_index.reshape(-1).tolist()
    first_child = retrive_next_token.reshape(-1).tolist()
    sibling = retrive_next_sibling.reshape(-1).tolist()
    target = target_predict.reshape(-1).tolist()
    for b in range(bs):
        last = index[b * n]
        accepted[b * width] = last
        n_accepted, node = 0, 0
        for _ in range(1, width):
            child = first_child[b * n + node]
            want = target[last]
            while child != -1 and tokens[b * n + child] != want:
                child = sibling[b * n + child]
            if child == -1:
                break
            predicted[last] = want
            n_accepted += 1
            last = index[b * n + child]
            accepted[b * width + n_accepted] = last
            node = child
        count[b] = n_accepted
        predicted[last] = target[last]


# -- attention (the intel_amx backend's two calls) --------------------------------------------


def _plain_only(logit_cap, sliding_window, encoder_lens, sinks, is_cross_attention) -> None:
    if (logit_cap or 0) > 0 or (sliding_window or 0) > 0 or sinks is not None or is_cross_attention:
        raise NotImplementedError(
            "specdiag sgl_kernel stand-in: attention with logit cap, sliding window, sinks or "
            "cross-attention"
        )


def _attend(q, k, v, scale, allowed=None):
    """q [Lq, H, D], k/v [Lk, Hkv, D]; allowed [Lq, Lk] (True = may attend) or None."""
    heads, kv_heads = q.shape[1], k.shape[1]
    if kv_heads != heads:
        k = k.repeat_interleave(heads // kv_heads, dim=1)
        v = v.repeat_interleave(heads // kv_heads, dim=1)
    scores = torch.einsum("qhd,khd->hqk", q.float(), k.float()) * scale
    if allowed is not None:
        scores = scores.masked_fill(~allowed.unsqueeze(0), float("-inf"))
    return torch.einsum("hqk,khd->qhd", torch.softmax(scores, dim=-1), v.float())


def decode_attention_cpu(
    q, k_buffer, v_buffer, k_scale, v_scale, o, k, v, cache_loc, attn_logits, req_to_token,
    req_pool_indices, seq_lens, sm_scale, logit_cap, is_cross_attention, sliding_window,
    encoder_lens, sinks,
):  # fmt: skip
    """As called by intel_amx_backend.forward_decode: store the new k/v at cache_loc (if given),
    then query b attends to the first seq_lens[b] cached tokens of its request."""
    _plain_only(logit_cap, sliding_window, encoder_lens, sinks, is_cross_attention)
    if k is not None and v is not None:
        where = cache_loc.long()
        k_buffer[where] = k.reshape(k.shape[0], k_buffer.shape[1], -1).to(k_buffer.dtype)
        v_buffer[where] = v.reshape(v.shape[0], v_buffer.shape[1], -1).to(v_buffer.dtype)
    for b, (row, length) in enumerate(zip(req_pool_indices.tolist(), seq_lens.tolist())):
        cached = req_to_token[row, :length].long()
        keys = k_buffer[cached].float() * (k_scale or 1.0)
        values = v_buffer[cached].float() * (v_scale or 1.0)
        o[b] = _attend(q[b : b + 1], keys, values, sm_scale)[0].to(o.dtype)


def extend_attention_cpu(
    q, k, v, o, k_buffer, v_buffer, k_scale, v_scale, req_to_token, req_pool_indices, seq_lens,
    extend_seq_lens, extend_start_loc, max_extend_len, sm_scale, logit_cap, is_cross_attention,
    sliding_window, encoder_lens, sinks, tree_mask, is_causal,
):  # fmt: skip
    """As called by intel_amx_backend.forward_extend: request b has seq_lens[b] - extend_seq_lens[b]
    cached tokens and extend_seq_lens[b] new ones (k/v given from extend_start_loc[b]). Causal over
    the new tokens, or the EAGLE tree mask when one is given: full rows [new, prefix + new] or
    tree-only rows [new, new] (the prefix always visible), told apart by the mask's size."""
    _plain_only(logit_cap, sliding_window, encoder_lens, sinks, is_cross_attention)
    flat_mask = tree_mask.reshape(-1) if tree_mask is not None else None
    tree_only = (
        flat_mask is not None and flat_mask.numel() == int((extend_seq_lens.long() ** 2).sum())
    )
    used = 0
    spans = zip(
        req_pool_indices.tolist(),
        seq_lens.tolist(),
        extend_seq_lens.tolist(),
        extend_start_loc.tolist(),
    )
    for row, total, new, start in spans:
        prefix = total - new
        cached = req_to_token[row, :prefix].long()
        keys = torch.cat([k_buffer[cached].float() * (k_scale or 1.0), k[start : start + new].float()])
        values = torch.cat(
            [v_buffer[cached].float() * (v_scale or 1.0), v[start : start + new].float()]
        )
        if flat_mask is not None and tree_only:
            allowed = torch.ones(new, total, dtype=torch.bool)
            allowed[:, prefix:] = flat_mask[used : used + new * new].view(new, new).bool()
            used += new * new
        elif flat_mask is not None:
            allowed = flat_mask[used : used + new * total].view(new, total).bool()
            used += new * total
        elif is_causal:
            allowed = torch.ones(new, total, dtype=torch.bool).tril(diagonal=prefix)
        else:
            allowed = None
        o[start : start + new] = _attend(q[start : start + new], keys, values, sm_scale, allowed).to(
            o.dtype
        )
