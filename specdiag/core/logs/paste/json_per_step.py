"""A JSON object's mean of tokens a step, named in words the readers do not know, shown to be the
object's own tokens over its own steps.

    {"tokens": 90, "steps": 25, "accepted": 68, "avg_emit": 3.6}
    {"total_tokens": 512, "total_steps": 143, "AL_raw_mean_committed": 3.58041958041958}

A results file written by a user's script names its figures its own way. Where one of an
object's fields is named as a mean (a word ``avg``, ``mean`` or ``average`` in it) of what a step
yields (a word ``commit``, ``committed``, ``emit``, ``emitted``, ``tok``, ``tokens`` or ``al``),
its name read as no figure, and its value (from 1 to 17, with decimals) equals the object's
tokens count (a whole number named ``tokens``, ``total_tokens``, ``n_tokens``, ``num_tokens``)
over its steps count (a whole number named ``steps``, ``total_steps``, ``n_steps``,
``num_steps``, ``rounds``, ``total_rounds``) at the precision it is printed with: it is the
tokens a step put out, the target's own token counted (one step emits its accepted drafts and
that token), read as tokens per step, the two counts with it (the output tokens and the steps:
the identity the record shows).

A value that is not the quotient (a mean of something else, a request's tokens), a name without a
mean word or without a word of what a step yields, a count that is not whole, or an object
printing a length or tokens a step of a known name already: nothing here.
Pure: one object in, the figures out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from specdiag.core.logs.paste import cells as C

# the most tokens one step emits: 16 drafts and the target's own token
_MOST = 17
_TOKENS = frozenset(("tokens", "total_tokens", "n_tokens", "num_tokens"))
_STEPS = frozenset(("steps", "total_steps", "n_steps", "num_steps", "rounds", "total_rounds"))
_MEAN_WORDS = frozenset(("avg", "mean", "average"))
_YIELD_WORDS = frozenset(("commit", "committed", "emit", "emitted", "tok", "tokens", "al"))
_WORDS = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class PerStep:
    name: str  # the mean's field
    text: str  # its value as printed
    value: C.Value
    tokens: tuple[str, int]  # (field, count)
    steps: tuple[str, int]


def _whole(v: object) -> int | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if isinstance(v, float) and not v.is_integer():
        return None
    return int(v)


def _count(obj: dict[str, Any], names: frozenset[str]) -> tuple[str, int] | None:
    """The one field of ``names`` holding a whole count above 0, or None."""
    got = [(str(k), _whole(v)) for k, v in obj.items() if str(k).lower() in names]
    if len(got) != 1:
        return None
    name, n = got[0]
    return (name, n) if n is not None and n > 0 else None


def mean_per_step(obj: dict[str, Any]) -> PerStep | None:
    """The object's mean of tokens a step, shown by its counts (see the module's rule), or None."""
    tokens = _count(obj, _TOKENS)
    steps = _count(obj, _STEPS) if tokens is not None else None
    if tokens is None or steps is None or tokens[1] < steps[1]:
        return None
    quotient = tokens[1] / steps[1]
    hits = []
    for name, v in obj.items():
        if isinstance(v, bool) or not isinstance(v, float) or not 1 < v <= _MOST:
            continue
        words = set(_WORDS.findall(C.norm(str(name))[0]))
        if not (words & _MEAN_WORDS and words & _YIELD_WORDS):
            continue
        if C.key(str(name)).metric is not None:
            continue
        text = repr(v)
        val = C.value(text)
        if val is None or val.decimals == 0:
            continue
        if abs(val.number - quotient) <= C.half_unit(val.decimals) + 1e-9 * quotient:
            hits.append(PerStep(str(name), text, val, tokens, steps))
    return hits[0] if len(hits) == 1 else None
