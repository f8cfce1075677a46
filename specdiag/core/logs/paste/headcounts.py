"""Accepted tokens counted per position, with position 0 the target's own token at every verify
step (`accepted_tokens_per_head: [60, 36, 23, 9]`, FastDeploy's speculate metrics): where the
body's other counts prove it, the printed mean length counts the bonus token.

The proof, all of it exact (the printed length to its printed decimals):
- the counts sum to the accepted total (60 + 36 + 23 + 9 = 128);
- the first count is the verify steps: the printed length is accepted / steps (128 / 60 = 2.1333);
- the other counts are accepted drafts, and with the rejected drafts they fill every step's
  drafts (36 + 23 + 9 + 112 = 60 x 3).
Then each step committed one token at position 0 and the length includes it. Anything short of
that leaves the convention as it was (unknown unless other evidence decides it). Pure.
"""

from __future__ import annotations

import dataclasses
import math
import re

from specdiag.core.logs.paste.interpret import json_objects
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN, Decision, PasteRecord, decided_notes

# a list of accepted counts per head or position ('accepted_tokens_per_head',
# 'accept_num_per_position', 'num_accepted_per_pos')
_PER_HEAD = re.compile(
    r"^(?!.*(?:ratio|rate|prob))(?:num_)?accept\w*?[_ ](?:per|by)[_ ](?:head|pos|position)s?$", re.I
)
_ACCEPTED = re.compile(r"^(?:num_|total_)?accept(?:ed)?(?:_tokens?|_num|_count)?$", re.I)
_REJECTED = re.compile(r"^(?:num_|total_)?reject(?:ed)?(?:_tokens?|_num|_count)?$", re.I)
_LENGTH = re.compile(r"^(?:average_|avg_|mean_)?accept(?:ed|ance)?_len(?:gth)?$", re.I)

RULE = (
    "identity: per-position counts ({counts}) sum to the {acc} accepted, the first ({steps}) is "
    "the verify steps ({acc} / {steps} = printed length) and the rest with {rej} rejected fill "
    "{steps} x {k} drafts: position 0 is the bonus token, counted"
)


def _whole(v: object) -> int | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return int(v) if float(v).is_integer() and v >= 0 else None


def _field(obj: dict[str, object], pat: re.Pattern[str]) -> object:
    return next((v for k, v in obj.items() if pat.search(str(k))), None)


def _printed_equal(printed: float, value: float) -> bool:
    """Whether ``printed`` is ``value`` to the decimals it was printed with."""
    text = repr(printed)
    decimals = len(text.partition(".")[2]) if "e" not in text else 6
    return abs(printed - value) <= 0.5 * 10.0**-decimals + 1e-12 * max(1.0, abs(value))


def proved(doc: object) -> list[tuple[float, int, str]]:
    """The printed lengths of ``doc``'s objects that its per-position counts prove include the
    bonus token, each with its verify steps and the rule's words."""
    out = []
    for obj in json_objects(doc):
        heads = _field(obj, _PER_HEAD)
        if not isinstance(heads, list) or len(heads) < 2:
            continue
        counts = [_whole(x) for x in heads]
        acc, rej = _whole(_field(obj, _ACCEPTED)), _whole(_field(obj, _REJECTED))
        length = _field(obj, _LENGTH)
        if (
            any(c is None for c in counts)
            or acc is None
            or rej is None
            or isinstance(length, bool)
            or not isinstance(length, (int, float))
            or not math.isfinite(length)
        ):
            continue
        whole = [c for c in counts if c is not None]
        steps, k = whole[0], len(whole) - 1
        if (
            steps == 0
            or sum(whole) != acc
            or any(b > a for a, b in zip(whole, whole[1:], strict=False))
            or not _printed_equal(float(length), acc / steps)
            or sum(whole[1:]) + rej != steps * k
        ):
            continue
        rule = RULE.format(counts=", ".join(map(str, whole)), acc=acc, steps=steps, rej=rej, k=k)
        out.append((float(length), steps, rule))
    return out


def decide(records: list[PasteRecord], doc: object) -> list[PasteRecord]:
    """``records`` read from the JSON body ``doc``, a length its per-position counts prove
    counts the bonus token decided so (where nothing decided it, or only the tool's documented
    convention, which the counts then prove), with its verify steps."""
    found = proved(doc)
    if not found:
        return records
    out = []
    for r in records:
        for length, steps, rule in found:
            if (
                r.printed_length is not None
                and r.printed_length == length
                and (
                    r.bonus.value == UNKNOWN
                    # (the tool's documented convention, FastDeploy's body named by its
                    # 'speculate_metrics': the counts prove the same, and give the steps)
                    or (r.bonus.value == INCLUDED and r.bonus.rule.startswith("tool:"))
                )
            ):
                r = dataclasses.replace(
                    r,
                    accept_length=length,
                    bonus=Decision(INCLUDED, rule),
                    steps=r.steps if r.steps is not None else steps,
                    notes=decided_notes(r.notes),
                )
                break
        out.append(r)
    return out
