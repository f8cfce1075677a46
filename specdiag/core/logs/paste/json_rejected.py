"""A JSON object counting accepted and rejected draft tokens, and no drafted total: the drafted
tokens are their sum (``{"accepted": 412, "rejected": 188}``: 600 drafted, rate 412 / 600), as a
key-value line's ``accept=97 reject=3`` is read (interpret._count_items).

Only whole, non-negative counts, both in the same object, under a plain name of each
(``accepted``, ``accepted_tokens``, ``num_accepted``; ``rejected``, ``rejected_tokens``,
``num_rejected``): a rejected share (``reject_rate``) or a count of something else (``rejected
requests``) is no draft count. An object printing its drafted tokens keeps them.

Pure: a JSON object in, the drafted count (or None) out.
"""

from __future__ import annotations

import re
from typing import Any

_REJECTED = re.compile(
    r"^(?:num_|total_|n_)?(?:draft_)?reject(?:ed)?(?:_tokens?|_drafts?|_num|_count)?$", re.I
)


def _whole(v: object) -> int | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return int(v) if float(v).is_integer() and v >= 0 else None


def drafted(obj: dict[str, Any], accepted: float | None) -> int | None:
    """The drafted tokens of ``obj``: its accepted count (``accepted``, as read) plus its one
    rejected count, where both are whole; None otherwise."""
    if accepted is None or not float(accepted).is_integer() or accepted < 0:
        return None
    rejected = [_whole(v) for k, v in obj.items() if _REJECTED.match(str(k).strip())]
    if len(rejected) != 1 or rejected[0] is None:
        return None
    total = int(accepted) + rejected[0]
    return total or None
