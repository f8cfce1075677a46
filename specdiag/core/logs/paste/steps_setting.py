"""Rows labelled by a word and a number where the prose names the steps setting by that word.

A report speaks of a draft's steps setting with a word before it ('a static `num_steps` cannot
deliver', 'a fixed num_steps wastes drafts') and then compares runs in a table whose rows are
that word and a number alone (``static1``, ``static-3``, ``Fixed 7``): each row is the run with
``num_steps`` set to that number. ``num_steps`` is the draft's depth, so a step accepts at most
N drafts along its path (a chain's N drafts, or a tree's path of N): a length above N counts
the bonus token. Such a row is read as its label with that depth glossed, ``static1 (depth=1)``
(``interpret._MAX_IN_LABEL``'s bracket: a maximum, never the k of 1 + k x rate), and the
table's machinery decides as for that label.

Only where every bit holds:

- a line of the paste above the table, no table row itself, names the setting right after a
  word of letters (``static `num_steps```, ``fixed --speculative-num-steps``; markup between
  allowed), that word no article, preposition or other function word (``the num_steps``,
  ``of num_steps`` name no setting's kind);
- every row whose first cell opens with that word is the word and a number alone (glued, or
  after one hyphen, underscore or space), N from 1 to 16; rows of other labels (``baseline``)
  are left as they are.

A label with more words (``static3 warm``), a number past 16, a word the prose does not put
before the setting (``dynamic3`` under 'a static `num_steps`'), the setting named only below the
table, or ``num_steps`` alone (which may count a trainer's steps) leave the table as written.

Pure: a grid and the lines above it in, a grid out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.tables import Grid

# the steps setting after a word naming its kind ('static `num_steps`', 'fixed
# --speculative-num-steps', 'constant **num steps**')
_TOLD = re.compile(
    r"(?<![\w-])(?P<word>[a-z]{3,16})[\s`*_]+(?:--)?(?:speculative[-_])?num[-_ ]steps(?![\w-])",
    re.I,
)
# words before the setting that name no kind of it (an article, a preposition, a verb)
_FUNCTION_WORD = re.compile(
    r"the|and|for|with|from|that|this|these|those|its|our|their|your|each|every|per|sets?|"
    r"setting|uses?|using|via|than|into|onto|over|under|when|where|which|what|whose|are|was|"
    r"were|has|have|had|not|but|all|any"
)
# the most steps a row's label may set (a drafting depth beyond it is no such setting)
_MOST = 16
# the setting's name anywhere (the paste's gate)
_HINT = re.compile(r"num[-_ ]steps", re.I)


def hinted(text: str) -> bool:
    """Whether the paste names the steps setting at all (the cheap gate, once a paste)."""
    return _HINT.search(text) is not None


def _words(above: Sequence[str]) -> set[str]:
    """The words (lower case) the lines ``above`` put right before the steps setting; table
    rows ('| ... |') are no prose."""
    found: set[str] = set()
    for line in above:
        if "steps" not in line.lower() or line.lstrip().startswith("|"):
            continue
        found.update(
            m.group("word").lower()
            for m in _TOLD.finditer(line)
            if not _FUNCTION_WORD.fullmatch(m.group("word").lower())
        )
    return found


def _row_steps(cell: str, words: set[str]) -> tuple[bool, int | None]:
    """(whether the label opens with one of ``words``, the steps it sets where it is that
    word and a number alone)."""
    label = C._MARKUP.sub("", cell).strip()
    m = re.match(r"([a-z]+)(?:[-_ ]?(\d{1,2}))?", label, re.I)
    if m is None or m.group(1).lower() not in words:
        return False, None
    if m.end() != len(label) or m.group(2) is None or not 1 <= int(m.group(2)) <= _MOST:
        return True, None
    return True, int(m.group(2))


def relabel(g: Grid, above: Sequence[str]) -> Grid:
    """``g`` with each row label of a word and a number (``static3``) glossed with its depth
    (``static3 (depth=3)``), where a line ``above`` names the steps setting after that word and
    every row opening with the word is such a label; else ``g``."""
    # (the cheap gate: a row's first cell closing on a digit)
    if not any(cells and cells[0].rstrip(" `*_")[-1:].isdigit() for _, cells in g.rows):
        return g
    words = _words(above)
    if not words:
        return g
    said = [_row_steps(cells[0], words) if cells else (False, None) for _, cells in g.rows]
    if not any(n is not None for _, n in said) or any(w and n is None for w, n in said):
        return g
    rows = [
        (
            ln,
            cells
            if n is None
            else [f"{C._MARKUP.sub('', cells[0]).strip()} (depth={n})", *cells[1:]],
        )
        for (ln, cells), (_, n) in zip(g.rows, said, strict=True)
    ]
    return dataclasses.replace(g, rows=rows)
