"""A list item whose lead label says its figures are no measurement: ``- Theoretical speedup:
at acceptance 0.9, ...``, ``• Simulated gains: ...``, ``* **Projected throughput**: ...``.

The label before the item's colon names what the item tells; where it calls it theoretical,
hypothetical, simulated, projected, predicted or idealised, a rate or length after it is the
condition of a model's sum or a simulator's point (``at near-perfect acceptance (alpha=0.9),
throughput doubles``), no run: the records read from that line alone are dropped, with the
reason shown.

Not such an item: a label naming a measurement (``- Measured speedup: ...``), a label without
those words whose body mentions them (``- Acceptance: 71% (theoretical max 90%)``: the 71% is
the run's), a label the words only negate (``- Not simulated: ...``), a line that is no list
item, and a record reaching past the item's line.

Pure: records and the paste's lines in, the records to drop out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.model import PasteRecord

# the words naming a figure as no measurement
_WORDS = (
    r"theoretical(?:ly)?|hypothetical(?:ly)?|simulated|simulation|projected|predicted|ideali[sz]ed"
)
# (a cheap gate: one of the words anywhere in the paste)
GATE = re.compile(r"\b(?:" + _WORDS + r")\b", re.I)
# a list item's lead label holding one of them, then its colon ('• Theoretical Speedups:',
# '- **Simulated gain**:', '1. Projected throughput:'), not negated
_LEAD = re.compile(
    r"^\s*(?:[-*+•·▪‣◦]|\d{1,2}[.)])\s+[*_]{0,2}(?P<label>[^:\n]{0,60}?)[*_]{0,2}\s*:",
)
_LABEL_WORD = re.compile(r"(?<!\bnot\s)(?<!\bnon-)\b(?:" + _WORDS + r")\b", re.I)

REASON = (
    "a list item labelled as no measurement ('{label}'): a model's or simulator's figure, no run"
)


def label(line: str) -> str | None:
    """The lead label of a list item naming its figures as no measurement, else None."""
    m = _LEAD.match(line)
    if m is None or _LABEL_WORD.search(m.group("label")) is None:
        return None
    return m.group("label").strip()


def dropped(records: list[PasteRecord], raw: list[str]) -> dict[int, str]:
    """id -> the label, for each record read from one such list item's line alone."""
    out: dict[int, str] = {}
    for r in records:
        if r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
            continue
        if (lab := label(raw[r.first_line - 1])) is not None:
            out[id(r)] = lab
    return out
