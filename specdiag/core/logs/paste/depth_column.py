"""A table column headed by the draft depth alone (``| Depth |``, ``| MTP depth |``, ``| draft
depth |``) in a paste of MTP runs: the row's fixed draft depth, the k of 1 + k x rate.

An MTP head drafts one token a step of its chain and runs the chain to its depth every verify
step (a fixed chain, as mtp_steps.py reads a column of MTP's steps), so where the paste names
MTP, a whole number from 1 to evidence.FIXED_K_MOST under such a column is the draft tokens a
step, and a share of drafts accepted beside it gives the length 1 + depth x share (bonus
included): ``| Model | Depth | Accept |`` over ``| m | 3 | 90.0% |`` is 3.7 tokens a step.

Not such a depth (nothing read from it):

- a depth the paste says is a bound or varies (``max depth``, ``max_depth``, ``adaptive depth``,
  ``dynamic depth``, ``depth up to``) or a column named so (``| Max depth |``);
- a tree's depth: a paste stating a tree (``tree``), a width (``width``, ``num_draft_tokens``)
  or a top-k above 1 (``topk=4``, ``--speculative-eagle-topk 8``; a top-k of 1 is a chain), or a
  table with a column of them; SGLang's and llama.cpp's rows (a tree's steps, a maximum);
- a context depth (``| n_depth |``, ``| context depth |``, llama-bench's ``d4096``): another
  header, values past a chain's;
- a table whose depths count from 0 with a rate at 0 (interpret.k_from_zero), or listing
  several depths for one run's words (its labels holding no number): draft positions, as
  interpret._depth_setting reads them, no setting;
- a row whose length is printed or decided, a per-output-token share, per-position shares, a
  summary row.

Pure: records and the paste's text in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste.model import (
    INCLUDED,
    PER_OUTPUT_TOKEN,
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
)

# a column headed by the draft depth alone (cells.norm's form)
_NAME = re.compile(r"^(?:(?:mtp|draft|drafting|spec|speculative|speculation)\s)?depth$")
# MTP named anywhere in the paste ('MTP', 'mtp_depth', 'MTPLX'): a chain of MTP heads
_MTP = re.compile(r"(?<![A-Za-z])mtp", re.I)
# a depth said to be a bound or to vary: no fixed chain
_BOUND = re.compile(
    r"\b(?:max(?:imum)?|adaptive|dynamic|variable)[\s_-]*depth|\bdepth\s+(?:up\s+to|of\s+up\s+to)",
    re.I,
)
# a tree: its name, its width, its draft budget
_TREE = re.compile(r"\btrees?\b|\bwidth\b|num[_ -]?draft[_ -]?tokens", re.I)
# a top-k stated with its value ('topk=4', 'top-k 8', '--speculative-eagle-topk 1')
_TOPK = re.compile(r"top[_ -]?k\b[\s`*]*[=:]?[\s`*]*(?P<n>\d+)?", re.I)

RULE = (
    "computed: 1 + depth x rate, the row's MTP depth ('{name}' column: {k}): a fixed chain "
    "drafts that many tokens every step"
)


def _chain_paste(text: str) -> bool:
    """Whether the paste names MTP and states no tree, no width, no top-k above 1 and no bound
    or varying depth."""
    if _MTP.search(text) is None or _BOUND.search(text) or _TREE.search(text):
        return False
    # a top-k of 1 is a chain; one above 1 or without a value may be a tree
    return all(m.group("n") is not None and int(m.group("n")) == 1 for m in _TOPK.finditer(text))


def _depth(r: PasteRecord) -> tuple[str, int] | None:
    """The row's depth column and its whole number (None where it has none or several)."""
    got = [
        (n, cell)
        for n, v in r.labels
        if _NAME.match(C.norm(n)[0]) and (cell := C._MARKUP.sub("", v).strip())
    ]
    if len(got) != 1 or not re.fullmatch(r"\d{1,3}", got[0][1]):
        return None
    return got[0][0], int(got[0][1])


def _fits(r: PasteRecord) -> bool:
    rate = r.printed_rate
    return (
        r.kind == TABLE_ROW
        and rate is not None
        and 0.0 <= rate <= 1.0
        and r.printed_length is None
        and r.accept_length is None
        and r.bonus.value == UNKNOWN
        and r.rate_basis.value != PER_OUTPUT_TOKEN
        and not r.per_position
        and not r.summary_row
        and r.tool not in ("sglang", "llamacpp")
    )


def _positions(rows: list[tuple[PasteRecord, str, int]]) -> bool:
    """Whether some run's words (its labels holding no number, the depth's aside) come with
    several depths: the depths are then a rate's draft positions, no setting (as
    interpret._depth_setting reads a 'Depth' column)."""
    seen: dict[tuple[tuple[str, str], ...], int] = {}
    for r, name, k in rows:
        run = tuple((n, v) for n, v in r.labels if n != name and C.value(v) is None)
        if seen.setdefault(run, k) != k:
            return True
    return False


def lengths(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """Table rows of an MTP paste whose depth column gives their draft tokens a step: length
    1 + depth x share (see the module's docstring for what is never read)."""
    if "depth" not in text.lower() or not _chain_paste(text) or I.k_from_zero(records):
        return records
    rows = [(r, *d) for r in records if r.kind == TABLE_ROW and (d := _depth(r)) is not None]
    if not rows or any(not 1 <= k <= E.FIXED_K_MOST for _, _, k in rows):
        return records  # (a depth past a chain's: a context's or a tree's, none read)
    if _positions(rows):
        return records
    of = {id(r): (name, k) for r, name, k in rows if _fits(r)}
    out = []
    for r in records:
        if id(r) in of:
            name, k = of[id(r)]
            rate = r.printed_rate
            assert rate is not None
            r = dataclasses.replace(
                r,
                accept_length=round(1 + k * rate, 6),
                bonus=Decision(INCLUDED, RULE.format(name=name, k=k)),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out
