"""A table column naming MTP's steps ('MTP steps', 'num_mtp_steps', 'MTP 步数') over a whole
number: the row's MTP depth, as a label naming it ('MTP 2', interpret._mtp_depths) is.

An MTP head drafts one token a step of its chain, and the chain runs its steps every verify
step (vLLM's MTP proposer, TensorRT-LLM's MTP modules: a fixed chain, evidence.FIXED_K_MOST), so
the column is the draft tokens a step, the k of 1 + k x rate for a per-draft rate beside it
(the table's checks on its k's still apply: k's past a fixed chain's, k's counted from 0, a rate
rising with k, llama.cpp's maxima). A generic name of steps ('num steps', 'steps', '投机步数':
a tree's depth as often) stays one_draft.py's (its row of 1 alone decided); never beside a
tree's width ('topk', 'num draft tokens', 'width': a step may hold several drafts at one depth)
nor in SGLang's paste (its steps are a tree's depth, its rate another formula: the caller's
check).

Pure: labels in, a depth out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

# a column named for MTP's steps (cells.norm's form: 'mtp steps', 'num mtp steps', 'mtp 步数')
NAME = re.compile(r"^(?:(?:num|number of|n)\s?)?mtp\s?(?:num\s)?(?:steps|步数)$")
# a tree's width beside the column (one_draft._TREE's words)
_TREE = re.compile(r"top ?k|draft tokens|width")


def is_column(name: str) -> bool:
    """Whether a column's header names MTP's steps."""
    return "mtp" in name.lower() and NAME.match(C.norm(name)[0]) is not None


def depth(labels: list[tuple[str, str]]) -> int | None:
    """The MTP depth a row's column of MTP steps states: a bare whole number from 1 to 16
    (E.FIXED_K_MOST's check decides which are a chain's), where no label names a tree's width;
    else None."""
    if not any("mtp" in n.lower() for n, _ in labels):
        return None
    got = None
    for name, val in labels:
        norm = C.norm(name)[0]
        if _TREE.search(norm):
            return None
        if is_column(name):
            cell = re.fullmatch(r"\d{1,2}", C._MARKUP.sub("", val).strip())
            if cell is None or not 1 <= int(cell.group()) <= 16:
                return None
            got = int(cell.group())
    return got
