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
the figures were taken. A caption laying the figures out by the training's own epochs or steps
('by training epoch', 'per training step', 'after each training epoch') says so too: each row is a
checkpoint of the training, evaluated by the trainer. A caption setting the training's figures
against a served run ('during training vs at inference', 'compared with serving') is left to the
other readers.

The table may be a bare one, its columns parted by single spaces (`epoch accepted length` over
`1 3.70` / `2 4.32`), which no table reader finds: its header, a line of words alone, would be
joined to its first row as a wrapped line and read as a figure named by the header with the
row's first number (the epoch) as its value. Under such a caption (:func:`bare_table`) the header
and its rows of numbers are set aside whole.
"""

from __future__ import annotations

import re

# the caption's words saying the figures were taken while the draft trained
_TRAINING_TIME = re.compile(
    r"\b(?:at\s+training[-\s]+time|during\s+(?:the\s+)?training|while\s+training|"
    r"training[-\s]time|"
    # (the figures laid out by the training's own epochs or steps: a checkpoint a row)
    r"(?:by|per|at\s+each|after\s+each|for\s+each|each|every)\s+training\s+(?:epoch|step)s?)\b",
    re.I,
)
# a bare table's header: words alone, at least two of them (no figure: a row's first cell would
# otherwise be read as the header's value)
_HEADER = re.compile(r"[^\W\d_][\w./%()-]*(?:[ \t]+[^\W\d_][\w./%()-]*)+")
# a bare table's row: numbers alone, parted by spaces
_ROW = re.compile(r"[-+]?\d+(?:\.\d+)?%?(?:[ \t]+[-+]?\d+(?:\.\d+)?%?)+")
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


def bare_table(lines: list[tuple[int, str]], caption: str) -> tuple[int, int] | None:
    """The first and last line numbers of a bare table opening ``lines`` (a header of words
    alone, then at least two rows of numbers alone, each as many as the first row's, two or
    more) under a ``caption`` saying training time, or None (another caption, another shape:
    a row holding a word, rows of unequal counts, a single row)."""
    if len(lines) < 3 or said(caption) is None:
        return None
    if _HEADER.fullmatch(lines[0][1].strip()) is None:
        return None
    width = 0
    last = 0
    for ln, t in lines[1:]:
        if _ROW.fullmatch(t.strip()) is None:
            break
        n = len(t.split())
        if width and n != width:
            return None
        width, last = n, ln
    return (lines[0][0], last) if last and last - lines[0][0] >= 2 else None
