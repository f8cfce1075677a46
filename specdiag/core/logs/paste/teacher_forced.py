"""A table row whose own label says its figure was measured under teacher forcing
(`teacher-forced p1`, `teacher forcing top-1`): the draft head's match with the target's token
given the true prefix, an offline estimate of the head (as a training accuracy is), not a
speculative run's acceptance: no record. The rows of the same table measured by running the
drafts (`verify path`, `spec loop`) are read as before.

`Teacher Forcing` alone names a way of training the head (a row of a training strategies' table,
measured by running the drafts) and keeps its row. Only the row's own label decides: a caption or a setup paragraph naming teacher forcing over a
whole table (`teacher-forced, greedy, K=1` above its rows) is left to the other readers, and a
label that says the figure is NOT teacher-forced (`without teacher forcing`, `no teacher
forcing`, `non-teacher-forced`) keeps its row.

Pure: records in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord

# (the noun alone, 'Teacher Forcing (TF)', is a way of training the head: a row of a training
# strategies' table measured by running the drafts; with a match's name after it, a measure)
_FORCED = re.compile(
    r"(?<![\w-])teacher[-\s]?(?:forced\b|forcing\s+(?:top-?\d|p\d|acc(?:uracy)?|match)\b)", re.I
)
# the label saying the opposite ('without teacher forcing', 'non-teacher-forced', 'no teacher-forcing')
_NOT = re.compile(r"(?:\b(?:without|no|not|w/o)\s+|\bnon[-\s]?)teacher[-\s]?forc", re.I)


def _forced(label: str) -> bool:
    # ('each' inside 'teacher': a cheap test before the pattern)
    return (
        "each" in label.lower() and _FORCED.search(label) is not None and _NOT.search(label) is None
    )


def rows(records: list[PasteRecord]) -> list[PasteRecord]:
    """The table's records without the rows whose own label names teacher forcing."""
    return [
        r for r in records if not (r.kind == TABLE_ROW and any(_forced(v) for _, v in r.labels))
    ]
