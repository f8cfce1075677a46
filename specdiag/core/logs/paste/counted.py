"""A rate printed with the counts it divides, and a count named after drafts that the paste's
stated k proves to be verify steps: `0.633 (378 drafts, 1676/2646)` in a paste stating `k=7`.

The cell reader (:func:`..cells.rate_with_counts`, read in interpret.py's tables) keeps the rate,
the accepted and drafted counts (the rate checked as accepted / drafted at its printed
precision) and the verify steps where the bracket names them so (`378 steps`, `378 rounds`,
`378 verify steps`): the length is then 1 + accepted / steps (:mod:`evidence`). A count named
after drafts (`378 drafts`, `378 proposals`) is draft rounds as often as draft tokens; it is
taken for the verify steps here only where the drafted tokens divide into it exactly k times
and the paste states that one k (k drafts a step: 2646 / 378 = 7 = k). Otherwise the rate and
its counts stand, and no length is claimed.

Two whole counts in brackets under a rate's name alone (`Acceptance rate: [812, 655]`, in a
paste naming speculation) are no rate: the run's counts, which of them is accepted and which
drafted (or the verify steps) not said. One record a line, its pair kept verbatim and no figure
claimed (:func:`count_pairs`); a pair of zeros (`[0, 0]`) counted nothing: no record, the line
set aside. A pair with a fraction or a percentage, three values or more, or a name saying what
they count (`accepted/drafted`) is left to the other rules.

Pure: records in, records out; lines in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import (
    SUMMARY,
    PasteRecord,
    blank_record,
    counted_length,
)

_PAIR = re.compile(
    r"^[\s>*`-]*(?P<key>[A-Za-z][\w .-]{0,40}?)\s*[:=]\s*"
    r"(?P<pair>[\[(]\s*(?P<a>\d{1,12})\s*,\s*(?P<b>\d{1,12})\s*[\])])[\s`]*$"
)
PAIR_RULE = "two counts under a rate's name: which is accepted, which drafted, not said"
# the run's setting on the line right above ('Method: eagle'): its label
_SETTING = re.compile(
    r"^[\s>*`-]*(?P<k>[A-Za-z][\w ]{0,30}?)\s*:\s*(?P<v>[A-Za-z][\w.-]{0,40})\s*$"
)
ZERO_PAIR = "a rate's two counts both zero: nothing counted, no acceptance measured, no record"


def count_pairs(lines: list[tuple[int, str]], text: str) -> tuple[list[PasteRecord], list[int]]:
    """The records of the lines of two whole counts under a rate's name (see the module's
    rules), and the lines of such pairs of zeros."""
    out: list[PasteRecord] = []
    zeros: list[int] = []
    pairs = [
        (ln, m)
        for ln, t in lines
        if "," in t
        and t.rstrip(" `\t\r").endswith(("]", ")"))
        and (m := _PAIR.match(t)) is not None
        and C.key(m.group("key")).metric in (C.RATE, C.ACCEPT_RATIO)
    ]
    if not pairs or V.SPECULATIVE.search(text) is None:  # (the paste searched only for a pair)
        return out, zeros
    above = dict(lines)
    for ln, m in pairs:
        if int(m.group("a")) == int(m.group("b")) == 0:
            zeros.append(ln)
        elif max(int(m.group("a")), int(m.group("b"))) >= 2:
            setting = _SETTING.match(above.get(ln - 1, ""))
            out.append(
                blank_record(
                    SUMMARY,
                    "unknown",
                    "a record of no figure: no tool's convention to apply",
                    "key-value",
                    (ln, ln),
                    labels=((setting["k"].lower(), setting["v"]),) if setting else (),
                    fields=((m.group("key").strip(), m.group("pair")),),
                    notes=(f"{PAIR_RULE}: no figure",),
                )
            )
    return out, zeros


def drafts_as_steps(records: list[PasteRecord], k: int | None) -> list[PasteRecord]:
    """Each record whose rate cell names a drafts count that ``k`` proves to be verify steps,
    with its steps and its length 1 + accepted / steps (bonus included)."""
    if k is None or k < 2:
        return records
    out = []
    for r in records:
        acc, dra = r.accepted_tokens, r.drafted_tokens
        if r.accept_length is not None or r.printed_length is not None or r.steps is not None:
            out.append(r)
            continue
        rc = next(
            (
                got
                for _, text in r.fields
                if (got := C.rate_with_counts(text)) is not None
                and got.count is not None
                and got.per_count == k
                and got.accepted.number == acc
                and got.drafted.number == dra
            ),
            None,
        )
        if rc is None or rc.count is None or acc is None:
            out.append(r)
            continue
        steps = int(rc.count.number)
        out.append(
            counted_length(
                r,
                acc,
                steps,
                f"computed: 1 + accepted / steps ({acc} / {steps}); the '{rc.count_name}' "
                f"count is verify steps: drafted / {rc.count_name} = {dra} / {steps} = {k}, "
                f"the k the paste states (k drafts a step)",
            )
        )
    return out
