"""A vLLM rate whose row gives its own k in a column named by the letter the paste's launch sets
``num_speculative_tokens`` to: ``| run a | 2 | 0.59 |`` under ``| Run | n | Acceptance |`` in a
paste launching ``--speculative-config '{"method":"mtp","num_speculative_tokens":N}'``.

The launch written with a placeholder letter (``interpret.placeholder_k``: one letter, wherever
the paste sets it) says each run sets that variable; a table column headed by the very letter,
alone or as its maximum (``n``, ``N``, ``n-max``, ``n_max``), holds each row's value of it. vLLM
drafts ``num_speculative_tokens`` tokens every step and its draft acceptance rate is accepted
over drafted tokens (fixed_k.py), so the row's length is 1 + k x rate, k its own cell.

Only where: the record is vLLM's or ATOM's (fixed_k's tools), a rate alone within [0, 1] (no
length, no counts, not per position, no '~'), its k a whole number from 1 to
``evidence.FIXED_K_MOST`` in exactly one such column; the paste states no k of its own in any
spelling (``interpret.k_stated``), sets ``num_speculative_tokens`` to no number, lists no values
of it, and names no SGLang tree setting nor proposer of variable drafts (an n-gram match may be
shorter than k). A column headed by another letter, a word (``depth``), or a paste with no
placeholder leave the record as before.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import evidence as E
from specdiag.core.logs.paste import fixed_k as FK
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import one_draft as OD
from specdiag.core.logs.paste.model import INCLUDED, Decision, PasteRecord, decided_notes

RULE = (
    "computed: 1 + k x rate, k = the row's own value of the letter the paste sets vLLM's "
    "num_speculative_tokens to"
)
# the letter of the placeholder, the group 'v'
_PLACEHOLDER = I._K_PLACEHOLDER
_WHOLE = re.compile(r"^\s*[*_`]*(\d{1,2})[*_`]*\s*$")
_APPROX = re.compile(r"[~≈∼]|\b(?:about|around|approx\w*|roughly|circa)\b", re.I)


def _letter(text: str) -> str | None:
    """The one placeholder letter the paste sets vLLM's k to, else None."""
    letters = {m.group("v").lower() for m in _PLACEHOLDER.finditer(text)}
    return letters.pop() if len(letters) == 1 else None


def _own_k(r: PasteRecord, letter: str) -> int | None:
    """The record's k: the whole value of its one label column headed by ``letter`` (alone or
    followed by 'max'), else None."""
    head = re.compile(rf"^{re.escape(letter)}(?:[\s_-]*max)?$", re.I)
    found = [
        int(m.group(1))
        for name, v in r.labels
        if head.match(name.strip(" *_`")) and (m := _WHOLE.match(v)) is not None
    ]
    if len(found) != 1 or not 1 <= found[0] <= E.FIXED_K_MOST:
        return None
    return found[0]


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """vLLM's lone rates, each 1 + k x rate with the k of its own placeholder column."""
    if not any(r.tool in FK._RULES and r.labels for r in records):
        return records
    letter = _letter(text)
    if (
        letter is None
        or FK._VLLM_K.search(text)
        or FK._LISTED.search(text)
        or FK._TREE.search(text)
        or FK._VARIABLE.search(text)
        or I.k_stated(text) is not None
    ):
        return records
    out = []
    for r in records:
        k = _own_k(r, letter) if r.tool in FK._RULES else None
        rate = r.printed_rate
        if (
            k is not None
            and rate is not None
            and OD._fits(r)
            and r.accepted_tokens is None
            and r.drafted_tokens is None
            and not any(_APPROX.search(v) for _, v in r.fields)
        ):
            r = dataclasses.replace(
                r,
                accept_length=round(1 + k * rate, 6),
                bonus=Decision(
                    INCLUDED,
                    f"{RULE} ({k}): every step drafts k tokens, the rate is accepted / drafted",
                ),
                notes=decided_notes(r.notes),
            )
        out.append(r)
    return out
