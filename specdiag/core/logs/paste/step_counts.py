"""A bare ``steps`` key beside the run's draft-token counts is a count of verify steps.

``steps`` alone names a configuration (SGLang's draft steps per verify, a handful), so a small
whole number under it stays a label (interpret._as_step_count reads one above 64 as a count).
In a key-value run that also prints the run's drafted and accepted draft-token counts
(``steps=9 drafted=36 accepted=20``), the drafted tokens divided by that number are the drafts a
verify step proposed: where they lie between 1 and a step's most tokens (cells.MAX_STEP_TOKENS)
and the accepted count is at most the drafted, ``steps`` counts the run's verify steps, and the
counts' identities then check (or fail) the printed tokens per step. A configured depth beside
run totals (``steps=3 drafted=1200``) gives hundreds of drafts a step and stays a label.

Pure: the line's (key, value, key text, value text) items in, the same items out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C

_STEP_KEYS = frozenset(("steps", "num steps", "n steps", "nsteps"))

Item = tuple[C.Key, C.Value, str, str]


def _whole(v: C.Value | None) -> int | None:
    if v is None or v.percent or v.max is not None or v.number != int(v.number):
        return None
    return int(v.number)


def counted(items: list[Item]) -> list[Item]:
    """``items`` with a bare ``steps`` label read as the verify-step count where the same run's
    drafted and accepted counts make it one (see the module's docstring); else unchanged."""
    at = [i for i, (k, *_) in enumerate(items) if k.metric == C.LABEL and k.text in _STEP_KEYS]
    if len(at) != 1:
        return items
    drafted = [_whole(v) for k, v, *_ in items if k.metric == C.DRAFTED]
    accepted = [_whole(v) for k, v, *_ in items if k.metric == C.ACCEPTED]
    if len(drafted) != 1 or len(accepted) != 1:
        return items
    steps, dra, acc = _whole(items[at[0]][1]), drafted[0], accepted[0]
    if not steps or steps < 2 or dra is None or acc is None or acc > dra:
        return items
    if not steps <= dra <= steps * C.MAX_STEP_TOKENS:
        return items
    k, v, kt, vt = items[at[0]]
    out = list(items)
    out[at[0]] = (C.Key(C.STEPS, k.text, False), v, kt, vt)
    return out
