"""A configuration's bare ``acc`` column of percentages in a table keyed by a draft setting:
``| n-max | mainline acc | fork acc |`` over ``| 2 | 79.5% | 81.0% |``. ``acc`` after a
configuration's name is an accuracy as often (``| task | base acc | tuned acc |``), so it is read
as the drafts' acceptance rate only where another column of the same header sets the drafts a
step (a draft maximum, ``n-max``, ``draft-max``, ``max_draft_len``; or the draft tokens per
step, ``num_speculative_tokens``, ``gamma``): a model's accuracy does not vary with how many
tokens are drafted. A bare ``k`` (a top-k accuracy's as often) sets nothing here.

Pure: header texts in, a yes or no out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V

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
