"""The summary llama.cpp's lookahead example prints at its end: its three settings, then the
tokens predicted and the tokens accepted, one ``key = value`` line each::

    W = 12
    N =  4
    G =  8

    n_predict = 96
    n_accept  = 21

``W``, ``N`` and ``G`` are the lookahead window, the n-gram size and the verification guesses
(settings); ``n_predict`` the tokens generated; ``n_accept`` the tokens the guesses gave that
the target accepted: the run's acceptance, a count. The summary prints no drafts and no verify
steps (the guesses a step vary), so neither a rate nor a length can be told from it: one record
of the accepted count (its predicted tokens beside it), no figure claimed, whatever the count
(an accepted count of zero over no drafted count proves no step's tokens either). The tool is
llama.cpp: the layout is its example's own.

Only where the three settings (each a one-letter key alone on its line, these three in this
order, blank lines between allowed) come right before ``n_predict`` and ``n_accept`` (in that
order, each with a whole number, nothing else on the line); any other key between (the
speculative examples' ``n_drafted``, read by the line scanner), a value that is no whole
number, or a setting missing leaves the lines as they were.

Pure: lines in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste.model import SUMMARY, PasteRecord, blank_record

Line = tuple[int, str]

_KV = re.compile(r"^\s*(?P<k>W|N|G|n_predict|n_accept)\s*=\s*(?P<v>\d{1,12})\s*$")
_ORDER = ("W", "N", "G", "n_predict", "n_accept")
TOOL_RULE = "the layout of llama.cpp's lookahead example's summary (W, N, G, n_predict, n_accept)"
NOTE = (
    "llama.cpp lookahead summary: an accepted count alone (no drafts, no verify steps "
    "printed): no rate, no length"
)


def hinted(text: str) -> bool:
    """Whether the paste may hold such a summary (cheap: its last key in it)."""
    return "n_accept" in text


def records(lines: list[Line]) -> list[PasteRecord]:
    """One record per lookahead summary of ``lines`` (see the module's rule)."""
    out: list[PasteRecord] = []
    keyed = [(ln, m) for ln, t in lines if t.strip() and (m := _KV.match(t)) is not None]
    filled = [(ln, t) for ln, t in lines if t.strip()]
    # the non-blank lines, in order: five in a row, the summary's keys in its order
    at = {ln: i for i, (ln, _) in enumerate(filled)}
    for j in range(len(keyed) - len(_ORDER) + 1):
        run = keyed[j : j + len(_ORDER)]
        if tuple(m.group("k") for _, m in run) != _ORDER:
            continue
        first, last = at[run[0][0]], at[run[-1][0]]
        if last - first != len(_ORDER) - 1:
            continue  # another line between: not the summary alone
        accepted = int(run[-1][1].group("v"))
        predicted = int(run[-2][1].group("v"))
        rec = blank_record(
            SUMMARY,
            "llamacpp",
            TOOL_RULE,
            "key-value",
            (run[-1][0], run[-1][0]),
            fields=(("n_predict", str(predicted)), ("n_accept", str(accepted))),
            notes=(NOTE,),
        )
        out.append(dataclasses.replace(rec, accepted_tokens=accepted, output_tokens=predicted))
    return out
