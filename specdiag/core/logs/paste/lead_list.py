"""A bullet list of values inside a paragraph, its figure named by the sentence right above it.

    From our bench, at five drafts a step, we got the following acceptance length.
    - chat: 2.71.
    - code: 3.40.
    The command we ran is below.

No blank line parts the list from the prose: the paste is one block, and the bullet list reader
(bullets.py) reads a list only as a block of its own under the lines above it. Here the block is
split in three: the lines up to the lead sentence, the list, the lines after it; the list is
then read as any list under its heading (the lead sentence among its last lines). Split only
where the lead line (the line right above the first item) is no item and names exactly one
acceptance metric (bullets.metric_named), and the list holds two or more items in a row, each a
bare 'label: value' leaf at the same indent (bullets' leaf, a closing period allowed; a colon,
never '=': 'p1=0.8' assigns a variable), with no metric's name in its label. A list of
settings, a list of sentences, or a list under a line naming no figure or two is left in its
block as before; so is a list whose labels are draft positions (`- 0: 0.800`, `- pos 1: 0.61`,
`- token 2: 0.4`: one run's rates by position under 'Acceptance rate per position:', which the
per-position readers read in the block, no runs of their own).

Pure: a block's lines in, its parts out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import bullets as B
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.text import Line

_LEAST_ITEMS = 2
# a label that is a draft position ('0', 'pos 1', 'position 2', 'token 3', 'T+1'): an item of
# one run's rates by position, no run of its own
_POSITION = re.compile(r"(?:pos(?:ition)?|token|draft|t\s*\+)?\s*\d{1,2}", re.I)


def _leaf_indent(t: str) -> int | None:
    """The indent of a bulleted bare 'label: value' leaf naming no metric; None for any other
    line."""
    m = B.BULLET.match(t.expandtabs(4))
    if m is None:
        return None
    text = m.group("text").strip()
    leaf = B.LEAF.match(text)
    # (a label before a colon: 'p1=0.8' assigns a variable, a worked case's term, no run)
    if leaf is None or ":" not in text:
        return None
    label = leaf.group("label").strip()
    if C.key(label).metric is not None or _POSITION.fullmatch(label):
        return None
    return len(m.group("indent"))


def _run_end(blk: list[Line], start: int) -> int:
    """The index after the run of leaves of one indent starting at ``start``."""
    indent = _leaf_indent(blk[start][1])
    end = start
    while end < len(blk) and indent is not None and _leaf_indent(blk[end][1]) == indent:
        end += 1
    return end


def split(blk: list[Line]) -> list[list[Line]]:
    """The block's parts: the lines to the lead sentence, each list of leaves under a sentence
    naming one figure, the lines after it; [blk] where there is none."""
    if len(blk) < _LEAST_ITEMS + 1 or not any(t.lstrip()[:1] in "-*+•" for _, t in blk[1:]):
        return [blk]  # (cheap gate: no bullet below the first line)
    parts: list[list[Line]] = []
    cur: list[Line] = []
    i = 0
    while i < len(blk):
        end = _run_end(blk, i) if cur and B.item(cur[-1][1]) is None else i
        if end - i >= _LEAST_ITEMS and B.metric_named(cur[-1][1]) is not None:
            parts.extend((cur, blk[i:end]))
            cur, i = [], end
            continue
        cur.append(blk[i])
        i += 1
    if cur:
        parts.append(cur)
    return parts
