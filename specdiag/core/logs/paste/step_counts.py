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

import re

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


# Counts written before their nouns in one run's line ('142 draft steps, 994 proposed tokens,
# 371 accepted', '725 steps / 5075 proposed / 1830 accepted'): 'steps' (or 'rounds', a qualifier
# before it) counts the run's verify steps by the same test as a bare 'steps' key above (the
# drafted tokens 1 to a step's most per step, the accepted at most the drafted); a bare 'length'
# beside them is the run's figure only where those counts give it (1 + accepted / steps, or
# accepted / steps, within its printed rounding).
_NOUN_STEPS = re.compile(
    r"(?<![\w.])(?P<n>\d[\d,]*)\s+(?:verify\s+|verification\s+|draft\s+|decode\s+|"
    r"spec(?:ulative)?\s+)?(?:steps|rounds)\b",
    re.I,
)
_NOUN_ACCEPTED = re.compile(
    r"(?<![\w.])(?P<a>\d[\d,]*)\s+(?:(?:draft|proposed)\s+)?(?:tokens\s+)?accepted\b", re.I
)
_BARE_LENGTH = re.compile(
    r"(?<![\w-])(?:[a-z]+-)*length\s*[:=]?\s*[*`]{0,2}(?P<x>\d+\.\d+)(?![\d.%])", re.I
)
_PER_STEP_FIGURES = (C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP)


# the next line goes on with this one's item (indented, no bullet of its own) and names a figure
_CONTINUED = re.compile(r"^\s+(?![-*+•]\s|\d{1,2}[.)]\s)\S")
_FIGURE_NAMED = re.compile(r"accept|length|\btok(?:en)?s?\s*(?:/|per\s)", re.I)


def noun_counts(text: str, items: list[Item], nxt: str = "") -> list[Item]:
    """``items`` with the verify steps a line counts before their noun (and its accepted count
    so written, and a bare 'length' those counts give) where the line's one drafted count makes
    them one run's (see above) and the line holds a figure of the run (an acceptance figure, or
    the bare length they give) or ``nxt``, the next line, goes on with its item naming one;
    else unchanged."""
    if any(k.metric == C.LABEL and k.text in _STEP_KEYS for k, *_ in items):
        return items
    drafted = [_whole(v) for k, v, *_ in items if k.metric == C.DRAFTED]
    if len(drafted) != 1 or (dra := drafted[0]) is None:
        return items
    known = [_whole(v) for k, v, *_ in items if k.metric == C.STEPS]
    steps_at = list(_NOUN_STEPS.finditer(text)) if not known else []
    if len(known) + len(steps_at) != 1:
        return items
    steps = known[0] if known else _whole(C.value(steps_at[0].group("n")))
    accepted = [_whole(v) for k, v, *_ in items if k.metric == C.ACCEPTED]
    acc_at = list(_NOUN_ACCEPTED.finditer(text)) if not accepted else []
    if not accepted and len(acc_at) == 1:
        accepted = [_whole(C.value(acc_at[0].group("a")))]
    if len(accepted) != 1 or (acc := accepted[0]) is None or not steps or steps < 2:
        return items
    if acc > dra or not steps <= dra <= steps * C.MAX_STEP_TOKENS:
        return items
    figured = any(k.metric in C.ACCEPTANCE for k, *_ in items) or (
        _CONTINUED.match(nxt) is not None and _FIGURE_NAMED.search(nxt) is not None
    )
    bare = list(_BARE_LENGTH.finditer(text)) if not figured else []
    if not figured and len(bare) != 1:
        return items  # (counts alone, no figure of the run's: no record made of them here)
    out = list(items)
    if steps_at:
        n = steps_at[0].group("n")
        out.append((C.key("verify steps"), C.Value(float(steps), False, 0), "steps", n))
    if acc_at:
        a = acc_at[0].group("a")
        out.append((C.key("accepted"), C.Value(float(acc), False, 0), "accepted", a))
    if any(k.metric in _PER_STEP_FIGURES for k, *_ in items):
        return out
    bare = bare or list(_BARE_LENGTH.finditer(text))
    x = C.value(bare[0].group("x")) if len(bare) == 1 else None
    if x is None or x.percent:
        return out if figured else items
    tol = C.half_unit(x.decimals) + 1e-9
    if min(abs(x.number - acc / steps), abs(x.number - 1 - acc / steps)) <= tol:
        out.append((C.Key(C.LENGTH, "length", False), x, "length", bare[0].group("x")))
        return out
    return out if figured else items
