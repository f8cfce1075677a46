"""A table under a caption saying its figures were taken while the draft trained.

A model card or a trainer's report may print the draft's acceptance per position (or its accept
length) as the trainer measured it on its validation data: 'Per-position acceptance at training
time (validation split).' over a `position full_acc cond_acc` table, 'Acceptance during training
(eval set):', 'Training-time accept length by head'. Those are the draft's estimates in its
training (teacher-forced on held-out text), no run's acceptance: the table gives no record.

The caption is the line right above the table (in its block, else the last line before it). It
must say training time itself ('at training time', 'during training', 'while training',
'training-time'); a draft 'trained on' data, a table 'after training' (the draft served once
trained), a validation split alone (a benchmark's split a served run may use) say nothing of when
the figures were taken. A caption setting the training's figures against a served run ('during
training vs at inference', 'compared with serving') is left to the other readers.
"""

from __future__ import annotations

import re

# the caption's words saying the figures were taken while the draft trained
_TRAINING_TIME = re.compile(
    r"\b(?:at\s+training[-\s]+time|during\s+(?:the\s+)?training|while\s+training|"
    r"training[-\s]time)\b",
    re.I,
)
# the caption setting them against a served run: the table may be that comparison's
_AGAINST = re.compile(
    r"\b(?:vs\.?|versus|compared|against|serv(?:ed|ing)|inference|deploy\w*)\b",
    re.I,
)

REASON = "a table of the draft's figures at training time (its caption says so): no run"


def said(caption: str) -> str | None:
    """The words of a table's caption saying its figures were taken while the draft trained,
    or None (a caption saying no such thing, or setting them against a served run)."""
    if "rain" not in caption:  # (a cheap test before the patterns)
        return None
    m = _TRAINING_TIME.search(caption)
    return m.group(0) if m is not None and _AGAINST.search(caption) is None else None
