"""A configuration's bare ``acc`` column of percentages in a table keyed by a draft setting:
``| n-max | mainline acc | fork acc |`` over ``| 2 | 79.5% | 81.0% |``. ``acc`` after a
configuration's name is an accuracy as often (``| task | base acc | tuned acc |``), so it is read
as the drafts' acceptance rate only where another column of the same header sets the drafts a
step (a draft maximum, ``n-max``, ``draft-max``, ``max_draft_len``; or the draft tokens per
step, ``num_speculative_tokens``, ``gamma``): a model's accuracy does not vary with how many
tokens are drafted. A bare ``k`` (a top-k accuracy's as often) sets nothing here.

So is it where the paste's prose outside the table (``told_headers``) names the acceptance of
one of those configurations (``main still has higher acceptance``, ``the acceptance of fork``,
``fork's acceptance``: the configuration's name, then up to four words and ``acceptance``, or
``acceptance of``/``for`` then it), the table holding two such columns at least: the header
cells are renamed ``X acceptance``; prose naming accuracy, or acceptance of no such name, leaves
the table as before.

Pure: header texts (and the paste's text) in, a yes or no (or the grid renamed) out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.tables import Grid

_DRAFT_MAX_NAME = re.compile(r"(?:" + V.DRAFT_MAX_NAME_RE + r")", re.I)


def _sets_drafts(name: str) -> bool:
    """Whether a header names the drafts a step sets (its maximum, or a count that is no bare
    'k')."""
    t = C._MARKUP.sub("", name).strip()
    if _DRAFT_MAX_NAME.fullmatch(t) or _DRAFT_MAX_NAME.fullmatch(t.replace(" ", "-")):
        return True
    k = C.key(t)
    return k.metric == C.K and k.text != "k"


def configured_acc(text: str, headers: list[str]) -> bool:
    """Whether a header ``text`` ('mainline acc') is a configuration's acceptance in a table
    whose ``headers`` (every header text) set the drafts a step in another column."""
    head, _, tail = text.rpartition(" ")
    return (
        tail in ("acc", "acc.")
        and bool(head)
        and head not in ("draft", "drafter", "drafts")
        and C.names_one(head)
        and any(_sets_drafts(h) for h in headers if h != text)
    )


# the acceptance noun, a configuration's name within four words before it or right after 'of'
_NOUN = r"acceptance\b"


def _told(name: str, text: str) -> bool:
    """Whether a line of prose (no table row) names the acceptance of configuration ``name``."""
    x = re.escape(name)
    told = re.compile(
        r"(?<![\w/.-])"
        + x
        + r"`?(?:['’]s)?\s+(?:[\w-]+\s+){0,4}?"
        + _NOUN
        + r"|\bacceptance(?:\s+rates?)?\s+(?:of|for|on|with)\s+(?:the\s+)?`?"
        + x
        + r"(?![\w/.-])",
        re.I,
    )
    # (the first three places only: a line's start found back from each)
    for n, m in enumerate(told.finditer(text)):
        if n == 3:
            break
        if not text[text.rfind("\n", 0, m.start()) + 1 : m.start()].lstrip().startswith("|"):
            return True
    return False


# a trainer's table (a loss, epoch or learning rate column): its 'acc' is an accuracy
_TRAINING = re.compile(r"\b(?:loss|epochs?|lr)\b", re.I)


def _share(cell: str) -> bool:
    """Whether a cell is a share (a percentage, or a fraction of one) or holds no value."""
    v = C.value(cell)
    return v is None or v.percent or 0 <= v.number <= 1


def told_headers(g: Grid, text: str) -> Grid:
    """``g`` with its configurations' bare ``acc`` header cells renamed ``X acceptance`` where
    the paste's prose names the acceptance of one of them (see the module's rule); else ``g``."""
    if not g.header or "accept" not in text.lower():
        return g
    row = g.header[-1]
    heads = {
        i: head
        for i, c in enumerate(row)
        if (t := C._MARKUP.sub("", c).strip()).lower().endswith((" acc", " acc."))
        and (head := t.rpartition(" ")[0].strip())
        and head.lower() not in ("draft", "drafter", "drafts")
        and C.names_one(head)
    }
    if (
        len(heads) < 2
        or any(_TRAINING.search(c) for c in row)
        or not all(_share(c[i]) for _, c in g.rows for i in heads if i < len(c))
        or not any(_told(h, text) for h in list(heads.values())[:8])
    ):
        return g
    new = [f"{heads[i]} acceptance" if i in heads else c for i, c in enumerate(row)]
    return Grid(g.structure, [*g.header[:-1], new], g.rows, g.first_line, g.last_line)
